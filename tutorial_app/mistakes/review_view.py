"""The mistakes kit's page side: a hand's graded decisions drawn as Play, a learner's
class table and the teacher's tables box show them. The one module of the kit that
imports Streamlit; the rows themselves are ``review_rows``."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutorial_app.mistakes.review_rows import (
    NOTHING_GRADED,
    grade_meanings,
    review_counts,
    review_frame,
)
from tutorial_app.store import ReviewedDecision

__all__ = ["REVIEW_TABLE_KEY", "show_decisions"]

# The container every review table is drawn in: its style below finds it by this key.
REVIEW_TABLE_KEY = "decision-review"
# On a phone the long "Why" cell takes a line of its own under the four short ones:
# squeezed into a fifth column, one hand's review ran over 2,000 pixels tall.
_ROWS = f'[class*="st-key-{REVIEW_TABLE_KEY}"] tr'
PHONE_STYLE = (
    f"<style>@media (max-width: 640px) {{ {_ROWS} {{ display: grid; "
    "grid-template-columns: 1.25fr 0.8fr 0.95fr 1.25fr; } "
    f"{_ROWS} > :last-child {{ grid-column: 1 / -1; border-top: none; }} }}</style>"
)


def show_decisions(decisions: Sequence[ReviewedDecision], key: str, summary: bool = True) -> None:
    """One hand's graded decisions under ``key`` (unique on the page): with ``summary``,
    how many got each grade and what the grades mean, then the table."""
    with st.container(key=f"{REVIEW_TABLE_KEY}-{key}"):
        st.html(PHONE_STYLE)
        if not decisions:
            st.caption(NOTHING_GRADED)
            return
        if summary:
            st.markdown(review_counts(decisions))
            st.caption(grade_meanings())
        st.table(review_frame(decisions), hide_index=True)
