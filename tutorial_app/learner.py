"""Who the learner is: their token, the only key to their progress in the store.

Pages get the token here and nowhere else. A browser that keeps a token of its own hands
it to the session under ``"learner-token"``; without one, a token for this session only
is made (progress is then kept for as long as the tab lives).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.store import new_learner_token

TOKEN_KEY = "learner-token"


def current_token() -> str:
    """This session's learner token (made on first use)."""
    return st.session_state.setdefault(TOKEN_KEY, new_learner_token())
