"""The Teach page's moves, as plain functions over a session mapping.

The teacher plays every seat. A click on the card table, on a card of the seat to act
or on one of its labelled choices, goes to the engine for that seat: a legal move is
added to the hand record, an illegal one changes nothing but the refusal the table
shows next. The page passes ``st.session_state``; AppTest tests pass theirs (AppTest
cannot click inside the card table) and so make the same moves the clicks make.

>>> from engine import Rules, Seat, random_hand
>>> session = {}
>>> load(session, HandRecord.from_state(random_hand(Rules(), Seat.W, 1)))
>>> teacher_action(session, "pass").ok, len(session[RECORD].actions)
(True, 1)
>>> teacher_action(session, "call-H").refusal is not None, len(session[RECORD].actions)
(True, 1)
"""

from __future__ import annotations

from typing import MutableMapping

from engine import (SEATS, Action, HandRecord, HandState, Phase, ReplayError, Seat, apply,
                    legal_actions, replay)
from tutorial_app.widgets.table_moves import Decision, decide_action, decide_card

RECORD, NOTE, REFUSAL = "teach-record", "teach-note", "teach-refusal"
SHOWN = "teach-shown"            # the seats whose cards lie face up, as "N", "E", "S", "W"
SOUTH_ONLY = ["S"]               # what a class opening the shared link sees
EVERY_SEAT = [seat.value for seat in SEATS]


def forget(session: MutableMapping, *keys: str) -> None:
    """Drop keys if present (AppTest's session state has no ``pop``)."""
    for key in keys:
        if key in session:
            del session[key]


def load(session: MutableMapping, record: HandRecord, note: str | None = None) -> None:
    """Put ``record`` on the table; ``note`` says what was left out of it, if anything."""
    session[RECORD] = record
    session[NOTE] = note
    forget(session, REFUSAL)


def keep_legal_part(session: MutableMapping, record: HandRecord) -> None:
    """Load a record; if an action is illegal, keep the part before it and say why
    (moves counted from 1, though the referee counts its steps from 0)."""
    try:
        replay(record.rules, record.deal, record.actions)
        load(session, record)
    except ReplayError as exc:
        part = HandRecord(record.rules, record.deal, record.actions[:exc.step])
        load(session, part, f"Move {exc.step + 1} of the record is not allowed: {exc} "
                            f"The hand is shown up to that point.")


def _settle(session: MutableMapping, state: HandState, decision: Decision) -> Decision:
    if decision.ok:
        load(session, HandRecord.from_state(apply(state, decision.action, state.turn)))
    else:
        session[REFUSAL] = decision.refusal
    return decision


def teacher_card(session: MutableMapping, code: str) -> Decision:
    """A card of the seat to act was clicked: play (or discard) it if the engine allows."""
    state = session[RECORD].replay()
    if state.turn is None:
        return Decision(None, "The hand is over: deal a new one, or undo a move.")
    return _settle(session, state, decide_card(state, state.turn, code))


def teacher_action(session: MutableMapping, ident: str) -> Decision:
    """A labelled choice (pass, order up, call a suit, go alone) for the seat to act."""
    state = session[RECORD].replay()
    if state.turn is None:
        return Decision(None, "The hand is over: deal a new one, or undo a move.")
    return _settle(session, state, decide_action(state, state.turn, ident))


def undo(session: MutableMapping) -> None:
    record = session[RECORD]
    load(session, HandRecord(record.rules, record.deal, record.actions[:-1]))


def back_to_deal(session: MutableMapping) -> None:
    record = session[RECORD]
    load(session, HandRecord(record.rules, record.deal))


def shown_seats(session: MutableMapping) -> list[Seat]:
    """The seats whose cards lie face up, in table order."""
    values = session.get(SHOWN) or []
    return [seat for seat in SEATS if seat.value in values]


def prompt(state: HandState, shown: list[Seat]) -> str:
    """What the seat to act does now, for the line under the table ("" once the hand is
    over). Bids are public: their buttons show whether or not the hand is face up."""
    seat = state.turn
    if seat is None:
        return ""
    name, phase = seat.word, state.phase
    if phase is Phase.BID1:
        verb = "pick up" if seat is state.dealer else "order up"
        return f"{name} to bid: {verb} {state.upcard.the_name}, or pass."
    if phase is Phase.BID2:
        turned = state.upcard.suit.plural
        stuck = Action.PASS not in legal_actions(state)   # the engine says if they may pass
        return (f"{name} is the dealer and stuck: call a suit other than {turned}." if stuck
                else f"{name} to bid: call a suit other than {turned}, or pass.")
    if phase is Phase.NAME_TRUMP:
        return f"{name} names the trump suit."
    if phase is Phase.ALONE:
        return f"{name} decides: go alone, or not?"
    if phase is Phase.DEFEND_ALONE:
        return f"{name} decides: defend alone, or not?"
    doing = {Phase.DISCARD: "discard", Phase.PLAY: "lead" if not state.trick else "play"}[phase]
    if seat not in shown:
        return (f"{name} to {doing}, but {name}'s cards are face down: turn them up "
                f"beside the table to choose one.")
    return f"{name} to {doing}: click one of {name}'s cards."
