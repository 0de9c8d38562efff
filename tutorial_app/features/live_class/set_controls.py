"""The teacher's set controls on the live class page: choose a prepared set (one of this
browser's, or one shared by its link), step through it ("Next question in the set"),
a timer for a question asked by hand, and the class leaderboard switch (the time left is
the page's watcher's: ``class_watch``).

The timer is kept in the store as the question's deadline: every page's poll reveals a
question whose time is up (``LiveClasses.reveal_when_due``), so the reveal comes by
itself even with no teacher page open; the teacher may still reveal earlier."""

from __future__ import annotations

import streamlit as st

from tutorial_app.features.live_class.class_view import attempt, request
from tutorial_app.features.live_class.keys import CLASS_SET, CLASS_SET_LINK, LEADERBOARD, PUSH_TIMER
from tutorial_app.learner.current import current_token
from tutorial_app.limits.question_sets import TIMER_CHOICES, share_code_in
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import (
    ClassError,
    ClassRuns,
    QuestionSet,
    Reason,
    StoreUnavailable,
    open_question_sets,
)

__all__ = [
    "set_box",
    "next_in_set",
    "push_timer",
    "leaderboard_switch",
    "leaderboard_table",
]

SETS_PAGE_PATH = "features/live_class/sets_page.py"


def timer_words(seconds: int | None, in_a_sentence: bool = False) -> str:
    """ "No timer: I reveal" or "30 seconds"; ``in_a_sentence``, inside a sentence.

    >>> timer_words(None, in_a_sentence=True), timer_words(30, in_a_sentence=True)
    ('no timer: I reveal', '30 seconds')
    """
    words = "No timer: I reveal" if seconds is None else f"{seconds} seconds"
    return words[:1].lower() + words[1:] if in_a_sentence else words


def push_timer() -> int | None:
    """The timer of a question asked by hand (None: the teacher reveals)."""
    return st.selectbox("Timer", TIMER_CHOICES, key=PUSH_TIMER, format_func=timer_words)


def _chosen_set(token: str) -> QuestionSet | None:
    """The set chosen (a shared link first, else one of this browser's), or None."""
    sets = open_question_sets()
    code = share_code_in(st.session_state.get(CLASS_SET_LINK, ""))
    if code is not None:
        return sets.shared(code)
    chosen = st.session_state.get(CLASS_SET)
    return next((kept for kept in sets.mine(token) if kept.id == chosen), None)


def set_box(classes: ClassRuns, code: str, key: str) -> None:
    """Choose the class's set: one of this browser's, or a shared set's link."""
    token = current_token()
    try:
        mine = open_question_sets().mine(token)
        progress = classes.set_progress(code)
    except (ClassError, StoreUnavailable, ValueError) as error:
        st.warning(markdown_text(getattr(error, "message", str(error))))
        return
    with st.expander(
        "Question set" if progress is None else f"Question set: {progress.name}",
        expanded=progress is None and bool(mine),
        icon=":material/playlist_play:",
    ):
        if mine:
            names = {kept.id: kept for kept in mine}
            st.selectbox(
                "One of your sets",
                list(names),
                key=CLASS_SET,
                format_func=lambda i: (
                    f"{names[i].name} ({len(names[i].sources)} questions, "
                    f"{timer_words(names[i].timer, in_a_sentence=True)})"
                ),
            )
        st.text_input("Or paste a set's share link", key=CLASS_SET_LINK, max_chars=400)

        def use() -> None:
            def start() -> None:
                found = _chosen_set(token)
                if found is None:
                    raise ClassError(Reason.NO_SET, "Choose a set, or paste a set's share link.")
                classes.use_set(code, key, found.name, found.sources, found.timer)

            attempt(start)

        st.button("Use this set", key="class-use-set-button", on_click=use)
        st.page_link(SETS_PAGE_PATH, label="Prepare a set", icon=":material/playlist_add:")


def next_in_set(classes: ClassRuns, code: str, key: str) -> None:
    """ "Next question in the set (n of N)", while the class has a set to run through."""
    try:
        progress = classes.set_progress(code)
    except (ClassError, StoreUnavailable) as error:
        not_read("the set's next question", error, "set")
        return
    if progress is None:
        return
    if progress.done:
        st.caption(f"Set {progress.name}: all {progress.total} questions asked.")
        return
    st.button(
        f"Next question in the set ({progress.asked + 1} of {progress.total})",
        key="class-next-in-set",
        type="primary",
        icon=":material/skip_next:",
        # the count seen: a second press of the same button asks nothing more
        on_click=lambda: request(lambda: classes.push_next(code, key, asked=progress.asked)),
    )


def leaderboard_switch(classes: ClassRuns, code: str, key: str) -> None:
    """The switch (off by default) and, when on, the leaderboard."""
    try:
        on = classes.leaderboard_on(code)
    except (ClassError, StoreUnavailable) as error:
        not_read("the leaderboard switch", error, "leaderboard-switch")
        return
    st.session_state[LEADERBOARD] = on

    def switched() -> None:
        wanted = bool(st.session_state.get(LEADERBOARD))
        request(lambda: classes.show_leaderboard(code, key, wanted))

    st.toggle("Show the class leaderboard", key=LEADERBOARD, on_change=switched)
    if on:
        leaderboard_table(classes, code)


def leaderboard_table(classes: ClassRuns, code: str) -> None:
    """The leaderboard, when the teacher has switched it on (names escaped)."""
    try:
        board = classes.leaderboard(code)
    except (ClassError, StoreUnavailable) as error:
        not_read("the leaderboard", error, "leaderboard")
        return
    if board:
        st.markdown(
            "**Leaderboard**  \n"
            + "  \n".join(
                f"{place}. {markdown_text(name)}: {right} right"
                for place, (name, right) in enumerate(board, 1)
            )
        )


def not_read(what: str, error: ClassError | StoreUnavailable, key: str) -> None:
    """A control that could not be read says so, with a button that reads it again (the
    page's watcher reruns only the count, so a control gone quiet would stay gone)."""
    st.warning(
        f"Cannot show {what} now: {markdown_text(error.message)}", icon=":material/sync_problem:"
    )
    st.button("Try again", key=f"class-retry-{key}", icon=":material/refresh:")
