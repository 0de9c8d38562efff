"""The live-class teacher's key in this browser: kept where the learner token is kept
(localStorage, one entry per class), never in the page's address.

The teacher page calls ``keep_teacher_key`` once per run. It mounts a small custom
component (components v2, inline JavaScript: ``teacher_key.js``) that

- stores a key it is handed (after a class's start, a key rotation, a teacher link or a
  legacy ``?key=`` address), once: the key is not sent to the browser again;
- takes ``?key=`` and ``?teacher=`` off the address bar with ``history.replaceState``
  (no history entry keeps them; deleting them from ``st.query_params`` on a first run
  would push one);
- on a reload (``/class?class=CODE``, the session gone) reports the key it stores for
  that class; ``reported_key`` reads the report;
- forgets a class's key when the teacher leaves it, and keys older than
  ``KEEP_DAYS`` (a class's report is kept 7 days after it closes).

The component draws nothing, and its slot is hidden (no gap).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutorial_app.features.live_class.keys import (
    DROP_KEY,
    FORGET_KEY,
    STORE_KEY,
    TEACHER_KEY_BROWSER,
)

KEEP_DAYS = 8  # REPORT_KEPT (7 days) plus a class's 12 hours

_mount = st.components.v2.component(
    "euchre_teacher_key",
    js=(Path(__file__).resolve().parent / "teacher_key.js").read_text(encoding="utf-8"),
    css=f".st-key-{TEACHER_KEY_BROWSER} {{ display: none; }}",
    isolate_styles=False,
)


def hand_to_browser(key: str) -> None:
    """Have the browser keep ``key`` for this page's class at the next mount."""
    st.session_state[STORE_KEY] = key


def drop_from_address(*names: str) -> None:
    """Have the browser take these query parameters off its address bar."""
    st.session_state[DROP_KEY] = sorted(set(st.session_state.get(DROP_KEY, ())) | set(names))


def forget_in_browser(code: str) -> None:
    """Have the browser forget class ``code``'s key."""
    st.session_state[FORGET_KEY] = code


def keep_teacher_key(code: str | None, want: bool, on_reported, asked: int = 0) -> None:
    """Mount the component for class ``code``: hand over a pending key, drop pending
    parameters, and, with ``want``, ask for the stored key (``on_reported`` is called
    when the browser answers; read it with ``reported_key``). A page that has waited
    for an answer asks again with a higher ``asked``: the browser reports anew."""
    state = st.session_state
    _mount(
        key=TEACHER_KEY_BROWSER,
        width="stretch",
        height="content",
        data={
            "code": code,
            "store": state.pop(STORE_KEY, None),
            "want": bool(want and code),
            "drop": state.pop(DROP_KEY, []),
            "forget": state.pop(FORGET_KEY, None),
            "keepDays": KEEP_DAYS,
            "asked": asked,
        },
        on_stored_change=on_reported,
    )


def reported_key(code: str) -> str | None:
    """The key the browser said it stores for class ``code``: "" for none, None while
    it has not said."""
    stored = (st.session_state.get(TEACHER_KEY_BROWSER) or {}).get("stored")
    if not isinstance(stored, dict) or stored.get("code") != code:
        return None
    key = stored.get("key")
    return key if isinstance(key, str) else ""
