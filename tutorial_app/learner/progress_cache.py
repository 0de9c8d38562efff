"""The learner's stars and mastery, read from the progress store's rows.

Stars and mastery per lesson are computed by the store from the recorded quiz runs
(``Store.lesson_progress``); a guided hand's stars from its recorded finished runs. Both
are read once per session and learner and kept in ``st.session_state``, read again only
after this session records something that changes them (``progress_changed``): a rerun
does no database work for them. When the store cannot be used, or this learner's rows
cannot be read, everything reads as no stars yet and ``read_problem()`` says why: one
learner's bad row never stops a page from drawing.
"""

from __future__ import annotations

import logging
from collections.abc import MutableMapping

import streamlit as st

from lessons.progress import LessonProgress
from tutorial_app.learner.current import current_token, store
from tutorial_app.learner.read_once import ReadOnce, forget_all
from tutorial_app.store import StoreUnavailable

LESSONS = ReadOnce("progress-read-lessons")  # token: stars and mastery per lesson id
GUIDED = ReadOnce("progress-read-guided")  # token: the best stars per guided hand
STEPS = ReadOnce("progress-read-steps")  # token: the lesson steps finished, per lesson
_PROBLEM = "progress-read-problem"  # session key: why the last read failed
LOG = logging.getLogger(__name__)
UNREADABLE = (
    "some of your saved answers could not be read. Your progress page can still delete them."
)


def _read(cache: ReadOnce, reader):
    """The value ``reader(store, token)`` for this learner, read once and kept."""
    token = current_token()

    def read_store():
        value = reader(store(), token)
        st.session_state.pop(_PROBLEM, None)
        return value

    try:
        return cache.read(token, read_store)
    except StoreUnavailable as error:
        st.session_state[_PROBLEM] = error.message
        return reader(None, token)  # nothing kept: the next run tries again
    except Exception:  # a stored row that cannot be read: this learner's pages still draw
        LOG.exception("a learner's progress could not be read")
        st.session_state[_PROBLEM] = UNREADABLE
        return reader(None, token)


def all_progress() -> dict[str, LessonProgress]:
    """Stars and mastery per lesson id."""
    return _read(
        LESSONS, lambda found, token: found.lesson_progress(token) if found is not None else {}
    )


def lesson_progress(lesson_id: str) -> LessonProgress:
    return all_progress().get(lesson_id, LessonProgress())


def guided_stars() -> dict[str, int]:
    """The best stars earned on each guided hand, by hand id."""

    def best(found, token) -> dict[str, int]:
        stars: dict[str, int] = {}
        for hand in found.hands(token, "guided") if found is not None else ():
            hand_id, earned = hand.result.get("hand"), hand.result.get("stars")
            if isinstance(hand_id, str) and isinstance(earned, int):
                stars[hand_id] = max(stars.get(hand_id, 0), earned)
        return stars

    return _read(GUIDED, best)


def steps_done() -> dict[str, set[str]]:
    """The ids of the lesson steps finished, per lesson id."""
    return _read(STEPS, lambda found, token: found.steps_done(token) if found is not None else {})


def steps_changed(session: MutableMapping | None = None) -> None:
    """A step was recorded finished: the next read of the steps goes to the store."""
    STEPS.forget(session)


def progress_changed(session: MutableMapping | None = None) -> None:
    """Something was recorded: the next read goes to the store."""
    LESSONS.forget(session)
    GUIDED.forget(session)
    STEPS.forget(session)


def read_problem() -> str | None:
    """Why the stars could not be read on the last try, or None."""
    return st.session_state.get(_PROBLEM)


def forget_everything_read(
    session: MutableMapping | None = None, *, quizzes_too: bool = False
) -> None:
    """The learner's rows changed from outside a quiz (an import, a reset): every value
    read from them (every ``ReadOnce``, whichever module declared it) is read again.
    ``quizzes_too``: the quizzes in progress start again (a reset deleted their runs)."""
    forget_all(session, quizzes_too=quizzes_too)
