"""The learner's token in this browser. The router calls ``learner_token()`` before the
page, ``show_link_note(page)`` above it and ``keep_learner_token()`` (the browser side)
after it, once per run; pages read ``known_learner_token()``.

The browser keeps the token in localStorage (the source of truth) and mirrors it in a
cookie; a small custom component (components v2, inline JavaScript:
``learner_token.js``) reads and writes them. The token is known, in this order, from:

1. what this session already settled (``st.session_state``);
2. the cookie, sent with the page load (``st.context.cookies``): known on a reload's or
   a new tab's first run. Any page of the same host (another port) can set that
   cookie, so it is only a first guess: the browser compares it with its localStorage
   and, when they disagree (or localStorage holds nothing), reports what it stores, and
   that wins (the cookie is rewritten). Where they agree, nothing is reported: no
   extra run;
3. otherwise (a first visit) the first run offers the browser a new token. A browser
   that stores a token of its own says so at once (one rerun); one that has none keeps
   the offer and says nothing, and from the next run on the offer is the token.

A browser that keeps a previous learner (it once took a progress link) names it in one
report at the start of a session, so Home can offer the way back.

So ``learner_token()`` returns None on the very first run of a first visit; a page
treats None as "not known yet" (``tutorial_app.learner.current.current_token`` then gives the
offer). Nothing in an address ever sets the token:

- a progress link, ``?transfer=<code>``, is a one-time code (``store.transfers``): the
  code is checked (length, alphabet) before the database is read, exchanged once, and
  taken off the address bar. If this browser already uses a different learner who has
  progress, the learner is asked first ("Keep my progress", the default, or "Use the
  progress from the link"); the token replaced is kept as the browser's previous
  learner, and Home offers the way back (``widgets.progress_link``). Wrong codes from
  one session slow it down (``limits.learner_identity.seconds_to_wait``);
- an old progress link, ``?learner=<token>``, is refused with a note saying what to do
  now, and taken off the address bar.

The component draws nothing, and its slot in the page is hidden (no gap).
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from collections.abc import MutableMapping
from pathlib import Path

import streamlit as st

from tutorial_app.limits.learner_identity import (
    OLD_LINK_NOTE,
    OLD_LINK_PARAMETER,
    TRANSFER_PARAMETER,
    TransferCodeError,
    is_well_formed_token,
    new_learner_token,
    parse_transfer_code,
    seconds_to_wait,
    token_from_browser,
)
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.page_notes import lasting_note
from tutorial_app.shell.session_map import drop, get
from tutorial_app.shell.url_state import sync_params

TOKEN_KEY = "learner-token"  # st.session_state: the token once known
FROM_COOKIE_KEY = "learner-token-from-cookie"  # ... read from the cookie: not confirmed
ADOPTED_KEY = "learner-token-adopted"  # the server chose it: the browser stores it ...
KEEP_REPLACED_KEY = "learner-token-keep-replaced"  # ... keeping the one it replaces
PREVIOUS_KEY = "learner-token-previous"  # the browser's previous learner, if known
ASK_KEY = "learner-token-ask"  # the browser is asked what it stores (an id)
OFFER_KEY = "learner-token-offer"  # a new token offered to a browser ...
OFFER_SENT_KEY = "learner-token-offered"  # ... and sent to it
SEEN_KEY = "learner-link-seen"  # {parameter: digest of the values followed}
DROP_LINK_KEY = "learner-link-drop"  # the browser is yet to take it off the address
ARRIVAL_KEY = "learner-link-arrival"  # (tone, words) about a link, for its page ...
NOTE_KEY = "learner-link-note"  # ... kept on that page
PENDING_KEY = "learner-transfer-pending"  # the token a link brought, until ours is known
QUESTION_KEY = "learner-transfer-question"  # that token, when the learner must choose ...
QUESTION_NOTE_KEY = "learner-transfer-asked"  # ... kept on the page it arrived on
WRONG_KEY = "learner-transfer-wrong"  # (wrong codes in a row, monotonic time of last)
COMPONENT_KEY = "learner-token-browser"
COOKIE = "euchre-tutorial-learner"  # also the localStorage key (learner_token.js)

_mount = st.components.v2.component(
    "euchre_learner_token",
    js=(Path(__file__).resolve().parent / "learner_token.js").read_text(encoding="utf-8"),
    # Not isolated, so this rule reaches the page: the component's slot takes no room.
    css=f".st-key-{COMPONENT_KEY} {{ display: none; }}",
    isolate_styles=False,
)


def learner_token() -> str | None:
    """This browser's learner token, or None while it is not known yet (the first run
    of a first visit). Follows a progress link first (a note or a question for
    ``show_link_note``). Draws nothing."""
    state = st.session_state
    _links_arrived()
    if state.get(TOKEN_KEY) is None:
        cookie = st.context.cookies.get(COOKIE)
        if is_well_formed_token(cookie):
            state[TOKEN_KEY] = cookie
            state[FROM_COOKIE_KEY] = True  # until the browser's storage has had its say
        elif state.get(OFFER_SENT_KEY) and not state.get(ASK_KEY):
            # The offer went to the browser a run ago and it named no token of its own
            # (it would have, at once): the offer is this learner's token.
            state[TOKEN_KEY] = state[OFFER_KEY]
        else:
            state.setdefault(OFFER_KEY, new_learner_token())
    _settle_transfer()
    return state.get(TOKEN_KEY)


def keep_learner_token() -> None:
    """The browser side, once per run, after the page (so that a report, when there is
    one, reruns a finished run: a rerun cuts a running one short, and widgets the
    browser had not drawn yet lose their values)."""
    state = st.session_state
    token = state.get(TOKEN_KEY)
    _mount(
        key=COMPONENT_KEY,
        width="stretch",
        height="content",
        data={
            "token": token,
            "offer": None if token else state.get(OFFER_KEY),
            "adopt": bool(state.get(ADOPTED_KEY)),
            "keepReplaced": bool(state.get(KEEP_REPLACED_KEY)),
            "fromCookie": bool(state.get(FROM_COOKIE_KEY)),
            "previous": state.get(PREVIOUS_KEY),
            "ask": state.get(ASK_KEY),
            "dropLink": bool(state.pop(DROP_LINK_KEY, False)),
        },
        on_stored_change=browser_reported,
    )
    if token is None:
        state[OFFER_SENT_KEY] = True


def known_learner_token() -> str | None:
    """The token the router's ``learner_token()`` found this run (None: not known yet)."""
    return st.session_state.get(TOKEN_KEY)


def previous_learner_token() -> str | None:
    """The learner this browser used before it took a progress link, if known."""
    return st.session_state.get(PREVIOUS_KEY)


def browser_reported() -> None:
    """The component's callback: the browser said what it stores."""
    take_browser_report(st.session_state, (st.session_state.get(COMPONENT_KEY) or {}).get("stored"))


def take_browser_report(session: MutableMapping, report: object) -> None:
    """Settle ``session``'s token on what the browser ``report``-ed it stores (a dict:
    ``token``, ``previous``, ``ask``). Its localStorage is the source of truth: it wins
    over the offer and over the cookie; a token the server chose itself (an accepted
    link, a way back) is not asked about. Nothing stored (an empty ``token``) leaves a
    cookie's token unused: a fresh one (or the offer) is taken."""
    if not isinstance(report, dict) or get(session, ADOPTED_KEY):
        return
    before = get(session, TOKEN_KEY)
    token = session[TOKEN_KEY] = token_from_browser(report.get("token"), get(session, OFFER_KEY))
    previous = report.get("previous")
    session[PREVIOUS_KEY] = (
        previous if is_well_formed_token(previous) and previous != token else None
    )
    drop(session, FROM_COOKIE_KEY)
    if report.get("ask") and report.get("ask") == get(session, ASK_KEY):
        drop(session, ASK_KEY)
    if before is not None and before != token:
        _forget_what_was_read(session)


def switch_learner(token: str, *, keep_replaced: bool) -> None:
    """Use ``token`` from now on, in this session and (through the component) in this
    browser; with ``keep_replaced`` the token replaced becomes the previous learner, so
    the learner can come back to it."""
    state = st.session_state
    replaced = state.get(TOKEN_KEY)
    state[TOKEN_KEY] = token
    state[ADOPTED_KEY] = True
    state[KEEP_REPLACED_KEY] = keep_replaced
    if keep_replaced and replaced is not None and replaced != token:
        state[PREVIOUS_KEY] = replaced
    elif state.get(PREVIOUS_KEY) == token:
        state[PREVIOUS_KEY] = None
    state.pop(FROM_COOKIE_KEY, None)
    state.pop(ASK_KEY, None)  # the server chose: nothing is asked of the browser
    if replaced != token:
        _forget_what_was_read(state)


def arrival_note(tone: str, words: str) -> None:
    """A note (``tone``: success, info or warning) for the page the learner is on."""
    st.session_state[ARRIVAL_KEY] = (tone, words)


def show_link_note(page: str) -> None:
    """Say what a progress link did, or ask whose progress to keep, on the page it
    opened (``page``: the router's ``url_path``) and over that page's reruns; gone once
    the learner moves on (leaving the question unanswered keeps this browser's own)."""
    state = st.session_state
    note = lasting_note(NOTE_KEY, page, state.pop(ARRIVAL_KEY, None))
    if note:
        tone, words = note
        show = {"success": st.success, "info": st.info}.get(tone, st.warning)
        show(
            markdown_text(words),
            icon=":material/link:" if tone != "warning" else ":material/link_off:",
        )
    brought = lasting_note(QUESTION_NOTE_KEY, page, state.pop(QUESTION_KEY, None))
    if brought:
        _ask_which_progress(brought)


# ---- links arriving ------------------------------------------------------------------------


def _links_arrived() -> None:
    """Follow a progress link in the address, once per link. The component then takes it
    out of the address bar with ``history.replaceState``: deleting it from
    ``st.query_params`` on this first run would push a new history entry (the router's
    history script is not installed yet), and Back would show the link again."""
    state = st.session_state
    for parameter, follow in (
        (OLD_LINK_PARAMETER, _refuse_old_link),
        (TRANSFER_PARAMETER, _follow_transfer),
    ):
        if parameter not in st.query_params:
            continue
        values = st.query_params.get_all(parameter)
        digest = hashlib.sha256(repr(values).encode("utf-8", "replace")).hexdigest()
        seen = state.setdefault(SEEN_KEY, {})
        if seen.get(parameter) == digest:
            # Streamlit's copy still has it: forget it there too. The address bar has
            # lost it already, so this writes no history entry.
            sync_params({parameter: None})
            continue
        seen[parameter] = digest
        state[DROP_LINK_KEY] = True
        follow(values)


def _refuse_old_link(_values: list[str]) -> None:
    """An old ``?learner=<token>`` link: never used (a token in an address can be anyone's)."""
    arrival_note("warning", OLD_LINK_NOTE)


def _follow_transfer(values: list[str]) -> None:
    """Exchange a progress link's code for the token it carries (kept as pending until
    this browser's own token is known), or say why not. A session that sent wrong codes
    waits before the next one is even read."""
    from tutorial_app.learner.current import transfer_codes  # the store's seam imports this module
    from tutorial_app.store import StoreUnavailable, TransferRefused

    state = st.session_state
    wrong, last = state.get(WRONG_KEY, (0, 0.0))
    wait = seconds_to_wait(wrong) - (time.monotonic() - last)
    if wait > 0:
        arrival_note(
            "warning",
            "This progress link was not used: too many wrong links were "
            f"opened here. Wait {math.ceil(wait)} seconds, then try again.",
        )
        return
    try:
        state[PENDING_KEY] = transfer_codes().redeem(parse_transfer_code(values))
    except (TransferCodeError, TransferRefused) as error:
        state[WRONG_KEY] = (wrong + 1, time.monotonic())
        arrival_note("warning", str(error))
        return
    except StoreUnavailable as error:
        arrival_note("warning", f"This progress link could not be used just now: {error.message}")
        return
    state.pop(WRONG_KEY, None)


def _settle_transfer() -> None:
    """Once this browser's own token is known, decide what a link's token does: nothing
    if it is the same, taken at once if ours has no progress, else the learner is asked."""
    state = st.session_state
    brought = state.get(PENDING_KEY)
    if brought is None:
        return
    token = state.get(TOKEN_KEY)
    if token is None or state.get(FROM_COOKIE_KEY) or state.get(ASK_KEY):
        state.setdefault(ASK_KEY, secrets.token_hex(8))  # the browser says what it stores
        return
    del state[PENDING_KEY]
    if brought == token:
        arrival_note(
            "info",
            "This progress link is for the progress this browser already uses: nothing changed.",
        )
    elif not _holds_progress(token):
        switch_learner(brought, keep_replaced=False)
        arrival_note("success", "This browser now carries on with the progress from your link.")
    else:
        state[QUESTION_KEY] = brought


def _holds_progress(token: str) -> bool:
    """Whether ``token``'s learner has progress; True when the store cannot say (then
    the learner is asked rather than anything being replaced)."""
    from tutorial_app.learner.current import transfer_codes
    from tutorial_app.store import StoreUnavailable

    try:
        return transfer_codes().holds_progress(token)
    except StoreUnavailable:
        return True


# ---- keep mine, or use the link's --------------------------------------------------------


def _ask_which_progress(brought: str) -> None:
    with st.container(border=True, key="learner-transfer-question"):
        st.markdown(
            "**This link brings progress from another device.** This browser "
            "already has progress of its own. Which do you want to use here?"
        )
        keep, use = st.columns(2)
        keep.button(
            "Keep my progress",
            key="learner-transfer-keep",
            type="primary",
            icon=":material/person:",
            on_click=keep_own_progress,
        )
        use.button(
            "Use the progress from the link",
            key="learner-transfer-use",
            icon=":material/swap_horiz:",
            on_click=use_linked_progress,
            args=(brought,),
        )
        st.caption(
            "Either way nothing is lost: if you use the link's progress, Home has a "
            "button to come back to yours."
        )


def keep_own_progress() -> None:
    """The question's default answer: this browser keeps its own learner."""
    st.session_state.pop(QUESTION_NOTE_KEY, None)
    arrival_note("info", "You kept your own progress. The link is used up now.")


def use_linked_progress(brought: str) -> None:
    """Take the link's learner; this browser's own becomes the previous one."""
    st.session_state.pop(QUESTION_NOTE_KEY, None)
    switch_learner(brought, keep_replaced=True)
    arrival_note(
        "success",
        "This browser now carries on with the progress from the link. "
        'Your own progress is kept: "Back to your earlier progress" on Home '
        "brings it back.",
    )


def _forget_what_was_read(session: MutableMapping) -> None:
    """Another learner from now on: nothing read for the last one is shown."""
    from tutorial_app.learner.progress_cache import forget_everything_read  # it imports this module

    forget_everything_read(session, quizzes_too=True)
