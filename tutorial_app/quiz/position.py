"""A quiz's place as the progress store keeps it (``Store.save_quiz_position``): plain
JSON values, read back with every field checked, so a reload resumes at the next question.

What is kept is the run (which questions are left, the wrong tries, the run of right
answers) and the store's quiz-run number; a resumed quiz opens at the question the run
puts first, with no answer on screen.

>>> from tutorial_app.quiz.state import QuizState
>>> state = QuizState.start(3)
>>> state = QuizState(state.run.answer(False).answer(True), store_run=7)
>>> resumed = quiz_from_position(position_of(state), 3)
>>> resumed.run == state.run, resumed.showing, resumed.store_run
(True, 2, 7)
>>> quiz_from_position({"run": "nonsense"}, 3) is None
True
"""

from __future__ import annotations

from typing import Any

from lessons.progress import QuizRun
from tutorial_app.quiz.state import QuizState

VERSION = 1


def position_of(state: QuizState) -> dict[str, Any]:
    """The JSON values to keep for ``state``."""
    run = state.run
    return {
        "version": VERSION,
        "store_run": state.store_run,
        "run": {
            "queue": list(run.queue),
            "answered": list(run.answered),
            "misses": run.misses,
            "missed": sorted(run.missed),
            "streak": run.streak,
            "best_streak": run.best_streak,
        },
    }


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _run_of(kept: object, length: int) -> tuple[QuizRun, int | None] | None:
    """The run ``kept`` describes for a quiz of ``length`` questions, finished or not, and
    its store number; None when it does not fit (another version, another quiz, anything
    malformed)."""
    if not isinstance(kept, dict) or kept.get("version") != VERSION:
        return None
    run, store_run = kept.get("run"), kept.get("store_run")
    if not isinstance(run, dict) or not (store_run is None or _whole(store_run)):
        return None
    lists: list[Any] = [run.get(name) for name in ("queue", "answered", "missed")]
    counts: list[Any] = [run.get(name) for name in ("misses", "streak", "best_streak")]
    if not all(
        isinstance(items, list) and all(_whole(i) and i < length for i in items) for items in lists
    ) or not all(_whole(count) for count in counts):
        return None
    queue, answered, missed = lists
    if sorted(queue + answered) != list(range(length)):
        return None  # not a run of this quiz
    quiz_run = QuizRun(
        tuple(queue), tuple(answered), counts[0], frozenset(missed), counts[1], counts[2]
    )
    return quiz_run, store_run


def quiz_from_position(kept: object, length: int) -> QuizState | None:
    """The quiz ``kept`` describes, for a quiz of ``length`` questions; None when it does
    not fit (another version, another quiz, a finished run, anything malformed)."""
    found = _run_of(kept, length)
    if found is None or found[0].finished:
        return None
    quiz_run, store_run = found
    assert quiz_run.current is not None  # the queue is not empty
    return QuizState(quiz_run, quiz_run.current, store_run=store_run)


def finished_from_position(kept: object, length: int) -> QuizState | None:
    """The finished run ``kept`` describes, as its result shows it (already reported:
    its stars were counted when it finished); None for a run not finished, or one that
    does not fit.

    >>> from tutorial_app.quiz.state import QuizState
    >>> run = QuizState.start(2).run.answer(True).answer(True)
    >>> done = finished_from_position(position_of(QuizState(run, store_run=3)), 2)
    >>> done.run == run, done.reported, done.answered
    (True, True, False)
    >>> finished_from_position(position_of(QuizState.start(2)), 2) is None
    True
    """
    found = _run_of(kept, length)
    if found is None or not found[0].finished:
        return None
    return QuizState(found[0], 0, reported=True, store_run=found[1])


def is_finished(kept: object) -> bool:
    """Whether a kept place is a finished run (its quiz's result, not a place to go on
    from): a dict whose run has nothing left to answer."""
    run = kept.get("run") if isinstance(kept, dict) else None
    return isinstance(run, dict) and run.get("queue") == []
