"""One hand of euchre as an immutable state machine: deal, make trump, go alone, play.

``legal_actions(state)`` is the single source of what may happen next;
``apply(state, action)`` returns the next state or raises IllegalActionError
with a reason and a sentence a learner understands.

The state itself (``HandState``, ``Deal``, ``Phase``, ...) lives in
``engine.state`` and is re-exported here.
"""

from __future__ import annotations

from engine import actions as A
from engine.actions import Action, Do
from engine.cards import NO_TRUMP, Card, Suit
from engine.errors import IllegalActionError, Reason
from engine.ranking import EFFECTIVE_SUIT, TRICK_STRENGTH
from engine.scoring import score_hand
from engine.seats import Seat, Team
from engine.state import (HAND_SIZE, PHASE_WORDS, Deal, HandResult, HandState, Phase, Trick,
                          _new_state, _with, deal_cards, new_hand, ordered_up, random_hand)

__all__ = ["HAND_SIZE", "Deal", "HandResult", "HandState", "PHASE_WORDS", "Phase", "Trick",
           "apply", "deal_cards", "first_leader", "legal_actions", "new_hand", "random_hand"]


# ---- what is legal ---------------------------------------------------------------------

_BID1 = (A.ORDER_UP, A.PASS)
_MAKER_ALONE = (A.ALONE, A.WITH_PARTNER)
_ONLY_ALONE = (A.ALONE,)
_ANNOUNCE = (A.ALONE, A.PASS)


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """Every action the seat to act may take now, in a fixed order; () when over."""
    phase = state.phase
    if phase is Phase.PLAY:
        play = A.PLAY
        return tuple([play[c.index] for c in _playable(state)])
    if phase is Phase.BID1:
        return _BID1
    if phase is Phase.BID2:
        turned_down = state.upcard.suit
        calls = [A.CALL[s] for s in Suit if s is not turned_down]
        if state.rules.no_trump:
            calls.append(A.CALL[NO_TRUMP])
        if not (state.rules.stick_the_dealer and state.turn is state.dealer):
            calls.append(A.PASS)
        return tuple(calls)
    if phase is Phase.ALONE:
        if _must_go_alone(state, state.turn):
            return _ONLY_ALONE
        return _MAKER_ALONE if state.rules.alone_decision == "maker" else _ANNOUNCE
    if phase is Phase.DISCARD:
        return tuple(A.DISCARD[c.index] for c in state.hands[state.dealer.index])
    if phase is Phase.DEFEND_ALONE:
        return _ANNOUNCE
    if phase is Phase.NAME_TRUMP:
        return tuple(A.NAME[s] for s in Suit)
    return ()


def _must_go_alone(state: HandState, seat: Seat | None) -> bool:
    """Canadian loner: the dealer's partner who ordered up in round 1 must play alone."""
    return (state.rules.canadian_loner and seat is state.maker
            and seat is state.dealer.partner and ordered_up(state))


def _playable(state: HandState) -> tuple[Card, ...] | list[Card]:
    """The cards the seat to play may play (RULES.md, 'Play')."""
    hand = state.hands[state.turn.index]
    trump = state.trump
    if trump is NO_TRUMP:
        trump = None
    table = EFFECTIVE_SUIT[trump]
    if state.trick:
        led = table[state.trick[0][1].index]
        follow = [c for c in hand if table[c.index] is led]
        return follow or hand
    if trump is not None and state.rules.no_first_blood and not state.tricks:
        plain = [c for c in hand if table[c.index] is not trump]
        return plain or hand
    return hand


# ---- applying an action ----------------------------------------------------------------

def apply(state: HandState, action: Action, seat: Seat | None = None) -> HandState:
    """The state after ``action`` by the seat to act; raises IllegalActionError.

    Give ``seat`` to have it checked against whose turn it is.
    """
    if state.phase is Phase.OVER:
        raise IllegalActionError(Reason.HAND_OVER, "The hand is over: no more actions.")
    turn = state.turn
    if seat is not None and seat is not turn:
        raise IllegalActionError(
            Reason.NOT_YOUR_TURN, f"It is {turn.word}'s turn, not {seat.word}'s.")
    phase = state.phase
    if phase is Phase.PLAY:
        if action.do is not Do.PLAY:
            raise _wrong_phase(state, action)
        return _play(state, action)
    if action not in legal_actions(state):
        raise _why_illegal(state, action)
    history = state.actions + ((turn, action),)
    state = _with(state, actions=history)
    if phase is Phase.BID1:
        return _bid1(state, turn, action)
    if phase is Phase.BID2:
        return _bid2(state, turn, action)
    if phase is Phase.NAME_TRUMP:
        return _trump_made(_with(state, trump=action.suit), turn)
    if phase is Phase.ALONE:
        return _alone(state, turn, action)
    if phase is Phase.DISCARD:
        hand = list(state.hands[turn.index])
        hand.remove(action.card)
        return _after_discard(_with(state, hands=_with_hand(state.hands, turn, tuple(hand)),
                                             discarded=action.card))
    if phase is Phase.DEFEND_ALONE:
        if action.do is Do.ALONE:
            return _start_play(_with(state, alone=state.alone + (turn,)))
        nxt = _next_defender(state, turn)
        if nxt is None:
            return _start_play(state)
        return _with(state, turn=nxt)
    raise AssertionError(phase)


def _with_hand(hands: tuple, seat: Seat, hand: tuple[Card, ...]) -> tuple:
    i = seat.index
    return hands[:i] + (hand,) + hands[i + 1:]


def _bid1(state: HandState, turn: Seat, action: Action) -> HandState:
    if action.do is Do.ORDER_UP:
        return _trump_made(_with(state, trump=state.upcard.suit), turn)
    if turn is state.dealer:
        return _with(state, phase=Phase.BID2, turn=turn.next)
    return _with(state, turn=turn.next)


def _bid2(state: HandState, turn: Seat, action: Action) -> HandState:
    if action.do is Do.CALL:
        return _trump_made(_with(state, trump=action.suit), turn)
    if turn is state.dealer:  # four passes again, and the dealer was not stuck
        result = HandResult(True, 0, None)
        return _with(state, phase=Phase.OVER, turn=None, result=result)
    return _with(state, turn=turn.next)


def _trump_made(state: HandState, maker: Seat) -> HandState:
    state = _with(state, maker=maker)
    if state.rules.alone_decision == "maker":
        return _with(state, phase=Phase.ALONE, turn=maker)
    first = _next_announcer(state, None)
    return _with(state, phase=Phase.ALONE, turn=first)


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


def _alone(state: HandState, turn: Seat, action: Action) -> HandState:
    if action.do is Do.ALONE:
        state = _with(state, alone=state.alone + (turn,))
    if state.rules.alone_decision == "any":
        nxt = _next_announcer(state, turn)
        if nxt is not None:
            return _with(state, turn=nxt)
    return _after_alone(state)


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
        first = _next_defender(state, None)
        return _with(state, phase=Phase.DEFEND_ALONE, turn=first)
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


def first_leader(state: HandState) -> Seat:
    """Who leads the first trick (RULES.md, 'Play')."""
    alone = state.alone
    if state.rules.loner_starts_last and alone:
        if len(alone) == 1:
            return alone[0].next
        return next(seat for seat in alone if seat.team is not state.maker.team)
    out = state.sitting_out
    seat = state.dealer.next
    while seat in out:
        seat = seat.next
    return seat


def _play(state: HandState, action: Action) -> HandState:
    # The hottest path of every search: builds the next state as a plain tuple.
    (rules, deal, phase, turn, hands, trump, maker, alone, took, discarded, leader, trick,
     tricks, tricks_won, history, result) = state
    card = action.card
    if card not in _playable(state):
        raise _why_illegal(state, action)
    i = turn.index
    hands = hands[:i] + (tuple([c for c in hands[i] if c is not card]),) + hands[i + 1:]
    trick = trick + ((turn, card),)
    history = history + ((turn, action),)
    out = [p.partner for p in alone] if alone else ()
    if len(trick) < 4 - len(out):
        nxt = turn.next
        while nxt in out:
            nxt = nxt.next
        return _new_state((rules, deal, phase, nxt, hands, trump, maker, alone, took, discarded,
                           leader, trick, tricks, tricks_won, history, result))
    # The trick is complete.
    trump_suit = None if trump is NO_TRUMP else trump
    led = EFFECTIVE_SUIT[trump_suit][trick[0][1].index]
    strength = TRICK_STRENGTH[(trump_suit, led)]
    best = -1
    winner = turn
    for seat, played in trick:
        if strength[played.index] > best:
            best = strength[played.index]
            winner = seat
    ns, ew = tricks_won
    if winner.team is Team.NS:
        ns += 1
    else:
        ew += 1
    tricks = tricks + (Trick(leader, trick, winner),)
    if len(tricks) < HAND_SIZE:
        return _new_state((rules, deal, phase, winner, hands, trump, maker, alone, took,
                           discarded, winner, (), tricks, (ns, ew), history, result))
    makers = maker.team
    makers_tricks = ns if makers is Team.NS else ew
    score = score_hand(makers, makers_tricks,
                       maker_alone=any(s.team is makers for s in alone),
                       defender_alone=any(s.team is not makers for s in alone), alone=alone)
    return _new_state((rules, deal, Phase.OVER, None, hands, trump, maker, alone, took,
                       discarded, leader, (), tricks, (ns, ew), history,
                       HandResult(False, makers_tricks, score)))


# ---- why an action is illegal ------------------------------------------------------------

def _wrong_phase(state: HandState, action: Action) -> IllegalActionError:
    wanted = ", ".join(sorted({a.do.value for a in legal_actions(state)}))
    return IllegalActionError(
        Reason.WRONG_PHASE,
        f"{state.turn.word} cannot {action.do.value.replace('_', ' ')} now: "
        f"this is the {PHASE_WORDS[state.phase]}, where the choices are {wanted}.")


def _why_illegal(state: HandState, action: Action) -> IllegalActionError:
    from engine import explain

    return explain.illegal_action_error(state, action)
