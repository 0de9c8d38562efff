"""What the live class's pages share: the store they talk to, and how a refusal or an
unreachable database is shown (a sentence, never a traceback).

Live updates: each page has one fragment that follows the class, run again by its
watcher (``class_watch``) when the class has news. The learner's is the question area
itself: each run reads the class (``LiveClasses.showing``: one row by the class code's
unique index, joined to the question on screen, shared by every session of the process
for ``SHARED_SECONDS``) and draws the question, so a new question or the reveal costs
one fragment run, not a run of the whole page. The teacher's page redraws the count and
reruns the page only when what is on screen has changed (a new question, a reveal, the
end), e.g. after a click in another tab. The teacher's two moves act on the question the
page showed (``push_after``, ``reveal_shown``): a click that Streamlit delivers twice
asks one question, not two.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from typing import TypeVar

import streamlit as st

from lessons.question_source import QuestionSource
from tutorial_app.features.live_class.keys import (
    LAST_WRONG,
    NEXT_TRY,
    PICKS,
    REFUSAL,
    SENT,
    WRONG_CODES,
)
from tutorial_app.features.live_class.live_question import live_click
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import (
    ClassError,
    ClassRuns,
    LiveClasses,
    LiveQuestion,
    StoreUnavailable,
    open_classes,
)

T = TypeVar("T")

SHARED_SECONDS = 0.25  # a learner's tick may reuse a read of the class this recent

# Guessing class codes: a session's first FREE_WRONG_CODES wrong codes are checked at
# once; from then on each wrong code makes the next check wait twice as long (2 s, 4 s,
# 8 s, ... at most MAX_CODE_WAIT). A right code starts the count again. The same wrong
# code again (a rerun of the page) is not counted again. Per session: a proxy's rate limit
# is what slows a script that opens a new session for every guess.
FREE_WRONG_CODES = 3
MAX_CODE_WAIT = 60.0


def live_classes() -> ClassRuns:
    """The live classes in the progress store; stops the page with a sentence if the
    database cannot be used."""
    try:
        return open_classes()
    except (StoreUnavailable, ValueError) as error:
        st.error(f"Live classes need the progress database: {markdown_text(str(error))}")
        st.stop()


def attempt(action: Callable[[], T]) -> T | None:
    """Run a request for a callback; a refusal's sentence is kept for the next run
    (``show_refusal``) instead of raising."""
    try:
        return action()
    except (ClassError, StoreUnavailable) as error:
        st.session_state[REFUSAL] = error.message
    except ValueError as error:  # a database address that names no database we run on
        st.session_state[REFUSAL] = str(error)
    return None


def request(action: Callable[[], object]) -> None:
    """``attempt`` for a button's callback, which returns nothing."""
    attempt(action)


def show_refusal() -> None:
    """The sentence of the last refused request, once (it may quote what was typed)."""
    message = st.session_state.pop(REFUSAL, None)
    if message:
        st.warning(markdown_text(message), icon=":material/block:")


def push_after(
    classes: LiveClasses,
    code: str,
    key: str,
    shown: int | None,
    make_source: Callable[[], QuestionSource],
    timer: int | None = None,
) -> int | None:
    """Ask the next question, if class ``code`` still shows question ``shown`` (the one
    on screen when the teacher's button was drawn): the new question's id, else None.

    Streamlit may run a button's callback twice for one click: when the click's rerun
    is cut short and folded into the next one (a poll's tick), the click's trigger is
    delivered again. Seen on the teacher's page: one click asked two questions in a
    row. The second call finds the class moved on, and asks nothing."""
    if classes.status(code).question_id != shown:
        return None
    return classes.push_question(code, key, make_source(), timer=timer)


def reveal_shown(classes: LiveClasses, code: str, key: str, shown: int | None) -> None:
    """Reveal question ``shown``, if it is still the one on screen (``push_after``)."""
    if shown is not None and classes.status(code).question_id == shown:
        classes.reveal(code, key)


# ---- guessing class codes (plain functions of the session and a clock) -------------------


def code_wait(session: MutableMapping, now: float) -> float:
    """Seconds this session must still wait before another class code is checked.

    >>> session = {}
    >>> for _ in range(FREE_WRONG_CODES): note_wrong_code(session, "ZZZZZZ", now=100.0)
    >>> code_wait(session, now=100.5)
    1.5
    """
    return max(0.0, session.get(NEXT_TRY, 0.0) - now)


def note_wrong_code(session: MutableMapping, typed: str, now: float) -> None:
    """A code that names no class: counted, and the next check may have to wait."""
    wrong = session.get(WRONG_CODES, 0) + 1
    session[WRONG_CODES], session[LAST_WRONG] = wrong, typed
    if wrong >= FREE_WRONG_CODES:
        session[NEXT_TRY] = now + min(MAX_CODE_WAIT, 2.0 ** (wrong - FREE_WRONG_CODES + 1))


def note_right_code(session: MutableMapping) -> None:
    for name in (WRONG_CODES, NEXT_TRY, LAST_WRONG):
        session.pop(name, None)


# ---- the learner's answer (plain functions of the session: AppTest calls them too) -----


def send_answer(
    session: MutableMapping,
    classes: LiveClasses,
    code: str,
    token: str,
    question_id: int,
    response: Sequence[str],
) -> None:
    """Send (or change) the learner's answer; a refusal (too late, moved on) is kept
    for the page to show."""
    try:
        session[SENT(question_id)] = classes.answer(code, token, question_id, response)
    except (ClassError, StoreUnavailable) as error:
        session[REFUSAL] = error.message


def on_live_click(
    session: MutableMapping,
    classes: LiveClasses,
    code: str,
    token: str,
    live: LiveQuestion,
    ident: str,
) -> None:
    """A click on the live question's table (``live_question.live_click``)."""
    picks, to_send = live_click(session.get(PICKS(live.id), ()), live.question, ident)
    session[PICKS(live.id)] = picks
    if to_send is not None:
        send_answer(session, classes, code, token, live.id, to_send)
