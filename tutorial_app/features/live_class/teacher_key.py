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
  ``KEEP_DAYS`` (a class's report is kept 7 days after it closes);
- reports again when the page asks again (``ask_again``): a report lost while the page
  loaded would leave the page waiting.

The component draws nothing, and its slot is hidden (no gap).
"""

from __future__ import annotations

import time
from pathlib import Path

import streamlit as st

from tutorial_app.features.live_class.keys import (
    ASK_SINCE,
    ASKED,
    DROP_KEY,
    FORGET_KEY,
    STORE_KEY,
    TEACHER_KEY_BROWSER,
)

KEEP_DAYS = 8  # REPORT_KEPT (7 days) plus a class's 12 hours
ASK_AFTER_SECONDS = 1.5  # the browser's report normally comes within a few hundred ms
ASK_LIMIT = 20  # asked again at most this many times; then the page waits for a reload

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


def keep_teacher_key(code: str | None, want: bool, on_reported) -> None:
    """Mount the component for class ``code``: hand over a pending key, drop pending
    parameters, and, with ``want``, ask for the stored key (``on_reported`` is called
    when the browser answers; read it with ``reported_key``). A page kept waiting asks
    again (``ask_again``): the browser reports anew."""
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
            "asked": state.get(ASKED, 0),
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


@st.fragment(run_every=1.0)
def ask_again() -> None:
    """Draw while a page waits for the browser's report: if none came within
    ``ASK_AFTER_SECONDS`` (a report sent while the page loads can be lost, and the page
    would wait for ever: "Opening class..." with no controls until a reload), rerun the
    page with the browser asked anew. At most ``ASK_LIMIT`` times."""
    state = st.session_state
    waited = time.monotonic() - state.setdefault(ASK_SINCE, time.monotonic())
    if waited > ASK_AFTER_SECONDS and state.get(ASKED, 0) < ASK_LIMIT:
        state[ASKED] = state.get(ASKED, 0) + 1
        del state[ASK_SINCE]
        st.rerun()
