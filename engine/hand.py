"""One hand of euchre as an immutable state machine: deal, make trump, go alone, play.

``apply(state, action)`` returns the next state or raises IllegalActionError
with a reason and a sentence a learner understands. What may be done is asked
of ``engine.legality`` (``legal_actions`` is re-exported here); playing a card
is ``engine.tricks``. Like OpenSpiel's ``DoApplyAction``, ``apply`` dispatches
on the phase once, to one function per phase.

The state itself (``HandState``, ``Deal``, ``Phase``, ...) lives in
``engine.state`` and is re-exported here.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, Do
from engine.cards import Card, NoTrump, Suit
from engine.errors import IllegalActionError, Reason
from engine.legality import (
    first_leader,
    first_leader_of,
    illegal_action_error,
    is_legal,
    legal_actions,
)
from engine.native import ENGINE_PATH
from engine.seats import Seat
from engine.state import (
    HAND_SIZE,
    PHASE_WORDS,
    Deal,
    HandResult,
    HandState,
    Phase,
    Trick,
    deal_cards,
    make_state,
    new_hand,
    ordered_up,
    random_hand,
)
from engine.tricks import hand_result, play_card

__all__ = [
    "HAND_SIZE",
    "Deal",
    "HandResult",
    "HandState",
    "PHASE_WORDS",
    "Phase",
    "Trick",
    "apply",
    "deal_cards",
    "first_leader",
    "legal_actions",
    "new_hand",
    "random_hand",
]

# Module globals: in Python 3.11 reading an enum member from its class goes through the
# metaclass's __getattr__ hook and costs as much as a function call.
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_DO_ALONE = Do.ALONE
_DO_CALL = Do.CALL
_DO_ORDER_UP = Do.ORDER_UP
_ALONE_DECISION = Phase.ALONE
_BID2 = Phase.BID2
_DEFEND_ALONE = Phase.DEFEND_ALONE
_DISCARD = Phase.DISCARD


def apply(state: HandState, action: Action, seat: Seat | None = None) -> HandState:
    """The state after ``action`` by the seat to act; raises IllegalActionError.

    Give ``seat`` to have it checked against whose turn it is.
    """
    turn = state.turn
    if seat is not None and seat is not turn and state.phase is not _OVER:
        assert turn is not None  # every phase but the end has a seat to act
        raise _not_your_turn(turn, seat)
    if not is_legal(state, action):
        raise illegal_action_error(state, action)
    phase = state.phase
    if phase is _PLAY:
        return play_card(state, action)
    assert turn is not None  # legal, so not over: a seat acts
    return _APPLY_BY_PHASE[phase](state, turn, action, state.actions + ((turn, action),))


def _not_your_turn(turn: Seat, seat: Seat, you: bool = False) -> IllegalActionError:
    whose = "yours" if you else f"{seat.word}'s"
    return IllegalActionError(Reason.NOT_YOUR_TURN, f"It is {turn.word}'s turn, not {whose}.")


def refusal_to(state: HandState, action: Action, seat: Seat) -> IllegalActionError | None:
    """Why ``seat``'s player may not take ``action`` now, said to them: the error
    ``apply(state, action, seat)`` raises, in the second person ("It is North's turn, not
    yours.", "You must follow hearts: you hold the ace of hearts."); None when they may."""
    turn = state.turn
    if seat is not turn and state.phase is not _OVER:
        assert turn is not None  # every phase but the end has a seat to act
        return _not_your_turn(turn, seat, you=True)
    if is_legal(state, action):
        return None
    return illegal_action_error(state, action, you=True)


# ---- one function per phase -------------------------------------------------------------
#
# Each takes the state, the seat to act, the action and the history with it, and builds the
# next state once: ``fields`` is a list of the state's fields, changed in place by position,
# then made a HandState (changing fields one ``_replace`` at a time costs a state each).

_F = {name: i for i, name in enumerate(HandState._fields)}  # field name -> position
(
    _AT_PHASE,
    _AT_TURN,
    _AT_HANDS,
    _AT_TRUMP,
    _AT_MAKER,
    _AT_ALONE,
    _AT_TOOK_UPCARD,
    _AT_DISCARDED,
    _AT_LEADER,
    _AT_ACTIONS,
    _AT_RESULT,
) = (
    _F["phase"],
    _F["turn"],
    _F["hands"],
    _F["trump"],
    _F["maker"],
    _F["alone"],
    _F["dealer_took_upcard"],
    _F["discarded"],
    _F["leader"],
    _F["actions"],
    _F["result"],
)


def _fields(state: HandState, history: tuple[tuple[Seat, Action], ...]) -> list[Any]:
    fields = list(state[:])  # state[:] is an exact tuple, which a list copies without iterating
    fields[_AT_ACTIONS] = history
    return fields


def _apply_bid1(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    if action.do is _DO_ORDER_UP:
        return _trump_made(state, turn, state.deal.upcard.suit, history)
    fields = _fields(state, history)
    if turn is state.deal.dealer:
        fields[_AT_PHASE] = _BID2
    fields[_AT_TURN] = turn.next
    return make_state(fields)


def _apply_bid2(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    if action.do is _DO_CALL:
        return _trump_made(state, turn, action.suit, history)
    fields = _fields(state, history)
    if turn is state.deal.dealer:  # four passes again, and the dealer was not stuck
        fields[_AT_PHASE] = _OVER
        fields[_AT_TURN] = None
        fields[_AT_RESULT] = HandResult(True, 0, None)
    else:
        fields[_AT_TURN] = turn.next
    return make_state(fields)


def _apply_name_trump(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    return _trump_made(state, turn, action.suit, history)


def _apply_alone(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    fields = _fields(state, history)
    if action.do is _DO_ALONE:
        fields[_AT_ALONE] = state.alone + (turn,)
    if state.rules.alone_decision == "any":
        assert state.maker is not None  # announcements follow the making of trump
        nxt = _next_announcer(state, state.maker, fields[_AT_ALONE], turn)
        if nxt is not None:
            fields[_AT_TURN] = nxt
            return make_state(fields)
    return _after_alone(state, fields)


def _apply_discard(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    fields = _fields(state, history)
    card = action.card
    assert card is not None  # a discard names its card
    fields[_AT_DISCARDED] = card
    hand = _without(state.hands[turn.index], card)
    fields[_AT_HANDS] = _with_hand(state.hands, turn, hand)
    return _after_discard(state, fields)


def _apply_defend_alone(
    state: HandState, turn: Seat, action: Action, history: tuple[tuple[Seat, Action], ...]
) -> HandState:
    fields = _fields(state, history)
    if action.do is _DO_ALONE:
        fields[_AT_ALONE] = state.alone + (turn,)
        return _start_play(state, fields)
    nxt = _next_defender(state, turn)
    if nxt is None:
        return _start_play(state, fields)
    fields[_AT_TURN] = nxt
    return make_state(fields)


_APPLY_BY_PHASE = {
    Phase.BID1: _apply_bid1,
    Phase.BID2: _apply_bid2,
    Phase.NAME_TRUMP: _apply_name_trump,
    Phase.ALONE: _apply_alone,
    Phase.DISCARD: _apply_discard,
    Phase.DEFEND_ALONE: _apply_defend_alone,
}


# ---- what follows trump being made (RULES.md, 'Order of decisions') ---------------------


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    at = hand.index(card)
    return hand[:at] + hand[at + 1 :]


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: Seat, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    i = seat.index
    return hands[:i] + (hand,) + hands[i + 1 :]


def _trump_made(
    state: HandState,
    maker: Seat,
    trump: Suit | NoTrump | None,
    history: tuple[tuple[Seat, Action], ...],
) -> HandState:
    fields = _fields(state, history)
    fields[_AT_TRUMP] = trump
    fields[_AT_MAKER] = maker
    fields[_AT_PHASE] = _ALONE_DECISION
    if state.rules.alone_decision == "maker":
        fields[_AT_TURN] = maker
    else:
        fields[_AT_TURN] = _next_announcer(state, maker, state.alone, None)
    return make_state(fields)


def _next_announcer(
    state: HandState, maker: Seat, alone: tuple[Seat, ...], after: Seat | None
) -> Seat | None:
    """The next seat in the announcement round ('any' mode), from the dealer's left."""
    dealer = state.deal.dealer
    seat = dealer.next if after is None else after.next
    if after is dealer:
        return None
    makers = maker.team
    announced = {s.team for s in alone}
    while True:
        team = seat.team
        if team not in announced and (team is makers or state.rules.lone_defender):
            return seat
        if seat is dealer:
            return None
        seat = seat.next


def _after_alone(state: HandState, fields: list[Any]) -> HandState:
    """The dealer takes the upcard after a round-1 acceptance or a Benny turned up,
    unless their partner plays alone and they sit out."""
    dealer = state.deal.dealer
    upcard = state.deal.upcard
    accepted = upcard.suit is None or ordered_up(state)
    if accepted and dealer.partner not in fields[_AT_ALONE]:
        fields[_AT_PHASE] = _DISCARD
        fields[_AT_TURN] = dealer
        fields[_AT_TOOK_UPCARD] = True
        hand = state.hands[dealer.index] + (upcard,)
        fields[_AT_HANDS] = _with_hand(state.hands, dealer, hand)
        return make_state(fields)
    return _after_discard(state, fields)


def _after_discard(state: HandState, fields: list[Any]) -> HandState:
    if state.rules.lone_defender and state.rules.alone_decision == "maker":
        fields[_AT_PHASE] = _DEFEND_ALONE
        fields[_AT_TURN] = _next_defender(state, None)
        return make_state(fields)
    return _start_play(state, fields)


def _next_defender(state: HandState, after: Seat | None) -> Seat | None:
    """Defenders in turn from the dealer's left; each asked once."""
    assert state.maker is not None  # defenders are the maker's opponents
    order = [
        s for s in (state.dealer.after(i) for i in range(1, 5)) if s.team is not state.maker.team
    ]
    if after is None:
        return order[0]
    i = order.index(after)
    return order[i + 1] if i + 1 < len(order) else None


def _start_play(state: HandState, fields: list[Any]) -> HandState:
    assert state.maker is not None  # play starts once trump is made
    leader = first_leader_of(state.rules, state.deal.dealer, state.maker, fields[_AT_ALONE])
    fields[_AT_PHASE] = _PLAY
    fields[_AT_TURN] = leader
    fields[_AT_LEADER] = leader
    return make_state(fields)


if ENGINE_PATH == "compiled":
    # Play runs on the C state (engine/native_state.pyx); every other phase runs the above.
    from engine import native_state

    native_state.install(apply, None, hand_result)
    apply = native_state.apply
