"""One browser history entry per page visit, so Back goes to the previous page.

Streamlit 1.67's browser side turns every change of the address into a new history
entry: ``handlePageInfoChanged`` calls ``history.pushState`` for each
``st.query_params`` write unless the rerun came from Back or Forward, and a page's
first run writes its query string while the address still shows the old page's path
(the path changes last). So a page that keeps a choice in its address (?trump=S,
?rules=pagat, ?hand=...) left entries behind, and Back seemed to do nothing: the page
kept the choice in its session and wrote it again.

The router calls ``one_entry_per_page()`` on every run: a small script (``history.js``,
run in the page itself by ``st.html``) makes a push that keeps the page replace the
current entry, and a push to another page restore the old entry's address first.
Choices still reach the address (a link shares them); they just are not places to go
Back to. It installs itself once per browser tab and changes nothing else.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

SCRIPT = (Path(__file__).resolve().parent / "history.js").read_text("utf-8")


def one_entry_per_page() -> None:
    """Run the history script; it draws nothing, and its slot is hidden (no gap)."""
    st.html(
        "<style>.stElementContainer:has(#euchre-history) { display: none; }</style>"
        f'<script id="euchre-history">{SCRIPT}</script>',
        unsafe_allow_javascript=True,
    )
