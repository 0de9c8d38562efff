"""The teacher's grid of the class: who answered what on which question (✓ right, ✗
wrong, — no answer), the questions most missed first with the answer and the engine's
reason, as a CSV and as a page to print, and the leaderboard switch. Each is built
from one read of the class (``ClassRuns.grid``); a download reads it again when pressed.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.features.live_class.class_report import (
    grid_csv,
    grid_frame,
    missed_words,
    mistake_kinds,
    mistakes_sheet,
    most_missed,
    printable_report,
)
from tutorial_app.features.live_class.set_controls import leaderboard_switch
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import ClassError, ClassRuns, StoreUnavailable

__all__ = ["grid_box", "mistakes_box"]


def grid_box(classes: ClassRuns, code: str, key: str, open_: bool) -> None:
    """The grid, the most missed questions, the downloads and the leaderboard."""
    with st.expander("Who answered what", expanded=not open_, icon=":material/grid_on:"):
        try:
            grid = classes.grid(code, key)
        except (ClassError, StoreUnavailable) as error:
            st.warning(markdown_text(error.message))
            return
        leaderboard_switch(classes, code, key)
        if not grid.questions or not grid.learners:
            st.caption("The grid fills in as learners answer your questions.")
            return
        st.dataframe(grid_frame(grid), key="class-grid")
        left, right = st.columns(2)
        left.download_button(
            "Download the grid (CSV)",
            lambda: grid_csv(classes.grid(code, key)),
            file_name=f"class-{code}-answers.csv",
            mime="text/csv",
            key="class-download-grid",
            on_click="ignore",  # no rerun: it would revoke the file being fetched
        )
        right.download_button(
            "Download a page to print",
            lambda: printable_report(code, classes.grid(code, key)),
            file_name=f"class-{code}-report.html",
            mime="text/html",
            key="class-download-print",
            on_click="ignore",
        )
        st.markdown("**The questions most missed first**")
        with st.container(key="class-most-missed"):
            for item in most_missed(grid):
                st.markdown(
                    f"**Question {item.position}** · {missed_words(item, len(grid.learners))}"
                    f"  \n{markdown_text(item.prompt)}"
                    + (
                        f"  \nRight answer: **{markdown_text(item.answer)}**. "
                        f"{markdown_text(item.reason)}"
                        if item.revealed
                        else ""
                    )
                )


def mistakes_box(classes: ClassRuns, code: str, key: str) -> None:
    """The learners' own mistakes while the class ran (Play and guided hands), by kind of
    decision, the most made first, with a page to print."""
    with st.expander("Mistakes in the learners' own games", icon=":material/psychology_alt:"):
        try:
            kinds = mistake_kinds(classes.mistakes(code, key))
        except (ClassError, StoreUnavailable) as error:
            st.warning(markdown_text(error.message))
            return
        if not kinds:
            st.caption(
                "When your learners play hands (Play, guided hands) while the class runs, "
                "the mistakes the review finds are counted here by kind of decision."
            )
            return
        st.dataframe(
            [
                {
                    "Kind of decision": kind.words,
                    "Mistakes": kind.count,
                    "Learners": kind.learners,
                    "Most often": f"{kind.example} ({kind.example_count}×)",
                }
                for kind in kinds
            ],
            hide_index=True,
            key="class-mistakes",
        )
        st.download_button(
            "Download the common mistakes to print",
            lambda: mistakes_sheet(code, mistake_kinds(classes.mistakes(code, key))),
            file_name=f"class-{code}-mistakes.html",
            mime="text/html",
            key="class-download-mistakes",
            on_click="ignore",
        )
