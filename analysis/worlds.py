"""A sampled deal made whole: the full ``HandState`` the engine reaches in that world.

The hidden hands come from ``analysis.sampling``; the cards out of play (the
stock, a seat sitting out, the dealer's unseen discard) are shared out at
random; then the public actions are replayed through the engine, so every
rule still holds in the rebuilt state and the seat sees exactly what it saw.
"""

from __future__ import annotations

import random

from analysis.sampling import Sampler, played_by_seat
from engine.actions import Action, Do
from engine.cards import Card
from engine.hand import Deal, HandState, Phase, apply, new_hand
from engine.seats import Seat
from engine.view import SeatView


def rebuild(
    view: SeatView, hands: tuple[tuple[Card, ...], ...], sampler: Sampler, rng: random.Random
) -> HandState:
    """The state of the world where the active seats hold ``hands`` (a sample for ``view``)."""
    me = view.seat
    out = list(sampler.stock(hands))
    rng.shuffle(out)
    played = played_by_seat(view)
    dealt: dict[Seat, list[Card]] = {}
    for seat in Seat:
        current = view.hand if seat is me else hands[seat.index]
        dealt[seat] = list(current) + played[seat]
    for seat in view.sitting_out:
        if seat is not me:
            # A dealer who took the upcard before sitting out (a lone defender's partner)
            # is taken to have kept it.
            kept = [view.upcard] if seat is view.dealer and view.upcard_taken else []
            dealt[seat] = kept + [out.pop() for _ in range(5 - len(kept))]
    discard: Card | None = None
    dealer, upcard = view.dealer, view.upcard
    if view.upcard_taken:
        cards = dealt[dealer]
        if upcard in cards:
            cards.remove(upcard)
            if view.phase is not Phase.DISCARD:
                discard = view.discarded if dealer is me else out.pop()
                assert discard is not None  # the dealer's own view holds its discard
                cards.append(discard)
        else:  # the dealer threw the upcard away
            discard = upcard
    deal = Deal(dealer, tuple(tuple(dealt[s]) for s in Seat), upcard, tuple(out))
    state = new_hand(view.rules, deal)
    for seat, action in view.actions:
        if state.phase is Phase.DISCARD and action.do is not Do.DISCARD:
            assert discard is not None  # a discard phase: the upcard was taken
            state = apply(state, Action.discard(discard))
        state = apply(state, action, seat)
    if state.phase is Phase.DISCARD and view.phase is not Phase.DISCARD:
        assert discard is not None  # a discard phase: the upcard was taken
        state = apply(state, Action.discard(discard))
    return state
