"""Exact odds of the deal, by counting five-card hands (no sampling).

Every figure is a ``Fraction`` of equally likely deals, computed with
``math.comb`` over the cards of the rule set's deck (``engine.deck``), with
trumps, the left bower and the Joker as the engine ranks them.

>>> from engine import Suit, deck
>>> odds = trump_count_odds(deck(), Suit.HEARTS)
>>> odds[0], odds[5]
(Fraction(221, 1518), Fraction(1, 2024))
>>> right_bower_odds(deck(), Suit.HEARTS)[PARTNER]
Fraction(5, 18)
>>> percent(Fraction(1, 6))
'16.7%'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from engine import HAND_SIZE, Card, Rules, Suit, deck, effective_suit, is_right_bower, is_trump

SEATS_DEALT = 4
PARTNER = "your partner"
OPPONENTS = "an opponent"
KITTY = "the kitty"
BOWER_PLACES = (PARTNER, OPPONENTS, KITTY)


def percent(share: Fraction | float) -> str:
    """A share as a percentage to one decimal place: '16.7%'."""
    return f"{float(share) * 100:.1f}%"


def trumps_in(cards: Sequence[Card], trump: Suit) -> int:
    """How many of ``cards`` are trumps (the left bower and the Joker included)."""
    return sum(1 for card in cards if is_trump(card, trump))


def trump_count_odds(cards: Sequence[Card], trump: Suit) -> dict[int, Fraction]:
    """The chance that a five-card hand from ``cards`` holds 0..5 trumps; raises ValueError
    for a deck too small to deal."""
    _check_deck(cards)
    trumps = trumps_in(cards, trump)
    others = len(cards) - trumps
    hands = comb(len(cards), HAND_SIZE)
    return {
        k: Fraction(comb(trumps, k) * comb(others, HAND_SIZE - k), hands)
        for k in range(HAND_SIZE + 1)
    }


def suit_sizes(cards: Sequence[Card], trump: Suit) -> dict[Suit, int]:
    """Cards of each suit once trump is named: the left bower and the Joker are trumps.

    >>> from engine import deck
    >>> sizes = suit_sizes(deck(), Suit.HEARTS)
    >>> sizes[Suit.HEARTS], sizes[Suit.DIAMONDS], sizes[Suit.CLUBS]
    (7, 5, 6)
    """
    counts = Counter(effective_suit(card, trump) for card in cards)
    return {suit: counts[suit] for suit in Suit}


def suit_count_odds(cards: Sequence[Card], trump: Suit) -> dict[int, Fraction]:
    """The chance that a five-card hand holds cards of exactly 4, 3, 2 or 1 suits, suits
    counted as they are played once trump is named; raises ValueError for a small deck.

    Hands whose cards all lie in a set of suits, each of them present, are counted
    by inclusion and exclusion over the set's subsets.
    """
    _check_deck(cards)
    sizes = suit_sizes(cards, trump)
    hands = comb(len(cards), HAND_SIZE)
    odds = {}
    for held in range(len(Suit), 0, -1):
        count = sum(_hands_using_every_suit(chosen, sizes) for chosen in combinations(Suit, held))
        odds[held] = Fraction(count, hands)
    return odds


def can_trump_in_share(cards: Sequence[Card], trump: Suit) -> Fraction:
    """The chance that a five-card hand can trump in somewhere: it lacks at least one
    plain suit (so may trump when that suit is led) and holds a trump to do it with.

    Hands that lack a set of plain suits are counted by inclusion and exclusion over
    the sets; those among them with no trump at all are taken away.

    >>> from engine import deck
    >>> percent(can_trump_in_share(deck(), Suit.HEARTS))
    '55.8%'
    """
    _check_deck(cards)
    sizes = suit_sizes(cards, trump)
    plain = [suit for suit in Suit if suit is not trump]
    count = 0
    for size in range(1, len(plain) + 1):
        sign = (-1) ** (size + 1)
        for lacking in combinations(plain, size):
            left = len(cards) - sum(sizes[suit] for suit in lacking)
            count += sign * (comb(left, HAND_SIZE) - comb(left - sizes[trump], HAND_SIZE))
    return Fraction(count, comb(len(cards), HAND_SIZE))


def _hands_using_every_suit(chosen: tuple[Suit, ...], sizes: dict[Suit, int]) -> int:
    """Five-card hands drawn only from ``chosen`` suits that hold each of them."""
    total = 0
    for size in range(len(chosen) + 1):
        sign = (-1) ** (len(chosen) - size)
        for subset in combinations(chosen, size):
            total += sign * comb(sum(sizes[suit] for suit in subset), HAND_SIZE)
    return total


def right_bower_odds(cards: Sequence[Card], trump: Suit) -> dict[str, Fraction]:
    """Where the right bower lies when it is neither in your hand nor the upcard: with
    your partner, an opponent, or the undealt cards; raises ValueError for a small deck
    or one without the right bower.

    Every card you cannot see is equally likely to be any of the unseen places, so
    the chance of a place is the number of hands holding the bower over all hands.
    """
    _check_deck(cards)
    if not any(is_right_bower(card, trump) for card in cards):
        raise ValueError(f"the deck has no jack of {trump.plural}")
    unseen = len(cards) - HAND_SIZE - 1  # not in your hand, not the upcard
    kitty = len(cards) - SEATS_DEALT * HAND_SIZE - 1
    partner = Fraction(comb(unseen - 1, HAND_SIZE - 1), comb(unseen, HAND_SIZE))
    in_kitty = Fraction(comb(unseen - 1, kitty - 1), comb(unseen, kitty)) if kitty else Fraction(0)
    return {PARTNER: partner, OPPONENTS: 1 - partner - in_kitty, KITTY: in_kitty}


def _check_deck(cards: Sequence[Card]) -> None:
    if len(cards) < SEATS_DEALT * HAND_SIZE + 1:
        raise ValueError(f"a deck of {len(cards)} cards cannot deal four hands and an upcard")


def deck_for(rules: Rules) -> tuple[Card, ...]:
    """The cards a rule set deals: the engine's 24, or 25 with the Joker (Benny)."""
    return deck(rules.benny)
