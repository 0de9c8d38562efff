"""Deal the cards one seat cannot see, consistently with everything it has seen.

What a seat knows (``SeatView``) and what the samples respect:

- its own hand, every card played, the upcard, and (the dealer only) its discard;
- how many cards each other seat holds;
- a player who did not follow the suit led holds no card of that (effective) suit;
- the dealer who picked up the upcard holds it until it is played (we assume
  the dealer never throws away the upcard: discarding the card that just made
  trump is almost never right). Only if the dealer has since shown to hold no
  card of the upcard's suit was it discarded, and then it is out of play;
- the cards of a seat sitting out, the stock and the dealer's discard are out
  of play.

Passes and bids are *not* read as hints about hands (a documented
simplification). Among the deals that respect the rules above, ``sample``
draws each with the same chance: it counts the consistent deals suit by suit
and picks each seat's share of a suit in proportion to how many deals follow.

Everything depends only on the view and on the ``random.Random`` given, never
on hidden cards: two states that look the same to the seat give the same samples.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb, factorial
from typing import NamedTuple

from engine.cards import Card, Suit, deck
from engine.hand import Phase
from engine.ranking import EFFECTIVE_SUIT
from engine.seats import Seat
from engine.view import SeatView

# One way to share a group of cards among the buckets: (cards per bucket, deals it makes).
Share = tuple[tuple[int, ...], int]

OUT = -1  # the bucket for cards out of play


class Constraints(NamedTuple):
    """What must hold in every sample, read from a view."""

    hands: tuple[tuple[Card, ...], ...]  # cards known to be in each seat's hand
    needs: tuple[tuple[int, int], ...]  # (seat index, hidden cards it still holds)
    pool: tuple[Card, ...]  # cards not seen, by card index
    voids: dict[int, frozenset[Suit | None]]  # seat index -> effective suits it lacks
    trump: Suit | None


def known_voids(view: SeatView) -> dict[Seat, set[Suit | None]]:
    """The effective suits each seat has shown to lack by not following suit."""
    voids: dict[Seat, set[Suit | None]] = {seat: set() for seat in Seat}
    if view.phase is not Phase.PLAY and view.phase is not Phase.OVER:
        return voids
    table = EFFECTIVE_SUIT[view.trump_suit]
    tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
    for cards in tricks:
        led = table[cards[0][1].index]
        for seat, card in cards[1:]:
            if table[card.index] is not led:
                voids[seat].add(led)
    return voids


def constraints(view: SeatView, upcard_kept: bool = True) -> Constraints:
    """What every sample of the hidden cards must respect.

    ``upcard_kept``: assume the dealer who took the upcard still holds it (unless
    played or shown impossible); with False it is taken to have been discarded.
    """
    me = view.seat
    out = set(view.sitting_out)
    played = {}
    for trick in view.tricks:
        for seat, card in trick.cards:
            played[card] = seat
    for seat, card in view.trick:
        played[card] = seat
    seen = set(view.hand) | set(played)
    if view.discarded is not None:
        seen.add(view.discarded)
    voids = known_voids(view)
    known: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    known[me] = list(view.hand)
    seen.add(view.upcard)
    upcard_with_dealer = (
        upcard_kept
        and view.upcard_taken
        and view.dealer is not me
        and view.dealer not in out
        and view.upcard not in played
        and EFFECTIVE_SUIT[view.trump_suit][view.upcard.index] not in voids[view.dealer]
    )
    if upcard_with_dealer:
        known[view.dealer].append(view.upcard)
    # Otherwise the upcard is on the table, turned down, played, or (a dealer who shows
    # no trump) discarded: in no hidden hand.
    pool = tuple(c for c in deck(view.rules.benny) if c not in seen)
    needs = []
    for seat in Seat:
        if seat is me or seat in out:
            continue
        held = 5 - sum(1 for s in played.values() if s is seat)
        if view.phase is Phase.DISCARD and seat is view.dealer:
            held = 6
        needs.append((seat.index, held - len(known[seat])))
    trump = view.trump_suit if view.phase in (Phase.PLAY, Phase.OVER) else None
    return Constraints(
        tuple(tuple(known[s]) for s in Seat),
        tuple(needs),
        pool,
        {seat.index: frozenset(v) for seat, v in voids.items() if v},
        trump,
    )


# A deal's shape: for each group of hidden cards (one effective suit), how many cards it
# has and which buckets may take them. How many deals a shape allows, and how they share
# out, depends on nothing else: worked out once per process, not once per view (every
# decision of a bot or a hint builds a new sampler, and they meet the same few shapes).
# The caches are bounded (SHAPES_KEPT entries each).
Shape = tuple[tuple[int, tuple[bool, ...]], ...]
SHAPES_KEPT = 8192


class Sampler:
    """Draws deals of the hidden cards for one view; build once, sample many times."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self._setup(constraints(view))
        if self.count() == 0:  # the dealer threw the upcard away after all
            self._setup(constraints(view, upcard_kept=False))
        if self.count() == 0:  # cannot happen for a view of a real hand; stay usable
            self.voids: dict[int, frozenset[Suit | None]] = {}
            self._tails()
        if self.count() == 0:
            raise ValueError("no deal of the hidden cards fits this view")

    def _setup(self, c: Constraints) -> None:
        self.c = c
        table = EFFECTIVE_SUIT[c.trump]
        groups: dict[Suit | None, list[Card]] = {}
        for card in c.pool:
            groups.setdefault(table[card.index], []).append(card)
        self.groups = [
            (suit, cards)
            for suit, cards in sorted(groups.items(), key=lambda item: item[1][0].index)
        ]
        self.buckets = [seat for seat, _ in c.needs] + [OUT]
        hidden = sum(n for _, n in c.needs)
        self.needs = tuple(n for _, n in c.needs) + (len(c.pool) - hidden,)
        self.voids = c.voids
        self._tails()

    def _tails(self) -> None:
        """The deal's shape, and from each group on (``_shapes[g]``: groups g onwards)."""
        shape = tuple((len(cards), tuple(self._allowed(suit))) for suit, cards in self.groups)
        self.shape: Shape = shape
        self._shapes = [shape[g:] for g in range(len(shape) + 1)]

    def _allowed(self, suit: Suit | None) -> list[bool]:
        return [b == OUT or suit not in self.voids.get(b, ()) for b in self.buckets]

    def _count(self, g: int, needs: tuple[int, ...]) -> int:
        """How many deals of groups ``g`` onwards fill exactly ``needs``."""
        return deals(self._shapes[g], needs)

    def _shares(self, g: int, needs: tuple[int, ...]) -> tuple[tuple[Share, ...], int]:
        """The possible shares of group ``g`` with their number of deals, and the total."""
        return shares(self._shapes[g], needs)

    def count(self) -> int:
        """How many deals of the hidden cards are consistent with the view."""
        if min(self.needs) < 0:
            return 0
        return self._count(0, self.needs)

    def sample(self, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
        """One deal: every active seat's hand by seat index (seats out of play hold ())."""
        c = self.c
        hands = [list(h) for h in c.hands]
        needs = self.needs
        for g, (_, cards) in enumerate(self.groups):
            options, total = self._shares(g, needs)
            pick = rng.randrange(total)
            for counts, weight in options:  # noqa: B007 (read after the break)
                if pick < weight:
                    break
                pick -= weight
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for bucket, k in zip(self.buckets, counts, strict=False):
                if bucket != OUT:
                    hands[bucket].extend(shuffled[at : at + k])
                at += k
            needs = tuple(a - b for a, b in zip(needs, counts, strict=False))
        return tuple(tuple(sorted(h, key=lambda card: card.index)) for h in hands)

    def samples(self, rng: random.Random, n: int) -> list[tuple[tuple[Card, ...], ...]]:
        return [self.sample(rng) for _ in range(n)]

    def stock(self, hands: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
        """The pool cards that a sample left out of every hand."""
        held = {card for h in hands for card in h}
        return tuple(card for card in self.c.pool if card not in held)


@lru_cache(maxsize=SHAPES_KEPT)
def splits(allowed: tuple[bool, ...], n: int, needs: tuple[int, ...]) -> tuple[Share, ...]:
    """Every way to share ``n`` cards of one group among the buckets (``allowed``: which
    may take them; ``needs``: how many each still takes): (counts, multinomial).

    >>> splits((True, False, True), 2, (1, 1, 5))
    (((0, 0, 2), 1), ((1, 0, 1), 2))
    """
    out: list[Share] = []

    def rec(i: int, left: int, counts: list[int], ways: int) -> None:
        if i == len(needs) - 1:
            if left <= needs[i] and (left == 0 or allowed[i]):
                out.append((tuple(counts + [left]), ways))
            return
        top = min(left, needs[i]) if allowed[i] else 0
        for k in range(top + 1):
            rec(i + 1, left - k, counts + [k], ways * comb(left, k))

    rec(0, n, [], 1)
    return tuple(out)


@lru_cache(maxsize=SHAPES_KEPT)
def deals(shape: Shape, needs: tuple[int, ...]) -> int:
    """How many deals of a shape's groups fill exactly ``needs``."""
    if not shape:
        return 1 if not any(needs) else 0
    if all(all(allowed) for _, allowed in shape):  # any card may go anywhere: a multinomial
        left = sum(n for n, _ in shape)
        if sum(needs) != left:
            return 0
        ways = factorial(left)
        for n in needs:
            ways //= factorial(n)
        return ways
    return shares(shape, needs)[1]


@lru_cache(maxsize=SHAPES_KEPT)
def shares(shape: Shape, needs: tuple[int, ...]) -> tuple[tuple[Share, ...], int]:
    """The possible shares of a shape's first group with their number of deals, and the
    total: what ``Sampler.sample`` draws from."""
    n, allowed = shape[0]
    options = []
    for counts, ways in splits(allowed, n, needs):
        rest = tuple(a - b for a, b in zip(needs, counts, strict=False))
        weight = ways * deals(shape[1:], rest)
        if weight:
            options.append((counts, weight))
    return tuple(options), sum(w for _, w in options)


def played_by_seat(view: SeatView) -> dict[Seat, list[Card]]:
    """The cards each seat has played so far, finished tricks and the current one."""
    played: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for trick in view.tricks:
        for seat, card in trick.cards:
            played[seat].append(card)
    for seat, card in view.trick:
        played[seat].append(card)
    return played
