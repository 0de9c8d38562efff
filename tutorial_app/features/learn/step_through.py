"""Step through a lesson's hand record on the card table, one action at a time.

The ◀ ▶ controls are the table's own buttons, right under the cards they change, and
the engine's reason for the last action is the table's message between the two: the
button and its result are always on screen together. A finished trick stays in the
middle until the next card is played, and the last one stays when the hand is over.

The position lives in ``st.session_state[POSITION(key)]``; ``step_move`` moves it, for
the component's callback and for AppTest tests alike. A button's id names the move
and where it was pressed ("next-3": from 3 to 4), so a double click moves one step and
quick clicks on a fresh button each count.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

import streamlit as st

from engine import (
    Do,
    HandRecord,
    HandState,
    apply,
    explain_action,
    explain_result,
    explain_trick,
    new_hand,
)
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.model_types import TableModel
from tutorial_app.card_table.move_words import action_words
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.features.learn.keys import POSITION

__all__ = ["BACK", "NEXT", "button_id", "step_model", "step_move", "step_through"]

BACK, NEXT = "back", "next"


def button_id(move: str, position: int) -> str:
    """The id of ◀ (``BACK``) or ▶ (``NEXT``) pressed at ``position``: "next-3"."""
    return f"{move}-{position}"


def step_move(session: MutableMapping, key: str, count: int, ident: str) -> int:
    """A click on ◀ or ▶ (``button_id``): the new position, kept within 0..count. An id
    that names no move, or a position not shown, changes nothing."""
    move, _, at = ident.partition("-")
    position = int(session.get(POSITION(key), 0))
    if move in (BACK, NEXT) and at.isdigit() and int(at) == position:
        position = min(max(position + (1 if move == NEXT else -1), 0), count)
    session[POSITION(key)] = position
    return position


def _states(
    record: HandRecord, actions: Sequence, base_index: int, position: int
) -> tuple[HandState, HandState]:
    """(before the last action shown, after it)."""
    state = new_hand(record.rules, record.deal)
    for seat, action in record.actions[:base_index]:
        state = apply(state, action, seat)
    before = state
    for seat, action in actions[:position]:
        before = state
        state = apply(state, action, seat)
    return before, state


def step_model(
    record: HandRecord,
    actions: Sequence,
    base_index: int,
    noun: str,
    position: int,
    hide: frozenset[str] = frozenset(),
) -> TableModel:
    """The table after ``position`` of ``actions`` (the record's, from ``base_index``),
    with the engine's reason for the last one and the ◀ ▶ buttons."""
    count = len(actions)
    before, state = _states(record, actions, base_index, position)
    if position:
        seat, action = actions[position - 1]
        title = f"{noun.capitalize()} {position} of {count}: {action_words(seat, action, before)}."
        words = [explain_action(before, action)]
        if action.do is Do.PLAY and len(state.tricks) > len(before.tricks):
            words.append(explain_trick(state.tricks[-1], state.trump_suit))
        if state.is_over:
            words.append(explain_result(state))
        text = " ".join(words)
    else:
        title = None
        text = f"Press “Next {noun} ▶” to see what happens, one {noun} at a time."
    options = TableOptions(
        hide=hide,
        hold_last_trick=True,
        keep_bidding=True,
        cards_clickable=False,
        actions=(),
        buttons_after=(
            {
                "id": button_id(BACK, position),
                "label": f"◀ Back a {noun}",
                "disabled": position == 0,
            },
            {
                "id": button_id(NEXT, position),
                "label": f"Next {noun} ▶",
                "primary": True,
                "disabled": position == count,
            },
        ),
        message=table_message(text, "success" if position else "info", title),
        actions_by_hand=True,
    )
    return table_model(state, options)


def step_through(
    record: HandRecord,
    key: str,
    actions: Sequence,
    base_index: int,
    noun: str,
    *,
    hide: frozenset[str] = frozenset(),
) -> None:
    """Draw the stepper for ``actions`` (``key`` names this step's position)."""
    count = len(actions)
    position = min(int(st.session_state.get(POSITION(key), 0)), count)
    st.session_state[POSITION(key)] = position
    card_table(
        step_model(record, actions, base_index, noun, position, hide),
        key=f"{key}-table",
        on_action=lambda ident: step_move(st.session_state, key, count, ident),
    )
