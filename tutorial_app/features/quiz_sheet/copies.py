"""The "one copy per learner" part of the Print page: the learners' names (or a number
of copies), a quiz number for each copy, and a download of every copy with all the
answer keys at the end of the same file.

The file is made when the teacher clicks the download (Streamlit's deferred download,
run in a thread of its own): forty copies take a second to build, too long for every
rerun of the page."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutorial_app.features.quiz_sheet.keys import SHEET_COPIES
from tutorial_app.features.quiz_sheet.sheet import Copy, copies_sheet_html
from tutorial_app.features.quiz_sheet.sources import SeededSet, copy_seeds
from tutorial_app.limits.numbers import BoundError
from tutorial_app.limits.print_copies import (
    MAX_COPIES,
    NAMES_MAX_CHARS,
    copy_count,
    learner_names,
)
from tutorial_app.shell.markdown_text import markdown_text

__all__ = ["copies_form", "copies_html"]


def copies_html(seeded: SeededSet, plan: list[tuple[str | None, int]], title: str) -> str:
    """The file of copies: one per (name, seed) of ``plan``, then their keys."""
    return copies_sheet_html(
        [Copy(name, seeded.origin(seed), seeded.questions(seed)) for name, seed in plan], title
    )


def copies_form(seeded: SeededSet, first_seed: int, title: str, names_at: DeltaGenerator) -> None:
    """The names (in ``names_at``) or the number of copies, and the download of them all."""
    names_text = names_at.text_area(
        "Learners' names, one a line (or none, for numbered copies)",
        key="sheet-names",
        height=110,
        max_chars=NAMES_MAX_CHARS,
    )
    try:
        names: list[str | None] = list(learner_names(names_text or ""))
        if not names:
            count = names_at.number_input(
                "Numbered copies", 1, MAX_COPIES, value=min(30, MAX_COPIES), key="sheet-count"
            )
            names = [None] * copy_count(int(count))
    except BoundError as error:
        st.error(markdown_text(str(error)))
        return
    seeds = copy_seeds(first_seed, len(names))
    plan = list(zip(names, seeds, strict=True))
    st.session_state[SHEET_COPIES] = plan  # what the download will hold, for tests
    st.download_button(
        f"Download {len(plan)} copies and their answer keys (HTML)",
        lambda: copies_html(seeded, plan, title),
        file_name="euchre-quiz-copies.html",
        mime="text/html",
        key="sheet-copies-download",
        type="primary",
        icon=":material/download:",
        on_click="ignore",
    )
    last = f", up to {seeds[-1]:,}" if len(seeds) > 1 else ""
    st.caption(
        f"Each copy has a quiz number of its own (the first {seeds[0]:,}{last}), so "
        "no two learners get the same questions; the number is printed on the copy, "
        "and a quiz link with it opens the same quiz. The answer keys of all the "
        "copies come at the end of the file, in the same order. Print it from a "
        "browser (“Save as PDF” makes a PDF)."
    )
