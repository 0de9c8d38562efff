"""Generators: for many seeds the engine's answer is among the options, every
distractor is really wrong, and each generator makes over 1,000 distinct items."""

from __future__ import annotations

import random

import pytest

from engine import Rules
from lessons.generators import DECIDING_RULES, GENERATORS, RULE_WORDS
from lessons.quiz import Kind

RULES = Rules.preset("bga")
# Every setting a lesson may let vary, so the variants are exercised too.
VARY = frozenset(RULE_WORDS)
SEEDS = range(60)
DISTINCT_SAMPLE = 1100


def _right_response(question):
    if question.kind is Kind.SINGLE or question.kind is Kind.YESNO:
        return question.answer[0]
    return list(question.answer)


ORDERING = sorted(
    name
    for name, generate in GENERATORS.items()
    if generate(random.Random(0), RULES, VARY).kind is Kind.ORDER
)


@pytest.mark.parametrize("name", ORDERING)
def test_an_order_question_never_shows_its_cards_in_the_answers_order(name):
    """Three cards dealt at random come out in order one time in six: the learner would
    only have to press them as they lie."""
    for seed in range(300):
        question = GENERATORS[name](random.Random(seed), RULES, VARY)
        assert [option.key for option in question.options] != list(question.answer), seed


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_answer_is_among_options_and_checks_right(name):
    for seed in SEEDS:
        question = GENERATORS[name](random.Random(seed), RULES, VARY)
        keys = [option.key for option in question.options]
        assert len(keys) == len(set(keys))
        if question.kind is Kind.POINTS:
            assert question.answer[0] in keys and question.answer[1].isdigit()
        else:
            assert set(question.answer) <= set(keys)
        assert question.check(_right_response(question)).correct
        assert question.explanation


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_every_distractor_is_wrong(name):
    for seed in SEEDS:
        question = GENERATORS[name](random.Random(seed), RULES, VARY)
        if question.kind in (Kind.SINGLE, Kind.YESNO):
            for option in question.options:
                if option.key != question.answer[0]:
                    assert not question.check(option.key).correct
        elif question.kind is Kind.MULTI:
            for option in question.options:  # flipping any one choice makes it wrong
                flipped = set(question.answer) ^ {option.key}
                assert not question.check(sorted(flipped)).correct
        elif question.kind is Kind.ORDER:
            answer = list(question.answer)
            swapped = answer[1:2] + answer[:1] + answer[2:]
            assert not question.check(swapped).correct
        else:
            team, points = question.answer
            assert not question.check((team, str(int(points) + 1))).correct
            other = next(o.key for o in question.options if o.key != team)
            assert not question.check((other, points)).correct


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_same_seed_same_question(name):
    first = GENERATORS[name](random.Random(123), RULES, VARY)
    again = GENERATORS[name](random.Random(123), RULES, VARY)
    assert first.fingerprint() == again.fingerprint()


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generator_makes_over_a_thousand_distinct_items(name):
    prints = {
        GENERATORS[name](random.Random(seed), RULES, VARY).fingerprint()
        for seed in range(DISTINCT_SAMPLE)
    }
    assert len(prints) > 1000


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_without_vary_the_lessons_rules_are_kept(name):
    """A generator switches no house rule that its lesson did not ask for; it may say
    the lesson's own value of a rule the answer turns on."""
    kept = [RULE_WORDS[key][0 if getattr(RULES, key) else 1] for key in DECIDING_RULES]
    # The words of every house rule set the other way than the lesson's: never said.
    switched = [words[1 if getattr(RULES, key) else 0] for key, words in RULE_WORDS.items()]
    for seed in range(20):
        question = GENERATORS[name](random.Random(seed), RULES)
        said_anywhere = " ".join((question.prompt, question.explanation, *question.scene.facts))
        assert not [words for words in switched if words and words in said_anywhere]
        if question.prompt.startswith("At this table"):
            said = question.prompt.removeprefix("At this table ").split(". ", 1)[0]
            assert all(words in kept for words in said.split(", and ")), question.prompt
        record = question.scene.record
        if record is not None:
            assert record.rules == RULES


def test_every_kind_of_question_has_a_name_in_a_learners_words():
    """Your progress's legend read "may_pass", "makers" and "partner": each kind a
    lesson or a generator asks now has words, and none is the bare identifier."""
    from lessons.checkers import CHECKERS
    from lessons.generators import GENERATORS, SKILL_WORDS

    assert set(SKILL_WORDS) == set(CHECKERS) | set(GENERATORS)
    for kind, words in SKILL_WORDS.items():
        assert words and "_" not in words, kind


def test_only_a_strong_hand_goes_or_defends_alone():
    """A quiz's table shows sound bidding: whoever chooses to say "alone" holds at least
    ALONE_TRUMPS trumps then, read from the replayed hand (bowers counted as trumps).
    A Canadian loner, who must go alone, had no choice."""
    from engine import Do, HandRecord, effective_suit, legal_actions
    from lessons.generators import ALONE_TRUMPS

    lone = 0
    for name in ("first_leader", "sitting_out", "hand_result", "who_picks_up"):
        for seed in SEEDS:
            record = GENERATORS[name](random.Random(seed), RULES, VARY).scene.record
            if record is None:
                continue
            for step, (seat, action) in enumerate(record.actions):
                if action.do is not Do.ALONE:
                    continue
                state = HandRecord(record.rules, record.deal, record.actions[:step]).replay()
                if len(legal_actions(state)) == 1:
                    continue  # made to go alone
                trump = state.trump_suit
                held = [c for c in state.hand_of(seat) if effective_suit(c, trump) is trump]
                assert len(held) >= ALONE_TRUMPS, (name, seed, seat, held)
                lone += 1
    assert lone > 50  # lone hands still come up often
