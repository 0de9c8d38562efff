"""Presentation mode: one switch (and ``?present=1`` in the address) that hides
Streamlit's header, toolbar and sidebar and sizes the page's type for a projector.

The card table sizes itself (its model's ``"size": "projector"``); this module only
hides the chrome around it and enlarges the page's own text. Only a ``<style>``: it
takes no room on the page.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.shell.url_state import sync_params

__all__ = ["PRESENTATION_CSS", "PRESENT_PARAMETER", "presentation_switch"]

PRESENT_PARAMETER = "present"
PRESENTATION_CSS = """<style>
[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"],
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stStatusWidget"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding: 0.75rem 1.5rem 1rem; max-width: 100%; }
[data-testid="stMain"] { font-size: 1.2rem; }
[data-testid="stMain"] h1 { font-size: 1.9rem; }
[data-testid="stMain"] .stButton button p,
[data-testid="stMain"] [data-testid="stPopover"] button p,
[data-testid="stMain"] [data-testid="stWidgetLabel"] p { font-size: 1.1rem; }
.st-key-teach-reason p { font-size: 1.6rem !important; line-height: 1.3; }
</style>"""


def presentation_switch(key: str) -> bool:
    """The switch, started from ``?present=1`` and kept in the address; when on, the page
    is dressed for a projector. Returns whether it is on."""
    if key not in st.session_state:
        value = st.query_params.get(PRESENT_PARAMETER)
        st.session_state[key] = value == "1"
    on = st.toggle(
        "Presentation mode",
        key=key,
        help="Hide the sidebar and menus, and draw the table and the reasons "
        "large for a projector. The arrow keys (or a clicker's Page Up / "
        "Page Down) step through the hand.",
    )
    sync_params({PRESENT_PARAMETER: "1" if on else None})
    if on:
        st.html(PRESENTATION_CSS)
    return on
