"""Teach: put one hand on the projector, play it out seat by seat on the card table with
the engine's reason for every move, and share it with the class as a link.

South stays at the bottom whoever is to act: the seats never move, so the class keeps
its bearings and "West plays ..." is always the seat on the left. The teacher clicks
the seat to act's cards where they lie (once turned face up) and its choices under the
table. Every message counts moves from 1 ("move 3" is the third action of the record),
though the referee's own report counts its steps from 0."""

import random

import streamlit as st

from engine import (PRESET_NAMES, PRESETS, SEATS, EuchreError, HandRecord, Rules,
                    explain_action, explain_result, explain_trick, random_hand, replay)
from engine.record import ActionFormatError
from tutorial_app.markdown_text import markdown_text
from tutorial_app.scenario_link import MAX_JSON, LinkError, decode_hand, encode_hand
from tutorial_app.teach_moves import (EVERY_SEAT, NOTE, RECORD, REFUSAL, SHOWN, SOUTH_ONLY,
                                      back_to_deal, keep_legal_part, load, prompt, shown_seats,
                                      teacher_action, teacher_card, undo)
from tutorial_app.widgets.card_table import card_table, table_model
from tutorial_app.widgets.move_words import action_words

MAX_TEXT = MAX_JSON  # characters in the paste box; a whole hand needs under 2,000
EMPTY_TEXT = ('Paste a hand record (JSON) here first: an object with the "dealer", the '
              '"upcard" and the four "hands" of five cards, and if you like "rules" and '
              'the "actions" so far, as the referee reads it. Or deal a new hand.')

# Only a <style>: it takes no room. The table, the last move and the buttons fit a
# 1280x720 screen (the top margin is Streamlit's 6rem otherwise); the reason is large.
st.html("""<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
.st-key-teach-reason p { font-size: 1.3rem; line-height: 1.35; }
</style>""")

st.title("Teach a hand")

# A hand in the link opens first, once per visit.
code = st.query_params.get("hand")
if code and st.session_state.get("teach-link") != code:
    st.session_state["teach-link"] = code
    try:
        keep_legal_part(st.session_state, decode_hand(code))
    except LinkError as exc:
        st.error(f"This link's hand cannot be opened: {markdown_text(str(exc))}. You can deal "
                 "a new hand below.")


def open_text() -> None:
    """Open the pasted record; a bad one is explained and the text stays in the box."""
    text = st.session_state.get("teach-json") or ""
    st.session_state[NOTE] = None   # an old warning is about an old record
    if not text.strip():
        st.session_state["teach-error"] = EMPTY_TEXT
        return
    if len(text) >= MAX_TEXT:   # the box keeps the first MAX_TEXT characters of a paste
        st.session_state["teach-error"] = (
            f"The box holds at most {MAX_TEXT:,} characters and this text fills it, so it "
            "was probably cut short. A hand record needs far fewer: a whole hand fits in "
            "under 2,000. Your text is kept in the box so you can fix it.")
        return
    try:
        keep_legal_part(st.session_state, HandRecord.loads(text))
        st.session_state["teach-error"] = None
    except ActionFormatError as exc:
        st.session_state["teach-error"] = (
            f"This hand record cannot be opened: move {exc.step + 1} cannot be read: "
            f"{markdown_text(exc.detail)}. Your text is kept in the box so you can fix it.")
    except EuchreError as exc:
        st.session_state["teach-error"] = (
            f"This hand record cannot be opened: {markdown_text(str(exc))}. Your text is kept "
            "in the box so you can fix it.")


def deal() -> None:
    preset, dealer = st.session_state["teach-rules"], st.session_state["teach-dealer"]
    seat = next(s for s in SEATS if s.value == dealer)
    state = random_hand(Rules.preset(preset), seat, random.SystemRandom().randrange(10**9))
    load(st.session_state, HandRecord.from_state(state))
    st.session_state["teach-error"] = None


def deal_or_paste(expanded: bool) -> None:
    with st.expander("Deal a new hand, or paste a hand record", expanded=expanded):
        left, right = st.columns(2)
        with left:
            st.selectbox("Rules", list(PRESETS), key="teach-rules", format_func=PRESET_NAMES.get)
            st.selectbox("Dealer", [s.value for s in SEATS], index=3, key="teach-dealer",
                         format_func=lambda v: next(s.word for s in SEATS if s.value == v))
            st.button("Deal a new hand", key="teach-deal", type="primary", on_click=deal)
        with right:
            st.text_area(f"Hand record (JSON, as in the referee's format; at most "
                         f"{MAX_TEXT:,} characters)", key="teach-json", height=180,
                         max_chars=MAX_TEXT, placeholder='{"dealer": "W", "upcard": "AD", ...}')
            st.button("Open this hand record", key="teach-open", on_click=open_text)
        if st.session_state.get("teach-error"):
            st.error(st.session_state["teach-error"])


record: HandRecord | None = st.session_state.get(RECORD)
if record is None:
    st.markdown("Deal a hand or paste one, then play it out on the card table: click each "
                "seat's card or choice in turn, and the app says why every move is allowed. "
                "A link then opens the same hand for everyone in the class.")
    deal_or_paste(expanded=True)
    st.info("Deal a hand to begin.")
    st.stop()

if st.session_state.get(NOTE):
    st.warning(st.session_state[NOTE])
state = record.replay()
link_code = encode_hand(record)
if st.query_params.get("hand") != link_code:   # a new address only when the hand changed
    st.query_params["hand"] = link_code
st.session_state["teach-link"] = link_code
if SHOWN not in st.session_state:
    st.session_state[SHOWN] = list(SOUTH_ONLY)   # a class opening the link sees South only
shown = shown_seats(st.session_state)

table_column, side = st.columns([3, 2], gap="medium")
with table_column:
    # Under the table: a refusal, else the hand's result, else what to click now.
    refusal = st.session_state.get(REFUSAL)
    message, tone = ((refusal, "refusal") if refusal else
                     (explain_result(state), "success") if state.is_over else
                     (prompt(state, shown), "info"))
    model = table_model(state, teacher=True, reveal=shown, show_last_trick=True,
                        message=message, message_tone=tone)
    card_table(model, key="teach-table",
               on_card=lambda card: teacher_card(st.session_state, card),
               on_action=lambda ident: teacher_action(st.session_state, ident))

with side:
    before = replay(record.rules, record.deal, record.actions[:-1]) if record.actions else None
    with st.container(key="teach-reason"):   # the last move and the engine's reason, large
        if record.actions:
            seat, action = record.actions[-1]
            st.success(f"**Move {len(record.actions)}: {action_words(seat, action, before)}.** "
                       f"{explain_action(before, action)}")
        else:
            st.info(f"**The deal.** {state.dealer.word} dealt and turned up "
                    f"{state.upcard.the_name}. {state.turn.word} speaks first.")
    if before is not None and len(state.tricks) > len(before.tricks):
        st.info(explain_trick(state.tricks[-1], state.trump_suit))
    undo_column, deal_column = st.columns([2, 3])
    undo_column.button("↩ Undo", key="teach-undo", disabled=not record.actions,
                       help="Take back the last move", width="stretch",
                       on_click=undo, args=(st.session_state,))
    deal_column.button("⏮ Back to the deal", key="teach-restart", disabled=not record.actions,
                       width="stretch", on_click=back_to_deal, args=(st.session_state,))
    st.pills("Cards face up", EVERY_SEAT, selection_mode="multi", key=SHOWN,
             format_func=lambda v: next(s.word for s in SEATS if s.value == v))
    every = len(shown) == len(EVERY_SEAT)

    def flip_every() -> None:
        st.session_state[SHOWN] = list(SOUTH_ONLY if every else EVERY_SEAT)

    st.button("South's cards only" if every else "Show every hand (teacher's screen)",
              key="teach-every", on_click=flip_every, width="stretch")
    changes = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in record.rules.changes().items())
    st.caption(f"Rules: {PRESET_NAMES[record.rules.preset_name]}"
               + (f" with {changes}" if changes else ""))

deal_or_paste(expanded=False)
st.subheader("Share this hand")
base = st.context.url.split("?", 1)[0] if st.context.url else ""
st.code(f"{base}?hand={link_code}", language=None, wrap_lines=True)
with st.expander("The hand record (JSON)"):
    st.code(record.dumps(), language="json", wrap_lines=True)
