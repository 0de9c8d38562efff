"""The Teach page's moves, as plain functions over a session mapping.

The teacher plays every seat. A click on the card table, on a card of the seat to act
or on one of its labelled choices, goes to the engine for that seat: a legal move is
added to the hand record, an illegal one changes nothing but the refusal the table
shows next. The hand is one ``replay.Replay``, kept under ``keys.REPLAY``: the whole record
and how many of its moves show (``current(session).shown`` is the part on the table).
Undo, Back and Next move the position and lose nothing; a new move where the record had another
replaces the record from there. The page passes ``st.session_state``; AppTest tests pass
theirs (AppTest cannot click inside the card table) and so make the same moves the clicks
make.

>>> from engine import Rules, Seat, random_hand
>>> session = {}
>>> load(session, HandRecord.from_state(random_hand(Rules(), Seat.W, 1)))
>>> teacher_action(session, "pass").ok, current(session).position
(True, 1)
>>> teacher_action(session, "call-H").refusal is not None, current(session).position
(True, 1)
>>> undo(session); current(session).position, current(session).count
(0, 1)
>>> _ = step(session, "next-0"); current(session).position
1
"""

from __future__ import annotations

from collections.abc import MutableMapping

from engine import SEATS, Do, HandRecord, HandState, ReplayError, Seat
from tutorial_app.card_table.table_moves import Click, Decision, decide_click
from tutorial_app.features.teach.keys import (
    ARRIVAL,
    BOT_LEVEL,
    BOTS_MENU,
    FACE_UP,
    JUMPED,
    LAST_STEP,
    NOTE,
    PLAYING,
    REFUSAL,
    REPLAY,
    SPEED,
)
from tutorial_app.features.teach.replay import (
    Replay,
    jump,
    move_made,
    play_on_with_bots,
    play_to_the_end,
    play_to_trick,
    trick_starts,
)

BACK, NEXT = "back", "next"  # the table's step buttons: "back-3" pressed at move 3
SOUTH_ONLY = ["S"]  # what a class opening the shared link sees
EVERY_SEAT = [seat.value for seat in SEATS]


def forget(session: MutableMapping, *keys: str) -> None:
    """Drop keys if present (AppTest's session state has no ``pop``)."""
    for key in keys:
        if key in session:
            del session[key]


def load(
    session: MutableMapping,
    record: HandRecord,
    note: str | None = None,
    position: int | None = None,
) -> None:
    """Put ``record`` on the table after ``position`` of its moves (default: all);
    ``note`` says what was left out of it, if anything."""
    show(session, Replay.of(record, position))
    session[NOTE] = note


def current(session: MutableMapping) -> Replay:
    """The hand on the table (``load`` put one there)."""
    return session[REPLAY]


def show(session: MutableMapping, replay: Replay) -> None:
    """Keep ``replay`` in the session (an old refusal goes with the old table), and
    whether it shows one card more than before (``arrival``)."""
    before = session.get(REPLAY)
    count = session[ARRIVAL][2] + 1 if ARRIVAL in session else 1
    session[ARRIVAL] = (replay, None if before is None else arrival(before, replay), count)
    session[REPLAY] = replay
    forget(session, REFUSAL)


def arrival(before: Replay, after: Replay) -> int | None:
    """The cards on the table before ``after``'s last move, when that move is a card
    played one step on from ``before`` (stepping, playing on, a click); else None."""
    moves, same = after.shown.actions, after.timeline.deal == before.timeline.deal
    one_on = same and after.position == before.position + 1 and moves[:-1] == before.shown.actions
    if not one_on or moves[-1][1].do is not Do.PLAY:
        return None
    return sum(1 for _, action in moves[:-1] if action.do is Do.PLAY)


def table_arrival(session: MutableMapping) -> tuple[int, str] | None:
    """(cards on the table before, a key) when the table shown brought one card more."""
    kept = session.get(ARRIVAL)
    if kept is None or kept[0] is not session.get(REPLAY) or kept[1] is None:
        return None
    return kept[1], f"teach-{kept[2]}"


def keep_legal_part(
    session: MutableMapping, record: HandRecord, position: int | None = None
) -> None:
    """Load a record; if an action is illegal, keep the part before it and say why
    (moves counted from 1, though the referee counts its steps from 0)."""
    try:
        record.replay()  # raises at the first illegal action
        load(session, record, position=position)
    except ReplayError as exc:
        part = HandRecord(record.rules, record.deal, record.actions[: exc.step])
        load(
            session,
            part,
            f"Move {exc.step + 1} of the record is not allowed: {exc} "
            f"The hand is shown up to that point.",
            position,
        )


def _settle(session: MutableMapping, state: HandState, decision: Decision) -> Decision:
    if decision.action is not None:  # decision.ok
        assert state.turn is not None  # a move was accepted: a seat was to act
        session[PLAYING] = False
        before = current(session)
        after = move_made(before, state.turn, decision.action)
        show(session, after)
        dropped = before.count - before.position
        replaced = after.timeline is not before.timeline and dropped
        session[NOTE] = (
            f"A new move where the record had another: the record's last "
            f"{dropped} move{'s' if dropped != 1 else ''} gave way to it."
            if replaced
            else None
        )
    else:
        session[REFUSAL] = decision.refusal
    return decision


def teacher_card(session: MutableMapping, code: str) -> Decision:
    """A card of the seat to act was clicked: play (or discard) it if the engine allows."""
    return _clicked(session, Click("card", code))


def teacher_action(session: MutableMapping, ident: str) -> Decision:
    """A labelled choice (pass, order up, call a suit, go alone) for the seat to act."""
    return _clicked(session, Click("action", ident))


def _clicked(session: MutableMapping, click: Click) -> Decision:
    state = current(session).state()
    over = "The hand is over: deal a new one, or undo a move."
    decision = decide_click(state, click, over=over)
    if state.turn is None:  # over: the table shows the result, not a refusal
        return decision
    return _settle(session, state, decision)


def undo(session: MutableMapping) -> None:
    """Back one move; the move stays in the record, for Next."""
    move_to(session, current(session).position - 1)


def back_to_deal(session: MutableMapping) -> None:
    move_to(session, 0)


def move_to(session: MutableMapping, position: int) -> None:
    """Show the record after ``position`` moves (kept within the record); a teacher's
    step or jump takes over from playing on."""
    session[PLAYING] = False
    _go(session, position)


def _go(session: MutableMapping, position: int) -> None:
    show(session, jump(current(session), position))
    session[NOTE] = None


def jump_to_trick(session: MutableMapping, number: int) -> None:
    """Show the table as trick ``number`` (from 1) is about to be led; 0 is the deal. A
    trick the record has not reached yet is reached by the bots, their moves recorded."""
    replay = current(session)
    if number and number not in trick_starts(replay.timeline):
        replay = play_to_trick(replay, bot_level(session), number)
        show(session, replay)
    starts = trick_starts(replay.timeline)
    if number == 0 or number in starts:
        move_to(session, starts.get(number, 0))
        # "3" shows trick 3 about to be led: the table clear, not trick 2 held with its
        # winner (as it is when Next plays trick 2's last card).
        session[JUMPED] = current(session) if number else None


def clear_for_the_lead(session: MutableMapping) -> None:
    """A link's ``&lead=1``: the move shown is a trick's lead, and the table is shown as
    that trick's button shows it (clear), not holding the trick before; elsewhere in the
    hand the link's flag changes nothing."""
    replay = current(session)
    if replay.position in trick_starts(replay.timeline).values():
        session[JUMPED] = replay


def jump_to_end(session: MutableMapping) -> None:
    """The end of the hand, in one press: the record's last move, and where the record
    leaves the hand unfinished, the bots play it out, their moves recorded (as a trick
    not reached is)."""
    replay = current(session)
    if not replay.timeline.replay().is_over:
        show(session, play_to_the_end(replay, bot_level(session)))
    move_to(session, current(session).count)


def bot_level(session: MutableMapping) -> str:
    """The bots that make the moves a record lacks (the "Bots play on" choice)."""
    return session.get(BOT_LEVEL) or DEFAULT_BOTS


def bots_needed(replay: Replay) -> bool:
    """Whether the next move must come from a bot: the record ends before the hand does."""
    return replay.at_end and not replay.state().is_over


def step_id(move: str, position: int) -> str:
    """The id of the table's Back (``BACK``) or Next (``NEXT``) at ``position``: "next-3"."""
    return f"{move}-{position}"


def step(session: MutableMapping, ident: str) -> bool:
    """A click on the table's Back or Next (``step_id``), or its arrow key: one move. An
    id pressed at another position (a double click, a key held down) changes nothing.
    Returns whether ``ident`` was a step id at all."""
    move, _, at = ident.partition("-")
    if move not in (BACK, NEXT) or not at.isdigit():
        return False
    replay = current(session)
    if int(at) != replay.position:
        return True
    if move == NEXT and bots_needed(replay):  # a fresh deal plays on at once
        bots_play_on(session, bot_level(session), 1)
    else:
        move_to(session, replay.position + (1 if move == NEXT else -1))
    return True


def table_click(session: MutableMapping, ident: str) -> None:
    """A labelled button of the table: Back, Next, or the seat to act's choice."""
    if not step(session, ident):
        teacher_action(session, ident)


def bots_play_on(session: MutableMapping, level: str, moves: int | None = None) -> None:
    """Bots make the next ``moves`` moves (None: finish the hand) from the position; the
    bots' menu closes, its work done."""
    session[PLAYING] = False
    session[BOTS_MENU] = False
    show(session, play_on_with_bots(current(session), level, moves))
    session[NOTE] = None


def shown_seats(session: MutableMapping) -> list[Seat]:
    """The seats whose cards lie face up, in table order."""
    values = session.get(FACE_UP) or []
    return [seat for seat in SEATS if seat.value in values]


# ---- playing on by itself ----------------------------------------------------------------

SPEEDS = {"slow": 3.0, "normal": 2.0, "fast": 1.0}  # seconds a move
DEFAULT_SPEED = "normal"
DEFAULT_BOTS = "beginner"


def seconds_a_move(session: MutableMapping) -> float:
    return SPEEDS.get(session.get(SPEED) or DEFAULT_SPEED, SPEEDS[DEFAULT_SPEED])


def start_playing(session: MutableMapping, now: float) -> None:
    """Play on from the position, one move every few seconds (from the deal if the hand
    is over; bots make the moves the record lacks)."""
    replay = current(session)
    if replay.at_end and not bots_needed(replay):
        _go(session, 0)
    session[PLAYING] = True
    session[LAST_STEP] = now


def pause(session: MutableMapping) -> None:
    session[PLAYING] = False


def tick(session: MutableMapping, now: float) -> bool:
    """A timer's rerun while playing: the next move if its time has come, a bot's where
    the record ends before the hand (stopping at the hand's end). Returns whether it
    moved."""
    if not session.get(PLAYING):
        return False
    if now - float(session.get(LAST_STEP) or 0) < seconds_a_move(session) - 0.25:
        return False
    replay = current(session)
    if bots_needed(replay):
        show(session, play_on_with_bots(replay, bot_level(session), 1))
        session[NOTE] = None
    elif not replay.at_end:
        _go(session, replay.position + 1)
    session[LAST_STEP] = now
    if current(session).at_end and not bots_needed(current(session)):
        session[PLAYING] = False
    return True
