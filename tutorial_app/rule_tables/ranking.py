"""What the reference page shows, computed from the engine (no Streamlit here).

The page draws these; every rank, bower and point comes from ``engine``.

>>> [card.code for card in ranking_groups(trump_from_choice("H"), False)[0].cards][:3]
['JH', 'JD', 'AH']
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import pandas as pd

from engine import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    SETTING_NAMES,
    Card,
    Outcome,
    Suit,
    card_role,
    parse_suit,
    rank_order,
    scoring_table,
)
from engine.svg import RANK_TEXT, hand_text

# Segmented-control options: short values for the URL (?trump=H), words for people.
TRUMP_CHOICES: dict[str, str] = {
    "C": "♣ Clubs",
    "D": "♦ Diamonds",
    "H": "♥ Hearts",
    "S": "♠ Spades",
    "NT": "No trump",
    "none": "Not chosen yet",
}
DEFAULT_TRUMP = "H"


def trump_from_choice(choice: str) -> Suit | None:
    """The engine's trump for a choice: a Suit, or None for no trump / not chosen yet."""
    if choice in ("NT", "none"):
        return None
    return parse_suit(choice)


@dataclass(frozen=True, slots=True)
class Group:
    """One row of cards on the page: a suit, highest card first."""

    heading: str
    cards: tuple[Card, ...]
    highlights: tuple[str | None, ...]  # "right bower", "left bower", "Benny" or None
    labels: tuple[str, ...]  # place in the suit: "1", "2", ...

    @property
    def description(self) -> str:
        """The row in words, for alt text:
        'Trump: hearts (...): jack of hearts (right bower); ...'."""
        return f"{self.heading}: {hand_text(self.cards, self.highlights)}"


def ranking_groups(trump: Suit | None, benny: bool) -> list[Group]:
    """The engine's rank order as rows of cards, trump first."""
    groups = []
    for suit, cards in rank_order(trump, benny):
        if suit is None:
            heading = "The Joker: no suit until a trump suit is chosen"
        elif suit is trump:
            heading = f"Trump: {suit.plural} ({len(cards)} cards, highest first)"
        else:
            heading = f"{suit.plural.capitalize()} ({len(cards)} cards, highest first)"
        groups.append(
            Group(
                heading,
                tuple(cards),
                tuple(_highlight(c, trump) for c in cards),
                tuple(str(i) for i in range(1, len(cards) + 1)),
            )
        )
    return groups


def ranking_table(trump: Suit | None, benny: bool) -> pd.DataFrame:
    """Every card in the engine's order: the suit it belongs to, its place, a note."""
    rows = []
    for suit, cards in rank_order(trump, benny):
        for place, card in enumerate(cards, start=1):
            rows.append(
                {
                    "Suit it belongs to": suit.plural if suit else "no suit yet",
                    "Place in that suit": place,
                    "Card": card_label(card),
                    "Note": card_note(card, trump),
                }
            )
    return pd.DataFrame(rows)


def card_label(card: Card) -> str:
    """'J♦ jack of diamonds', '10♥ ten of hearts'; the Joker is 'Joker'."""
    if card.is_joker:
        return "Joker"
    assert card.suit is not None  # every card but the Joker has a printed suit
    return f"{RANK_TEXT[card.rank]}{card.suit.symbol} {card.name}"


def card_note(card: Card, trump: Suit | None) -> str:
    role = _highlight(card, trump)
    if role == "left bower":
        assert card.suit is not None and trump is not None  # a left bower: a jack, a trump
        return f"left bower: printed as a {card.suit.singular}, it is a {trump.singular}"
    if role == "right bower":
        return "right bower: the jack of the trump suit"
    if role == "Benny":
        return "Benny: the Joker, the highest trump"
    return ""


def scoring_frame(lone_defender: bool, results: Collection[Outcome] | None = None) -> pd.DataFrame:
    """The engine's scoring table, with headings in words: every row, or those of the
    kinds of result in ``results``."""
    return pd.DataFrame(
        [
            {
                "What happens": row.outcome,
                "Makers' tricks": row.makers_tricks,
                "Points": row.points,
                "Points go to": row.to,
            }
            for row in scoring_table(lone_defender)
            if results is None or row.result in results
        ]
    )


def _highlight(card: Card, trump: Suit | None) -> str | None:
    role = card_role(card, trump)
    return role if role in ("right bower", "left bower", "Benny") else None


# House rules in words, in RULES.md's order; values as a player would say them.
SETTING_WORDS = {
    "stick_the_dealer": "Stick the dealer",
    "no_trump": "No trump may be called",
    "loner_starts_last": "Loner starts last",
    "canadian_loner": "Canadian loner",
    "lone_defender": "Lone defender",
    "benny": "Benny (the Joker)",
    "no_first_blood": "No first blood",
    "alone_decision": "Who may go alone",
    "target_points": "Game to",
}
_VALUE_WORDS = {True: "yes", False: "no", "maker": "the maker", "any": "anyone"}


def _value_words(value: object) -> str:
    if isinstance(value, bool) or value in _VALUE_WORDS:
        return _VALUE_WORDS[value]
    return f"{value} points"  # target_points, the only number


def presets_frame() -> pd.DataFrame:
    """Every house rule of every preset, as the engine defines the presets: one column a
    preset, headed by its name, under a first row that sums it up in one line."""
    rows = [
        {
            "House rule": "In short",
            **{PRESET_NAMES[preset]: PRESET_DESCRIPTIONS[preset] for preset in PRESETS},
        }
    ]
    for name in SETTING_NAMES:
        row = {"House rule": SETTING_WORDS[name]}
        for preset, settings in PRESETS.items():
            row[PRESET_NAMES[preset]] = _value_words(settings[name])
        rows.append(row)
    return pd.DataFrame(rows)
