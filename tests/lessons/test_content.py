"""Lesson content: every lesson loads, every stored answer is the engine's answer,
every scenario replays legally, and the loader rejects bad content clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.loader import LessonError, load_all, load_lesson
from lessons.quiz import Kind

LESSONS = load_all()
ITEMS = [(lesson.id, item) for lesson in LESSONS for item in lesson.items]


def test_lessons_are_numbered_in_order():
    assert [lesson.number for lesson in LESSONS] == sorted(lesson.number for lesson in LESSONS)
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_has_steps_and_a_long_enough_quiz(lesson):
    assert lesson.steps, "a lesson needs steps"
    assert all(step.text.strip() for step in lesson.steps)
    assert lesson.quiz_length >= 10
    assert lesson.generators


def assert_stored_answer_is_the_engines(stored: tuple[str, ...], question) -> None:
    """An author's answer equals the engine's (in any order for choose-all questions)."""
    if question.kind is Kind.MULTI:
        assert set(stored) == set(question.answer)
    else:
        assert stored == question.answer


@pytest.mark.parametrize("lesson_id,item", ITEMS, ids=lambda v: getattr(v, "id", v))
def test_stored_answer_is_the_engines_answer(lesson_id, item):
    question = item.question
    assert_stored_answer_is_the_engines(item.stored_answer, question)
    assert question.check(
        list(question.answer) if question.kind is not Kind.SINGLE else question.answer[0]
    ).correct


# Only the items with a scenario: the others would pass checking nothing.
SCENARIO_ITEMS = [
    (lesson_id, item) for lesson_id, item in ITEMS if item.question.scene.record is not None
]


@pytest.mark.parametrize("lesson_id,item", SCENARIO_ITEMS, ids=lambda v: getattr(v, "id", v))
def test_curated_scenario_replays(lesson_id, item):
    item.question.scene.record.replay()  # raises ReplayError if any action is illegal


TABLE_SHOWS = ("bidding", "trick", "hand")
STEP_RECORDS = [
    (lesson.id, step) for lesson in LESSONS for step in lesson.steps if step.record is not None
]


@pytest.mark.parametrize("lesson_id,step", STEP_RECORDS, ids=lambda v: getattr(v, "id", v))
def test_step_scenarios_replay(lesson_id, step):
    step.record.replay()  # raises ReplayError if any action is illegal


def test_every_step_that_shows_a_table_has_a_scenario():
    tables = [step for lesson in LESSONS for step in lesson.steps if step.show in TABLE_SHOWS]
    assert tables  # some steps show a table
    assert [step.id for step in tables if step.record is None] == []


def _write(tmp_path: Path, toml: str, md: str = "# T\n\n## a\nWords.\n") -> Path:
    path = tmp_path / "01_test.toml"
    path.write_text(toml, encoding="utf-8")
    path.with_suffix(".md").write_text(md, encoding="utf-8")
    return path


BASE = """id = "t"
number = 1
title = "T"
summary = "S"
[[steps]]
id = "a"
show = "text"
[quiz]
length = 10
generators = ["colour"]
"""


def test_loader_accepts_a_minimal_lesson(tmp_path):
    lesson = load_lesson(_write(tmp_path, BASE))
    assert lesson.steps[0].text == "Words."


@pytest.mark.parametrize(
    "change,message",
    [
        (BASE.replace('title = "T"', 'title = "T"\ncolour = "red"'), "unknown key 'colour'"),
        (BASE.replace('show = "text"', 'show = "movie"'), "show must be one of"),
        (BASE.replace('["colour"]', '["dice"]'), "unknown generator 'dice'"),
        (BASE.replace("length = 10", "length = 3"), "at least 10"),
        (BASE.replace("number = 1", 'number = "one"'), "'number' must be a int"),
        (
            BASE + '[[quiz.items]]\nid = "x"\nask = "is_trump"\ncard = "HJ"\ntrump = "H"\n'
            'answer = ["no"]\n',
            "write rank then suit",
        ),
        (
            BASE + '[[quiz.items]]\nid = "x"\nask = "is_trump"\nkard = "JH"\ntrump = "H"\n'
            'answer = ["no"]\n',
            "unknown key 'kard'",
        ),
        (BASE + '[[quiz.items]]\nid = "x"\nask = "guess"\nanswer = ["no"]\n', "unknown ask"),
        (BASE.replace('id = "a"', 'id = "b"'), "no section '## b'"),
        (BASE.replace('["colour"]', '["colour"]\nvary = ["target_points"]'), "cannot vary"),
        (BASE.replace('show = "text"', 'show = "text"\nface_down = 3'), 'on a "cards" step'),
        (
            BASE.replace('show = "text"', 'show = "cards"\ncards = "TH"\nface_down = 9'),
            "from 1 to 5",
        ),
        (BASE.replace('show = "text"', 'show = "text"\nteaches = ["bowers"]'), "teaches takes"),
        (
            BASE.replace('show = "text"', 'show = "text"\nteaches = ["hand_result:sweep"]'),
            "'hand_result:sweep' is no topic the engine tells apart; hand_result has "
            "hand_result:euchre",
        ),
        (
            BASE.replace('show = "text"', 'show = "text"\nteaches = ["colour:red"]'),
            "colour has none",
        ),
        (BASE.replace('show = "text"', 'show = "text"\ngame_points = 8'), 'on a "scoring" step'),
        (BASE.replace('show = "text"', 'show = "scoring"\ngame_points = 10'), "from 0 to 9"),
        (
            BASE.replace('show = "text"', 'show = "scoring"\nscoring_rows = ["sweep"]'),
            "scoring_rows takes any of euchre, lone, lone-defender, made, march",
        ),
        (
            BASE.replace('show = "text"', 'show = "text"\nscoring_rows = ["made"]'),
            'on a "scoring" step',
        ),
        (
            BASE + '[[quiz.items]]\nid = "x"\nask = "is_trump"\ncard = "JH"\ntrump = "H"\n'
            'answer = ["yes"]\nstep = "zz"\n',
            "step 'zz' is no step",
        ),
    ],
)
def test_loader_rejects_bad_content_with_a_message(tmp_path, change, message):
    with pytest.raises(LessonError, match=message):
        load_lesson(_write(tmp_path, change))


def test_loader_rejects_a_section_without_a_step(tmp_path):
    with pytest.raises(LessonError, match="belongs to no step"):
        load_lesson(_write(tmp_path, BASE, "# T\n\n## a\nWords.\n\n## extra\nMore.\n"))


TRY_STEPS = [(lesson.id, step) for lesson in LESSONS for step in lesson.steps if step.show == "try"]


@pytest.mark.parametrize("lesson_id,step", TRY_STEPS, ids=lambda v: getattr(v, "id", v))
def test_try_step_answer_is_the_engines(lesson_id, step):
    question = step.question
    assert_stored_answer_is_the_engines(step.stored_answer, question)
    if question.scene.record is not None:
        question.scene.record.replay()


def test_every_early_lesson_asks_something_inside_its_steps():
    """Do, don't read: lessons 1 to 4 each have at least one try step."""
    for lesson in LESSONS[:4]:
        assert any(step.show == "try" for step in lesson.steps), lesson.id
