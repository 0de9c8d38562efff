"""Hand-record notation (HAND_RECORD.md): parse and format cards, suits and seats.

Every parser reads a whole token (``re.fullmatch``) and has a formatter that
writes the canonical form, so ``format_card(parse_card(t))`` is canonical.

>>> parse_card("10h")
Card.parse('TH')
>>> format_card(parse_card("J♦"))
'JD'
>>> parse_card("HJ")
Traceback (most recent call last):
...
engine.errors.NotationError: 'HJ' is not a card: write rank then suit, e.g. JH
"""

from __future__ import annotations

import re
from typing import Literal, overload

from engine.cards import JOKER, NO_TRUMP, Card, NoTrump, Rank, Suit
from engine.errors import NotationError
from engine.seats import Seat, Team

_RANKS = {
    "9": Rank.NINE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
_SUITS = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_CARD_RE = re.compile(r"(10|[9TJQKA])([CDHS♣♦♥♠♧♢♡♤])")
_REVERSED_RE = re.compile(r"([CDHS♣♦♥♠♧♢♡♤])(10|[9TJQKA])")

CARD_HELP = (
    "a card is rank then suit: ranks 9 T J Q K A (10 for T), "
    "suits C D H S (or ♣ ♦ ♥ ♠), e.g. JH or 10♦; the Joker is JOKER"
)


def parse_card(text: object) -> Card:
    """Read one card token such as 'JH', '10d', 'A♠' or 'JOKER'; raises NotationError."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a card: {CARD_HELP}")
    token = text.strip().upper()
    if token == "JOKER":
        return JOKER
    match = _CARD_RE.fullmatch(token)
    if match:
        return Card(_RANKS[match.group(1)], _SUITS[match.group(2)])
    shown = quoted(text)
    reversed_match = _REVERSED_RE.fullmatch(token)
    if reversed_match:
        rank = _RANKS[reversed_match.group(2)]
        suit = _SUITS[reversed_match.group(1)]
        raise NotationError(
            f"{shown} is not a card: write rank then suit, e.g. {rank.letter}{suit.letter}"
        )
    if token in ("",):
        raise NotationError(f"an empty text is not a card: {CARD_HELP}")
    raise NotationError(f"{shown} is not a card: {CARD_HELP}")


def format_card(card: Card) -> str:
    """The canonical code: 'TD', 'JH', 'JOKER'."""
    return card.code


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: 'JH JD AS'."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a list of cards: {CARD_HELP}")
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    return tuple(parse_card(t) for t in tokens)


@overload
def parse_suit(text: object, *, allow_no_trump: Literal[False] = False) -> Suit: ...
@overload
def parse_suit(text: object, *, allow_no_trump: bool) -> Suit | NoTrump: ...


def parse_suit(text: object, *, allow_no_trump: bool = False) -> Suit | NoTrump:
    """Read a suit letter or symbol ('H', '♥'), or 'NT' when allowed; raises NotationError."""
    accepted = "C D H S" + (" or NT" if allow_no_trump else "")
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a suit: write one of {accepted}")
    token = text.strip().upper()
    if token in _SUITS:
        return _SUITS[token]
    if token == "NT" and allow_no_trump:
        return NO_TRUMP
    raise NotationError(f"{quoted(text)} is not a suit: write one of {accepted}")


def format_suit(suit: Suit | NoTrump) -> str:
    return suit.letter


def parse_seat(text: object) -> Seat:
    """Read a seat letter N, E, S or W; raises NotationError."""
    if isinstance(text, str) and text.strip().upper() in ("N", "E", "S", "W"):
        return Seat(text.strip().upper())
    raise NotationError(f"{quoted(text)} is not a seat: write one of N E S W")


def format_seat(seat: Seat) -> str:
    return str(seat.value)


def parse_team(text: object) -> Team:
    if isinstance(text, str) and text.strip().upper() in ("NS", "EW"):
        return Team(text.strip().upper())
    raise NotationError(f"{quoted(text)} is not a team: write NS or EW")


def quoted(value: object, limit: int = 40) -> str:
    """Quote a bad token for a message, cut short if it is long."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 4] + "...'"
