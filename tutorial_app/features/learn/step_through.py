"""A lesson's step-through on the card table: it plays itself, or goes a move at a time.

The controls are the table's own buttons, right under the cards they change: ◀ Back,
▶ Play / ⏸ Pause, Next ▶, ⏭ End and, on a walk through a hand, a jump to the bidding's
end or to any trick's end ("Trick 3": its four cards on the table, its winner named).
The engine's words for the position shown are the table's message, between the cards
and the buttons. A finished trick stays in the middle until the next lead.

Playing, the walk stays at each position as long as ``walk.seconds_at`` says (its words'
reading time), then moves on by itself: the table is a fragment that reruns every
``TICK_SECONDS`` while playing, and is no fragment at all otherwise, so nothing runs on
a step nobody plays. Starting or stopping reruns the page once, to start or drop the
timer.

The position lives in ``st.session_state[POSITION(key)]`` and the step playing, with
the time its position was shown, in ``st.session_state[WALKING]``; ``step_move`` and
``tick`` change them, for the component's callback and for AppTest tests alike. A
button's id names the move and where it was pressed ("next-3": from 3 to 4;
"jump-8-3": from 3 to 8), so a double click moves once.
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping

import streamlit as st

from lessons.loader import Step
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.model_types import Button, TableModel
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.features.learn.keys import POSITION, WALKING
from tutorial_app.features.learn.walk import Walk, chapters, message, seconds_at, states, walk_of

__all__ = [
    "BACK",
    "END",
    "JUMP",
    "NEXT",
    "PAUSE",
    "PLAY",
    "TICK_SECONDS",
    "button_id",
    "is_playing",
    "step_model",
    "step_move",
    "step_through",
    "tick",
]

BACK, NEXT, PLAY, PAUSE, END, JUMP = "back", "next", "play", "pause", "end", "jump"
TICK_SECONDS = 0.4  # how often a playing walk looks whether its next move is due


def button_id(move: str, position: int, target: int | None = None) -> str:
    """The id of a button pressed at ``position``: "next-3", "jump-8-3" (to 8)."""
    return f"{move}-{position}" if target is None else f"{move}-{target}-{position}"


def is_playing(session: MutableMapping, key: str) -> bool:
    walking = session.get(WALKING)
    return walking is not None and walking[0] == key


def step_move(
    session: MutableMapping, key: str, walk: Walk, ident: str, now: float | None = None
) -> int:
    """A click on one of the walk's buttons (``button_id``): the new position, within
    0..count. ▶ Play plays from here (at the end, from where the step opens); any other
    button stops playing, and moves if it was drawn for the position shown."""
    now = time.monotonic() if now is None else now
    position = int(session.get(POSITION(key), walk.start))
    if "-" not in ident:  # no button's id
        return position
    move, *target, at = ident.split("-")
    if move in (BACK, NEXT, END, JUMP, PAUSE) and is_playing(session, key):
        session[WALKING] = None  # even from a button drawn a move ago
    if not at.isdigit() or int(at) != position or len(target) > 1:
        return position
    if move == PLAY:  # at the end: again from where the step opens (a finished table: 0)
        if position >= walk.count:
            position = walk.start if walk.start < walk.count else 0
        session[WALKING] = (key, now)
    else:
        if move == BACK:
            position -= 1
        elif move == NEXT:
            position += 1
        elif move == END:
            position = walk.count
        elif move == JUMP and target and target[0].isdigit():
            position = int(target[0])
    session[POSITION(key)] = min(max(position, 0), walk.count)
    return session[POSITION(key)]


def tick(session: MutableMapping, key: str, walk: Walk, now: float) -> bool:
    """A timer's rerun while ``key`` plays: on to the next position once the one shown
    has stayed its time (``seconds_at``), stopping at the end. Returns whether it moved."""
    if not is_playing(session, key):
        return False
    position = int(session.get(POSITION(key), walk.start))
    shown_since = session[WALKING][1]
    if position < walk.count and now - shown_since < seconds_at(walk, position) - 0.1:
        return False
    position = min(position + 1, walk.count)
    session[POSITION(key)] = position
    session[WALKING] = (key, now) if position < walk.count else None
    return True


def _buttons(walk: Walk, position: int, playing: bool) -> tuple[Button, ...]:
    at_end = position >= walk.count
    play: Button = (
        {"id": button_id(PAUSE, position), "label": "⏸ Pause", "primary": True}
        if playing
        else {
            "id": button_id(PLAY, position),
            "label": "↻ Play again" if at_end else "▶ Play",
            "primary": True,
        }
    )
    buttons: list[Button] = [
        {"id": button_id(BACK, position), "label": "◀ Back", "disabled": position == 0},
        play,
        {"id": button_id(NEXT, position), "label": f"Next {walk.noun} ▶", "disabled": at_end},
        {"id": button_id(END, position), "label": "⏭ End", "disabled": at_end},
    ]
    for label, target in chapters(walk):
        buttons.append(
            {
                "id": button_id(JUMP, position, target),
                "label": label,
                "pressed": position == target,
            }
        )
    return tuple(buttons)


def step_model(
    walk: Walk, position: int, hide: frozenset[str] = frozenset(), playing: bool = False
) -> TableModel:
    """The table at ``position`` of ``walk``, the engine's words for it and the buttons."""
    title, text = message(walk, position)
    options = TableOptions(
        hide=hide,  # "alone": the walk skips those decisions, and the table leaves them unsaid
        hold_last_trick=True,
        keep_bidding=True,
        cards_clickable=False,
        actions=(),
        buttons_after=_buttons(walk, position, playing),
        message=table_message(text, "info" if title is None else "success", title),
    )
    return table_model(states(walk)[position], options)


def _table(walk: Walk, key: str, hide: frozenset[str], ticking: bool) -> None:
    """The table; while playing, first the move that is due. A change between playing
    and not reruns the page, which starts or drops the timer."""
    if ticking:
        tick(st.session_state, key, walk, time.monotonic())
    playing = is_playing(st.session_state, key)
    if playing != ticking:
        st.rerun(scope="app")
    position = min(int(st.session_state[POSITION(key)]), walk.count)
    card_table(
        step_model(walk, position, hide, playing),
        key=f"{key}-table",
        on_action=lambda ident: step_move(st.session_state, key, walk, ident),
    )


def step_through(step: Step, key: str) -> None:
    """Draw the walk of ``step`` (``key`` names its position), playing or not."""
    walk = walk_of(step)
    if POSITION(key) not in st.session_state:
        st.session_state[POSITION(key)] = walk.start
    st.session_state[POSITION(key)] = min(int(st.session_state[POSITION(key)]), walk.count)
    if is_playing(st.session_state, key):
        st.fragment(_table, run_every=TICK_SECONDS)(walk, key, step.hide, True)
    else:
        _table(walk, key, step.hide, False)
