"""Lessons stay short: no step over 60 words, lesson 1 under 600 words with its quiz.

A step's words are everything read on that step above and below its cards: the
step's text, its caption, a try step's question, and on step 1 the lesson's opening
words (shown there once). A word is a run of characters holding a letter or a digit,
so "♣", "-" and "→" are not words. Lesson 1's total adds the longest quiz a learner
can be given (the prompts of the seeded quizzes below), so "done in 5 minutes" covers
the quiz too. Each message states the counts, so a failure says where to cut.
"""

from __future__ import annotations

import re

import pytest

from lessons.loader import Lesson, Step, load_all
from lessons.quizzes import build_quiz

LESSONS = load_all()
STEP_LIMIT = 60
FIRST_LESSON_LIMIT = 600
QUIZ_SEEDS = range(200)


def words(text: str) -> int:
    """Words in ``text``: runs of non-space characters with a letter or digit in them."""
    return len(re.findall(r"\S*[^\W_]\S*", text))


def step_words(lesson: Lesson, step: Step) -> int:
    """What the learner reads on ``step``: text, caption, try question (and the intro
    on the first step)."""
    count = words(step.text) + words(step.caption)
    if step.question is not None:
        count += words(step.question.prompt)
    if step is lesson.steps[0]:
        count += words(lesson.intro)
    return count


def steps_words(lesson: Lesson) -> int:
    return sum(step_words(lesson, step) for step in lesson.steps)


def longest_quiz_words(lesson: Lesson) -> int:
    return max(sum(words(q.prompt) for q in build_quiz(lesson, seed)) for seed in QUIZ_SEEDS)


def counts_table() -> str:
    return "\n".join(
        f"lesson {lesson.number} ({lesson.id}): {len(lesson.steps)} steps, "
        f"{steps_words(lesson)} words in steps, longest step "
        f"{max(step_words(lesson, step) for step in lesson.steps)}"
        for lesson in LESSONS
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_step_is_over_60_words(lesson):
    counts = {step.id: step_words(lesson, step) for step in lesson.steps}
    long = {step_id: n for step_id, n in counts.items() if n > STEP_LIMIT}
    assert not long, (
        f"lesson {lesson.number} ({lesson.id}), {sum(counts.values())} words: "
        f"steps over {STEP_LIMIT} words: {long}; every step: {counts}"
    )


def test_lesson_one_with_its_longest_quiz_is_under_600_words():
    lesson = LESSONS[0]
    steps, quiz = steps_words(lesson), longest_quiz_words(lesson)
    assert steps + quiz < FIRST_LESSON_LIMIT, (
        f"lesson 1: {steps} words in its steps + {quiz} in its longest quiz = "
        f"{steps + quiz}, the limit is {FIRST_LESSON_LIMIT}\n{counts_table()}"
    )


def test_word_counts_are_reported(capsys):
    """The counts of every lesson, printed (``pytest -s``) for the record."""
    table = counts_table()
    with capsys.disabled():
        print("\n" + table)
    assert table.count("\n") == len(LESSONS) - 1


def test_symbols_and_dashes_are_not_words():
    assert words("Clubs ♣ and **spades** ♠ - both black: 9, 10.") == 7


def test_a_step_counts_its_caption_question_and_the_opening_words():
    lesson = LESSONS[0]
    first, tried = lesson.steps[0], next(s for s in lesson.steps if s.question is not None)
    assert step_words(lesson, first) == (
        words(lesson.intro) + words(first.text) + words(first.caption)
    )
    assert step_words(lesson, tried) == (
        words(tried.text) + words(tried.caption) + words(tried.question.prompt)
    )
