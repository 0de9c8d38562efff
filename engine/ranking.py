"""Effective suit and rank of every card under a trump: all bower logic lives here.

``trump`` is a ``Suit``, or ``None`` for no trump (declared, or not yet made).

>>> from engine.notation import parse_card
>>> effective_suit(parse_card("JD"), Suit.HEARTS)
Suit.HEARTS
>>> [c.code for c in suit_order(Suit.HEARTS, Suit.HEARTS)]
['JH', 'JD', 'AH', 'KH', 'QH', 'TH', '9H']
>>> [c.code for c in suit_order(Suit.DIAMONDS, Suit.HEARTS)]
['AD', 'KD', 'QD', 'TD', '9D']
"""

from __future__ import annotations

from enum import StrEnum

from engine.cards import ALL_CARDS, JOKER, Card, Rank, Suit, deck

# Trump strength: Benny > right bower > left bower > A K Q 10 9 of trump.
JOKER_STRENGTH = 20
RIGHT_BOWER_STRENGTH = 19
LEFT_BOWER_STRENGTH = 18
TRUMP_BASE = 100  # every trump beats every card of the suit led

_TRUMP_KEYS: tuple[Suit | None, ...] = (None, *Suit)


def _effective(card: Card, trump: Suit | None) -> Suit | None:
    if card.suit is None:
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is trump.same_colour:
        return trump
    return card.suit


def _trump_strength(card: Card, trump: Suit) -> int:
    if card.suit is None:
        return JOKER_STRENGTH
    if card.rank is Rank.JACK:
        return RIGHT_BOWER_STRENGTH if card.suit is trump else LEFT_BOWER_STRENGTH
    return int(card.rank)


# Tables indexed by card.index, one per trump key: built once from the functions above.
EFFECTIVE_SUIT: dict[Suit | None, tuple[Suit | None, ...]] = {
    trump: tuple(_effective(card, trump) for card in ALL_CARDS) for trump in _TRUMP_KEYS
}


def _strength_table(trump: Suit | None, led: Suit) -> tuple[int, ...]:
    row = []
    for card in ALL_CARDS:
        suit = _effective(card, trump)
        if trump is not None and suit is trump:
            row.append(TRUMP_BASE + _trump_strength(card, trump))
        elif suit is led:
            row.append(int(card.rank))
        else:
            row.append(0)
    return tuple(row)


TRICK_STRENGTH: dict[tuple[Suit | None, Suit], tuple[int, ...]] = {
    (trump, led): _strength_table(trump, led) for trump in _TRUMP_KEYS for led in Suit
}


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card belongs to for every purpose: the left bower and Benny are trump.

    The Joker has no suit when there is no trump.
    """
    return EFFECTIVE_SUIT[trump][card.index]


def is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and EFFECTIVE_SUIT[trump][card.index] is trump


def is_right_bower(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit is trump


def is_left_bower(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit is trump.same_colour


class CardRole(StrEnum):
    """What a card is under a trump, as players tag it. A ``str``: ``CardRole.BENNY ==
    "Benny"``, and a card that is not a trump has the empty tag, which is false."""

    BENNY = "Benny"
    RIGHT_BOWER = "right bower"
    LEFT_BOWER = "left bower"
    TRUMP = "trump"
    PLAIN = ""

    def __repr__(self) -> str:  # the name to type, like Suit.HEARTS
        return f"CardRole.{self.name}"


def card_role(card: Card, trump: Suit | None) -> CardRole:
    """A card's tag under a trump (None: no trump, where no card has one).

    >>> from engine.notation import parse_card
    >>> card_role(parse_card("JD"), Suit.HEARTS) == "left bower"
    True
    >>> bool(card_role(parse_card("AD"), Suit.HEARTS))
    False
    """
    if trump is None:
        return CardRole.PLAIN
    if card.is_joker:
        return CardRole.BENNY
    if is_right_bower(card, trump):
        return CardRole.RIGHT_BOWER
    if is_left_bower(card, trump):
        return CardRole.LEFT_BOWER
    return CardRole.TRUMP if EFFECTIVE_SUIT[trump][card.index] is trump else CardRole.PLAIN


def trick_strength(card: Card, trump: Suit | None, led: Suit) -> int:
    """How strongly a card contends for a trick: 0 if it can never win it."""
    return TRICK_STRENGTH[(trump, led)][card.index]


def suit_strength(card: Card, trump: Suit | None) -> int:
    """Rank of a card within its effective suit (higher is better)."""
    suit = EFFECTIVE_SUIT[trump][card.index]
    if suit is None:
        return 0
    return TRICK_STRENGTH[(trump, suit)][card.index]


def suit_order(suit: Suit, trump: Suit | None, benny: bool = False) -> list[Card]:
    """Every card whose effective suit is ``suit``, highest first."""
    cards = [c for c in deck(benny) if effective_suit(c, trump) is suit]
    return sorted(cards, key=lambda c: -trick_strength(c, trump, suit))


def rank_order(trump: Suit | None, benny: bool = False) -> list[tuple[Suit | None, list[Card]]]:
    """All cards by effective suit, trump first, each suit highest to lowest.

    Cards of different non-trump suits never beat each other, so they are
    listed suit by suit rather than in one line.
    """
    suits = list(Suit)
    if trump is not None:
        suits.remove(trump)
        suits.insert(0, trump)
    groups: list[tuple[Suit | None, list[Card]]] = [
        (suit, suit_order(suit, trump, benny)) for suit in suits
    ]
    if benny and trump is None:
        groups.append((None, [JOKER]))  # no suit until a trump is named
    return groups


def trump_position(card: Card, trump: Suit, benny: bool = False) -> int | None:
    """1 for the highest trump, 2 for the next...; None if the card is not trump."""
    order = suit_order(trump, trump, benny)
    return order.index(card) + 1 if card in order else None


def sort_hand(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> list[Card]:
    """Show a hand grouped by effective suit, trump first, each highest first."""
    suit_rank: dict[Suit | None, int] = {suit: i for i, suit in enumerate(Suit)}
    if trump is not None:
        suit_rank[trump] = -1

    def key(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, trump)
        return (suit_rank.get(suit, 9), -suit_strength(card, trump))

    return sorted(cards, key=key)
