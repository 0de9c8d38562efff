"""Notes about how the learner arrived (an unknown address, a refused progress link) that
stay on the page they arrived on.

Such a note is known only on the session's first run, but a page may rerun before the
learner does anything (the learner-token component reports once on a first visit), and
the note must not flash and vanish. It stays over that page's reruns and goes once the
learner moves to another page.
"""

from __future__ import annotations

from typing import TypeVar

import streamlit as st

Note = TypeVar("Note")  # a sentence, or (tone, sentence): what the page keeps


def lasting_note(key: str, page: str, text: Note | None = None) -> Note | None:
    """The note kept under ``key`` if it belongs to ``page`` (the router's ``url_path``),
    else None (and a note of another page is dropped). ``text`` is a note arriving now,
    for this page."""
    state = st.session_state
    if text is not None:
        state[key] = (page, text)
    note = state.get(key)
    if note is None:
        return None
    if note[0] != page:
        del state[key]
        return None
    kept: Note = note[1]
    return kept
