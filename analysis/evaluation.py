"""How strong a hand is for a trump suit, in tricks: the bots' bidding evaluation.

``evaluate(hand, trump, ...)`` counts what matters when making trump:

- each trump, by place: the Benny, the right bower, the left bower, the ace,
  the king, and the low trumps (queen, ten, nine);
- off-suit aces;
- voids (off suits the hand lacks), worth something only with two or more
  trumps to ruff with;
- the upcard in round 1: the dealer's own hand is counted after picking it up
  and throwing away the weakest card; if the dealer is the partner, the
  upcard adds to the team; if an opponent, it takes a little away;
- the partner's share of the tricks, a fixed average.

The weights were fitted by least squares to double-dummy results on random
deals (``benchmarks/calibrate_evaluation.py`` reproduces them, and shows that
ordering up with a team estimate near 3 breaks even), then rounded. The
estimate is the team's expected tricks when the hand makes trump; a lone
estimate counts the hand alone.

>>> from engine import Suit, parse_cards
>>> e = evaluate(parse_cards("JH JD AH AS 9C"), Suit.HEARTS)
>>> e.trump_count, e.off_aces, round(e.team_tricks, 2)
(3, 1, 4.4)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from engine.cards import ALL_CARDS, Card, Rank, Suit
from engine.ranking import (
    EFFECTIVE_SUIT,
    CardRole,
    card_role,
    is_left_bower,
    is_right_bower,
    suit_strength,
)

# Expected tricks a card adds with a partner (TEAM) and alone (LONE); fitted, then rounded.
# The Benny is not fitted (bga deals have none): it counts a little above the right bower.
TEAM = {
    "benny": 1.3,
    "right": 1.2,
    "left": 0.75,
    "ace": 0.5,
    "king": 0.4,
    "low": 0.35,
    "off_ace": 0.4,
    "void": 0.3,
    "partner": 1.25,
    "upcard_to_partner": 1.05,
    "upcard_to_opponent": -0.5,
}
LONE = {
    "benny": 1.6,
    "right": 1.5,
    "left": 1.05,
    "ace": 0.8,
    "king": 0.6,
    "low": 0.5,
    "off_ace": 0.5,
    "void": 0.35,
    "partner": -0.4,
}

UPCARD_ME, UPCARD_PARTNER, UPCARD_OPPONENT, UPCARD_NOBODY = "me", "partner", "opponent", "nobody"


class Evaluation(NamedTuple):
    """A hand's strength for one trump suit, with the facts behind it."""

    trump: Suit
    hand: tuple[Card, ...]  # the hand counted (the dealer's after the exchange)
    trumps: tuple[Card, ...]  # its trumps, highest first
    right_bower: bool
    left_bower: bool
    benny: bool
    off_aces: int
    voids: int
    upcard_to: str  # "me", "partner", "opponent" or "nobody"
    team_tricks: float  # expected tricks for the team, with partner
    lone_tricks: float  # expected tricks playing alone

    @property
    def trump_count(self) -> int:
        return len(self.trumps)


def card_weight(card: Card, trump: Suit | None, weights: dict[str, float]) -> float:
    """What one card adds: by its place in trump, or as an off-suit ace."""
    if EFFECTIVE_SUIT[trump][card.index] is trump:
        if card.is_joker:
            return weights["benny"]
        if is_right_bower(card, trump):
            return weights["right"]
        if is_left_bower(card, trump):
            return weights["left"]
        if card.rank is Rank.ACE:
            return weights["ace"]
        if card.rank is Rank.KING:
            return weights["king"]
        return weights["low"]
    return weights["off_ace"] if card.rank is Rank.ACE else 0.0


# How much the upcard is worth to whoever picks it up, the right bower counting 1.
UPCARD_VALUE = {
    Rank.JACK: 1.0,
    Rank.ACE: 0.75,
    Rank.KING: 0.6,
    Rank.QUEEN: 0.5,
    Rank.TEN: 0.45,
    Rank.NINE: 0.4,
    Rank.JOKER: 1.0,
}


def upcard_value(upcard: Card, trump: Suit) -> float:
    """The upcard's worth as a trump (the right bower counts 1); 0 if it is not a trump."""
    if EFFECTIVE_SUIT[trump][upcard.index] is not trump:
        return 0.0
    return UPCARD_VALUE[upcard.rank]


@cache
def _card_weights(trump: Suit | None, weights_name: str) -> tuple[float, ...]:
    """``card_weight`` of every card (by index) under one trump: worked out once."""
    weights = TEAM if weights_name == "team" else LONE
    return tuple(card_weight(card, trump, weights) for card in ALL_CARDS)


def _total(hand: tuple[Card, ...], trump: Suit, weights_name: str) -> float:
    weights = TEAM if weights_name == "team" else LONE
    per_card = _card_weights(trump, weights_name)
    table = EFFECTIVE_SUIT[trump]
    suits = [table[c.index] for c in hand]
    off_suits = set(suits)
    off_suits.discard(trump)
    total = weights["partner"] + sum(per_card[c.index] for c in hand)
    if suits.count(trump) >= 2:
        total += weights["void"] * (3 - len(off_suits))
    return total


def weakest_card(hand: tuple[Card, ...] | list[Card], trump: Suit) -> Card:
    """The card a dealer throws away by rule of thumb.

    Never a trump while holding another card; a lone card of an off suit (not an
    ace), to leave a void; otherwise the lowest off-suit card, aces last.
    """
    table = EFFECTIVE_SUIT[trump]
    off = [c for c in hand if table[c.index] is not trump]
    if not off:
        return min(hand, key=lambda c: suit_strength(c, trump))
    count: dict[Suit | None, int] = {}
    for c in off:
        count[table[c.index]] = count.get(table[c.index], 0) + 1

    def key(c: Card) -> tuple[float, ...]:
        single = count[table[c.index]] == 1 and c.rank is not Rank.ACE
        return (c.rank is Rank.ACE, not single, suit_strength(c, trump), c.index)

    return min(off, key=key)


def _counted(
    hand: tuple[Card, ...] | list[Card], trump: Suit, upcard: Card | None, upcard_to: str
) -> tuple[Card, ...]:
    """The hand counted: the dealer's after picking up the upcard and throwing away the weakest."""
    hand = tuple(hand)
    if upcard_to == UPCARD_ME and upcard is not None:
        six = hand + (upcard,)
        drop = weakest_card(six, trump)
        hand = tuple(c for c in six if c is not drop)
    return hand


def _team(counted: tuple[Card, ...], trump: Suit, upcard: Card | None, upcard_to: str) -> float:
    team = _total(counted, trump, "team")
    if upcard is not None and upcard_to == UPCARD_PARTNER:
        team += TEAM["upcard_to_partner"] * upcard_value(upcard, trump)
    elif upcard is not None and upcard_to == UPCARD_OPPONENT:
        team += TEAM["upcard_to_opponent"] * upcard_value(upcard, trump)
    return team


def team_tricks(
    hand: tuple[Card, ...] | list[Card],
    trump: Suit,
    upcard: Card | None = None,
    upcard_to: str = UPCARD_NOBODY,
) -> float:
    """``evaluate(...).team_tricks`` alone: bidding rules and inference need it by the thousand."""
    return _team(_counted(hand, trump, upcard, upcard_to), trump, upcard, upcard_to)


def lone_tricks(
    hand: tuple[Card, ...] | list[Card],
    trump: Suit,
    upcard: Card | None = None,
    upcard_to: str = UPCARD_NOBODY,
) -> float:
    """``evaluate(...).lone_tricks`` alone."""
    return _total(_counted(hand, trump, upcard, upcard_to), trump, "lone")


def evaluate(
    hand: tuple[Card, ...] | list[Card],
    trump: Suit,
    upcard: Card | None = None,
    upcard_to: str = UPCARD_NOBODY,
) -> Evaluation:
    """The hand's strength if its team makes ``trump``.

    ``upcard_to`` says who gets the upcard (round 1): ``"me"`` (the hand is the
    dealer's: the upcard is added and the weakest card thrown away), ``"partner"``,
    ``"opponent"`` or ``"nobody"`` (round 2, or a dealer sitting out).
    """
    hand = _counted(hand, trump, upcard, upcard_to)
    table = EFFECTIVE_SUIT[trump]
    trumps = tuple(
        sorted((c for c in hand if table[c.index] is trump), key=lambda c: -suit_strength(c, trump))
    )
    off_suits = {table[c.index] for c in hand if table[c.index] is not trump}
    off_aces = sum(1 for c in hand if table[c.index] is not trump and c.rank is Rank.ACE)
    return Evaluation(
        trump,
        hand,
        trumps,
        any(is_right_bower(c, trump) for c in trumps),
        any(is_left_bower(c, trump) for c in trumps),
        any(c.is_joker for c in trumps),
        off_aces,
        3 - len(off_suits),
        upcard_to,
        _team(hand, trump, upcard, upcard_to),
        _total(hand, trump, "lone"),
    )


def no_trump_tricks(hand: tuple[Card, ...] | list[Card]) -> float:
    """Expected team tricks in no trump: aces, kings beside their ace, and the partner."""
    aces = {c.suit for c in hand if c.rank is Rank.ACE}
    kings = sum(1 for c in hand if c.rank is Rank.KING and c.suit in aces)
    return TEAM["partner"] + 0.75 * len(aces) + 0.4 * kings


# Tricks a lone defender counts on for a top trump; 0.4 for any other trump.
_DEFENCE_TRUMP_TRICKS = {CardRole.BENNY: 1.0, CardRole.RIGHT_BOWER: 1.0, CardRole.LEFT_BOWER: 0.8}


def defence_tricks(hand: tuple[Card, ...] | list[Card], trump: Suit) -> float:
    """Tricks a lone defender can count on against ``trump``: top trumps and off aces."""
    table = EFFECTIVE_SUIT[trump]
    total = 0.0
    for card in hand:
        if table[card.index] is trump:
            total += _DEFENCE_TRUMP_TRICKS.get(card_role(card, trump), 0.4)
        elif card.rank is Rank.ACE:
            total += 0.6
    return total
