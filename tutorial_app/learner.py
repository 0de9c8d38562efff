"""Who the learner is: their token, the only key to their progress in the store.

Pages get the token here and nowhere else. The browser keeps it
(``tutorial_app.widgets.learner_token``, which the router runs before every page); on a
first visit's very first run the browser has not had its say yet, and the token is the
one just offered to it, which it keeps unless it holds one of its own (rare: a browser
that lost its cookie but kept its local storage).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.learner_identity import new_learner_token
from tutorial_app.widgets.learner_token import OFFER_KEY, known_learner_token


def current_token() -> str:
    """This learner's token: the browser's once known, else the one offered to it."""
    return known_learner_token() or st.session_state.setdefault(OFFER_KEY, new_learner_token())
