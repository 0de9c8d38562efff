"""A question whose answer turns on a house rule says that rule, even when the rule is
left at its preset's value: who leads when someone is alone (loner starts last),
whether the dealer may pass (stick the dealer), which cards may lead (no first blood).

"Turns on" is asked of the engine: the question's own table is replayed under the
other value of the setting, and the same checker answers again.
"""

from __future__ import annotations

import inspect
import random

import pytest

from engine import PRESETS, EuchreError, HandRecord, Phase, Rules
from lessons.checkers import CHECKERS, rule_decides
from lessons.generators import GENERATORS, RULE_WORDS, random_position
from lessons.loader import load_all
from lessons.quiz import Kind
from lessons.quizzes import build_quiz
from lessons.scenario_questions import scenario_question

SETTING_NAMES = {
    "stick_the_dealer": "stick the dealer",
    "loner_starts_last": "loner starts last",
    "no_first_blood": "no first blood",
}

LESSONS = load_all()


def _answer(question):
    return frozenset(question.answer) if question.kind is Kind.MULTI else question.answer


def turns_on(question, ask: str, setting: str) -> bool:
    """True when the other value of ``setting`` would change the answer to ``question``:
    the same checker asks the same question (the same words) and gets another answer."""
    record = question.scene.record
    if record is None or "record" not in inspect.signature(CHECKERS[ask]).parameters:
        return False  # no table, or the table is only a backdrop to the question
    rules = record.rules.with_settings(**{setting: not getattr(record.rules, setting)})
    base = CHECKERS[ask](record)
    try:
        other = CHECKERS[ask](HandRecord(rules, record.deal, record.actions))
    except (EuchreError, ValueError):  # the table cannot come about under the other rule
        return False
    # Another question (say, about another seat to play) is not the same question.
    return other.prompt == base.prompt and _answer(other) != _answer(base)


def unsaid(question, ask: str) -> list[str]:
    prompt = question.prompt.lower()
    return [
        setting
        for setting, words in SETTING_NAMES.items()
        if turns_on(question, ask, setting) and words not in prompt
    ]


CURATED = [(lesson.id, item) for lesson in LESSONS for item in lesson.items]
TRIES = [
    (lesson.id, step) for lesson in LESSONS for step in lesson.steps if step.question is not None
]


@pytest.mark.parametrize("lesson_id,item", CURATED, ids=lambda v: getattr(v, "id", v))
def test_curated_items_say_the_house_rule_their_answer_turns_on(lesson_id, item):
    assert not unsaid(item.question, item.ask), (
        f"{lesson_id}/{item.id}: {item.question.prompt!r} does not say "
        f"{unsaid(item.question, item.ask)}"
    )


@pytest.mark.parametrize("lesson_id,step", TRIES, ids=lambda v: getattr(v, "id", v))
def test_try_steps_say_the_house_rule_their_answer_turns_on(lesson_id, step):
    assert not unsaid(step.question, step.question.source)


def _check_generated(question, rules_said_for: Rules) -> None:
    missing = unsaid(question, question.source)
    assert not missing, f"{question.source}: {question.prompt!r} does not say {missing}"
    # A generated question says the rule in the generators' own words, with the right value.
    rules = question.scene.record.rules if question.scene.record else rules_said_for
    for setting in SETTING_NAMES:
        if turns_on(question, question.source, setting):
            on, off = RULE_WORDS[setting]
            assert (on if getattr(rules, setting) else off) in question.prompt


PRESET_SEEDS = range(40)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generated_questions_say_the_house_rule_their_answer_turns_on(name, preset):
    """As on the Practise page: a preset's rules, nothing varied."""
    rules = Rules.preset(preset)
    for seed in PRESET_SEEDS:
        _check_generated(GENERATORS[name](random.Random(seed), rules, frozenset()), rules)


def test_the_deciding_rules_come_up_in_generated_questions():
    """The check above is not empty: each of the three rules decides some questions."""
    seen = set()
    for preset in PRESETS:
        rules = Rules.preset(preset)
        for name in ("bidding", "first_leader", "legal_plays"):
            for seed in range(120):
                question = GENERATORS[name](random.Random(seed), rules, frozenset())
                seen |= {s for s in SETTING_NAMES if turns_on(question, question.source, s)}
    assert seen == set(SETTING_NAMES)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_quizzes_say_the_house_rule_their_answer_turns_on(lesson):
    for seed in range(8):
        for question in build_quiz(lesson, seed):
            if question.source in GENERATORS or question.source in CHECKERS:
                _check_generated(question, lesson.rules)


# ---- a teacher's question links (/question?hand=...&ask=..., and sheets made of them) ----

VARIANTS = [{}, *({setting: True} for setting in SETTING_NAMES), dict.fromkeys(SETTING_NAMES, True)]


def _link_tables(preset: str, variant: dict[str, bool], ask: str, count: int):
    """Random tables a teacher could build under ``preset`` with ``variant``'s settings,
    at a point where question ``ask`` fits (as the builder offers it)."""
    rules = Rules.preset(preset).with_settings(**variant)
    for seed in range(count):
        rng = random.Random(seed)
        if ask == "legal":
            state = random_position(rng, rules, lambda s: s.phase is Phase.PLAY)
        else:
            state = random_position(rng, rules, lambda s: s.is_over and not s.result.thrown_in)
        yield HandRecord.from_state(state)


@pytest.mark.parametrize("ask", ["legal", "points"])
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "+".join(v) or "preset")
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_question_links_say_the_house_rule_their_answer_turns_on(preset, variant, ask):
    checker = CHECKERS["legal_plays" if ask == "legal" else "hand_result"]
    for record in _link_tables(preset, variant, ask, 30):
        question = scenario_question(ask, record)
        missing = [
            setting
            for setting, words in SETTING_NAMES.items()
            if rule_decides(checker, record, setting) and words not in question.prompt.lower()
        ]
        assert not missing, f"{preset}+{variant}: {question.prompt!r} does not say {missing}"


def test_no_first_blood_decides_some_question_links():
    """The walk above is not empty: no first blood decides some links' answers."""
    decided = [
        record
        for preset in PRESETS
        for record in _link_tables(preset, {}, "legal", 30)
        if rule_decides(CHECKERS["legal_plays"], record, "no_first_blood")
    ]
    assert decided
    question = scenario_question("legal", decided[0])
    on, off = RULE_WORDS["no_first_blood"]
    assert (on if decided[0].rules.no_first_blood else off) in question.prompt
