"""Step through a hand record one action at a time, with the engine's reason for each."""

from __future__ import annotations

import streamlit as st

from engine import Do, HandRecord, apply, explain_action, explain_result, explain_trick, new_hand
from tutorial_app.widgets.table_view import action_words, show_every_hand, show_state


def _stepper(key: str, count: int, noun: str) -> int:
    """Back / next through ``count`` actions; returns how many are shown (0 = none yet).

    The buttons move the position in their callbacks, before the page is drawn, so
    each button's enabled state always matches the position shown.
    """
    pos_key = f"{key}-pos"
    position = min(st.session_state.get(pos_key, 0), count)
    st.session_state[pos_key] = position

    def move(step: int) -> None:
        st.session_state[pos_key] = min(max(st.session_state[pos_key] + step, 0), count)

    left, middle, right = st.columns([1, 1, 1])
    with left:
        st.button(f"◀ Take back a {noun}", key=f"{key}-back", disabled=position == 0,
                  width="stretch", on_click=move, args=(-1,))
    with right:
        st.button(f"Show the next {noun} ▶", key=f"{key}-next", disabled=position == count,
                  width="stretch", type="primary", on_click=move, args=(1,))
    with middle:
        st.markdown(f"<div style='text-align:center'>{position} of {count} {noun}s shown"
                    "</div>", unsafe_allow_html=True)
    return position


def replay_view(record: HandRecord, key: str, actions: list, base_index: int, noun: str,
                *, every_hand: bool = False, hide: frozenset[str] = frozenset()) -> None:
    """Step through ``actions`` (the record's, from ``base_index``), explaining each.

    ``every_hand`` shows all four hands face up, for a teacher at the projector.
    """
    state = new_hand(record.rules, record.deal)
    for seat, action in record.actions[:base_index]:
        state = apply(state, action, seat)
    position = _stepper(key, len(actions), noun)
    before = state
    for seat, action in actions[:position]:
        before = state
        state = apply(state, action, seat)
    if position:
        seat, action = actions[position - 1]
        st.success(f"**{action_words(seat, action, before)}.** "
                   f"{explain_action(before, action)}")
        if state.tricks and not state.trick and action.do is Do.PLAY:
            last = state.tricks[-1]
            st.info(explain_trick(last, state.trump_suit))
        if state.is_over:
            st.info(explain_result(state))
    else:
        st.caption(f"Press “Show the next {noun}” to see what happens, one {noun} at a time.")
    if every_hand:
        show_every_hand(state)
    else:
        show_state(state, hide=hide)
