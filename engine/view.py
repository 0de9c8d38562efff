"""What one seat may know: its own hand, the public table, and nothing else.

Bots and pages decide from a ``SeatView``; two states that differ only in
cards this seat cannot see give equal views.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.actions import Action
from engine.cards import Card, NoTrump, Suit
from engine.hand import HandState, Phase, Trick, legal_actions
from engine.rules import Rules
from engine.seats import Seat


class SeatView(NamedTuple):
    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    turn: Seat | None
    hand: tuple[Card, ...]
    upcard: Card
    upcard_taken: bool  # the dealer picked the upcard up (public)
    turned_down: Suit | None
    trump: Suit | NoTrump | None
    maker: Seat | None
    alone: tuple[Seat, ...]
    discarded: Card | None  # only the dealer sees their own discard
    leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    actions: tuple[tuple[Seat, Action], ...]  # public: discards are hidden
    legal: tuple[Action, ...]  # empty unless it is this seat's turn

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        return tuple(seat.partner for seat in self.alone)

    @property
    def trump_suit(self) -> Suit | None:
        return self.trump if isinstance(self.trump, Suit) else None

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card seen played so far, finished tricks and the current one."""
        cards = [card for trick in self.tricks for _, card in trick.cards]
        cards.extend(card for _, card in self.trick)
        return tuple(cards)


def seat_view(state: HandState, seat: Seat) -> SeatView:
    """The state as ``seat`` sees it."""
    from engine.actions import Do

    own_discard = state.discarded if seat is state.dealer else None
    public = tuple((s, a) for s, a in state.actions if a.do is not Do.DISCARD or s is seat)
    legal = legal_actions(state) if state.turn is seat and state.phase is not Phase.OVER else ()
    return SeatView(
        seat,
        state.rules,
        state.dealer,
        state.phase,
        state.turn,
        state.hand_of(seat),
        state.upcard,
        state.dealer_took_upcard,
        state.turned_down,
        state.trump,
        state.maker,
        state.alone,
        own_discard,
        state.leader,
        state.trick,
        state.tricks,
        state.tricks_won,
        public,
        legal,
    )
