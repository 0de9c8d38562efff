"""What a learner sees when a page fails in a way no test foresaw: plain words and a way
on, instead of Streamlit's own sentence (which speaks of "Manage app" on Streamlit Cloud).

Streamlit has logged the whole error on the server before it calls this, and
``client.showErrorDetails = "none"`` keeps every detail out of the browser either way.
"""

from __future__ import annotations

import streamlit as st

APOLOGY = (
    "Something went wrong on this page, sorry. Your progress is saved. "
    "Reload the page to try again, or pick another page on the left."
)


def show_plain_error(_error: Exception) -> bool:
    """``st.App``'s ``on_script_error``: show ``APOLOGY``; True, so Streamlit shows nothing
    more."""
    st.error(APOLOGY, icon=":material/sentiment_dissatisfied:")
    return True
