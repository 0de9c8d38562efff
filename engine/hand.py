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

from engine.actions import Action, Do
from engine.errors import IllegalActionError, Reason
from engine.legality import first_leader, illegal_action_error, legal_actions, may_play
from engine.seats import Seat
from engine.state import (HAND_SIZE, PHASE_WORDS, Deal, HandResult, HandState, Phase, Trick,
                          _with, deal_cards, new_hand, ordered_up, random_hand)
from engine.tricks import play_card

__all__ = ["HAND_SIZE", "Deal", "HandResult", "HandState", "PHASE_WORDS", "Phase", "Trick",
           "apply", "deal_cards", "first_leader", "legal_actions", "new_hand", "random_hand"]

# Module globals: an enum member read from its class costs a lookup on every call.
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_DO_PLAY = Do.PLAY


def apply(state: HandState, action: Action, seat: Seat | None = None) -> HandState:
    """The state after ``action`` by the seat to act; raises IllegalActionError.

    Give ``seat`` to have it checked against whose turn it is.
    """
    phase = state.phase
    turn = state.turn
    if phase is _PLAY:
        if seat is not None and seat is not turn:
            raise _not_your_turn(turn, seat)
        if action.do is _DO_PLAY and may_play(state, action.card):
            return play_card(state, action)
        raise illegal_action_error(state, action)
    if phase is _OVER:
        raise IllegalActionError(Reason.HAND_OVER, "The hand is over: no more actions.")
    if seat is not None and seat is not turn:
        raise _not_your_turn(turn, seat)
    if action not in legal_actions(state):
        raise illegal_action_error(state, action)
    return _APPLY_BY_PHASE[phase](state, turn, action, state.actions + ((turn, action),))


def _not_your_turn(turn: Seat, seat: Seat) -> IllegalActionError:
    return IllegalActionError(
        Reason.NOT_YOUR_TURN, f"It is {turn.word}'s turn, not {seat.word}'s.")


# ---- one function per phase: (state, seat to act, action, history with it) -------------

def _apply_bid1(state: HandState, turn: Seat, action: Action, history) -> HandState:
    if action.do is Do.ORDER_UP:
        return _trump_made(_with(state, actions=history, trump=state.upcard.suit), turn)
    if turn is state.dealer:
        return _with(state, phase=Phase.BID2, turn=turn.next, actions=history)
    return _with(state, turn=turn.next, actions=history)


def _apply_bid2(state: HandState, turn: Seat, action: Action, history) -> HandState:
    if action.do is Do.CALL:
        return _trump_made(_with(state, actions=history, trump=action.suit), turn)
    if turn is state.dealer:  # four passes again, and the dealer was not stuck
        return _with(state, phase=Phase.OVER, turn=None, actions=history,
                     result=HandResult(True, 0, None))
    return _with(state, turn=turn.next, actions=history)


def _apply_name_trump(state: HandState, turn: Seat, action: Action, history) -> HandState:
    return _trump_made(_with(state, actions=history, trump=action.suit), turn)


def _apply_alone(state: HandState, turn: Seat, action: Action, history) -> HandState:
    alone = state.alone + (turn,) if action.do is Do.ALONE else state.alone
    state = _with(state, actions=history, alone=alone)
    if state.rules.alone_decision == "any":
        nxt = _next_announcer(state, turn)
        if nxt is not None:
            return _with(state, turn=nxt)
    return _after_alone(state)


def _apply_discard(state: HandState, turn: Seat, action: Action, history) -> HandState:
    hand = list(state.hands[turn.index])
    hand.remove(action.card)
    return _after_discard(_with(state, actions=history, discarded=action.card,
                                hands=_with_hand(state.hands, turn, tuple(hand))))


def _apply_defend_alone(state: HandState, turn: Seat, action: Action, history) -> HandState:
    if action.do is Do.ALONE:
        return _start_play(_with(state, actions=history, alone=state.alone + (turn,)))
    nxt = _next_defender(state, turn)
    if nxt is None:
        return _start_play(_with(state, actions=history))
    return _with(state, turn=nxt, actions=history)


_APPLY_BY_PHASE = {
    Phase.BID1: _apply_bid1,
    Phase.BID2: _apply_bid2,
    Phase.NAME_TRUMP: _apply_name_trump,
    Phase.ALONE: _apply_alone,
    Phase.DISCARD: _apply_discard,
    Phase.DEFEND_ALONE: _apply_defend_alone,
}


# ---- what follows trump being made -----------------------------------------------------

def _with_hand(hands: tuple, seat: Seat, hand: tuple) -> tuple:
    i = seat.index
    return hands[:i] + (hand,) + hands[i + 1:]


def _trump_made(state: HandState, maker: Seat) -> HandState:
    if state.rules.alone_decision == "maker":
        return _with(state, maker=maker, phase=Phase.ALONE, turn=maker)
    state = _with(state, maker=maker)
    return _with(state, phase=Phase.ALONE, turn=_next_announcer(state, None))


def _next_announcer(state: HandState, after: Seat | None) -> Seat | None:
    """The next seat in the announcement round ('any' mode), from the dealer's left."""
    dealer = state.dealer
    seat = dealer.next if after is None else after.next
    if after is dealer:
        return None
    makers = state.maker.team
    announced = {s.team for s in state.alone}
    while True:
        team = seat.team
        if team not in announced and (team is makers or state.rules.lone_defender):
            return seat
        if seat is dealer:
            return None
        seat = seat.next


def _dealer_takes_upcard(state: HandState) -> bool:
    """Round 1 acceptance or Benny turned up, and the dealer is not sitting out."""
    accepted = state.upcard.suit is None or ordered_up(state)
    return accepted and state.dealer not in state.sitting_out


def _after_alone(state: HandState) -> HandState:
    if _dealer_takes_upcard(state):
        dealer = state.dealer
        hand = state.hands[dealer.index] + (state.upcard,)
        return _with(state, phase=Phase.DISCARD, turn=dealer, dealer_took_upcard=True,
                     hands=_with_hand(state.hands, dealer, hand))
    return _after_discard(state)


def _after_discard(state: HandState) -> HandState:
    if state.rules.lone_defender and state.rules.alone_decision == "maker":
        return _with(state, phase=Phase.DEFEND_ALONE, turn=_next_defender(state, None))
    return _start_play(state)


def _next_defender(state: HandState, after: Seat | None) -> Seat | None:
    """Defenders in turn from the dealer's left; each asked once."""
    order = [s for s in (state.dealer.after(i) for i in range(1, 5))
             if s.team is not state.maker.team]
    if after is None:
        return order[0]
    i = order.index(after)
    return order[i + 1] if i + 1 < len(order) else None


def _start_play(state: HandState) -> HandState:
    leader = first_leader(state)
    return _with(state, phase=Phase.PLAY, turn=leader, leader=leader)

