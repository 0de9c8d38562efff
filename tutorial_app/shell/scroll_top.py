"""Bring the top of the page back into view when what it shows there has changed.

A teacher who presses a button far down the live-class page (a set's "Use this set")
or whose page shrinks above them (the join code folds away once a question is asked)
is left looking at the middle of the page, with the question and its Reveal button
above the screen. ``scroll_to_top_when(token, name)`` runs a small script in the page
(``st.html``): the first time it sees ``name`` it only notes ``token``; each later
time ``token`` has changed, it scrolls the main panel to the top. The token is hashed,
so nothing typed (a set's name) reaches the script.
"""

from __future__ import annotations

import hashlib
import re

import streamlit as st

_SCRIPT = """(() => {{
  const seen = window.__euchreScrollSeen || (window.__euchreScrollSeen = {{}});
  const before = seen["{name}"];
  seen["{name}"] = "{token}";
  if (before === undefined || before === "{token}") return;
  const main = document.querySelector("[data-testid=stMain]");
  if (main) main.scrollTo({{ top: 0, behavior: "instant" }});
  window.scrollTo({{ top: 0, behavior: "instant" }});
}})();"""


def scroll_to_top_when(token: str, name: str) -> None:
    """Scroll to the top of the page when ``token`` differs from the last one this browser
    tab saw under ``name`` (letters, digits and dashes). Draws nothing (no gap)."""
    if not re.fullmatch(r"[a-z0-9-]+", name):
        raise ValueError(f"a scroll name is letters, digits and dashes, not {name!r}")
    digest = hashlib.sha256(token.encode("utf-8")).hexdigest()[:16]
    st.html(
        f"<style>.stElementContainer:has(#euchre-scroll-{name}) {{ display: none; }}</style>"
        f'<script id="euchre-scroll-{name}">{_SCRIPT.format(name=name, token=digest)}</script>',
        unsafe_allow_javascript=True,
    )
