"""A quiz resumed where this learner left it on an earlier visit (a reload, a new tab).

The place is kept by the answer recorder after every answer
(``Store.save_quiz_position``, under a name: the lesson id, or the daily deal's label);
it is read here once a session per name, and used only by a quiz this session has not
shown yet, with the same seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from lessons.quiz import Question
from tutorial_app.learner.current import current_token, store
from tutorial_app.learner.read_once import ReadOnce
from tutorial_app.quiz.position import (
    answered_from_position,
    finished_from_position,
    is_finished,
    quiz_from_position,
)
from tutorial_app.quiz.state import QuizState
from tutorial_app.quiz.view import quiz_key
from tutorial_app.store import QuizPosition, StoreUnavailable

KEPT = ReadOnce("kept-position:", named=True)  # per name: (token, the place or None)


def kept_position(name: str) -> QuizPosition | None:
    """The place kept under ``name`` for this learner; None if none (or unreadable)."""
    token = current_token()
    try:
        return KEPT.read(token, lambda: store().load_quiz_position(token, name), name=name)
    except StoreUnavailable:
        return None


def unfinished_kept(name: str) -> QuizPosition | None:
    """The place kept under ``name``, unless it is a finished quiz's result."""
    kept = kept_position(name)
    return None if kept is None or is_finished(kept.state) else kept


def forget_kept(name: str) -> None:
    """The quiz under ``name`` finished: the next visit reads the store again."""
    KEPT.forget(name=name)


def resumed(
    name: str,
    quiz_id: str,
    seed: int,
    questions: Sequence[Question],
    fits: Mapping[str, Any] | None = None,
    finished_too: bool = False,
) -> QuizState | None:
    """Where the quiz ``quiz_id`` starts if this session has not shown it yet: the kept
    place, when it was kept for this seed, holds ``fits`` (what the quiz is, as the
    recorder's ``place_with`` kept it) and fits the quiz; on the verdict the learner was
    reading, if any. With ``finished_too``, a finished run kept for this seed opens on
    its result (a reload of the result), or on its last verdict if still on screen."""
    length = len(questions)
    if quiz_key(quiz_id) in st.session_state:
        return None
    kept = kept_position(name)
    if kept is None or kept.seed != seed or not isinstance(kept.state, dict):
        return None
    if any(kept.state.get(field) != value for field, value in (fits or {}).items()):
        return None
    shown = answered_from_position(kept.state, questions)
    if shown is not None and (finished_too or not shown.run.finished):
        return shown
    if finished_too and (done := finished_from_position(kept.state, length)) is not None:
        return done
    return quiz_from_position(kept.state, length)
