"""Teach: put one hand on the projector, play it out seat by seat with the
engine's reason for every move, and share it with the class as a link.

Every message here counts moves from 1 ("move 3" is the third action of the record),
though the referee's own report counts its steps from 0."""

import random

import streamlit as st

from engine import (PRESET_NAMES, PRESETS, SEATS, Do, EuchreError, HandRecord, ReplayError,
                    Rules, apply, explain_action, explain_result, explain_trick, legal_actions,
                    random_hand, replay)
from engine.record import ActionFormatError
from tutorial_app.scenario_link import LinkError, decode_hand, encode_hand
from tutorial_app.widgets.cards import show_card
from tutorial_app.widgets.table_view import action_label, action_words, show_every_hand, show_state

KEY = "teach-record"

st.title("Teach a hand")
st.markdown("Deal a hand or paste one, then play it out seat by seat. After each move the "
            "app says why it was allowed. The link at the bottom opens this same hand for "
            "everyone in the class.")


def load(record: HandRecord, note: str | None = None) -> None:
    st.session_state[KEY] = record
    st.session_state["teach-note"] = note


def keep_legal_part(record: HandRecord) -> None:
    """Load a record; if an action is illegal, keep the part before it and say why."""
    try:
        replay(record.rules, record.deal, record.actions)
        load(record)
    except ReplayError as exc:
        part = HandRecord(record.rules, record.deal, record.actions[:exc.step])
        load(part, f"Move {exc.step + 1} of the record is not allowed: {exc} "
                   f"The hand is shown up to that point.")


def act(action) -> None:
    """Play ``action`` for the seat to act (the buttons offer only legal actions)."""
    current: HandRecord = st.session_state[KEY]
    after = apply(current.replay(), action)
    load(HandRecord.from_state(after))


# A hand in the link opens first, once per visit.
code = st.query_params.get("hand")
if code and st.session_state.get("teach-link") != code:
    st.session_state["teach-link"] = code
    try:
        keep_legal_part(decode_hand(code))
    except LinkError as exc:
        st.error(f"This link's hand cannot be opened: {exc}. You can deal a new hand below.")

with st.expander("Deal a new hand, or paste a hand record", expanded=KEY not in st.session_state):
    left, right = st.columns(2)
    with left:
        preset = st.selectbox("Rules", list(PRESETS), key="teach-rules",
                              format_func=PRESET_NAMES.get)
        dealer = st.selectbox("Dealer", [s.value for s in SEATS], index=3, key="teach-dealer",
                              format_func=lambda v: next(s.word for s in SEATS if s.value == v))
        if st.button("Deal a new hand", key="teach-deal", type="primary"):
            seat = next(s for s in SEATS if s.value == dealer)
            state = random_hand(Rules.preset(preset), seat, random.SystemRandom().randrange(10**9))
            load(HandRecord.from_state(state))
    with right:
        text = st.text_area("Hand record (JSON, as in the referee's format)", key="teach-json",
                            height=180, placeholder='{"dealer": "W", "upcard": "AD", ...}')
        if st.button("Open this hand record", key="teach-open"):
            st.session_state["teach-note"] = None   # an old warning is about an old record
            try:
                keep_legal_part(HandRecord.loads(text))
            except ActionFormatError as exc:
                st.error(f"This hand record cannot be opened: move {exc.step + 1} cannot be "
                         f"read: {exc.detail}. Your text is kept above so you can fix it.")
            except EuchreError as exc:
                st.error(f"This hand record cannot be opened: {exc}. Your text is kept above "
                         "so you can fix it.")

record: HandRecord | None = st.session_state.get(KEY)
if record is None:
    st.info("Deal a hand to begin.")
    st.stop()

if st.session_state.get("teach-note"):
    st.warning(st.session_state["teach-note"])
state = record.replay()
st.query_params["hand"] = encode_hand(record)
st.session_state["teach-link"] = st.query_params["hand"]

changes = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in record.rules.changes().items())
st.caption(f"Rules: {PRESET_NAMES[record.rules.preset_name]}"
           + (f" with {changes}" if changes else ""))
# Off by default: a class opening the shared link sees South's cards only.
every_hand = st.toggle("Show every hand (for the teacher)", value=False, key="teach-every")
if record.actions:
    before = replay(record.rules, record.deal, record.actions[:-1])
    seat, action = record.actions[-1]
    st.success(f"**Move {len(record.actions)}: {action_words(seat, action, before)}.** "
               f"{explain_action(before, action)}")
    if action.do is Do.PLAY and len(state.tricks) > len(before.tricks):
        st.info(explain_trick(state.tricks[-1], state.trump_suit))
if state.is_over:
    st.info(explain_result(state))
else:
    st.markdown(f"#### What does {state.turn.word} do?")
    choices = legal_actions(state)
    columns = st.columns(min(len(choices), 6))
    for i, action in enumerate(choices):
        with columns[i % len(columns)]:
            if action.do is Do.PLAY:
                show_card(action.card, width=90)
            st.button(action_label(action), key=f"teach-act-{i}", on_click=act, args=(action,),
                      width="stretch")
undo, restart = st.columns(2)
with undo:
    st.button("↩ Undo the last move", key="teach-undo", disabled=not record.actions,
              on_click=lambda: load(HandRecord(record.rules, record.deal, record.actions[:-1])))
with restart:
    st.button("⏮ Back to the deal", key="teach-restart", disabled=not record.actions,
              on_click=lambda: load(HandRecord(record.rules, record.deal)))

if every_hand:
    show_every_hand(state)
else:
    show_state(state)

st.subheader("Share this hand")
base = st.context.url.split("?", 1)[0] if st.context.url else ""
st.code(f"{base}?hand={st.query_params['hand']}", language=None, wrap_lines=True)
with st.expander("The hand record (JSON)"):
    st.code(record.dumps(), language="json", wrap_lines=True)
