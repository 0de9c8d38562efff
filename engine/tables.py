"""Integer tables for the hot path of play, built once from ``engine.ranking``.

A card is its ``index`` (0..24, the Joker 24); a suit is its place in ``Suit``
(0 clubs, 1 diamonds, 2 hearts, 3 spades; 4 means no suit: the Joker before a
trump is named). For every value a hand's ``trump`` can take (``None``, a
``Suit`` or ``NO_TRUMP``) the tables give each card's effective suit and its
strength in a trick. They are read from ``EFFECTIVE_SUIT`` and ``TRICK_STRENGTH``,
the tables the rules use, so nothing about bowers or the Benny is written here
a second time.

>>> from engine.notation import parse_card
>>> left = parse_card("JD").index
>>> SUIT_NUMBER[Suit.HEARTS][left] == HEARTS, SUIT_NUMBER[NO_TRUMP][left] == DIAMONDS
(True, True)
>>> STRENGTH[Suit.HEARTS][SPADES][left] > STRENGTH[Suit.HEARTS][SPADES][parse_card("AS").index]
True
>>> sum(1 for suit in SUIT_NUMBER[Suit.HEARTS] if suit == HEARTS)  # 7 hearts and the Joker
8
"""

from __future__ import annotations

from engine.cards import ALL_CARDS, NO_TRUMP, NoTrump, Suit
from engine.ranking import EFFECTIVE_SUIT, TRICK_STRENGTH

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
NO_SUIT = 4
SUIT_NUMBERS: dict[Suit | None, int] = {suit: i for i, suit in enumerate(Suit)}
SUIT_NUMBERS[None] = NO_SUIT

TrumpKey = Suit | NoTrump | None
_TRUMP_KEYS: tuple[TrumpKey, ...] = (None, *Suit, NO_TRUMP)


def _ranking_trump(trump: TrumpKey) -> Suit | None:
    """The trump as engine.ranking reads it: no trump and "not yet made" are both None."""
    return trump if isinstance(trump, Suit) else None


# Effective suit number of each card, by card index.
SUIT_NUMBER: dict[TrumpKey, tuple[int, ...]] = {
    key: tuple(SUIT_NUMBERS[suit] for suit in EFFECTIVE_SUIT[_ranking_trump(key)])
    for key in _TRUMP_KEYS
}

# The trump suit's number, or -1 when no card is trump.
TRUMP_NUMBER: dict[TrumpKey, int] = {
    key: -1 if (suit := _ranking_trump(key)) is None else SUIT_NUMBERS[suit] for key in _TRUMP_KEYS
}

# STRENGTH[trump][led suit number][card index]: how strongly a card contends for a trick
# (0: it cannot win it). A fifth row, for a led card of no suit, holds only zeros.
STRENGTH: dict[TrumpKey, tuple[tuple[int, ...], ...]] = {
    key: tuple(TRICK_STRENGTH[(_ranking_trump(key), led)] for led in Suit)
    + ((0,) * len(ALL_CARDS),)
    for key in _TRUMP_KEYS
}
