"""The learner's token in this browser. The router calls ``learner_token()`` before the
page and ``keep_learner_token()`` (the browser side) after it, once per run; pages read
``known_learner_token()``.

The browser keeps the token in localStorage and mirrors it in a cookie; a small custom
component (components v2, inline JavaScript: ``learner_token.js``) reads and writes
them. The token is known, in this order of preference, from:

1. a progress link, ``?learner=<token>``: adopted (the browser stores it) and the
   parameter taken off the address bar, so the private link is not left on screen or
   in a bookmark. A malformed one is not used: the learner sees why, and this browser
   goes on with its own token (or gets a fresh one);
2. what this session already learned (``st.session_state``);
3. the cookie, sent with the page load (``st.context.cookies``): known on a reload's or
   a new tab's first run;
4. otherwise (a first visit, or the cookie lost) the first run offers the browser a new
   token. A browser that stores a token of its own says so at once (the component's
   one report, one rerun); one that has none keeps the offer and says nothing, and
   from the next run on the offer is the token.

So ``learner_token()`` (and ``known_learner_token()``) returns None on the very first
run of a first visit, and the token from the next run on (in sessions with no browser,
such as AppTest or the class-load client, that token lasts only the session). A page
must treat None as "not known yet": draw itself as for a new learner and record
nothing. A first visit, a reload and a new tab cost no extra run; only a browser that
lost its cookie but kept its localStorage reports, once.

The router shows a refused link's note with ``show_link_note(router.url_path)``.
The component draws nothing, and its slot in the page is hidden (no gap).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutorial_app.learner_identity import (LINK_PARAMETER, is_well_formed_token,
                                           link_token_problem, new_learner_token, progress_link,
                                           token_from_browser)
from tutorial_app.widgets.page_notes import lasting_note

TOKEN_KEY = "learner-token"                 # st.session_state: the token once known
ADOPTED_KEY = "learner-token-adopted"       # True when it came from a progress link
LINK_SEEN_KEY = "learner-link-seen"         # this session has followed its link
DROP_LINK_KEY = "learner-link-drop"         # the browser is yet to take it off the address
REFUSED_KEY = "learner-link-refused"        # why this session's link was not used
NOTE_KEY = "learner-link-note"              # that sentence, kept on its page
OFFER_KEY = "learner-token-offer"           # a new token offered to a browser ...
OFFER_SENT_KEY = "learner-token-offered"    # ... and sent to it
COMPONENT_KEY = "learner-token-browser"
COOKIE = "euchre-tutorial-learner"          # also the localStorage key (learner_token.js)

_mount = st.components.v2.component(
    "euchre_learner_token",
    js=(Path(__file__).resolve().parent / "learner_token.js").read_text(encoding="utf-8"),
    # Not isolated, so this rule reaches the page: the component's slot takes no room.
    css=f".st-key-{COMPONENT_KEY} {{ display: none; }}",
    isolate_styles=False,
)


def learner_token() -> str | None:
    """This browser's learner token, or None while it is not known yet (the first run
    of a first visit). The router calls it before the page, and ``keep_learner_token()``
    after it. Draws nothing; a refused progress link leaves a note for
    ``show_link_note``."""
    state = st.session_state
    if LINK_PARAMETER in st.query_params:
        if state.get(LINK_SEEN_KEY):
            # Streamlit's copy still has it: forget it there too. The address bar has
            # lost it already, so this writes no history entry.
            del st.query_params[LINK_PARAMETER]
        else:
            _follow_link(st.query_params.get_all(LINK_PARAMETER))
    if state.get(TOKEN_KEY) is None:
        cookie = st.context.cookies.get(COOKIE)
        if is_well_formed_token(cookie):
            state[TOKEN_KEY] = cookie
        elif state.get(OFFER_SENT_KEY):
            # The offer went to the browser a run ago and it named no token of its own
            # (it would have, at once): the offer is this learner's token.
            state[TOKEN_KEY] = state[OFFER_KEY]
        else:
            state.setdefault(OFFER_KEY, new_learner_token())
    return state.get(TOKEN_KEY)


def keep_learner_token() -> None:
    """The browser side, once per run, after the page (so that a report, when there is
    one, reruns a finished run: a rerun cuts a running one short, and widgets the
    browser had not drawn yet lose their values)."""
    state = st.session_state
    token = state.get(TOKEN_KEY)
    _mount(key=COMPONENT_KEY, width="stretch", height="content",
           data={"token": token, "offer": None if token else state.get(OFFER_KEY),
                 "adopt": bool(state.get(ADOPTED_KEY)),
                 "dropLink": bool(state.pop(DROP_LINK_KEY, False))},
           on_stored_change=browser_reported)
    if token is None:
        state[OFFER_SENT_KEY] = True


def known_learner_token() -> str | None:
    """The token the router's ``learner_token()`` found this run (None: not known yet)."""
    return st.session_state.get(TOKEN_KEY)


def browser_reported() -> None:
    """The component's callback: the browser named the token it already stores. It wins
    over the offer (unless a link or the cookie settled the token first)."""
    state = st.session_state
    if state.get(TOKEN_KEY) is not None:
        return   # known already (a link, the cookie): the browser is told, not asked
    state[TOKEN_KEY] = token_from_browser((state.get(COMPONENT_KEY) or {}).get("stored"),
                                          state.get(OFFER_KEY))


def _follow_link(values: list[str]) -> None:
    """Adopt a progress link's token, or note why not. The component then takes the
    parameter out of the address bar with ``history.replaceState``: deleting it from
    ``st.query_params`` on this first run would push a new history entry (the router's
    history script is not installed yet), and Back would show the link again."""
    st.session_state[LINK_SEEN_KEY] = st.session_state[DROP_LINK_KEY] = True
    problem = link_token_problem(values)
    if problem:
        st.session_state[REFUSED_KEY] = problem
    else:
        st.session_state[TOKEN_KEY] = values[0]
        st.session_state[ADOPTED_KEY] = True


def show_link_note(page: str) -> None:
    """Show why a progress link was refused, on the page it opened (``page``: the
    router's ``url_path``) and over that page's reruns; gone once the learner moves on."""
    note = lasting_note(NOTE_KEY, page, st.session_state.pop(REFUSED_KEY, None))
    if note:
        st.warning(note, icon=":material/link_off:")


def progress_link_box() -> None:
    """A "Your progress link" button opening (over the page, taking no room) the link
    to open on another device, ready to copy."""
    # Until the browser has had its say, the link is the offered token's: the token it
    # keeps unless it had one (then its report reruns the page at once).
    token = known_learner_token() or st.session_state.get(OFFER_KEY)
    if token is None:   # only when the router did not run learner_token()
        return
    with st.popover("Your progress link", icon=":material/link:"):
        st.caption("Open this link on another device or browser to carry on there with your "
                   "progress. Keep it private: whoever has it can see and change your progress.")
        st.code(progress_link(st.context.url or "", st.get_option("server.baseUrlPath"), token),
                language=None, wrap_lines=True)
