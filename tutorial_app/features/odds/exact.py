"""The odds lab's exact items: counted from the engine's decks by ``analysis.odds``.

Each deck comes from a rule set (the preset's 24 cards, and the same rules with the
Benny's Joker), so the engine stays the one source of what the deck holds.

>>> [item.key for item in exact_items()]
['trumps', 'suits', 'right-bower']
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pandas as pd
import plotly.graph_objects as go

from analysis.odds import (
    BOWER_PLACES,
    KITTY,
    OPPONENTS,
    PARTNER,
    can_trump_in_share,
    deck_for,
    percent,
    right_bower_odds,
    suit_count_odds,
    trump_count_odds,
)
from engine import HAND_SIZE, Rules, Suit
from tutorial_app.features.odds.item import SERIES_COLOURS, OddsItem, bar_layout

TRUMP = Suit.HEARTS  # any suit gives the same figures: the four are alike


def decks() -> dict[str, tuple]:
    """The two decks, named for people, from the engine's rule sets."""
    plain = Rules.preset("bga")
    return {
        f"{len(deck_for(plain))} cards": deck_for(plain),
        f"{len(deck_for(plain.with_settings(benny=True)))} cards (Joker)": deck_for(
            plain.with_settings(benny=True)
        ),
    }


def _bars(labels: list[str], odds_by_deck: dict[str, dict], x_title: str) -> go.Figure:
    figure = go.Figure()
    for colour, (name, odds) in zip(SERIES_COLOURS, odds_by_deck.items(), strict=False):
        shares = [float(odds[key]) * 100 for key in odds]
        figure.add_trace(
            go.Bar(
                x=labels,
                y=shares,
                name=name,
                marker_color=colour,
                text=[percent(odds[key]) for key in odds],
                textposition="outside",
                hovertemplate=f"{name}: %{{x}}: %{{text}}<extra></extra>",
            )
        )
    return bar_layout(figure, x_title=x_title)


def _table(
    first: str,
    labels: list[str],
    odds_by_deck: dict[str, dict],
    cards_by_deck: dict[str, tuple] | None,
) -> pd.DataFrame:
    """One column a deck: the percentage, and in brackets the number of hands (when
    ``cards_by_deck`` is given) or the exact fraction."""
    columns: dict[str, list] = {first: labels}
    for name, odds in odds_by_deck.items():
        if cards_by_deck is not None:
            hands = comb(len(cards_by_deck[name]), HAND_SIZE)
            columns[name] = [
                f"{percent(share)} ({int(share * hands):,})" for share in odds.values()
            ]
        else:
            columns[name] = [f"{percent(share)} ({_fraction(share)})" for share in odds.values()]
    return pd.DataFrame(columns)


def _hands_note(cards_by_deck: dict[str, tuple]) -> str:
    counts = " and ".join(
        f"{comb(len(cards), HAND_SIZE):,} ({len(cards)} cards)" for cards in cards_by_deck.values()
    )
    return f"In brackets: how many of the {counts} possible hands."


def _fraction(share: Fraction) -> str:
    return f"{share.numerator} in {share.denominator}"


def trumps_item() -> OddsItem:
    cards = decks()
    odds = {name: trump_count_odds(deck, TRUMP) for name, deck in cards.items()}
    labels = [str(k) for k in range(HAND_SIZE + 1)]
    plain, joker = (sum(share for k, share in o.items() if k >= 3) for o in odds.values())
    sentence = (
        f"Only {percent(plain)} of hands hold three trumps or more ({percent(joker)} "
        "with the Joker), the left bower counted, so three trumps make a strong hand."
    )
    return OddsItem(
        "trumps",
        "Trumps in your five cards, for a named suit",
        _bars(labels, odds, "Trumps held (the left bower and the Joker count)"),
        _table("Trumps", labels, odds, cards),
        sentence,
        _hands_note(cards),
    )


def suits_item() -> OddsItem:
    cards = decks()
    odds = {name: suit_count_odds(deck, TRUMP) for name, deck in cards.items()}
    labels = [str(k) for k in next(iter(odds.values()))]
    plain, joker = (can_trump_in_share(deck, TRUMP) for deck in cards.values())
    sentence = (
        f"{percent(plain)} of hands have no card of some suit and hold a trump "
        f"({percent(joker)} with the Joker). When that suit is led, they may trump in."
    )
    return OddsItem(
        "suits",
        "Suits in your five cards, once trump is named",
        _bars(labels, odds, "Suits held"),
        _table("Suits", labels, odds, cards),
        sentence,
        _hands_note(cards),
    )


def right_bower_item() -> OddsItem:
    cards = decks()
    odds = {name: right_bower_odds(deck, TRUMP) for name, deck in cards.items()}
    labels = list(BOWER_PLACES)
    plain, joker = odds.values()
    sentence = (
        f"If you cannot see the right bower, an opponent holds it "
        f"{percent(plain[OPPONENTS])} of the time, so do not count on it. Your partner "
        f"holds it {percent(plain[PARTNER])} of the time, and the kitty (the cards nobody "
        f"is dealt) {percent(plain[KITTY])} ({percent(joker[PARTNER])} and "
        f"{percent(joker[KITTY])} with the Joker)."
    )
    return OddsItem(
        "right-bower",
        "Where the right bower is, when you cannot see it",
        _bars(labels, odds, "Who holds the right bower"),
        _table("Held by", labels, odds, None),
        sentence,
        "In brackets: the exact chance.",
    )


def exact_items() -> list[OddsItem]:
    """The three counted items, both decks on each."""
    return [trumps_item(), suits_item(), right_bower_item()]
