"""Progress put in a store directly, as a learner's earlier visits would have left it."""

from __future__ import annotations

from lessons.progress import QuizRun
from tutorial_app.store import Store


def record_quiz(store: Store, token: str, lesson: str, length: int, misses: int = 0) -> QuizRun:
    """A finished quiz of ``lesson`` in the store: ``misses`` wrong tries first, then every
    question right; the run the store replays from those answers."""
    number = store.start_quiz_run(token, lesson, seed=1, length=length)
    run = QuizRun.start(length)
    for correct in [False] * misses + [True] * length:
        store.record_answer(
            token,
            lesson=lesson,
            item_kind="single",
            generator="trick_winner",
            answer="N",
            correct=correct,
            quiz_run=number,
        )
        run = run.answer(correct)
    return run


def wrong_response(question):
    """A response the question judges wrong: another team's points, the order reversed,
    an option that is not the answer."""
    kind = question.kind.value
    if kind == "points":
        team, points = question.answer
        return team, str((int(points) + 1) % 5)
    if kind == "order":
        return tuple(reversed(question.answer))
    return tuple(o.key for o in question.options if o.key not in question.answer)[:1]
