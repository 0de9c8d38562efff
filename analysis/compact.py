"""The compact form the search code uses: cards as bits, one layout per trump.

Under a trump (a ``Suit``, or ``None`` for no trump) every card gets a bit.
Cards are grouped in blocks, one per *effective* suit, each block ordered
weakest to strongest, and the trump block sits above the others. Then:

- a seat's hand is an int (a bitmask); following suit is ``hand & block_mask``;
- within the suit led, a stronger card has a higher bit; every trump has a
  higher bit than every card of another suit, so the card that wins a trick
  is the highest bit among the cards of the suit led and of trump.

The order is read from ``engine.ranking``'s ``EFFECTIVE_SUIT`` and
``TRICK_STRENGTH`` tables, the same tables the rules use; nothing about
bowers or the Benny is written here a second time.

>>> from engine import Suit, parse_card
>>> layout = layout_for(Suit.HEARTS)
>>> [c.code for c in layout.cards_of(layout.trump_mask)]
['9H', 'TH', 'QH', 'KH', 'AH', 'JD', 'JH', 'JOKER']
>>> layout.bit(parse_card("JD")) > layout.bit(parse_card("AH"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from engine.cards import ALL_CARDS, Card, Suit
from engine.ranking import EFFECTIVE_SUIT, TRICK_STRENGTH


class Layout(NamedTuple):
    """Bits for every card under one trump."""

    trump: Suit | None
    bit_of: tuple[int, ...]  # card.index -> 1 << position (0 for the Joker in no trump)
    card_at: tuple[Card | None, ...]  # position -> card
    block_of: tuple[int, ...]  # position -> block number
    block_masks: tuple[int, ...]  # block number -> mask of its cards
    block_suits: tuple[Suit, ...]  # block number -> the effective suit
    trump_mask: int  # the trump block's mask (0 in no trump)

    def bit(self, card: Card) -> int:
        return self.bit_of[card.index]

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of some cards."""
        m = 0
        for card in cards:
            m |= self.bit_of[card.index]
        return m

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of a bitmask, weakest first (trumps last)."""
        cards = []
        while mask:
            low = mask & -mask
            card = self.card_at[low.bit_length() - 1]
            assert card is not None  # a set bit is a card's
            cards.append(card)
            mask ^= low
        return cards

    def card(self, bit: int) -> Card:
        card = self.card_at[bit.bit_length() - 1]
        assert card is not None  # a set bit is a card's
        return card

    def suit_mask(self, suit: Suit) -> int:
        """Every card whose effective suit is ``suit``."""
        return self.block_masks[self.block_suits.index(suit)]

    def block_mask_of(self, bit: int) -> int:
        """The mask of the effective suit of the card with this bit."""
        return self.block_masks[self.block_of[bit.bit_length() - 1]]


@cache
def layout_for(trump: Suit | None) -> Layout:
    """The layout for a trump suit, or ``None`` for no trump (built once, then cached)."""
    effective = EFFECTIVE_SUIT[trump]
    suits = [s for s in Suit if s is not trump] + ([trump] if trump is not None else [])
    order: list[Card] = []
    block_of: list[int] = []
    block_masks: list[int] = []
    for number, suit in enumerate(suits):
        strength = TRICK_STRENGTH[(trump, suit)]
        members = [c for c in ALL_CARDS if effective[c.index] is suit]
        members.sort(key=lambda c: strength[c.index])
        start = len(order)
        order.extend(members)
        block_of.extend([number] * len(members))
        block_masks.append(((1 << len(members)) - 1) << start)
    bit_of = [0] * len(ALL_CARDS)
    for position, card in enumerate(order):
        bit_of[card.index] = 1 << position
    trump_mask = block_masks[-1] if trump is not None else 0
    return Layout(
        trump,
        tuple(bit_of),
        tuple(order),
        tuple(block_of),
        tuple(block_masks),
        tuple(suits),
        trump_mask,
    )


def trick_winner(layout: Layout, bits: list[int] | tuple[int, ...]) -> int:
    """The position (0 = the lead) of the card that wins a complete trick of bits."""
    led = layout.block_mask_of(bits[0])
    contenders = led | layout.trump_mask
    best, where = bits[0], 0
    for i in range(1, len(bits)):
        b = bits[i]
        if b & contenders and b > best:
            best, where = b, i
    return where


def run_tops(candidates: int, hand: int, live: int, layout: Layout) -> int:
    """The candidates that stand for their equivalence class: the top card of each run.

    Two cards of one hand in the same effective suit with no live card between
    them (``live``: every card not yet in a finished trick) win and lose exactly
    the same tricks, so only the higher needs to be searched.
    """
    tops = 0
    m = candidates
    block_masks, block_of = layout.block_masks, layout.block_of
    while m:
        low = m & -m
        m ^= low
        above = live & block_masks[block_of[low.bit_length() - 1]] & ~((low << 1) - 1)
        if not (above & -above & hand):
            tops |= low
    return tops


def run_top_of(bit: int, hand: int, live: int, layout: Layout) -> int:
    """The top card of the run of ``hand`` that the card ``bit`` belongs to."""
    block = layout.block_masks[layout.block_of[bit.bit_length() - 1]]
    while True:
        above = live & block & ~((bit << 1) - 1)
        nxt = above & -above
        if not (nxt & hand):
            return bit
        bit = nxt
