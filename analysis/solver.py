"""Double-dummy solver: best play by both sides when every card is known.

Values are **the makers' tricks for the whole hand**: the tricks they have
already won plus the most they can be sure to take from here when both
sides play perfectly (the makers try to take tricks, the defenders to stop
them). Lone hands (3 seats in play), lone defence (2 or 3), no trump and the
Benny are all handled by the same search.

The search is alpha-beta over the cards in the compact form of
``analysis.compact`` with

- a transposition table at trick starts, keyed on the cards still held
  (one bitmask: the deal fixes who holds which) and the leader, storing
  lower and upper bounds;
- equivalence pruning: of two cards of one hand that are neighbours in
  their effective suit among the cards still live, only one is searched;
- move ordering: a leader tries high cards first, a follower whose side is
  not winning the trick tries the cheapest card that wins first;
- the last trick is played out directly, without search.

The search counts North-South's tricks (the makers' follow from them): the
game is the same whichever team made trump, so a table can be shared by the
solvers of one deal's positions under one trump (``Solver(..., table)``),
as when a hint tries every choice of a bid or discard in the same sample.

>>> from engine import Rules, Seat, random_hand
>>> from analysis.positions import play_to_first_lead
>>> state = play_to_first_lead(random_hand(Rules.preset("bga"), Seat.N, 3))
>>> 0 <= solve(state) <= 5
True
"""

from __future__ import annotations

from typing import NamedTuple

from analysis.compact import Layout, layout_for, run_top_of
from analysis.search import Search
from engine.cards import Card, Suit
from engine.hand import HandState, Phase
from engine.seats import Seat, Team


class Position(NamedTuple):
    """A play-phase position with every card known: what the solver needs."""

    trump: Suit | None
    hands: tuple[tuple[Card, ...], ...]  # by seat index; seats sitting out hold ()
    leader: Seat  # who led the trick in progress (or leads next)
    trick: tuple[tuple[Seat, Card], ...]  # the trick on the table
    makers: Team
    makers_tricks: int  # tricks the makers have won already
    tricks_played: int  # finished tricks
    no_first_blood: bool = False  # the rule, in force for the first lead only

    @classmethod
    def from_state(cls, state: HandState) -> Position:
        """The position of a hand in play; raises ValueError in any other phase."""
        if state.phase is not Phase.PLAY:
            raise ValueError(f"the solver needs a hand in play, not one in phase {state.phase}")
        assert state.leader is not None and state.makers is not None  # in play
        out = state.sitting_out
        hands = tuple(() if seat in out else state.hands[seat.index] for seat in Seat)
        return cls(
            state.trump_suit,
            hands,
            state.leader,
            state.trick,
            state.makers,
            state.team_tricks(state.makers),
            len(state.tricks),
            state.rules.no_first_blood,
        )

    @property
    def active(self) -> tuple[Seat, ...]:
        """The seats in play: those holding cards, or with a card in the trick."""
        in_trick = {seat for seat, _ in self.trick}
        return tuple(s for s in Seat if self.hands[s.index] or s in in_trick)

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        if not self.trick:
            return self.leader
        active = self.active
        seat = self.trick[-1][0].next
        while seat not in active:
            seat = seat.next
        return seat


class Solver:
    """Searches one position; its table is reused by every question about that deal.

    ``table`` may be one already filled by another solver of the same deal and
    trump: its keys are the cards still held, which is enough only while every
    card stays with the seat it was dealt to (a discarded card is simply gone).
    """

    def __init__(self, position: Position, table: dict[int, int] | None = None) -> None:
        self.position = position
        self.layout: Layout = layout_for(position.trump)
        lay = self.layout
        self.hands = [lay.mask(cards) for cards in position.hands]
        active = position.active
        self.active = active
        _check(position, active)
        nxt = [0, 0, 0, 0]
        for i, seat in enumerate(active):
            nxt[seat.index] = active[(i + 1) % len(active)].index
        self.ns_side = [seat.team is Team.NS for seat in Seat]
        self.table: dict[int, int] = {} if table is None else table
        self.search = Search(
            self.hands,
            nxt,
            self.ns_side,
            len(active),
            lay.block_of,
            lay.block_masks,
            lay.trump_mask,
            self.table,
        )
        self.next_seat = nxt

    @property
    def nodes(self) -> int:
        """Trick starts searched so far (the table's hits not counted)."""
        return self.search.nodes

    # ---- questions -------------------------------------------------------------------
    def value(self) -> int:
        """The makers' tricks for the whole hand with best play from here."""
        values = self._root_values(best_only=True).values()
        return self._makers(max(values) if self._ns_to_play() else min(values))

    def card_values(self) -> dict[Card, int]:
        """For each card the seat to play may play: the makers' tricks for the whole hand."""
        tops = self._root_values(best_only=False)
        pos = self.position
        lay = self.layout
        hand = self.hands[pos.turn.index]
        live = self._live()
        return {
            lay.card(b): self._makers(tops[run_top_of(b, hand, live, lay)])
            for b in _bits(self._legal_mask())
        }

    # ---- the root --------------------------------------------------------------------
    def _ns_to_play(self) -> bool:
        return self.ns_side[self.position.turn.index]

    def _makers(self, ns_future: int) -> int:
        """The makers' tricks for the whole hand, from North-South's tricks from here."""
        pos = self.position
        if pos.makers is Team.NS:
            return pos.makers_tricks + ns_future
        return pos.makers_tricks + 5 - pos.tricks_played - ns_future

    def _live(self) -> int:
        lay = self.layout
        return (
            self.hands[0]
            | self.hands[1]
            | self.hands[2]
            | self.hands[3]
            | lay.mask(card for _, card in self.position.trick)
        )

    def _legal_mask(self) -> int:
        pos, lay = self.position, self.layout
        hand = self.hands[pos.turn.index]
        if pos.trick:
            follow = hand & lay.block_mask_of(lay.bit(pos.trick[0][1]))
            return follow or hand
        if pos.no_first_blood and pos.tricks_played == 0 and pos.trump is not None:
            return (hand & ~lay.trump_mask) or hand
        return hand

    def _root_values(self, best_only: bool) -> dict[int, int]:
        """North-South's future tricks after each top-of-run legal card (bits as keys)."""
        pos, lay = self.position, self.layout
        seat = pos.turn.index
        hand = self.hands[seat]
        live = self._live()
        legal = self._legal_mask()
        tops = [b for b in _bits(legal) if run_top_of(b, hand, live, lay) == b]
        tops.reverse()  # high cards first
        maximizing = self.ns_side[seat]
        trick_bits = [lay.bit(card) for _, card in pos.trick]
        values: dict[int, int] = {}
        alpha, beta = -1, 6
        for b in tops:
            bits = trick_bits + [b]
            led_mask = lay.block_mask_of(bits[0])
            contenders = led_mask | lay.trump_mask
            best, best_seat = bits[0], pos.leader.index
            seats = [s.index for s, _ in pos.trick] + [seat]
            for s, x in zip(seats[1:], bits[1:], strict=False):
                if x & contenders and x > best:
                    best, best_seat = x, s
            low, high = (alpha, beta) if best_only else (-1, 6)  # (-1, 6): exact values
            v = self.search.after(
                seat,
                b,
                len(bits),
                best,
                best_seat,
                led_mask,
                contenders,
                live,
                5 - pos.tricks_played,
                low,
                high,
            )
            values[b] = v
            if best_only:
                if maximizing and v > alpha:
                    alpha = v
                elif not maximizing and v < beta:
                    beta = v
        return values


def _check(position: Position, active: tuple[Seat, ...]) -> None:
    """Raise ValueError unless every seat in play holds the right number of cards."""
    left = 5 - position.tricks_played
    played = {seat for seat, _ in position.trick}
    for seat in active:
        held = len(position.hands[seat.index])
        if held != left - (seat in played):
            raise ValueError(
                f"{seat.word} holds {held} cards, but with {left} tricks to play "
                f"{left - (seat in played)} are expected"
            )
    if len(active) < 2:
        raise ValueError("a position needs at least two seats in play")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def shape(position: Position) -> tuple[object, ...]:
    """What best play from a trick start depends on, and nothing more.

    The trump, who leads, how many tricks are done, and for each suit who holds
    its cards still in play, weakest first. Two positions of one shape play
    alike: a seat that kept the 9 or the 10 of a suit, with no card between them
    in play, holds the same hand. Raises ValueError with a trick in progress.
    """
    if position.trick:
        raise ValueError("a shape is for a position between tricks")
    lay = layout_for(position.trump)
    owner = {lay.bit(card): seat for seat, hand in enumerate(position.hands) for card in hand}
    owner.pop(0, None)  # a card without a bit (the Joker in no trump) takes no part
    holders = tuple(
        (lay.block_of[bit.bit_length() - 1], seat) for bit, seat in sorted(owner.items())
    )
    return (
        position.trump,
        position.leader,
        position.tricks_played,
        position.no_first_blood,
        holders,
    )


def solve(state: HandState | Position) -> int:
    """The makers' tricks for the whole hand with best play by both sides from here."""
    position = state if isinstance(state, Position) else Position.from_state(state)
    if position.hands == ((),) * 4:
        return position.makers_tricks
    return Solver(position).value()


def card_values(state: HandState | Position) -> dict[Card, int]:
    """Each legal card of the seat to play, with the makers' tricks for the whole hand."""
    position = state if isinstance(state, Position) else Position.from_state(state)
    return Solver(position).card_values()
