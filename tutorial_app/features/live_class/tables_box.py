"""The teacher's tables (issue 23): seat the class at tables of four (in join order or
at random; partners opposite; bots in the empty seats), the rules and whether hints are
allowed; then every table at a glance (score, whose turn, the trick on the table),
refreshed every few seconds, with pause, resume and end for all."""

from __future__ import annotations

import streamlit as st

from engine import PRESET_NAMES, PRESETS, HandRecord
from tutorial_app.features.live_class.keys import (
    TABLE_BOTS,
    TABLE_HINTS,
    TABLE_HOW,
    TABLE_RULES,
    TABLES_PROBLEM,
)
from tutorial_app.features.live_class.table_seat import bot_move
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import app_page_url
from tutorial_app.store import (
    ClassError,
    ClassRuns,
    ClassTables,
    StoreUnavailable,
    TableError,
    TableView,
    seating_plan,
)

__all__ = ["OVERVIEW_SECONDS", "hand_links", "table_line", "tables_box"]

OVERVIEW_SECONDS = 2.0  # the overview is drawn again this often while tables play
HOW = {"join": "In join order", "random": "At random"}


def table_line(view: TableView) -> str:
    """One table at a glance: who sits where, the score, whose turn, the trick."""
    state = view.game.replay()
    seats = ", ".join(
        f"{seat.value} {markdown_text(name) if name else 'bot'}"
        + (" (away: a bot plays)" if seat in view.away else "")
        for seat, name in view.seats.items()
    )
    score = f"{state.scores[0]}-{state.scores[1]}"
    if state.hand is None:
        winner = state.winner
        now = f"game over, {winner.word if winner else '?'} win"
    else:
        turn = state.hand.turn
        trick = " ".join(f"{card.label} ({seat.value})" for seat, card in state.hand.trick)
        now = f"{turn.word if turn else '—'} to play" + (
            f"; on the table: {trick}" if trick else ""
        )
    paused = " · paused" if view.paused else ""
    return f"**Table {view.number}** · {seats} · score {score} (N-S to E-W) · {now}{paused}"


def hand_links(view: TableView, teach_url) -> str:
    """The table's finished hands, each a link to Teach at its first move (``teach_url``
    makes the address from the query), in words: "Hands in Teach: 1 · 2"."""
    finished = view.game.replay().finished
    if not finished:
        return ""
    links = " · ".join(
        f"[{number}]({teach_url({'hand': encode_hand(HandRecord.from_state(hand)), 'at': '0'})})"
        for number, hand in enumerate(finished, 1)
    )
    return f"Hands in Teach: {links}"


def _seat_class(classes: ClassRuns, code: str, key: str) -> None:
    tables = ClassTables(classes.store)
    try:
        members = classes.member_names(code)
        plan = seating_plan(range(1, len(members) + 1), st.session_state.get(TABLE_HOW, "join"))
        tables.make_tables(
            code,
            key,
            plan,
            st.session_state.get(TABLE_RULES, "bga"),
            bool(st.session_state.get(TABLE_HINTS, True)),
            st.session_state.get(TABLE_BOTS, "beginner"),
        )
    except (ClassError, StoreUnavailable, ValueError) as error:
        st.session_state[TABLES_PROBLEM] = getattr(error, "message", None) or str(error)


def tables_box(classes: ClassRuns, code: str, key: str, open_: bool) -> None:
    """Seat the class at tables, and the tables' overview."""
    with st.expander("Tables of four", icon=":material/table_restaurant:"):
        if open_:
            left, middle, right = st.columns(3)
            left.segmented_control(
                "Seats", list(HOW), format_func=HOW.__getitem__, key=TABLE_HOW, default="join"
            )
            middle.selectbox(
                "Rules", list(PRESETS), format_func=PRESET_NAMES.__getitem__, key=TABLE_RULES
            )
            right.segmented_control(
                "Bots in empty seats",
                ["beginner", "expert"],
                format_func=str.capitalize,
                key=TABLE_BOTS,
                default="beginner",
            )
            st.toggle("Hints allowed", key=TABLE_HINTS, value=True)
            st.button(
                "Seat the class at tables",
                key="tables-make",
                icon=":material/table_restaurant:",
                on_click=_seat_class,
                args=(classes, code, key),
                help="Tables of four, partners opposite; a bot takes each empty seat. "
                "Tables already playing end.",
            )
            problem = st.session_state.pop(TABLES_PROBLEM, None)
            if problem:
                st.warning(markdown_text(problem))
        try:
            playing = bool(ClassTables(classes.store).overview(code, key))
        except (ClassError, StoreUnavailable, TableError) as error:
            st.warning(markdown_text(error.message))
            return
        if not playing:
            st.caption(
                "No tables yet: seat the class, and each learner's screen shows their table."
            )
            return
        # Drawn again every few seconds only while tables play (an idle class costs nothing).
        st.fragment(tables_overview, run_every=OVERVIEW_SECONDS)(classes, code, key)


def tables_overview(classes: ClassRuns, code: str, key: str) -> None:
    """Every open table at a glance; its bots moved when it is their turn."""
    tables = ClassTables(classes.store)
    try:
        views = tables.overview(code, key)
        if any([bot_move(tables, view) for view in views]):  # every table's bot, then read
            views = tables.overview(code, key)
    except (ClassError, StoreUnavailable, TableError) as error:
        st.warning(markdown_text(error.message))
        return
    if not views:
        st.rerun()  # the games have ended
    try:
        up = tables.projected(code, key)
    except (ClassError, StoreUnavailable, TableError):
        up = None
    for view in views:
        st.markdown(table_line(view))
        if up is not None and up.id == view.id:
            st.button(
                "Take it off the projector",
                key=f"tables-unproject-{view.number}",
                icon=":material/cancel_presentation:",
                on_click=lambda: tables.project(code, key, None),
            )
        else:
            st.button(
                "Show on the projector",
                key=f"tables-project-{view.number}",
                icon=":material/present_to_all:",
                on_click=lambda table=view.id: tables.project(code, key, table),
                help="The projector view shows this table face up, with the reason for "
                "each move, until you take it off.",
            )
        if links := hand_links(view, lambda query: app_page_url("teach", query)):
            st.caption(links)
    paused = any(view.paused for view in views)
    left, right = st.columns(2)
    left.button(
        "Resume all tables" if paused else "Pause all tables",
        key="tables-pause",
        icon=":material/play_arrow:" if paused else ":material/pause:",
        on_click=lambda: tables.pause_all(code, key, not paused),
    )
    right.button(
        "End the games",
        key="tables-end",
        icon=":material/stop_circle:",
        on_click=lambda: tables.end_all(code, key),
    )
