"""Stars and mastery from counts (``RunCounts``) agree with the queue's replay
(``QuizRun``) on every sequence of answers, and cost nothing for any stated length; a
quiz's length is bounded by its lesson's own."""

from __future__ import annotations

import random
import tracemalloc

import pytest

from lessons.loader import load_all
from lessons.progress import (
    LONGER_BEFORE,
    LessonProgress,
    QuizRun,
    RunCounts,
    quiz_length_limit,
    quiz_length_limits,
)


def sequences(count: int, seed: int = 17):
    rng = random.Random(seed)
    for _ in range(count):
        length = rng.randint(1, 12)
        yield (
            length,
            [
                rng.random() < rng.choice((0.5, 0.8, 0.95))
                for _ in range(rng.randint(0, 3 * length))
            ],
        )


@pytest.mark.parametrize("length, answers", list(sequences(300)))
def test_counts_give_the_replays_stars_and_mastery(length, answers):
    run, counts = QuizRun.start(length), RunCounts(length)
    for correct in answers:
        run, counts = run.answer(correct), counts.answer(correct)
        assert (counts.finished, counts.misses, counts.best_streak) == (
            run.finished,
            run.misses,
            run.best_streak,
        )
        assert (counts.stars, counts.mastered) == (run.stars, run.mastered)
    assert LessonProgress().with_run(counts) == LessonProgress().with_run(run)


@pytest.mark.parametrize("length", [40_000_000, 2_000_000_000])
def test_a_huge_stated_length_costs_no_memory(length):
    tracemalloc.start()
    counts = RunCounts(length)
    for correct in [True, False] * 50:
        counts = counts.answer(correct)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 100_000 and not counts.finished and counts.stars == 0


def test_every_lessons_quiz_length_is_its_own_bound():
    """Its quiz's length, or the length it had before (runs recorded then stay valid)."""
    lengths, longest = quiz_length_limits()
    assert lengths == {
        lesson.id: max(lesson.quiz_length, LONGER_BEFORE.get(lesson.id, 0)) for lesson in load_all()
    }
    assert longest == max(lengths.values())
    for lesson in load_all():
        assert quiz_length_limit(lesson.id) >= lesson.quiz_length
    assert quiz_length_limit("house-rules") == 12  # lesson 7's quiz had 12 questions
    assert quiz_length_limit("not-a-lesson") == longest
