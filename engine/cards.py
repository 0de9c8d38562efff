"""Suits, ranks and cards: the 24-card euchre deck and the Joker (Benny).

Cards are interned: ``Card(Rank.JACK, Suit.DIAMONDS)`` always returns the same
object, so cards compare and hash by identity, which keeps search code fast.

>>> Card(Rank.JACK, Suit.DIAMONDS).code
'JD'
>>> Card(Rank.JACK, Suit.DIAMONDS) is Card(Rank.JACK, Suit.DIAMONDS)
True
>>> JOKER.name
'the Joker'
"""

from __future__ import annotations

from enum import Enum, IntEnum

from engine.errors import NotationError


class Colour(Enum):
    BLACK = "black"
    RED = "red"


class Suit(Enum):
    """The four suits, in the order the app sorts them."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit's name as players say it: 'hearts'."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """One card of the suit: 'heart'."""
        return self.name.lower()[:-1]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour ("next"): its jack is the left bower."""
        return _SAME_COLOUR[self]

    __hash__ = object.__hash__  # identity hash in C: enums are dict keys in hot loops

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class NoTrump(Enum):
    """The no-trump call of round 2 (variant): a contract, not a suit."""

    NO_TRUMP = "NT"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def plural(self) -> str:
        return "no trump"

    __hash__ = object.__hash__  # identity hash in C: the trump keys the play tables

    def __repr__(self) -> str:
        return "NO_TRUMP"


NO_TRUMP = NoTrump.NO_TRUMP


class Rank(IntEnum):
    """Printed ranks; the value is the plain (no-trump) order, 9 lowest."""

    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS = {
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JOKER",
}

PLAIN_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


class Card:
    """One playing card; the Joker has ``suit is None``.

    Immutable and interned. ``index`` is a small integer (0..24) for tables.
    """

    __slots__ = ("rank", "suit", "index", "code")
    _cache: dict[tuple[Rank, Suit | None], Card] = {}

    rank: Rank
    suit: Suit | None
    index: int
    code: str

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        try:
            return cls._cache[(rank, suit)]
        except KeyError:
            raise NotationError(
                f"no such card: rank {rank!r}, suit {suit!r}; the Joker is "
                "Card(Rank.JOKER, None), any other card a Rank and a Suit "
                "(Card.parse('JD') reads a code)"
            ) from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit | None, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        code = "JOKER" if suit is None else rank.letter + suit.letter
        object.__setattr__(card, "code", code)
        cls._cache[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def colour(self) -> Colour | None:
        return None if self.suit is None else self.suit.colour

    @property
    def name(self) -> str:
        """Plain words: 'ten of hearts', 'the Joker'."""
        if self.suit is None:
            return "the Joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def label(self) -> str:
        """A short printed form for people: '10♥', 'J♦', 'Joker' (codes like 'TH' are for files)."""
        if self.suit is None:
            return "Joker"
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    @property
    def the_name(self) -> str:
        """The name with its article, for sentences: 'the ten of hearts', 'the Joker'."""
        return self.name if self.suit is None else f"the {self.name}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in hand-record notation; raises NotationError."""
        from engine.notation import parse_card

        return parse_card(text)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def sort_key(self) -> tuple[int, int]:
        """Suit then rank: the order used to show a hand before trump is known."""
        if self.suit is None:
            return (4, 0)
        return (_SUIT_ORDER[self.suit], self.rank)

    def _repr_svg_(self) -> str:
        from engine.svg import card_svg

        return card_svg(self)


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}

STANDARD_DECK: tuple[Card, ...] = tuple(
    Card._make(rank, suit, i * 6 + j)
    for i, suit in enumerate(Suit)
    for j, rank in enumerate(PLAIN_RANKS)
)
JOKER: Card = Card._make(Rank.JOKER, None, 24)
BENNY_DECK: tuple[Card, ...] = STANDARD_DECK + (JOKER,)
ALL_CARDS: tuple[Card, ...] = BENNY_DECK


def deck(benny: bool = False) -> tuple[Card, ...]:
    """The cards in play: 24, or 25 with the Joker (Benny)."""
    return BENNY_DECK if benny else STANDARD_DECK
