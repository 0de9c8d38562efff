"""Teach: put one hand on the projector, step through its recorded moves or play it out
seat by seat on the card table with the engine's reason for every move, and share it
with the class as a link.

South stays at the bottom whoever is to act: the seats never move, so the class keeps
its bearings and "West plays ..." is always the seat on the left. ◀ and ▶ beside the
seat's choices step through the record (the arrow keys too, and a clicker's PageUp /
PageDown in presentation mode); the buttons beside the table jump to a trick, play on
by themselves, or let the bots finish the hand. The teacher clicks the seat to act's
cards where they lie (once turned face up) and its choices under the table. Every
message counts moves from 1 ("move 3" is the third action of the record), though the
referee's own report counts its steps from 0.

The address holds the whole record (``?hand=v1...``), the move shown (``&at=``; with
``&lead=1`` at a trick's lead cleared by its button), and ``&present=1`` for presentation
mode, so one link opens the same view anywhere."""

import random
import time
from typing import Literal

import streamlit as st

from analysis import TABLE_LEVELS, BotLevel
from engine import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    SEATS,
    EuchreError,
    HandRecord,
    Rules,
    explain_action,
    explain_result,
    explain_trick,
    random_hand,
)
from engine.record import ActionFormatError
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.move_words import action_words, turn_prompt
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import Pace, TableOptions, table_message
from tutorial_app.features.teach.keys import (
    BOT_LEVEL,
    BOTS_MENU,
    DEALER,
    ERROR,
    FACE_UP,
    JUMPED,
    LINK,
    NOTE,
    PASTE_REFUSED,
    PLAYING,
    RECORD_TEXT,
    REFUSAL,
    REPLAY,
    RULES,
    SPEED,
)
from tutorial_app.features.teach.moves import (
    BACK,
    EVERY_SEAT,
    NEXT,
    SOUTH_ONLY,
    SPEEDS,
    bots_needed,
    bots_play_on,
    clear_for_the_lead,
    current,
    jump_to_end,
    jump_to_trick,
    keep_legal_part,
    load,
    pause,
    seconds_a_move,
    shown_seats,
    start_playing,
    step_id,
    table_arrival,
    table_click,
    teacher_card,
    tick,
)
from tutorial_app.features.teach.replay import END, Replay, part_shown, trick_starts
from tutorial_app.limits.link_numbers import number_from_link
from tutorial_app.limits.record_text import MAX_RECORD_CHARS, too_long
from tutorial_app.shell.hand_links import LinkError, decode_hand, encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.presentation import presentation_switch
from tutorial_app.shell.url_state import app_page_url, sync_params

BOT_NEXT = "Bot's move ▶"  # Next, where the record ends before the hand
MAX_TEXT = MAX_RECORD_CHARS  # characters in the paste box; a whole hand needs under 2,000
EMPTY_TEXT = (
    'Paste a hand record (JSON) here first: an object with the "dealer", the '
    '"upcard" and the four "hands" of five cards, and if you like "rules" and '
    'the "actions" so far, as the referee reads it. Or deal a new hand.'
)

# Only a <style>: it takes no room. The table, the last move and the buttons fit a
# 1280x720 screen (the top margin is Streamlit's 6rem otherwise); the reason is large.
st.html("""<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
.st-key-teach-reason p { font-size: 1.3rem; line-height: 1.35; }
.st-key-teach-head h1 { padding: 0.2rem 0; }
.st-key-teach-replay button { padding: 0.1rem 0.5rem; min-height: 2.1rem; }
.st-key-teach-replay { row-gap: 0.3rem; }
</style>""")

with st.container(key="teach-head", horizontal=True, vertical_alignment="center"):
    st.title("Teach a hand", width="stretch")
    presenting = presentation_switch("teach-present")


# In the address beside ``at``: "1" when a trick's button cleared the table for its lead
# (the same move stepped to holds the trick before, its winner named).
LEAD = "lead"

# A hand in the link opens first, once per visit, at the move the link names (&at=).
code = st.query_params.get("hand")
if code and st.session_state.get(LINK) != code:
    st.session_state[LINK] = code
    try:
        linked = decode_hand(code)
        at, at_note = number_from_link(
            st.query_params.get("at"),
            least=0,
            most=len(linked.actions),
            what="move number",
            instead="Showing the end of the hand.",
        )
        keep_legal_part(st.session_state, linked, at)
        if st.query_params.get(LEAD) == "1":
            clear_for_the_lead(st.session_state)
        if at_note:
            st.session_state[NOTE] = " ".join(filter(None, (st.session_state[NOTE], at_note)))
    except LinkError as exc:
        st.error(
            f"This link's hand cannot be opened: {markdown_text(str(exc))}. You can deal "
            "a new hand below."
        )


def refuse_long_paste() -> bool:
    """A pasted text over the bound is refused whole, its size said, and the box
    emptied: nothing of it stays. Returns whether it was refused."""
    problem = too_long(st.session_state.get(RECORD_TEXT) or "")
    st.session_state[PASTE_REFUSED] = problem  # an empty box then says why it is empty
    if problem:
        st.session_state[RECORD_TEXT] = ""
        st.session_state[ERROR] = problem
    return problem is not None


def paste_changed() -> None:
    refuse_long_paste()


def open_text() -> None:
    """Open the pasted record; a bad one is explained and the text stays in the box."""
    text = st.session_state.get(RECORD_TEXT) or ""
    st.session_state[NOTE] = None  # an old warning is about an old record
    pause(st.session_state)
    if not text.strip():
        st.session_state[ERROR] = st.session_state.get(PASTE_REFUSED) or EMPTY_TEXT
        return
    if refuse_long_paste():  # checked again as the record is opened
        return
    try:
        keep_legal_part(st.session_state, HandRecord.loads(text))
        st.session_state[ERROR] = None
    except ActionFormatError as exc:
        st.session_state[ERROR] = (
            f"This hand record cannot be opened: move {exc.step + 1} cannot be read: "
            f"{markdown_text(exc.detail)}. Your text is kept in the box so you can fix it."
        )
    except EuchreError as exc:
        st.session_state[ERROR] = (
            f"This hand record cannot be opened: {markdown_text(str(exc))}. Your text is kept "
            "in the box so you can fix it."
        )


def deal() -> None:
    preset, dealer = st.session_state[RULES], st.session_state[DEALER]
    seat = next(s for s in SEATS if s.value == dealer)
    state = random_hand(Rules.preset(preset), seat, random.SystemRandom().randrange(10**9))
    pause(st.session_state)
    load(st.session_state, HandRecord.from_state(state))
    st.session_state[ERROR] = None


def deal_or_paste(expanded: bool) -> None:
    with st.expander("Deal a new hand, or paste a hand record", expanded=expanded):
        left, right = st.columns(2)
        with left:
            st.selectbox("Rules", list(PRESETS), key=RULES, format_func=PRESET_NAMES.__getitem__)
            st.selectbox(
                "Dealer",
                [s.value for s in SEATS],
                index=3,
                key=DEALER,
                format_func=lambda v: next(s.word for s in SEATS if s.value == v),
            )
            st.button("Deal a new hand", key="teach-deal", type="primary", on_click=deal)
        with right:
            st.text_area(
                f"Hand record (JSON, as in the referee's format; at most {MAX_TEXT:,} characters)",
                key=RECORD_TEXT,
                height=180,
                on_change=paste_changed,  # no max_chars: a capped box drops a paste unsaid
                placeholder='{"dealer": "W", "upcard": "AD", ...}',
            )
            st.button("Open this hand record", key="teach-open", on_click=open_text)
        if st.session_state.get(ERROR):
            st.error(st.session_state[ERROR])
        st.page_link(
            "features/build/page.py",
            label="Or build a scenario card by card",
            icon=":material/construction:",
        )


if REPLAY not in st.session_state:
    st.markdown(
        "Deal a hand or paste one, then play it out on the card table: choose each "
        "seat's card or choice in turn, and the app says why every move is allowed. "
        "A link then opens the same hand for everyone in the class."
    )
    deal_or_paste(expanded=True)
    st.info("Deal a hand to begin.")
    st.stop()


def place_in_address(replay: Replay, held: bool) -> dict[str, str | None]:
    """The address's words for the move shown: ``at`` (none at the record's end) and
    ``lead``; a None removes one."""
    return {"at": None if replay.at_end else str(replay.position), LEAD: None if held else "1"}


def share_address(code: str, replay: Replay, held: bool) -> str:
    """The link that opens this hand at the move shown, as the table shows it."""
    place = {key: value for key, value in place_in_address(replay, held).items() if value}
    return app_page_url("teach", {"hand": code, **place})


def timer(session) -> float | None:
    """Seconds between the fragment's own reruns: a move's time while playing on, else none."""
    return seconds_a_move(session) if session.get(PLAYING) else None


def table_and_reason(present: bool, timed: float | None) -> None:
    """The table with its ◀ ▶ and the seat's choices, and beside it the move's reason and
    the replay's controls. A fragment, rerun every ``timed`` seconds while playing on."""
    playing = bool(st.session_state.get(PLAYING))
    if playing:
        tick(st.session_state, time.monotonic())
    replay = current(st.session_state)
    record = replay.shown
    state = replay.state()
    link_code = encode_hand(replay.timeline)
    sync_params({"hand": link_code})  # a new address only when the hand changed
    st.session_state[LINK] = link_code
    if FACE_UP not in st.session_state:
        st.session_state[FACE_UP] = list(SOUTH_ONLY)  # a class opening the link sees South only
    shown = shown_seats(st.session_state)
    if st.session_state.get(NOTE):  # it may quote a linked record: shown as text
        st.warning(markdown_text(st.session_state[NOTE]))

    # A projector gives the table more of the width; the reason stays large beside it.
    table_column, side = st.columns([2, 1] if present else [3, 2], gap="medium")
    with table_column:
        # Under the table: a refusal, else the hand's result, else what to click now.
        refusal = st.session_state.get(REFUSAL)
        message, tone = (
            (refusal, "refusal")
            if refusal
            else (explain_result(state), "success")
            if state.is_over
            else (turn_prompt(state, shown), "info")
        )
        bots = bots_needed(replay)
        if not refusal and not replay.at_end:
            message += " Next ▶ shows the record's next move."
        back, forward = step_id(BACK, replay.position), step_id(NEXT, replay.position)
        arrived = table_arrival(st.session_state)  # one card more: a screen reader hears it
        # A finished trick stays, its winner named, until the lead; not after a trick
        # button, which shows the trick about to be led.
        held = st.session_state.get(JUMPED) is not replay
        options = TableOptions(
            teacher=True,
            reveal=tuple(shown),
            show_last_trick=True,
            hold_last_trick=held,
            pace=None if arrived is None else Pace(*arrived),
            message=table_message(message, tone),
            buttons_before=({"id": back, "label": "◀ Back", "disabled": replay.position == 0},),
            buttons_after=(
                {  # where the record ends, a bot makes the next move: the button says so
                    "id": forward,
                    "label": BOT_NEXT if bots else "Next ▶",
                    "primary": True,
                    "disabled": replay.at_end and not bots,
                },
            ),
            step_keys={"back": back, "next": forward, "pages": present},
            projector=present,
        )
        card_table(
            table_model(state, options),
            key="teach-table",
            address=place_in_address(replay, held),
            on_card=lambda card: teacher_card(st.session_state, card),
            on_action=lambda ident: table_click(st.session_state, ident),
        )
        with st.container(
            key="teach-replay", horizontal=True, vertical_alignment="center", gap="small"
        ):
            jumps(replay, held)
            playing_on(replay, playing)
            share_popover(link_code, replay, held)

    with side:
        # The seats' controls first: a long reason under them never pushes them off a
        # projector's screen (the table's words point to them: "turn them up beside").
        st.pills(
            "Cards face up",
            EVERY_SEAT,
            selection_mode="multi",
            key=FACE_UP,
            format_func=lambda v: next(s.word for s in SEATS if s.value == v),
        )
        every = len(shown) == len(EVERY_SEAT)

        def flip_every() -> None:
            st.session_state[FACE_UP] = list(SOUTH_ONLY if every else EVERY_SEAT)

        with st.container(horizontal=True):
            st.button(
                "South's cards only" if every else "Show every hand",
                key="teach-every",
                on_click=flip_every,
                width="stretch",
            )
            with st.popover(
                "Bots play on",
                icon=":material/smart_toy:",
                width="stretch",
                key=BOTS_MENU,
                on_change="rerun",  # tracked, so that a bot's move closes it
            ):
                st.segmented_control(
                    "Bots",
                    list(TABLE_LEVELS),
                    key=BOT_LEVEL,
                    default="beginner",
                    format_func=lambda level: BotLevel(level).label,
                    required=True,
                )
                level = st.session_state.get(BOT_LEVEL) or "beginner"
                st.caption(
                    "From the move shown, bots play each seat from its own cards; "
                    "the record's later moves give way to theirs. Where the record "
                    f"ends, {BOT_NEXT} and Play on ask these bots for each move."
                )
                st.button(
                    "The seat to act: one move",
                    key="teach-bot-move",
                    disabled=state.is_over,
                    on_click=bots_play_on,
                    args=(st.session_state, level, 1),
                )
                st.button(
                    "Finish the hand",
                    key="teach-bots",
                    disabled=state.is_over,
                    on_click=bots_play_on,
                    args=(st.session_state, level),
                )
        reason(record, state)
        rules = replay.timeline.rules
        changes = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in rules.changes().items())
        st.caption(  # the preset's name, and what it means a hover away (Play says it whole)
            f"Rules: {PRESET_NAMES[rules.preset_name]}" + (f" with {changes}" if changes else ""),
            help=f"{PRESET_NAMES[rules.preset_name]}: {PRESET_DESCRIPTIONS[rules.preset_name]}",
        )

    if timer(st.session_state) != timed:  # Play, Pause, a new speed or the record's end:
        st.rerun(scope="app")  # the whole page again, to set the timer

    deal_or_paste(expanded=False)
    with st.expander("The hand record (JSON)"):
        st.code(replay.timeline.dumps(), language="json", wrap_lines=True)


def reason(record: HandRecord, state) -> None:
    """The move shown and the engine's reason for it, large enough for a projector."""
    before = Replay.of(record, len(record.actions) - 1).state() if record.actions else None
    with st.container(key="teach-reason"):
        if before is not None:  # a move is shown
            seat, action = record.actions[-1]
            st.success(
                f"**Move {len(record.actions)}: {action_words(seat, action, before)}.** "
                f"{explain_action(before, action)}"
            )
        else:
            st.info(
                f"**The deal.** {state.dealer.word} dealt and turned up "
                f"{state.upcard.the_name}. {state.turn.word} speaks first."
            )
        if before is not None and len(state.tricks) > len(before.tricks):
            st.info(explain_trick(state.tricks[-1], state.trump_suit))


def jumps(replay: Replay, held: bool) -> None:
    """Jump to the deal, to the lead of a trick, or to the end of the record. A trick
    the record has not reached is reached by the bots, while the hand is unfinished.
    ``held``: the table holds the last finished trick (not a trick button's clear table)."""
    starts = trick_starts(replay.timeline)
    unfinished = not replay.timeline.replay().is_over
    # The part on the table is the filled button: where the class is in the hand.
    shown = part_shown(replay, starts, not unfinished, held)

    def kind(part: int | str) -> Literal["primary", "secondary"]:
        return "primary" if part == shown else "secondary"

    now = " (on the table now)"
    # The deal's and End's buttons stay enabled where they change nothing (at the deal, at
    # a finished hand's end): greyed, their fill read as "not available".
    with st.container(key="teach-jumps", horizontal=True, gap="small", width="content"):
        st.button(
            "⏮ Deal",
            key="teach-restart",
            type=kind(0),
            help="Back to the deal" + (now if shown == 0 else ""),
            on_click=jump_to_trick,
            args=(st.session_state, 0),
        )
        for number in range(1, 6):
            reached = number in starts
            st.button(
                f"Trick {number}" if number == 1 else str(number),
                key=f"teach-jump-{number}",
                type=kind(number),
                disabled=not reached and not unfinished,
                help=f"Trick {number}, as it is about to be led"
                + ("" if reached else ": the bots play the moves up to it")
                + (now if shown == number else ""),
                on_click=jump_to_trick,
                args=(st.session_state, number),
            )
        st.button(
            "End ⏭",
            key="teach-end",
            type=kind(END),
            help="The end of the hand: the bots play the moves the record lacks"
            if unfinished
            else "The end of the hand" + (now if shown == END else ""),
            on_click=jump_to_end,
            args=(st.session_state,),
        )


def share_popover(code: str, replay: Replay, held: bool) -> None:
    """The link to this hand at the move shown, one click away beside the controls (on
    the first screen, where a teacher looks for it), copied from its box."""
    with st.popover(
        "Share",
        icon=":material/share:",  # no tooltip: it covered the open popover's words
    ):
        st.code(share_address(code, replay, held), language=None, wrap_lines=True)
        st.caption("The link opens the hand at the move shown; everyone can step on from there.")


def playing_on(replay: Replay, playing: bool) -> None:
    """Play the record on by itself at a chosen speed, or pause."""
    with st.container(
        key="teach-playing",
        horizontal=True,
        vertical_alignment="center",
        gap="small",
        width="content",
    ):
        if playing:
            st.button(
                "⏸ Pause",
                key="teach-play",
                type="primary",
                on_click=pause,
                args=(st.session_state,),
            )
        else:
            st.button(
                "▶ Play on",
                key="teach-play",
                disabled=not replay.count and replay.state().is_over,
                help="Play the record's moves one by one, by itself (the bots make "
                "the moves it lacks)",
                on_click=lambda: start_playing(st.session_state, time.monotonic()),
            )
        st.segmented_control(
            "Speed",
            list(SPEEDS),
            key=SPEED,
            default="normal",
            required=True,
            label_visibility="collapsed",
            format_func=str.capitalize,
            help=", ".join(
                f"{name}: a move every {seconds:g} s" for name, seconds in SPEEDS.items()
            ),
        )


# While playing on, the table and its controls rerun by themselves every few seconds.
every = timer(st.session_state)
st.fragment(table_and_reason, run_every=every)(presenting, every)
