"""Reading the bidding: how likely a sampled deal is, given what the others bid.

A player who ordered up probably holds trumps; a player who passed probably
does not hold a hand worth making trump. ``bid_likelihood`` scores a sampled
deal by how well each other player's bids fit their sampled hand under the
expert evaluation (``analysis.evaluation``): a bid is likely when the hand's
estimate is well past the bidding threshold, unlikely when well short of it,
with a soft edge (``SOFTNESS`` tricks) because people bid differently, and a
floor (``FLOOR``) so that no consistent deal is ruled out.

``weighted_samples`` draws ``OVERSAMPLE`` times more deals than asked for and
keeps a number of them in proportion to these weights (importance resampling).
"""

from __future__ import annotations

import math
import random

from analysis.bidding import ALONE_THRESHOLD, MAKE_THRESHOLD, place
from analysis.evaluation import UPCARD_ME, UPCARD_OPPONENT, UPCARD_PARTNER, lone_tricks, team_tricks
from analysis.sampling import Sampler, played_by_seat
from engine.actions import Do
from engine.cards import Card, Suit
from engine.seats import Seat
from engine.view import SeatView

SOFTNESS = 0.4  # tricks: how soft the edge of each bidding threshold is
FLOOR = 0.03  # the least weight any bid gives a deal
OVERSAMPLE = 3


def _fit(margin: float) -> float:
    """How well a bid fits a hand whose estimate is ``margin`` tricks past the threshold."""
    return max(FLOOR, 1.0 / (1.0 + math.exp(-margin / SOFTNESS)))


def bidding_events(view: SeatView) -> list[tuple[Seat, str, object]]:
    """The other players' informative decisions: (seat, kind, suit) in order.

    Kinds: 'pass1', 'order' (round 1), 'pass2', 'call' (round 2), 'alone'.
    """
    events: list[tuple[Seat, str, object]] = []
    stage, passes = 1, 0
    for seat, action in view.actions:
        do = action.do
        if stage == 1 and do is Do.PASS:
            passes += 1
            events.append((seat, "pass1", None))
            if passes == 4:
                stage = 2
        elif stage == 1 and do is Do.ORDER_UP:
            events.append((seat, "order", view.upcard.suit))
            stage = 3
        elif stage == 2 and do is Do.PASS:
            events.append((seat, "pass2", None))
        elif stage == 2 and do is Do.CALL:
            events.append((seat, "call", action.suit))
            stage = 3
        elif do is Do.NAME:
            stage = 3
        elif (
            stage == 3
            and do is Do.ALONE
            and view.maker is not None
            and seat.team is view.maker.team
        ):
            events.append((seat, "alone", None))
    return [e for e in events if e[0] is not view.seat]


def _upcard_to(seat: Seat, dealer: Seat) -> str:
    if seat is dealer:
        return UPCARD_ME
    return UPCARD_PARTNER if seat.partner is dealer else UPCARD_OPPONENT


def bid_likelihood(
    view: SeatView, events: list[tuple[Seat, str, object]], dealt: dict[Seat, tuple[Card, ...]]
) -> float:
    """How well the others' bids fit the hands they were dealt in a sample."""
    weight = 1.0
    upcard, dealer = view.upcard, view.dealer
    for seat, kind, suit in events:
        hand = dealt.get(seat)
        if not hand or len(hand) != 5:
            continue
        where = place(seat, dealer)
        if kind in ("pass1", "order"):
            if upcard.suit is None:
                continue
            to = _upcard_to(seat, dealer)
            if to == UPCARD_ME and upcard in hand:  # counted after the exchange
                estimate = team_tricks(hand, upcard.suit)
            else:
                estimate = team_tricks(hand, upcard.suit, upcard, to)
            margin = estimate - MAKE_THRESHOLD[1][where]
            weight *= _fit(margin if kind == "order" else -margin)
        elif kind == "pass2":
            best = max(team_tricks(hand, s) for s in Suit if s is not upcard.suit)
            weight *= _fit(MAKE_THRESHOLD[2][where] - best)
        elif kind == "call" and isinstance(suit, Suit):
            weight *= _fit(team_tricks(hand, suit) - MAKE_THRESHOLD[2][where])
        elif kind == "alone" and view.trump_suit is not None:
            weight *= _fit(lone_tricks(hand, view.trump_suit) - ALONE_THRESHOLD[where])
    return weight


def dealt_hands(
    view: SeatView, hands: tuple[tuple[Card, ...], ...]
) -> dict[Seat, tuple[Card, ...]]:
    """Each other seat's cards at the deal, as far as a sample tells (played cards put back)."""
    played = played_by_seat(view)
    return {
        seat: tuple(hands[seat.index]) + tuple(played[seat])
        for seat in Seat
        if seat is not view.seat and hands[seat.index]
    }


def weighted_samples(
    view: SeatView, sampler: Sampler, rng: random.Random, n: int
) -> list[tuple[tuple[Card, ...], ...]]:
    """``n`` deals of the hidden cards, drawn in proportion to how well they fit the bids."""
    events = bidding_events(view)
    if not events:
        return sampler.samples(rng, n)
    pool = sampler.samples(rng, n * OVERSAMPLE)
    weights = [bid_likelihood(view, events, dealt_hands(view, hands)) for hands in pool]
    return rng.choices(pool, weights=weights, k=n)
