"""A quiz resumed where this learner left it on an earlier visit (a reload, a new tab).

The place is kept by the answer recorder after every answer
(``Store.save_quiz_position``, under a name: the lesson id, or the daily deal's label);
it is read here once a session per name, and used only by a quiz this session has not
shown yet, with the same seed.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.learner.current import current_token, store
from tutorial_app.learner.read_once import ReadOnce
from tutorial_app.quiz.position import quiz_from_position
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


def forget_kept(name: str) -> None:
    """The quiz under ``name`` finished: the next visit reads the store again."""
    KEPT.forget(name=name)


def resumed(name: str, quiz_id: str, seed: int, length: int) -> QuizState | None:
    """Where the quiz ``quiz_id`` starts if this session has not shown it yet: the kept
    place, when it was kept for this seed and fits the quiz."""
    if quiz_key(quiz_id) in st.session_state:
        return None
    kept = kept_position(name)
    if kept is None or kept.seed != seed:
        return None
    return quiz_from_position(kept.state, length)
