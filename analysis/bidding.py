"""Bidding, going alone, defending alone and the discard, decided from a seat's view.

Two levels:

- ``expert_decision``: the hand evaluation of ``analysis.evaluation`` against
  thresholds that depend on the seat's place after the dealer (1 = the dealer's
  left ... 4 = the dealer). The team estimate must reach ``MAKE_THRESHOLD`` to
  order up or call; the hand's lone estimate must reach ``ALONE_THRESHOLD`` to
  go alone; a defender's count of sure tricks must reach ``DEFEND_ALONE_THRESHOLD``
  to defend alone.
- ``beginner_decision``: counting trumps, the rule of thumb taught first:
  order up or call with three trumps or more (the dealer counts the upcard),
  go alone with four trumps including the right bower, never defend alone,
  throw away the lowest card that is not a trump.

Both read only the ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Iterable

from analysis.evaluation import (
    UPCARD_ME,
    UPCARD_NOBODY,
    UPCARD_OPPONENT,
    UPCARD_PARTNER,
    defence_tricks,
    lone_tricks,
    no_trump_tricks,
    team_tricks,
    weakest_card,
)
from engine.actions import Action, Do
from engine.cards import NO_TRUMP, Card, NoTrump, Rank, Suit
from engine.hand import Phase
from engine.ranking import EFFECTIVE_SUIT, is_right_bower, suit_strength
from engine.seats import Seat
from engine.view import SeatView

# Team estimates (expected tricks with partner) needed to make trump, by round and place.
# Ordering up breaks even near 3 tricks; passing in round 1 keeps a second chance, so
# round 1 asks for more and round 2 for less (tuned in duplicate matches).
MAKE_THRESHOLD = {1: {1: 3.3, 2: 3.2, 3: 3.3, 4: 3.2}, 2: {1: 2.5, 2: 2.6, 3: 2.6, 4: 2.6}}
# Lone estimates needed to go alone, by place (the dealer counts the upcard).
ALONE_THRESHOLD = {1: 3.5, 2: 3.5, 3: 3.5, 4: 3.4}
# A defender's sure tricks needed to defend alone (a lone defender must take 3 by itself).
DEFEND_ALONE_THRESHOLD = {1: 2.8, 2: 2.8, 3: 2.8, 4: 2.8}
# No trump alone: only with aces in every suit.
NO_TRUMP_ALONE_ACES = 4


def place(seat: Seat, dealer: Seat) -> int:
    """1 for the dealer's left, 2 for the dealer's partner, 3 for the dealer's right, 4 the
    dealer."""
    return (seat.index - dealer.index - 1) % 4 + 1


def upcard_goes_to(view: SeatView, seat_alone: bool = False) -> str:
    """Who gets the upcard if the seat's team takes it in round 1."""
    me, dealer = view.seat, view.dealer
    if me is dealer:
        return UPCARD_ME
    if me.partner is dealer:
        return UPCARD_NOBODY if seat_alone else UPCARD_PARTNER
    return UPCARD_OPPONENT


def _canadian(view: SeatView) -> bool:
    return view.rules.canadian_loner and view.seat is view.dealer.partner


def _round1_upcard_to(view: SeatView, alone: bool) -> str:
    """Who holds the upcard in the hand being decided (after trump was made)."""
    ordered = view.upcard_taken or any(a.do is Do.ORDER_UP for _, a in view.actions)
    if view.upcard.is_joker:
        ordered = True
    if not ordered:
        return UPCARD_NOBODY
    return upcard_goes_to(view, seat_alone=alone)


# ---- expert ----------------------------------------------------------------------------


def expert_decision(view: SeatView) -> Action:
    """The evaluation-and-threshold decision for any phase but play."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    phase, me = view.phase, view.seat
    where = place(me, view.dealer)
    if phase is Phase.BID1:
        trump = view.upcard.suit
        assert trump is not None  # a turned-up Joker skips round 1
        if _canadian(view):
            good = (
                lone_tricks(view.hand, trump, view.upcard, UPCARD_NOBODY) >= ALONE_THRESHOLD[where]
            )
        else:
            good = (
                team_tricks(view.hand, trump, view.upcard, upcard_goes_to(view))
                >= MAKE_THRESHOLD[1][where]
            )
        return Action.ORDER_UP if good else Action.PASS
    if phase is Phase.BID2:
        best, score = best_call(view)
        must = Action.PASS not in legal
        return Action.call(best) if must or score >= MAKE_THRESHOLD[2][where] else Action.PASS
    if phase is Phase.NAME_TRUMP:
        suit = max(Suit, key=lambda s: team_tricks(view.hand, s, view.upcard, UPCARD_ME))
        return Action.name_trump(suit)
    if phase is Phase.ALONE:
        if view.maker is not None and me.team is view.maker.team:
            return Action.ALONE if should_go_alone(view) else _decline(legal)
        return Action.ALONE if should_defend_alone(view) else _decline(legal)
    if phase is Phase.DEFEND_ALONE:
        return Action.ALONE if should_defend_alone(view) else Action.PASS
    if phase is Phase.DISCARD:
        assert view.trump_suit is not None  # the dealer discards once the upcard made trump
        return Action.discard(weakest_card(view.hand, view.trump_suit))
    raise ValueError(f"no bidding decision in phase {phase}")


def _decline(legal: tuple[Action, ...]) -> Action:
    return Action.WITH_PARTNER if Action.WITH_PARTNER in legal else Action.PASS


def best_call(view: SeatView) -> tuple[Suit | NoTrump, float]:
    """The round-2 call with the best team estimate, and that estimate."""
    options: list[tuple[float, int, Suit | NoTrump]] = []
    for action in view.legal:
        if action.do is not Do.CALL:
            continue
        suit = action.suit
        assert suit is not None  # a call names its suit
        if suit is NO_TRUMP:
            options.append((no_trump_tricks(view.hand), 4, suit))
        else:
            options.append((team_tricks(view.hand, suit), list(Suit).index(suit), suit))
    score, _, suit = max(options, key=lambda o: (o[0], -o[1]))
    return suit, score


def should_go_alone(view: SeatView) -> bool:
    trump = view.trump_suit
    if trump is None:
        return sum(1 for c in view.hand if c.rank is Rank.ACE) >= NO_TRUMP_ALONE_ACES
    estimate = lone_tricks(view.hand, trump, view.upcard, _round1_upcard_to(view, alone=True))
    return estimate >= ALONE_THRESHOLD[place(view.seat, view.dealer)]


def should_defend_alone(view: SeatView) -> bool:
    trump = view.trump_suit
    if trump is None:
        return False
    return defence_tricks(view.hand, trump) >= DEFEND_ALONE_THRESHOLD[place(view.seat, view.dealer)]


# ---- beginner ---------------------------------------------------------------------------


def trump_count(hand: tuple[Card, ...] | list[Card], trump: Suit) -> int:
    table = EFFECTIVE_SUIT[trump]
    return sum(1 for c in hand if table[c.index] is trump)


def beginner_decision(view: SeatView) -> Action:
    """Count trumps: three to make trump, four with the right bower to go alone."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    phase, hand = view.phase, view.hand
    if phase is Phase.BID1:
        trump = view.upcard.suit
        assert trump is not None  # a turned-up Joker skips round 1
        counted = hand + (view.upcard,) if view.seat is view.dealer else hand
        if _canadian(view):
            return Action.ORDER_UP if _strong_alone(hand, trump) else Action.PASS
        return Action.ORDER_UP if trump_count(counted, trump) >= 3 else Action.PASS
    if phase in (Phase.BID2, Phase.NAME_TRUMP):
        suits = [a.suit for a in legal if a.do in (Do.CALL, Do.NAME) and isinstance(a.suit, Suit)]
        best = max(suits, key=lambda s: (trump_count(hand, s), -list(Suit).index(s)))
        action = Action.call(best) if phase is Phase.BID2 else Action.name_trump(best)
        if Action.PASS not in legal or trump_count(hand, best) >= 3:
            return action
        return Action.PASS
    if phase is Phase.ALONE:
        mine = view.maker is not None and view.seat.team is view.maker.team
        trump = view.trump_suit
        if mine and trump is not None and _strong_alone(hand, trump):
            return Action.ALONE
        return _decline(legal)
    if phase is Phase.DEFEND_ALONE:
        return Action.PASS
    if phase is Phase.DISCARD:
        return Action.discard(lowest_card(hand, view.trump_suit))
    raise ValueError(f"no bidding decision in phase {phase}")


def _strong_alone(hand: tuple[Card, ...], trump: Suit) -> bool:
    return trump_count(hand, trump) >= 4 and any(is_right_bower(c, trump) for c in hand)


def lowest_card(cards: Iterable[Card], trump: Suit | None) -> Card:
    """The lowest card, a card that is not a trump before any trump; ties by card order."""
    table = EFFECTIVE_SUIT[trump]
    return min(
        cards,
        key=lambda c: (
            trump is not None and table[c.index] is trump,
            suit_strength(c, trump),
            c.index,
        ),
    )
