"""The database counts stars and mastery (one row a lesson comes back) exactly as the
quiz's own replay would, on both backends, for seeded random runs."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from lessons.progress import LessonProgress, QuizRun
from tutorial_app.store import new_learner_token, open_store


def test_the_databases_counts_agree_with_the_replay(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    rng = random.Random(2026)
    expected: dict[str, LessonProgress] = {}
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for number in range(40):
        lesson = f"lesson-{number % 12}"  # several runs of a lesson: the best counts
        length = rng.randint(1, 10)
        run = store.start_quiz_run(token, lesson, number, length)
        replayed = QuizRun.start(length)
        for step in range(rng.randint(0, 3 * length)):
            correct = rng.random() < 0.8
            store.record_answer(
                token,
                lesson=lesson,
                item_kind="single",
                generator="g",
                answer="a",
                correct=correct,
                quiz_run=run,
                answered_at=start + timedelta(hours=number, seconds=step),
            )
            replayed = replayed.answer(correct)
        expected[lesson] = expected.get(lesson, LessonProgress()).with_run(replayed)
        assert store.quiz_run(token, run) == replayed
    assert store.lesson_progress(token) == expected
    # the seed gives a mix worth checking: mastered and not, and more than one star count
    assert {p.mastered for p in expected.values()} == {True, False}
    assert len({p.stars for p in expected.values()}) >= 2
