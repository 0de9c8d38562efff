"""The course in under an hour: lesson 1 with its quiz in at most 5 minutes, every other
lesson with its quiz in at most 10, by the estimate of ``lessons.lesson_time`` (words
shown at 150 a minute, 3 seconds a click on the shortest right path), counted from the
content the pages show: the loaded lessons, their seeded quizzes and the walks the
step-throughs play (``tutorial_app.features.learn.walk``). No step needs more than 8
clicks. ``python benchmarks/lesson_time.py`` prints the figures.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from lessons.lesson_time import (
    Cost,
    answer_clicks,
    lesson_costs,
    limit_minutes,
    question_cost,
    quiz_cost,
    step_cost,
)
from lessons.loader import Lesson, load_all
from lessons.quiz import Kind, Option, Question
from tutorial_app.features.learn.walk import walk_cost, walk_of

LESSONS = load_all()
QUIZ_SEEDS = range(300)  # the longest of these quizzes counts
STEP_CLICKS = 8


def costs(lesson: Lesson) -> list[Cost]:
    """The lesson with each seeded quiz, shortest first (counted once per lesson)."""
    if lesson in LESSONS:
        return _costs(lesson.id)
    return sorted(lesson_costs(lesson, QUIZ_SEEDS, walk_cost), key=lambda cost: cost.seconds)


@cache
def _costs(lesson_id: str) -> list[Cost]:
    lesson = next(lesson for lesson in LESSONS if lesson.id == lesson_id)
    return sorted(lesson_costs(lesson, QUIZ_SEEDS, walk_cost), key=lambda cost: cost.seconds)


def longest(lesson: Lesson) -> Cost:
    return costs(lesson)[-1]


def over_limit(lesson: Lesson) -> str | None:
    """What is wrong with ``lesson``'s time, or None when it fits its limit."""
    cost = longest(lesson)
    if cost.minutes <= limit_minutes(lesson):
        return None
    steps = {step.id: round(step_cost(lesson, step, walk_cost).seconds) for step in lesson.steps}
    return (
        f"lesson {lesson.number} ({lesson.id}): {cost.minutes:.2f} minutes with its longest "
        f"quiz ({cost.words} words, {cost.clicks} clicks), the limit is "
        f"{limit_minutes(lesson):g}; seconds per step: {steps}"
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_with_its_quiz_fits_its_minutes(lesson):
    assert over_limit(lesson) is None, over_limit(lesson)


def test_the_check_fails_a_lesson_with_three_times_the_words():
    """The limit bites: lesson 1 with each step's words said three times is too long."""
    lesson = LESSONS[0]
    wordy = replace(lesson, steps=tuple(replace(step, text=step.text * 3) for step in lesson.steps))
    assert over_limit(lesson) is None
    assert "lesson 1 (cards-and-deal)" in (over_limit(wordy) or "")


def test_the_course_takes_under_an_hour():
    """With the quiz a learner is most likely to get (the median of the seeds); with the
    longest quiz in every lesson each lesson still keeps to its own limit (above)."""
    minutes = sum(costs(lesson)[len(QUIZ_SEEDS) // 2].minutes for lesson in LESSONS)
    assert minutes < 60, f"{minutes:.1f} minutes"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_step_needs_more_than_8_clicks(lesson):
    clicks = {step.id: step_cost(lesson, step, walk_cost).clicks for step in lesson.steps}
    assert max(clicks.values()) <= STEP_CLICKS, clicks


def test_a_step_through_is_one_click_on_play_not_a_click_a_move():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "going-alone")
    step = next(step for step in lesson.steps if step.id == "lone-hand")
    walk = walk_of(step)
    assert walk.count - walk.start >= 15  # a whole hand's cards
    assert walk_cost(step).clicks == 1
    assert step_cost(lesson, step, walk_cost).clicks == 2  # ▶ Play and "Next step ▶"


def test_a_walk_opened_on_its_finished_table_needs_no_click():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "house-rules")
    step = next(step for step in lesson.steps if step.id == "lone-defender")
    walk = walk_of(step)
    assert walk.start == walk.count
    assert walk_cost(step).clicks == 0 and walk_cost(step).words > 0


def test_answer_clicks_by_kind():
    def question(kind, answer, options=("a", "b", "c")):
        return Question(kind, "Which?", tuple(Option(o, o.upper()) for o in options), answer, "")

    assert answer_clicks(question(Kind.SINGLE, ("a",))) == 1
    assert answer_clicks(question(Kind.MULTI, ("a", "c"))) == 3  # two picks and Check
    assert answer_clicks(question(Kind.ORDER, ("c", "b", "a"))) == 3
    assert answer_clicks(question(Kind.POINTS, ("a", "2"))) == 3


def test_a_question_counts_its_words_before_and_after_the_answer():
    q = Question(
        Kind.SINGLE,
        "Who wins this trick?",
        (Option("N", "North"), Option("E", "East")),
        ("N",),
        "North played the highest heart.",
    )
    # 4 prompt + 1 "Right!" + 5 reason + 2 options; one click, and "Next question"
    assert question_cost(q) == Cost(words=12, clicks=1)
    assert quiz_cost([q, q]) == Cost(words=24, clicks=4)


def test_cost_in_minutes():
    assert Cost(words=150).minutes == 1.0
    assert Cost(clicks=20).minutes == 1.0
    assert Cost(waiting=30.0).minutes == 0.5
