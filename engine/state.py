"""The state of one hand: the deal, what has been said and played, and the result.

Plain immutable values (named tuples: cheap to build, which the search code
needs). The compiled build swaps in a C type for ``HandState`` that reads the
same (engine/native_state.pyx); ``make_state`` builds either from its fields.
What may happen next, and how a state changes, is ``engine.hand``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from engine.actions import Action, Do
from engine.cards import JOKER, Card, NoTrump, Suit, deck
from engine.errors import RecordError
from engine.native import ENGINE_PATH
from engine.ranking import EFFECTIVE_SUIT
from engine.rules import Rules
from engine.scoring import HandScore
from engine.seats import SEATS, Seat, Team


class Phase(Enum):
    BID1 = "bid1"
    BID2 = "bid2"
    NAME_TRUMP = "name_trump"
    ALONE = "alone"
    DISCARD = "discard"
    DEFEND_ALONE = "defend_alone"
    PLAY = "play"
    OVER = "over"

    __hash__ = object.__hash__  # identity hash in C: enums are dict keys in hot loops

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


# Module globals: reading an enum member from its class is slow.
_OVER = Phase.OVER
_BID1 = Phase.BID1

# Cards dealt to each seat; every card is played, so a hand has as many tricks.
HAND_SIZE = 5


class Deal(NamedTuple):
    """What the dealer dealt: five cards a seat (by seat order N E S W) and the upcard."""

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...] = ()  # the hidden rest; never used by the rules

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat.index]


def deal_cards(rules: Rules, dealer: Seat, rng: random.Random) -> Deal:
    """Shuffle the rule set's deck with ``rng`` and deal five cards each and an upcard."""
    cards = list(deck(rules.benny))
    shuffle(cards, rng)
    dealt = tuple(cards)
    hands = (dealt[0:5], dealt[5:10], dealt[10:15], dealt[15:20])  # HAND_SIZE each
    return _tuple_new(Deal, (dealer, hands, dealt[20], dealt[21:]))


# For a list of each length up to a deck's: the steps of random.Random.shuffle, last place
# first: (place i, draw a number below n = i + 1, drawing n.bit_length() random bits).
_SHUFFLE_STEPS = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(26)
)


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same shuffle, with ``random.Random``'s own steps
    (``shuffle`` and ``_randbelow_with_getrandbits``) written out in one loop, since the
    deal is a tenth of a random hand's time. A subclass of Random may draw differently,
    so it shuffles itself. tests/engine/test_fast_path.py checks both give the same deck.
    """
    if type(rng) is not random.Random or len(cards) >= len(_SHUFFLE_STEPS):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, n, bits in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


class Trick(NamedTuple):
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None = None

    @property
    def led_card(self) -> Card | None:
        return self.cards[0][1] if self.cards else None


class HandResult(NamedTuple):
    thrown_in: bool
    makers_tricks: int
    score: HandScore | None  # None when thrown in

    @property
    def points(self) -> dict[Team, int]:
        if self.score is None:
            return {Team.NS: 0, Team.EW: 0}
        return self.score.points


class HandState(NamedTuple):
    """Everything about a hand in progress. Build with ``new_hand``; change with ``apply``."""

    rules: Rules
    deal: Deal
    phase: Phase
    turn: Seat | None
    hands: tuple[tuple[Card, ...], ...]  # what each seat holds now, by seat index
    trump: Suit | NoTrump | None  # None until trump is made
    maker: Seat | None
    alone: tuple[Seat, ...]  # lone players, in the order they announced
    dealer_took_upcard: bool  # public: the dealer picked the upcard up
    discarded: Card | None  # the dealer's face-down discard (hidden)
    leader: Seat | None  # who led (or leads) the current trick
    trick: tuple[tuple[Seat, Card], ...]  # the trick on the table
    tricks: tuple[Trick, ...]  # finished tricks
    tricks_won: tuple[int, int]  # by team: (NS, EW)
    actions: tuple[tuple[Seat, Action], ...]
    result: HandResult | None

    # ---- what players say about the state -------------------------------------------
    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def upcard(self) -> Card:
        return self.deal.upcard

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit for ranking cards: None before trump is made and in no trump."""
        return self.trump if isinstance(self.trump, Suit) else None

    @property
    def makers(self) -> Team | None:
        return None if self.maker is None else self.maker.team

    @property
    def defenders(self) -> Team | None:
        return None if self.maker is None else self.maker.team.other

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        alone = self.alone
        return tuple([seat.partner for seat in alone]) if alone else ()

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(seat for seat in SEATS if seat not in out)

    @property
    def turned_down(self) -> Suit | None:
        """The upcard's suit once all four passed in round 1 (None before, or if ordered up)."""
        if self.upcard.suit is None or self.dealer_took_upcard or ordered_up(self):
            return None
        reached_round2 = (
            self.phase is Phase.BID2
            or any(action.do is Do.CALL for _, action in self.actions)
            or (self.result is not None and self.result.thrown_in)
        )
        return self.upcard.suit if reached_round2 else None

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def led_suit(self) -> Suit | None:
        if not self.trick:
            return None
        return EFFECTIVE_SUIT[self.trump_suit][self.trick[0][1].index]

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat.index]

    def team_tricks(self, team: Team) -> int:
        return self.tricks_won[0 if team is Team.NS else 1]

    def _repr_svg_(self) -> str:
        from engine.svg import state_svg

        return state_svg(self)


# ---- building a hand ------------------------------------------------------------------


def new_hand(rules: Rules, deal: Deal) -> HandState:
    """The state right after the deal; raises RecordError for a bad deal."""
    _check_deal(rules, deal)
    return _start(rules, deal)


def _start(rules: Rules, deal: Deal) -> HandState:
    first = deal.dealer.next
    if rules.benny and deal.upcard is JOKER:
        # Benny turned up: no bidding; the dealer names trump.
        phase, turn = Phase.NAME_TRUMP, deal.dealer
    else:
        phase, turn = _BID1, first
    return make_state(
        (
            rules,
            deal,
            phase,
            turn,
            deal.hands,
            None,
            None,
            (),
            False,
            None,
            None,
            (),
            (),
            (0, 0),
            (),
            None,
        )
    )


def _check_deal(rules: Rules, deal: Deal) -> None:
    if len(deal.hands) != 4 or any(len(hand) != HAND_SIZE for hand in deal.hands):
        raise RecordError("a deal has five cards for each of the four seats")
    cards = [c for hand in deal.hands for c in hand] + [deal.upcard] + list(deal.stock)
    allowed = set(deck(rules.benny))
    for card in cards:
        if card not in allowed:
            raise RecordError(
                f"{card.code} is not in this rule set's deck: "
                "the Joker is only used with the benny setting"
            )
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RecordError(f"{card.code} is dealt twice")
        seen.add(card)


def random_hand(rules: Rules, dealer: Seat, seed: int | random.Random | None) -> HandState:
    """A freshly dealt hand from a seed (or a Random), for practice and tests."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return _start(rules, deal_cards(rules, dealer, rng))  # a fresh shuffle needs no check


def ordered_up(state: HandState) -> bool:
    """Whether trump was made in round 1 (ordered up, or picked up by the dealer).

    Read from the trump alone: round 2 may not call the turned-down suit, and a
    Joker upcard has no suit, so only a round-1 acceptance makes the upcard's suit trump.
    """
    trump = state.trump
    return trump is not None and trump is state.deal.upcard.suit


_tuple_new = tuple.__new__  # builds a named tuple from its fields without its Python __new__


def make_state(fields: Sequence[Any]) -> HandState:
    """A state from its sixteen fields in ``HandState._fields`` order, unchecked: how the
    engine builds each next state."""
    return _tuple_new(HandState, fields)


if ENGINE_PATH == "compiled":
    # The compiled build's state is a C type that reads the same (engine/native_state.pyx):
    # play changes a few bytes instead of building five tuples.
    from engine.native_state import HandState, make_state  # type: ignore[import-not-found,no-redef]


PHASE_WORDS = {
    Phase.BID1: "first round of bidding",
    Phase.BID2: "second round of bidding",
    Phase.NAME_TRUMP: "naming of trump after the Joker turned up",
    Phase.ALONE: "decision to go alone",
    Phase.DISCARD: "dealer's discard",
    Phase.DEFEND_ALONE: "decision to defend alone",
    Phase.PLAY: "play of the cards",
}
