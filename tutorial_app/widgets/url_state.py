"""Widget values kept in the page address, so one link reproduces a view.

Call ``seed_*`` before drawing the widget (with that ``key``) and ``sync_*``
after it. URL values are checked against the allowed ones; anything else is
ignored, so a hand-edited link can never inject a value.
"""

from __future__ import annotations

from typing import Iterable

import streamlit as st


def seed_choice(key: str, allowed: Iterable[str], default: str) -> None:
    """Start the widget ``key`` at ``?key=value`` if that value is allowed."""
    if key not in st.session_state:
        value = st.query_params.get(key)
        st.session_state[key] = value if value in set(allowed) else default


def sync_choice(key: str, value: str, default: str) -> None:
    """Write the widget's value to the address; the default is left out."""
    if value == default:
        if key in st.query_params:
            del st.query_params[key]
    elif st.query_params.get(key) != value:
        st.query_params[key] = value


def seed_flag(key: str) -> None:
    """Start a toggle ``key`` switched on if the address holds ``?key=1``."""
    if key not in st.session_state:
        st.session_state[key] = st.query_params.get(key) == "1"


def sync_flag(key: str, on: bool) -> None:
    sync_choice(key, "1" if on else "0", "0")
