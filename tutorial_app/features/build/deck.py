"""The builder's deck: the rules' cards (24, or 25 with the Benny) not yet dealt, each
clicked into the seat (or the upcard) being dealt to, as a dealer would.

A click goes to ``deal_from_deck``: the card joins that seat's hand (the seat's widget
holds its cards) or becomes the upcard (the old upcard goes back to the deck). Once a
seat holds five, the dealing moves on to the next seat that needs cards, then to the
upcard. A full seat or a card dealt already is refused with a sentence saying so. No
Streamlit here: the page passes ``st.session_state``, tests pass theirs.

>>> session = {}
>>> empty_deal(session)
>>> for code in ("9C", "TC", "JC", "QC", "KC"):
...     deal_from_deck(session, code)
>>> session[HAND("N")], session[DEAL_TO]
(['9C', 'TC', 'JC', 'QC', 'KC'], 'E')
>>> deal_from_deck(session, "9C")
'The nine of clubs is dealt already.'
"""

from __future__ import annotations

from collections.abc import MutableMapping

from engine import HAND_SIZE, SEATS, Card, deck, parse_card
from tutorial_app.features.build.draft import Draft
from tutorial_app.features.build.keys import ASK, DEAL_TO, DECK_NOTE, HAND, MOVES, UPCARD
from tutorial_app.features.build.moves import draft_from

__all__ = [
    "TARGETS",
    "UPCARD_TARGET",
    "deal_from_deck",
    "empty_deal",
    "next_target",
    "target_words",
    "undealt",
]

UPCARD_TARGET = "up"
TARGETS = (*(seat.value for seat in SEATS), UPCARD_TARGET)  # the order a dealer deals
SEAT_WORDS = {seat.value: seat.word for seat in SEATS}


def undealt(draft: Draft) -> list[Card]:
    """The cards of the draft's deck in no hand and not turned up, in deck order."""
    taken = _dealt(draft)
    return [card for card in deck(bool(draft.rules.get("benny"))) if card.code not in taken]


def _dealt(draft: Draft) -> set[str]:
    codes = {code for cards in draft.hands.values() for code in cards}
    return codes | ({draft.upcard} if draft.upcard else set())


def _needs(draft: Draft, target: str) -> bool:
    if target == UPCARD_TARGET:
        return not draft.upcard
    return len(draft.hands.get(target, ())) < HAND_SIZE


def next_target(draft: Draft, after: str | None = None) -> str | None:
    """The first place after ``after`` (round the table, then the upcard) that still
    needs a card, or None when the deal is full."""
    start = TARGETS.index(after) + 1 if after in TARGETS else 0
    for step in range(len(TARGETS)):
        target = TARGETS[(start + step) % len(TARGETS)]
        if _needs(draft, target):
            return target
    return None


def target_words(draft: Draft, target: str) -> str:
    """A place to deal to, with how full it is: "North 3/5", "Upcard ✓"."""
    if target == UPCARD_TARGET:
        return "Upcard" + (" ✓" if draft.upcard else "")
    return f"{SEAT_WORDS[target]} {len(draft.hands.get(target, ()))}/{HAND_SIZE}"


def deal_from_deck(session: MutableMapping, code: str) -> str | None:
    """Deal the clicked card ``code`` to the place chosen (``keys.DEAL_TO``); returns
    why it was refused, or None (also kept under ``keys.DECK_NOTE`` for the page)."""
    draft = draft_from(session)
    target = session.get(DEAL_TO) or next_target(draft) or SEATS[0].value
    card = parse_card(code)
    refusal = None
    if code in _dealt(draft):
        refusal = f"{card.the_name[:1].upper()}{card.the_name[1:]} is dealt already."
    elif target == UPCARD_TARGET:
        session[UPCARD] = code  # the old upcard goes back to the deck
    elif not _needs(draft, target):
        refusal = (
            f"{SEAT_WORDS[target]} holds {HAND_SIZE} cards already: deal to another "
            f"seat, or take one of {SEAT_WORDS[target]}'s cards back (its ×)."
        )
    else:
        session[HAND(target)] = [*draft.hands.get(target, ()), code]
    if refusal is None and not _needs(draft_from(session), target):
        session[DEAL_TO] = next_target(draft_from(session), target) or target
    session[DECK_NOTE] = refusal
    return refusal


def empty_deal(session: MutableMapping) -> None:
    """Every card back in the deck (the rules stay): a deal to build card by card."""
    for seat in SEATS:
        session[HAND(seat.value)] = []
    session[UPCARD] = None
    session[MOVES] = ""
    session[ASK] = "none"
    session[DEAL_TO] = SEATS[0].value
    session[DECK_NOTE] = None
