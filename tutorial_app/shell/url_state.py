"""Widget values kept in the page address, so one link reproduces a view.

The one writer of the address: pages change ``st.query_params`` only through
``sync_params`` (a test holds them to it). ``app_page_url`` is the address of one of the
app's pages on the server this learner uses (``addresses.page_url``).

Call ``seed_*`` before drawing the widget (with that ``key``) and ``sync_*``
after it. URL values are checked against the allowed ones; anything else is
not used (``seed_choice`` returns a note saying so), so a hand-edited link can never
inject a value.

Every change to ``st.query_params`` is a message to the browser, and Streamlit 1.67's
browser side makes each changed address a new history entry (``history.pushState``;
only a rerun caused by Back or Forward replaces the entry). So write only what
changed, several values in one change (``sync_params``), and never the same value
again; ``shell.history`` then keeps one history entry per page visit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import streamlit as st

from tutorial_app.limits.link_numbers import quoted
from tutorial_app.shell.addresses import page_url


def seed_choice(key: str, allowed: Iterable[str], default: str) -> str | None:
    """Start the widget ``key`` at ``?key=value`` if that value is allowed. Returns a
    note for the page when the address held a value that is not (it is not used)."""
    if key in st.session_state:
        return None
    allowed = list(allowed)
    value = st.query_params.get(key)
    st.session_state[key] = value if value in allowed else default
    if value is None or value in allowed:
        return None
    return (
        f"The link's {key}={quoted(value)} is not one this page knows: it takes "
        f"{', '.join(allowed)}. Showing {default}."
    )


def sync_choice(key: str, value: str, default: str) -> None:
    """Write the widget's value to the address; the default is left out."""
    sync_params({key: None if value == default else value})


def seed_flag(key: str) -> None:
    """Start a toggle ``key`` switched on if the address holds ``?key=1``."""
    if key not in st.session_state:
        st.session_state[key] = st.query_params.get(key) == "1"


def sync_flag(key: str, on: bool) -> None:
    sync_choice(key, "1" if on else "0", "0")


def sync_params(values: Mapping[str, str | None]) -> bool:
    """Set these address values (None removes one) in a single change, and only if the
    address does not hold them already; other keys stay. Returns whether it changed."""
    current = st.query_params.to_dict()
    wanted = {key: value for key, value in current.items() if key not in values}
    wanted.update({key: value for key, value in values.items() if value is not None})
    if wanted == current:
        return False
    st.query_params.from_dict(wanted)
    return True


def clear_params() -> bool:
    """Empty the address's query, in one change and only if it has one."""
    return sync_params(dict.fromkeys(st.query_params.to_dict()))


def app_page_url(page: str, query: Mapping[str, str] | None = None) -> str:
    """``addresses.page_url`` on the server this run's learner is using."""
    return page_url(
        page, query, here=st.context.url, base_path=st.get_option("server.baseUrlPath") or ""
    )
