"""Who the learner is and where their progress is kept: the one seam pages go through.

``current_token()`` is the learner's private token, as the browser component
(``learner.learner_token``, run by the router before the page) settled it in
``st.session_state["learner-token"]``. On the very first run of a first visit the
browser has not had its say yet: the token is then the one the component is offering
the browser, which keeps it unless it stores one of its own (it then reports at once
and the page reruns with that one). So a page always has a token, reads for a new
learner until the browser answers, and an answer given meanwhile goes to the token the
browser keeps. Without the router (a test harness calling a callback) a token is made
and kept in the session. Pages never read the session keys themselves.

``store()`` is the process's one progress store (``tutorial_app.store.open_store``,
cached per database address). It raises ``StoreUnavailable`` when the database cannot
be used (and for ``RETRY_AFTER_SECONDS`` after, without trying); pages then show
``unsaved_warning`` and carry on. ``transfer_codes()`` are its progress links (one-time
codes that carry a token to another device: ``store.transfers``). ``save_progress``
writes for the learner and says why when it could not; ``learner_zone()`` is their clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, MutableMapping
from datetime import UTC, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from tutorial_app.learner.learner_token import OFFER_KEY, TOKEN_KEY
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.session_map import get
from tutorial_app.store import (
    Store,
    StoreUnavailable,
    TransferCodes,
    database_url,
    is_well_formed_token,
    new_learner_token,
    open_store,
)


def current_token(session: MutableMapping | None = None) -> str:
    """This learner's token: the one the browser component settled on, else the one it is
    offering the browser (the first run of a first visit), else (no router ran) a fresh
    one kept in the session. ``session`` is ``st.session_state`` unless given (a click
    callback's own session)."""
    session = st.session_state if session is None else session
    for key in (TOKEN_KEY, OFFER_KEY):
        token = get(session, key)
        if is_well_formed_token(token):
            return token
    token = session[TOKEN_KEY] = new_learner_token()
    return token


@st.cache_resource(show_spinner=False)
def _store_at(url: str) -> Store:
    """One Store per database address per process (a failure is not cached: the next run
    tries again)."""
    try:
        return open_store(url)
    except StoreUnavailable:
        raise
    except (ValueError, ImportError, SQLAlchemyError) as error:  # a bad address or driver
        raise StoreUnavailable(
            f"The progress database address cannot be used ({error})."
        ) from error


# A database that could not be opened is not tried again for this many seconds: a server
# that cannot be reached would otherwise hold up every run of every page.
RETRY_AFTER_SECONDS = 10.0
_failures: dict[str, tuple[float, str]] = {}  # per database address: (when, why)


def store() -> Store:
    """The progress store; raises StoreUnavailable with a sentence for the learner."""
    url = database_url()
    failed = _failures.get(url)
    if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER_SECONDS:
        raise StoreUnavailable(failed[1])
    try:
        found = _store_at(url)
    except StoreUnavailable as error:
        _failures[url] = (time.monotonic(), error.message)
        raise
    _failures.pop(url, None)
    return found


def transfer_codes() -> TransferCodes:
    """The progress links (one-time transfer codes) of the progress store; raises
    StoreUnavailable as ``store()`` does."""
    return TransferCodes(store())


def store_or_problem() -> tuple[Store | None, str | None]:
    """(the store, None), or (None, why it cannot be used)."""
    try:
        return store(), None
    except StoreUnavailable as error:
        return None, error.message


def unsaved_words(reason: str) -> str:
    """What a page says when an answer or a finished hand was not saved."""
    return (
        f"Your progress could not be saved: {reason.rstrip('.')}. You can keep going; "
        "this page still works, but what you do now may not be kept."
    )


def unsaved_warning(reason: str) -> None:
    """The warning a page shows (the reason shown as text, never as Markdown)."""
    st.warning(markdown_text(unsaved_words(reason)), icon=":material/cloud_off:")


def save_progress(session: MutableMapping, write: Callable[[Store, str], None]) -> str | None:
    """``write(store, token)`` for this session's learner: None once saved, or why it was
    not (the page says so with ``unsaved_warning`` and carries on)."""
    try:
        write(store(), current_token(session))
    except StoreUnavailable as error:
        return error.message
    except ValueError as error:
        return str(error)
    return None


def learner_zone() -> tzinfo:
    """The browser's time zone (a day's streak and deal follow the learner's clock)."""
    try:
        return ZoneInfo(st.context.timezone) if st.context.timezone else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC
