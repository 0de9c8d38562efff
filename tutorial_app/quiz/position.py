"""A quiz's place as the progress store keeps it (``Store.save_quiz_position``): plain
JSON values, read back with every field checked, so a reload resumes where the learner was.

What is kept is the run (which questions are left, the wrong tries, the run of right
answers), the store's quiz-run number and, until the learner goes on, the question just
answered with the response given: a reload while reading a verdict shows that verdict
again (``answered_from_position``, judged afresh by the question); else a resumed quiz
opens at the question the run puts first, with no answer on screen.

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

from collections.abc import Sequence
from typing import Any

from lessons.progress import QuizRun
from lessons.quiz import Kind, Question
from tutorial_app.quiz.state import QuizState

VERSION = 1
# A kept response's bounds (checked on the way back in): a question has at most a few
# options, each keyed by a short id (POINTS: a team and a number).
MOST_RESPONSE_KEYS = 12
LONGEST_RESPONSE_KEY = 16


def position_of(state: QuizState) -> dict[str, Any]:
    """The JSON values to keep for ``state``."""
    run = state.run
    kept: dict[str, Any] = {
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
    if state.feedback is not None and state.response is not None:
        kept["shown"] = {"index": state.showing, "response": list(state.response)}
    return kept


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


def answered_from_position(kept: object, questions: Sequence[Question]) -> QuizState | None:
    """The question ``kept`` was saved on, answered, its verdict judged again from the
    response kept (a reload while the learner read it); None when ``kept`` holds no answer
    on screen, or one that does not fit these questions. A finished run's last verdict
    comes back as reported: its stars were counted when it finished.

    >>> from lessons.quiz import Kind, Option, Question
    >>> question = Question(Kind.SINGLE, "Which?", (Option("a", "A"), Option("b", "B")),
    ...                     ("a",), "A is.")
    >>> before = QuizState.start(2)
    >>> from tutorial_app.quiz.state import click
    >>> after = click(before, question, "option-b")
    >>> shown = answered_from_position(position_of(after), [question, question])
    >>> shown.showing, shown.feedback == after.feedback, shown.run == after.run
    (0, True, True)
    >>> answered_from_position(position_of(before), [question, question]) is None
    True
    """
    found = _run_of(kept, len(questions))
    shown = kept.get("shown") if isinstance(kept, dict) else None
    if found is None or not isinstance(shown, dict):
        return None
    index, response = shown.get("index"), shown.get("response")
    if not isinstance(index, int) or not _whole(index) or index >= len(questions):
        return None
    if not isinstance(response, list) or not _bounded_keys(response):
        return None
    question = questions[index]
    feedback = question.check(response)
    if feedback.invalid:
        return None
    quiz_run, store_run = found
    given = tuple(response)
    return QuizState(
        quiz_run,
        index,
        picks=given if question.kind in (Kind.MULTI, Kind.ORDER) else (),
        feedback=feedback,
        response=given,
        reported=quiz_run.finished,
        store_run=store_run,
    )


def _bounded_keys(response: list[Any]) -> bool:
    """At most MOST_RESPONSE_KEYS short keys; none is a choose-all answer of "none of
    them" (the question judges whether it may be empty)."""
    return len(response) <= MOST_RESPONSE_KEYS and all(
        isinstance(key, str) and 0 < len(key) <= LONGEST_RESPONSE_KEY for key in response
    )


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
