"""Home's "Your progress link": a one-time link that carries this learner's progress to
another device (the token itself never goes in it: ``store.transfers``), and the way
back to the progress this browser had before it took such a link."""

from __future__ import annotations

import streamlit as st

from tutorial_app.learner.current import current_token, transfer_codes
from tutorial_app.learner.learner_token import arrival_note, previous_learner_token, switch_learner
from tutorial_app.limits.learner_identity import (
    TRANSFER_MINUTES,
    TRANSFER_PARAMETER,
    is_transfer_code,
)
from tutorial_app.shell.addresses import page_url
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import StoreUnavailable

MADE_KEY = "progress-link-made"  # (token, code or None, why not) of the last link made


def transfer_link(here: str | None, base_path: str, code: str) -> str:
    """The app's start page carrying the transfer ``code``, on the server that served
    ``here``. Raises ValueError for a code this app could not have made.

    >>> transfer_link("http://127.0.0.1:8501/bowers?step=2", "", "0123456789ab")
    'http://127.0.0.1:8501/?transfer=0123456789ab'
    """
    if not is_transfer_code(code):
        raise ValueError("not a transfer code")
    return page_url("", {TRANSFER_PARAMETER: code}, here=here, base_path=base_path)


def make_link() -> None:
    """The button's callback: a new one-time code for this learner (the last one made
    stops working)."""
    token = current_token()
    try:
        st.session_state[MADE_KEY] = (token, transfer_codes().make(token), None)
    except StoreUnavailable as error:
        st.session_state[MADE_KEY] = (
            token,
            None,
            f"The link could not be made: {error.message.rstrip('.')}. Try again in a moment.",
        )


def go_back(previous: str) -> None:
    """Use the learner this browser had before it took a link; the one used until now
    becomes the previous learner (so the same button goes back again)."""
    switch_learner(previous, keep_replaced=True)
    arrival_note(
        "success",
        "This browser is back to its earlier progress. The progress "
        "from the link is kept too: the same button on Home brings it back.",
    )


def progress_link_box() -> None:
    """A "Your progress link" button opening (over the page, taking no room) a button
    that makes the link, and the link once made, ready to copy; and, when this browser
    took a link before, a button back to the progress it had."""
    token = current_token()
    with st.popover("Your progress link", icon=":material/link:"):
        st.caption(
            "To carry on with your progress on another device or browser, make a "
            "link here and open it there. Keep it private: whoever opens it first "
            "gets your progress."
        )
        st.button(
            "Make a link", key="progress-link-make", icon=":material/add_link:", on_click=make_link
        )
        made = st.session_state.get(MADE_KEY)
        if made and made[0] == token and made[1]:
            st.code(
                transfer_link(st.context.url, st.get_option("server.baseUrlPath"), made[1]),
                language=None,
                wrap_lines=True,
            )
            st.caption(f"It works once, for {TRANSFER_MINUTES} minutes.")
        elif made and made[0] == token:
            st.warning(markdown_text(made[2]), icon=":material/cloud_off:")
    previous = previous_learner_token()
    if previous and previous != token:
        st.button(
            "Back to your earlier progress",
            key="progress-link-back",
            icon=":material/undo:",
            on_click=go_back,
            args=(previous,),
            help="This browser had other progress before it opened a progress link.",
        )
