"""What the lesson words claim about the rules agrees with the engine.

A lesson's sentence such as "East must play the jack of diamonds" is checked
against the legal actions of the step's own scenario; claims that hold only at
some tables must say so.
"""

from __future__ import annotations

import re

import pytest

from engine import (
    PRESETS,
    Action,
    Do,
    HandRecord,
    Phase,
    Rules,
    Seat,
    Suit,
    apply,
    deck,
    explain_action,
    legal_actions,
    parse_card,
)
from lessons.loader import load_all

LESSONS = load_all()
BY_ID = {lesson.id: lesson for lesson in LESSONS}
STEPS = [(lesson.id, step) for lesson in LESSONS for step in lesson.steps]

CARD_NAMES = {card.the_name: card for card in deck(True)}
_CARD = "|".join(re.escape(name) for name in sorted(CARD_NAMES, key=len, reverse=True))
# "East must play the jack of diamonds", "you must lead the ace of spades or the nine of clubs"
CLAIM = re.compile(
    rf"\b(North|East|South|West|[Yy]ou) must (?:play|lead) "
    rf"((?:{_CARD})(?:(?:, | or )(?:{_CARD}))*)"
)
SEATS_BY_WORD = {
    "North": Seat.N,
    "East": Seat.E,
    "South": Seat.S,
    "West": Seat.W,
    "You": Seat.S,
    "you": Seat.S,
}


def _claims(text: str) -> list[tuple[Seat, frozenset]]:
    return [
        (
            SEATS_BY_WORD[m.group(1)],
            frozenset(CARD_NAMES[name] for name in re.findall(_CARD, m.group(2))),
        )
        for m in CLAIM.finditer(" ".join(text.split()))
    ]


def _legal_before_play(record: HandRecord, seat: Seat, cards: frozenset) -> frozenset:
    """The cards ``seat`` could play when it played one of ``cards`` in the record."""
    state = record.start()
    for who, action in record.actions:
        if who is seat and action.do is Do.PLAY and action.card in cards:
            return frozenset(a.card for a in legal_actions(state))
        state = apply(state, action, who)
    raise AssertionError(f"{seat.word} never plays {sorted(c.code for c in cards)} here")


# Only the steps whose text makes a claim: the others would pass checking nothing.
CLAIM_STEPS = [(lesson_id, step) for lesson_id, step in STEPS if _claims(step.text)]


def test_some_steps_claim_what_a_seat_must_play():
    assert len(CLAIM_STEPS) >= 3, [step.id for _, step in CLAIM_STEPS]


@pytest.mark.parametrize("lesson_id,step", CLAIM_STEPS, ids=lambda v: getattr(v, "id", v))
def test_must_play_claims_are_the_engines_legal_plays(lesson_id, step):
    for seat, cards in _claims(step.text):
        assert step.record is not None, f"{step.id}: a claim about a play needs a scenario"
        legal = _legal_before_play(step.record, seat, cards)
        assert legal == cards, (
            f"{lesson_id}/{step.id}: the text says {seat.word} must play "
            f"{sorted(c.code for c in cards)}, the engine allows "
            f"{sorted(c.code for c in legal)}"
        )


@pytest.mark.parametrize("lesson_id,step", STEPS, ids=lambda v: getattr(v, "id", v))
def test_must_play_claims_name_their_cards(lesson_id, step):
    """'must play it' cannot be checked: a claim names the card."""
    text = " ".join(step.text.split())
    assert not re.search(r"must (?:play|lead) (?:it|them|one)\b", text), step.id


def test_the_left_bower_step_claims_what_east_must_play():
    step = next(s for s in BY_ID["bowers"].steps if s.id == "left-is-trump")
    assert _claims(step.text) == [(Seat.E, frozenset({parse_card("JD")}))]


def test_the_no_first_blood_step_names_every_legal_lead():
    step = next(s for s in BY_ID["house-rules"].steps if s.id == "no-first-blood")
    assert _claims(step.text) == [(Seat.S, frozenset({parse_card("AS"), parse_card("9C")}))]


# ---- "for the whole lesson" -----------------------------------------------------------------


def _trumps_used(lesson) -> set:
    trumps = set()
    questions = [item.question for item in lesson.items]
    questions += [step.question for step in lesson.steps if step.question is not None]
    for step in lesson.steps:
        if step.trump is not None:
            trumps.add(step.trump)
        if step.record is not None and step.record.replay().trump is not None:
            trumps.add(step.record.replay().trump)
    for question in questions:
        if question.scene.trump is not None:
            trumps.add(question.scene.trump)
        if question.scene.record is not None and question.scene.record.replay().trump:
            trumps.add(question.scene.record.replay().trump)
    return trumps


WHOLE_LESSON = re.compile(
    r"(?:whole|every|all|throughout)\b[^.]*\blesson\b[^.]*?\b(\w+) are "
    r"trump|lesson\b[^.]*\b(?:whole|every|all|throughout)\b[^.]*?\b(\w+) "
    r"are trump",
    re.IGNORECASE,
)


def test_a_trump_for_the_whole_lesson_is_the_trump_of_every_step_and_question():
    """No lesson says so today: the claim is recognised (checked on sample sentences), and
    any lesson that makes it must keep that trump throughout. One test, not one per lesson:
    a case per lesson would pass checking nothing."""
    samples = ["For the whole lesson, hearts are trump.", "In this lesson all spades are trump"]
    assert [m.group(1) or m.group(2) for s in samples for m in WHOLE_LESSON.finditer(s)] == [
        "hearts",
        "spades",
    ]
    for lesson in LESSONS:
        words = " ".join([lesson.intro] + [step.text for step in lesson.steps])
        for match in WHOLE_LESSON.finditer(words):
            named = (match.group(1) or match.group(2)).lower()
            suit = next(s for s in Suit if s.plural == named)
            assert _trumps_used(lesson) == {suit}, (
                f"{lesson.id} says {named} are trump for the whole lesson, but it uses "
                f"{sorted(t.plural for t in _trumps_used(lesson))}"
            )


# ---- claims that hold only at some tables ---------------------------------------------------


def _text(lesson) -> str:
    return " ".join([lesson.summary, lesson.intro] + [step.text for step in lesson.steps])


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?:])\s+", text.replace("\n", " ")) if s.strip()]


def test_who_picks_up_names_the_exception_when_the_dealer_sits_out():
    """The engine gives the upcard to nobody when the dealer's partner orders up alone (and
    Canadian loner makes that partner go alone), so "always the dealer" is not true."""
    record = next(s for s in BY_ID["going-alone"].steps if s.id == "dealer-sits-out").record
    assert not record.replay().dealer_took_upcard
    canadian = HandRecord(
        Rules.preset("bga").with_settings(canadian_loner=True), record.deal, record.actions[:2]
    )
    assert legal_actions(canadian.replay()) == (Action.ALONE,)
    step = next(s for s in BY_ID["making-trump"].steps if s.id == "opponent-orders")
    assert "It does not matter who" not in step.text
    # Lesson 3 points to the exception; lesson 5, which teaches going alone, says it.
    assert "lesson 5 shows the one exception" in " ".join(step.text.split()).lower()
    later = next(s for s in BY_ID["going-alone"].steps if s.id == "dealer-sits-out").text
    assert "dealer's partner" in later and "alone" in later
    assert "nobody picks it up" in later.lower()


@pytest.mark.parametrize(
    "setting,words",
    [("stick_the_dealer", "stick the dealer"), ("loner_starts_last", "loner starts last")],
)
def test_a_house_rule_of_a_minority_of_presets_is_not_called_usual(setting, words):
    having = sum(1 for settings in PRESETS.values() if settings[setting])
    assert having * 2 < len(PRESETS)
    for lesson in LESSONS:
        for sentence in _sentences(_text(lesson)):
            if words in sentence.lower():
                assert not re.search(r"\busual|\bmost tables|\balways", sentence, re.I), (
                    f"{lesson.id}: {sentence!r}"
                )


def test_the_scoring_lesson_does_not_give_one_target_as_the_rule():
    targets = {str(settings["target_points"]) for settings in PRESETS.values()}
    assert len(targets) > 1
    lesson = BY_ID["scoring"]
    for sentence in _sentences(" ".join([lesson.summary, lesson.intro])):
        named = set(re.findall(r"\b\d+\b", sentence)) & targets
        if named and re.search(r"\b(?:reach|first team|wins?)\b", sentence):
            assert named == targets, f"scoring: {sentence!r} names only {sorted(named)}"


def test_the_first_lead_step_names_loner_starts_last():
    step = next(s for s in BY_ID["going-alone"].steps if s.id == "who-leads")
    record = step.record
    plays = next(i for i, (_, a) in enumerate(record.actions) if a.do is Do.PLAY)
    starts_last = HandRecord(
        record.rules.with_settings(loner_starts_last=True), record.deal, record.actions[:plays]
    )
    assert starts_last.replay().turn is not record.actions[plays][0]  # the rule changes it
    assert "loner starts last" in step.text.lower()


def test_only_one_defender_may_defend_alone():
    step = next(s for s in BY_ID["going-alone"].steps if s.id == "lone-defender")
    state = step.record.replay()
    assert state.phase is Phase.PLAY  # once East said alone, West was not asked
    assert not re.search(r"each defender may", step.text, re.I)
    assert "only one" in step.text.lower()


def test_benny_turned_up_says_the_dealer_names_trump_without_looking():
    step = next(s for s in BY_ID["house-rules"].steps if s.id == "benny-turned-up")
    state = step.record.start()
    assert state.phase is Phase.NAME_TRUMP
    assert "without looking" in step.text
    assert "without looking" in explain_action(state, step.record.actions[0][1])
