"""A tab reloads itself after its server restarts, instead of showing a raw error.

While the server restarts, a tab that needs a part of Streamlit's page it has not loaded
yet (each kind of element's code is loaded when first drawn) cannot fetch it, and
Streamlit shows "TypeError: Failed to fetch dynamically imported module" in its place.
Such a failed load stays failed in that tab: only a reload mends it. The router calls
``reload_after_restart()`` on every run: a small script (``reload_after_restart.js``,
run in the page by ``st.html``) listens for Vite's ``vite:preloadError`` (the event
Streamlit's loader fires when such a load fails), says in words that the page will
reload, polls ``/_stcore/health`` and reloads the page once the server answers. Every
place a learner is in is kept in the address or the progress store, so the reload
loses nothing. It installs itself once per browser tab.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

SCRIPT = (Path(__file__).resolve().parent / "reload_after_restart.js").read_text("utf-8")


def reload_after_restart() -> None:
    """Run the script; it draws nothing, and its slot is hidden (no gap)."""
    st.html(
        "<style>.stElementContainer:has(#euchre-reload) { display: none; }</style>"
        f'<script id="euchre-reload">{SCRIPT}</script>',
        unsafe_allow_javascript=True,
    )
