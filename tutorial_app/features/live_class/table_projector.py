"""A class table on the projector (issue 23): the teacher puts one table up ("look at
table 3: why did East trump?"); the projector view then shows it large, with the
engine's reason for each of the last moves. While a hand is played its hands stay face
down (the table's own players see the projector too: face up, it would show each of
them the others' cards); once a hand is over, its last trick and result stay up until
the next hand's first move (face up: a hand thrown in shows every card). It is drawn
again every second while a table is up (one projector per class), and goes back to the
class's questions when the teacher takes it down."""

from __future__ import annotations

import streamlit as st

from engine import GameState, HandState, apply, explain_action, explain_result, new_hand
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.model_types import Message
from tutorial_app.card_table.move_words import action_words
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.features.live_class.table_seat import players
from tutorial_app.features.live_class.tables_box import table_line
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import ClassError, ClassTables, StoreUnavailable, TableError, TableView

__all__ = [
    "PROJECTOR_SECONDS",
    "last_moves",
    "projected_hand",
    "show_projected",
    "show_tables_playing",
]

PROJECTOR_SECONDS = 1.0
MOVES_SHOWN = 4


def last_moves(view: TableView, most: int = MOVES_SHOWN) -> tuple[str, list[str]]:
    """The hand's last moves in words, each with the engine's reason, newest last, and
    a heading: "" for the hand on the table; a hand just dealt has no moves yet, so
    then the last hand's, headed "The last hand ended so:"."""
    state = view.game.replay()
    hand, heading = state.hand, ""
    if (hand is None or not hand.actions) and state.finished:
        hand, heading = state.finished[-1], "The last hand ended so:"
    if hand is None:
        return "", []
    replay = new_hand(hand.rules, hand.deal)
    lines = []
    for seat, action in hand.actions:
        lines.append(f"{action_words(seat, action, replay)}: {explain_action(replay, action)}")
        replay = apply(replay, action, seat)
    return heading, lines[-most:]


def projected_hand(state: GameState) -> tuple[HandState, bool]:
    """The hand the projector shows, and whether face up: the hand being played, face
    down; once it is over (and until the next hand's first move, or after the game) the
    last hand played, face up."""
    hand = state.hand
    if hand is not None and (hand.actions or not state.finished):
        return hand, False
    return state.finished[-1], True


def _projector_message(
    paused: bool, face_up: bool, hand: HandState, finished: int
) -> Message | None:
    """Under the table: paused; a finished hand's result ("Hand 2: East-West made trump
    and took 3 tricks: ..."); else why the hands are face down."""
    if paused:
        return table_message("Paused.", "info")
    if face_up and hand.result is not None:
        return table_message(explain_result(hand), "success", f"Hand {finished}:")
    if face_up:
        return None
    return table_message(
        "The hands stay face down while they are played: its players see this screen too.",
        "info",
    )


def show_projected(tables: ClassTables, code: str, key: str, number: int) -> None:
    """Table ``number``'s game (``projected_hand``); the page runs again when it is
    taken down."""
    view = tables.projected(code, key)
    if view is None or view.number != number:
        st.rerun()  # taken down, or another table put up
    state = view.game.replay()
    st.html(f'<h2 class="pj-table-title">Table {view.number}</h2>')
    hand, face_up = projected_hand(state)
    options = TableOptions(
        teacher=True,
        reveal="all" if face_up else (),
        projector=True,
        hold_last_trick=True,
        keep_bidding=True,
        cards_clickable=False,
        actions=(),
        score=state.scores,
        target=state.rules.target_points,
        message=_projector_message(view.paused, face_up, hand, len(state.finished)),
        players=players(view),
    )
    card_table(table_model(hand, options), key="projected-table")
    heading, lines = last_moves(view)
    # One list, not an element a line: the lines sit close, so the table and its last
    # moves fit the projector's screen.
    listed = "\n".join(f"- {markdown_text(line)}" for line in lines)
    st.markdown(f"{heading}\n\n{listed}" if heading else listed)


def show_tables_playing(tables: ClassTables, code: str, key: str) -> None:
    """While the class plays at tables and none is up: every table's line (who sits
    where, the score, who is to act), not the question the learners no longer see. The
    page runs again when a table is put up or the games end."""
    try:
        views = tables.overview(code, key)
        up = tables.projected(code, key)
    except (ClassError, StoreUnavailable, TableError):
        st.caption("Trying again…")
        return
    if up is not None or not views:
        st.rerun()
    st.html('<p class="pj-prompt">The class is playing at tables.</p>')
    with st.container(key="pj-tables"):
        for view in views:
            st.markdown(table_line(view))
