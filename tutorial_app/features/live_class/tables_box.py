"""The teacher's tables (issue 23): seat the class at tables of four (in join order or
at random; partners opposite; bots in the empty seats), the rules and whether hints are
allowed; then every table at a glance (score, whose turn, the trick on the table),
refreshed every few seconds, with pause, resume and end for all; after the games, the
last tables' hands in Teach and each learner's decisions graded."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from engine import PRESET_NAMES, PRESETS, HandRecord
from tutorial_app.card_table.table_model import turn_words
from tutorial_app.features.live_class.keys import (
    TABLE_BOTS,
    TABLE_HINTS,
    TABLE_HOW,
    TABLE_PER,
    TABLE_RESEAT_ASK,
    TABLE_REVIEW_OF,
    TABLE_RULES,
    TABLE_SEATING,
    TABLES_END_ASKED,
    TABLES_ENDED_HERE,
    TABLES_PROBLEM,
)
from tutorial_app.features.live_class.table_seat import bot_move
from tutorial_app.mistakes.review_rows import learner_summary
from tutorial_app.mistakes.review_view import show_decisions
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import app_page_url
from tutorial_app.store import (
    ClassError,
    ClassRuns,
    ClassTables,
    StoreUnavailable,
    TableError,
    TableReviews,
    TableView,
    seating_plan,
)

__all__ = ["OVERVIEW_SECONDS", "hand_links", "table_line", "tables_box", "tables_playing"]

OVERVIEW_SECONDS = 2.0  # the overview is drawn again this often while tables play
HOW = {"join": "In join order", "random": "At random", "hand": "By hand"}
PER_TABLE = {4: "4", 3: "3", 2: "2, as partners"}
SEAT_LETTERS = ("N", "E", "S", "W")


def plan_from_rows(rows: list[tuple[int, object, object]]) -> list[list[int | None]]:
    """Tables from the teacher's own seating: (member number, table, seat letter) per
    learner; a learner with no table sits out. Raises ValueError naming a clash.

    >>> plan_from_rows([(1, 1, "N"), (2, 1, "S"), (3, 2, "E"), (4, None, None)])
    [[1, None, 2, None], [None, 3, None, None]]
    """
    plan: dict[int, list[int | None]] = {}
    for member, table, seat in rows:
        if table is None or table != table:  # empty (NaN from the editor): sits out
            continue
        if not isinstance(table, int | float) or not 1 <= int(table) <= 25:
            raise ValueError(f"Learner {member}'s table is a number from 1 to 25.")
        if seat not in SEAT_LETTERS:
            raise ValueError(f"Learner {member} needs a seat: N, E, S or W.")
        seats = plan.setdefault(int(table), [None] * 4)
        place = SEAT_LETTERS.index(str(seat))
        if seats[place] is not None:
            raise ValueError(f"Table {int(table)} has two learners at {seat}.")
        seats[place] = member
    if not plan:
        raise ValueError("Give at least one learner a table and a seat.")
    return [plan.get(number, [None] * 4) for number in range(1, max(plan) + 1)]


def table_line(view: TableView) -> str:
    """One table at a glance: who sits where, the score, whose turn (a learner by name:
    "Ben (East) to play"), the trick."""
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
    elif view.ended:
        now = f"ended after {len(state.finished)} hand{'s' * (len(state.finished) != 1)}"
    else:
        turn = state.hand.turn
        trick = " ".join(f"{card.label} ({seat.value})" for seat, card in state.hand.trick)
        name = view.seats[turn] if turn else None
        who = (
            "—" if turn is None else (f"{markdown_text(name)} ({turn.word})" if name else turn.word)
        )
        now = f"{who} {turn_words(state.hand.phase)}" + (
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


def _seat_class(classes: ClassRuns, code: str, key: str, by_hand: list | None = None) -> None:
    st.session_state.pop(TABLE_RESEAT_ASK, None)
    st.session_state.pop(TABLES_ENDED_HERE, None)
    tables = ClassTables(classes.store)
    try:
        members = classes.member_names(code)
        how = st.session_state.get(TABLE_HOW, "join")
        if how == "hand" and by_hand is not None:
            plan = plan_from_rows(by_hand)
        else:
            plan = seating_plan(
                range(1, len(members) + 1),
                "random" if how == "random" else "join",
                per_table=st.session_state.get(TABLE_PER) or 4,
            )
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


def seating_editor(classes: ClassRuns, code: str) -> list[tuple[int, object, object]] | None:
    """The teacher's own seating: each learner's table and seat (join order to begin)."""
    try:
        names = classes.member_names(code)
    except (ClassError, StoreUnavailable) as error:
        st.warning(markdown_text(error.message))
        return None
    plan = seating_plan(
        range(1, len(names) + 1), "join", per_table=st.session_state.get(TABLE_PER) or 4
    )
    where = {
        m: (t + 1, SEAT_LETTERS[s])
        for t, seats in enumerate(plan)
        for s, m in enumerate(seats)
        if m
    }
    frame = pd.DataFrame(
        {
            "Learner": names,
            "Table": [where[n][0] for n in range(1, len(names) + 1)],
            "Seat": [where[n][1] for n in range(1, len(names) + 1)],
        }
    )
    edited = st.data_editor(
        frame,
        key=TABLE_SEATING,
        hide_index=True,
        disabled=["Learner"],
        column_config={
            "Table": st.column_config.NumberColumn("Table", min_value=1, max_value=25, step=1),
            "Seat": st.column_config.SelectboxColumn("Seat", options=list(SEAT_LETTERS)),
        },
    )
    st.caption("Partners sit opposite: N with S, E with W. Leave a table empty to sit out.")
    return [
        (number, row["Table"], row["Seat"]) for number, (_, row) in enumerate(edited.iterrows(), 1)
    ]


def tables_playing(classes: ClassRuns, code: str, key: str) -> int:
    """How many tables play now (0 when that cannot be read: the last games' box then
    says why). Read once a page run: each open table's game is replayed to count it."""
    try:
        return len(ClassTables(classes.store).overview(code, key))
    except (ClassError, StoreUnavailable, TableError):
        return 0


def tables_box(classes: ClassRuns, code: str, key: str, open_: bool, games: int) -> None:
    """Seat the class at tables, and the tables' overview (``games``: how many tables
    play, from ``tables_playing``): open while they play (the teacher's page then draws
    it first)."""
    playing = games > 0
    # Open while the tables play, and after this page ended them (their results).
    expanded = playing or bool(st.session_state.get(TABLES_ENDED_HERE))
    with st.expander("Tables of four", icon=":material/table_restaurant:", expanded=expanded):
        if open_:
            left, middle, right = st.columns([3, 2, 2])  # the three ways to seat need room
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
            size, hints = st.columns([3, 4], vertical_alignment="bottom")
            size.segmented_control(
                "Learners at a table",
                [4, 3, 2],
                format_func=PER_TABLE.__getitem__,
                key=TABLE_PER,
                default=4,
                help="At most this many learners a table, spread evenly so that nobody "
                "plays alone with bots; bots take the other seats. Two learners at a "
                "table sit as partners.",
            )
            hints.toggle("Hints allowed", key=TABLE_HINTS, value=True)
            by_hand = (
                seating_editor(classes, code) if st.session_state.get(TABLE_HOW) == "hand" else None
            )
        if open_:
            seat_button(classes, code, key, by_hand, games)
            problem = st.session_state.pop(TABLES_PROBLEM, None)
            if problem:
                st.warning(markdown_text(problem))
        if games:
            # Drawn again every few seconds only while tables play (an idle class costs
            # nothing).
            st.fragment(tables_overview, run_every=OVERVIEW_SECONDS)(classes, code, key)
        else:
            last_games(classes, code, key)
            graded_decisions(classes, code, key)


def seat_button(
    classes: ClassRuns, code: str, key: str, by_hand: list | None, playing: int
) -> None:
    """Seat the class; while tables play, only once the teacher says the games may end
    (one click must not end a room's games)."""
    if not playing:
        st.session_state.pop(TABLE_RESEAT_ASK, None)
        st.button(
            "Seat the class at tables",
            key="tables-make",
            icon=":material/table_restaurant:",
            on_click=_seat_class,
            args=(classes, code, key, by_hand),
            help="Tables of four, partners opposite; a bot takes each empty seat.",
        )
        return
    if not st.session_state.get(TABLE_RESEAT_ASK):
        st.button(
            "Seat the class again",
            key="tables-make",
            icon=":material/table_restaurant:",
            on_click=lambda: st.session_state.update({TABLE_RESEAT_ASK: True}),
            help="New tables for everyone who has joined, late joiners too. You are asked "
            "first: the games in play end.",
        )
        return
    games = "the game" if playing == 1 else f"the {playing} games"
    st.warning(
        f"Seating again ends {games} in play and starts new ones.",
        icon=":material/warning:",
    )
    yes, no, _ = st.columns([3, 2, 3])
    yes.button(
        "End them and seat again",
        key="tables-make-confirm",
        type="primary",
        icon=":material/table_restaurant:",
        on_click=_seat_class,
        args=(classes, code, key, by_hand),
    )
    no.button(
        "Keep playing",
        key="tables-make-cancel",
        on_click=lambda: st.session_state.pop(TABLE_RESEAT_ASK, None),
    )


def last_games(classes: ClassRuns, code: str, key: str) -> None:
    """After the games: the last seating's tables, their scores and hands in Teach."""
    try:
        views = ClassTables(classes.store).last_seating(code, key)
    except (ClassError, StoreUnavailable, TableError) as error:
        st.warning(markdown_text(error.message))
        return
    if not views:
        st.caption("No tables yet: seat the class, and each learner's screen shows their table.")
        return
    st.markdown("**The last games**")
    for view in views:
        st.markdown(table_line(view))
        if links := hand_links(view, lambda query: app_page_url("teach", query)):
            st.caption(links)


def graded_decisions(classes: ClassRuns, code: str, key: str) -> None:
    """Each learner's decisions at the tables, graded as Play's review grades them (the
    worker pool grades a hand once it is over)."""
    try:
        reviews = TableReviews(classes.store).of_class(code, key)
    except (ClassError, StoreUnavailable) as error:
        st.warning(markdown_text(error.message))
        return
    if not reviews:
        return
    st.markdown("**Each learner's decisions, graded** (as in Play's review)")
    st.dataframe(learner_summary(reviews), hide_index=True)
    names = sorted({review.name for review in reviews if review.name})
    who = st.selectbox(
        "One learner's decisions", names, index=None, key=TABLE_REVIEW_OF, placeholder="Choose"
    )
    for review in (r for r in reviews if who and r.name == who):
        st.caption(f"Table {review.table}, hand {review.hand + 1}, {review.seat.word}")
        show_decisions(
            review.decisions, f"{review.table}-{review.hand}-{review.seat.value}", summary=False
        )


def _end_games(tables: ClassTables, code: str, key: str) -> None:
    st.session_state.pop(TABLES_END_ASKED, None)
    tables.end_all(code, key)
    st.session_state[TABLES_ENDED_HERE] = True  # their results stay open on this page


def _ask_to_end(asked: bool) -> None:
    st.session_state[TABLES_END_ASKED] = asked


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
    try:
        waiting = tables.unseated(code, key)
    except (ClassError, StoreUnavailable):
        waiting = []
    if waiting:
        st.info(
            f"Not at a table: {markdown_text(', '.join(waiting))}. They answer your questions "
            "meanwhile. To seat them, seat the class again (the games in play end).",
            icon=":material/person_add:",
        )
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
                help="The projector view shows this table with the reason for each "
                "move, until you take it off: its hands face down while they are "
                "played (its players see the wall too), every card once a hand is over.",
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
    if not st.session_state.get(TABLES_END_ASKED):
        right.button(
            "End the games",
            key="tables-end",
            icon=":material/stop_circle:",
            on_click=_ask_to_end,
            args=(True,),
        )
    else:  # one click must not end every table's game: it cannot be undone
        st.warning(
            "End every table's game now? Hands in play stop where they are; the hands "
            "played so far stay in the report. This cannot be undone.",
            icon=":material/warning:",
        )
        with st.container(horizontal=True, gap="small"):
            st.button("Keep playing", key="tables-end-no", on_click=_ask_to_end, args=(False,))
            st.button(
                "Yes, end the games",
                key="tables-end-yes",
                type="primary",
                on_click=_end_games,
                args=(tables, code, key),
            )
    graded_decisions(classes, code, key)  # here, so each graded hand shows as it comes
