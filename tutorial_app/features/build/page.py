"""Build a scenario: pick each seat's cards (or deal at random and adjust), the dealer,
the upcard, the rules and the moves so far; the engine checks it as you go and says
exactly what is wrong. The result is a hand record, a link that opens it on the Teach
page, and optionally a question link that everyone answers on their own screen.

The draft lives in the widgets' session values; ``scenario_draft.check`` judges it and
every rule is the engine's. ``?hand=v1...`` opens a shared hand here to change it.
"""

import random

import streamlit as st

from engine import BENNY_DECK, PRESET_NAMES, PRESETS, SEATS, HandRecord, parse_card
from lessons.scenario_questions import ASKS, ask_problem
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.move_words import turn_prompt
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.features.build.deck import (
    TARGETS,
    UPCARD_TARGET,
    deal_from_deck,
    empty_deal,
    next_target,
    target_words,
    undealt,
)
from tutorial_app.features.build.draft import RULE_LABELS, check, dealt_at_random
from tutorial_app.features.build.keys import (
    ASK,
    DEAL_TO,
    DEALER,
    DECK_NOTE,
    HAND,
    LINK,
    MOVES,
    PRESET,
    REFUSAL,
    RULE,
    UPCARD,
)
from tutorial_app.features.build.moves import (
    VARIANTS,
    clicked_action,
    clicked_card,
    draft_from,
    put_draft,
    set_preset,
)
from tutorial_app.shell.hand_links import LinkError, decode_hand, encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import app_page_url, sync_params

st.html("""<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
.st-key-build-setup h1 { padding: 0 0 0.2rem; font-size: 1.6rem; }
.st-key-build-setup { row-gap: 0.4rem; }
.st-key-build-hands [data-testid="stWidgetLabel"] p { font-weight: 700; }
.st-key-build-hands [data-testid="stVerticalBlock"] { gap: 0.4rem; }
.st-key-build-empty button { min-height: 1.6rem; padding: 0 0.25rem; }
/* Narrower card chips: five wide ones (four tens and a queen) and the typing box stay on
   one line, so the boxes keep their height and the question stays on a 720 px screen. */
.st-key-build-hands [data-tag] { padding: 0 0.3rem; }
</style>""")
SEAT_WORDS = {seat.value: seat.word for seat in SEATS}
CODES = [card.code for card in BENNY_DECK]
ALONE_WORDS = {"maker": "Only the maker", "any": "Anyone"}


def card_label(code: str) -> str:
    return parse_card(code).label


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def deck_to_deal(draft) -> None:
    """The cards not yet dealt, to click into the place chosen above them."""
    if st.session_state.get(DEAL_TO) not in TARGETS:
        st.session_state[DEAL_TO] = next_target(draft) or TARGETS[0]
    st.pills(
        "Deal to",
        list(TARGETS),
        key=DEAL_TO,
        required=True,
        format_func=lambda target: target_words(draft, target),
        wrap=True,
    )
    cards = undealt(draft)
    place = st.session_state[DEAL_TO]
    where = "turn it up" if place == UPCARD_TARGET else f"deal it to {SEAT_WORDS[place]}"
    note = st.session_state.get(DECK_NOTE)
    card_table(
        cards_model(
            cards,
            clickable=True,
            label=f"The deck: {len(cards)} cards",
            title=f"The deck: {len(cards)} cards left",
            message=table_message(note, "refusal")
            if note
            else table_message(f"Choose a card to {where}."),
            size="deck",
        ),
        key="build-deck",
        on_card=lambda code: deal_from_deck(st.session_state, code),
    )


def share_links(record: HandRecord, ask: str | None, trouble: str | None) -> None:
    """The hand's Teach link, and the link of question ``ask`` (if one is chosen) unless
    ``trouble`` says why it does not fit the table."""
    link = encode_hand(record)
    st.markdown("**Step through it on the Teach page:**")
    st.code(app_page_url("teach", {"hand": link}), language=None, wrap_lines=True)
    st.page_link(
        "features/teach/page.py",
        label="Open it on the Teach page",
        icon=":material/co_present:",
        query_params={"hand": link},
    )
    if ask is None:
        st.caption("Choose a question beside Share for a link everyone answers.")
        return
    if trouble:
        st.caption(f"No question link yet: {trouble}")
        return
    st.markdown("**The question, for everyone to answer on their own screen:**")
    st.code(app_page_url("question", {"hand": link, "ask": ask}), language=None, wrap_lines=True)
    st.page_link(
        "features/question/page.py",
        label="Try the question",
        icon=":material/help:",
        query_params={"hand": link, "ask": ask},
    )


# A shared hand opens here once per visit, to change it.
code = st.query_params.get("hand")
if code and st.session_state.get(LINK) != code:
    st.session_state[LINK] = code
    try:
        put_draft(st.session_state, decode_hand(code))
    except LinkError as exc:
        st.error(f"This link's hand cannot be opened: {markdown_text(str(exc))}.")
if PRESET not in st.session_state:  # a first visit starts from a random deal to adjust
    put_draft(st.session_state, dealt_at_random({"preset": "bga"}, "W", random.SystemRandom()))


def deal_at_random() -> None:
    draft = draft_from(st.session_state)
    put_draft(st.session_state, dealt_at_random(draft.rules, draft.dealer, random.SystemRandom()))


draft = draft_from(st.session_state)
with st.container(key="build-setup", horizontal=True, vertical_alignment="bottom"):
    st.title("Build a scenario", width="content")
    with st.popover(
        "Rules",
        icon=":material/tune:",
        help=f"Now: {PRESET_NAMES[str(draft.rules['preset'])]}, and its house rules",
    ):
        st.selectbox(
            "Rules",
            list(PRESETS),
            key=PRESET,
            format_func=PRESET_NAMES.__getitem__,
            on_change=lambda: set_preset(st.session_state, st.session_state[PRESET]),
        )
        st.caption("House rules (variants)")
        for name in VARIANTS:
            st.toggle(capital(RULE_LABELS[name]), key=RULE(name))
        st.segmented_control(
            capital(RULE_LABELS["alone_decision"]),
            list(ALONE_WORDS),
            key=RULE("alone_decision"),
            format_func=ALONE_WORDS.__getitem__,
            required=True,
        )
    st.selectbox(
        "Dealer", list(SEAT_WORDS), key=DEALER, format_func=SEAT_WORDS.__getitem__, width=110
    )
    st.selectbox(
        "Upcard",
        CODES,
        key=UPCARD,
        index=None,
        format_func=card_label,
        placeholder="Choose",
        width=110,
    )
    st.button(
        "Random deal",
        key="build-random",
        icon=":material/casino:",
        on_click=deal_at_random,
        help="Shuffle and deal every hand and the upcard; then change any card.",
    )


table_column, side = st.columns(2, gap="medium")
with side, st.container(key="build-hands"):
    st.button(
        "Empty deal: every card back in the deck",
        key="build-empty",
        icon=":material/style:",
        type="tertiary",  # a small line above the hands: the question still fits 720 px
        on_click=empty_deal,
        args=(st.session_state,),
        help="Then deal card by card from the deck.",
    )
    for seat in SEATS:
        st.multiselect(
            f"{seat.word}'s cards",
            CODES,
            key=HAND(seat.value),
            format_func=card_label,
            placeholder="Pick five cards",
            select_all=False,  # one click would put the whole deck in one hand
        )
draft = draft_from(st.session_state)
checked = check(draft)
record = checked.record
if record is not None and checked.ok:
    # The address keeps the last hand the engine accepted: a reload, a bookmark or the
    # browser's Back finds the scenario, not a new random deal.
    st.session_state[LINK] = kept = encode_hand(record)  # on screen: not opened again
    sync_params({"hand": kept})
with table_column:
    if record is None:  # the deck: each card clicked goes to the place chosen
        deck_to_deal(draft)
    else:
        state = record.replay()
        refusal = st.session_state.get(REFUSAL)
        message, tone = (
            (refusal, "refusal")
            if refusal
            else ("The hand is over.", "success")
            if state.is_over
            else (turn_prompt(state, list(SEATS)) + " Each choice adds a move.", "info")
        )
        card_table(
            table_model(
                state,
                TableOptions(
                    teacher=True,
                    reveal="all",
                    show_last_trick=True,
                    message=table_message(message, tone),
                ),
            ),
            key="build-table",
            on_card=lambda card: clicked_card(st.session_state, card),
            on_action=lambda ident: clicked_action(st.session_state, ident),
        )
    st.text_area(
        "Moves so far, one a line (or choose them on the table)",
        key=MOVES,
        height=90,
        placeholder="For example:\nN pass\nE order_up\nW discard 9S",  # not moves made
        max_chars=4000,
    )
with side:
    ask = st.session_state.get(ASK) or "none"
    ask_trouble = ask_problem(ask, record) if record is not None and ask != "none" else None
    # The question and the links beside it first, so they stay on the first screen
    # however long the verdict under them (a list of problems) grows.
    with st.container(key="build-share-row", horizontal=True, vertical_alignment="bottom"):
        st.selectbox(  # drawn every run, so that an error never resets the choice
            "A question for the class (optional)",
            ["none", *ASKS],
            key=ASK,
            format_func=lambda v: "No question" if v == "none" else ASKS[v],
            disabled=not checked.ok,
            help=None if checked.ok else "Once the engine accepts the hand.",
        )
        with st.popover(
            "Share",
            icon=":material/share:",
            disabled=record is None or not checked.ok,  # no tooltip: it covered the links
        ):
            if record is not None and checked.ok:
                share_links(record, None if ask == "none" else ask, ask_trouble)
    if checked.problems:  # every problem at once, in the order to fix them
        st.error(
            "\n".join(f"- {markdown_text(problem)}" for problem in checked.problems),
            icon=":material/error:",
        )
    elif ask_trouble:  # the question chosen does not fit this table (yet)
        st.warning(ask_trouble, icon=":material/help:")
    elif record is not None:
        st.success(
            f"The engine accepts this hand ({PRESET_NAMES[record.rules.preset_name]} "
            f"rules): {len(record.actions)} move{'s' if len(record.actions) != 1 else ''}"
            " so far.",
            icon=":material/check_circle:",
        )

if record is not None and checked.ok:
    with st.expander("The hand record (JSON)"):
        st.code(record.dumps(), language="json", wrap_lines=True)
