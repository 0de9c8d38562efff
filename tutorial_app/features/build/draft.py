"""A scenario being built: rules, dealer, each seat's cards, the upcard and the moves so
far, checked as a whole, with every problem said exactly (a card twice, a hand of four,
a move out of turn), and turned into a hand record (HAND_RECORD.md) once it holds.

The deck, the hand size and every move's legality are the engine's (``deck``,
``HAND_SIZE``, ``apply``; a move's refusal is the engine's sentence). Moves are written
as in the guided hands' scripts, one a line: ``N pass``, ``E order_up``, ``W discard 9S``,
``N play AS``. No Streamlit: the builder page and plain tests use the same functions.

>>> draft = Draft({"preset": "bga"}, "W", {"N": ("9C", "TD", "JH", "QS", "KC"),
...     "E": ("9S", "TS", "QH", "AC", "KH"), "S": ("9H", "QC", "AH", "KS", "TH"),
...     "W": ("JC", "JS", "QD", "KD", "AS")}, "AD", "N pass\\nN pass")
>>> checked = check(draft)
>>> checked.problems
("Move 2 (N pass): It is East's turn, not North's.",)
>>> len(checked.record.actions)
1
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine import (
    HAND_SIZE,
    SEATS,
    Action,
    Card,
    Deal,
    EuchreError,
    HandRecord,
    HandState,
    IllegalActionError,
    Rules,
    Seat,
    apply,
    deal_cards,
    deck,
    new_hand,
    parse_card,
    parse_seat,
)
from lessons.guided import format_move, parse_move
from tutorial_app.rule_tables.words import RULE_LABELS, in_words

__all__ = [
    "RULE_LABELS",
    "Checked",
    "Draft",
    "check",
    "dealt_at_random",
    "draft_of",
    "in_words",
    "move_line",
]


@dataclass(frozen=True)
class Draft:
    """What the builder holds: rule settings (``preset`` and overrides, as a record's
    ``rules``), the dealer's letter, each seat's card codes, the upcard's, the moves."""

    rules: Mapping[str, object]
    dealer: str
    hands: Mapping[str, tuple[str, ...]]
    upcard: str | None
    moves: str = ""


@dataclass(frozen=True)
class Checked:
    """A draft checked: the record as far as it holds (None while the deal itself has a
    problem), and every problem found, in the order to fix them."""

    record: HandRecord | None
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.record is not None and not self.problems


def check(draft: Draft) -> Checked:
    """Every problem of ``draft`` in plain words, and the record as far as it is valid."""
    try:
        rules = Rules.from_settings(dict(draft.rules))
    except EuchreError as error:
        return Checked(None, (f"The rules cannot be used: {in_words(str(error))}.",))
    problems = _deal_problems(rules, draft)
    if problems:
        return Checked(None, tuple(problems))
    dealer = parse_seat(draft.dealer)
    hands = tuple(tuple(parse_card(code) for code in draft.hands[seat.value]) for seat in SEATS)
    deal = Deal(dealer, hands, parse_card(draft.upcard))
    try:
        state = new_hand(rules, deal)
    except EuchreError as error:  # the checks above should have said it first
        return Checked(None, (f"The deal cannot be used: {error}.",))
    actions, problem = _moves(state, draft.moves)
    return Checked(HandRecord(rules, deal, actions), (problem,) if problem else ())


def _deal_problems(rules: Rules, draft: Draft) -> list[str]:
    problems = []
    if draft.dealer not in {seat.value for seat in SEATS}:
        problems.append("Choose the dealer.")
    in_deck = set(deck(rules.benny))
    places: dict[Card, list[str]] = {}
    for seat in SEATS:
        codes = tuple(draft.hands.get(seat.value, ()))
        for code in codes:
            card = parse_card(code)
            places.setdefault(card, []).append(f"{seat.word}'s hand")
        if len(codes) != HAND_SIZE:
            problems.append(f"{seat.word} holds {_cards(len(codes))}: each hand needs {HAND_SIZE}.")
    if draft.upcard:
        places.setdefault(parse_card(draft.upcard), []).append("the upcard")
    else:
        problems.append("Choose the upcard.")
    for card, where in places.items():
        if len(where) > 1:
            problems.insert(
                0,
                f"{_capital(card.name)} is in two places: "
                f"{' and '.join(where)}. A card is dealt once.",
            )
        if card not in in_deck:
            problems.insert(
                0,
                f"{_capital(card.name)} is not in this rule set's deck: "
                "the Joker is only used with the Benny variant.",
            )
    return problems


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards(count: int) -> str:
    return "no cards" if count == 0 else f"{count} card{'s' if count != 1 else ''}"


def _moves(state: HandState, text: str) -> tuple[tuple, str | None]:
    """The moves of ``text`` the engine allows, in order, and what stops the first that it
    does not (moves counted from 1)."""
    actions: list[tuple[Seat, Action]] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines, 1):
        try:
            seat, action = parse_move(line)
        except (EuchreError, ValueError) as error:
            return tuple(actions), (
                f"Move {number} (“{line[:40]}”) cannot be read: {error}. "
                "Write a move as a seat and an action, e.g. “N pass”, "
                "“E call H”, “S play JD”."
            )
        try:
            state = apply(state, action, seat)
        except IllegalActionError as error:
            return tuple(actions), f"Move {number} ({move_line(seat, action)}): {error.message}"
        actions.append((seat, action))
    return tuple(actions), None


def move_line(seat: Seat, action) -> str:
    """A move as the builder writes it: 'W discard 9S'."""
    return format_move(seat, action)


def dealt_at_random(rules_settings: Mapping[str, object], dealer: str, rng: random.Random) -> Draft:
    """A draft with the rules' deck shuffled and dealt by ``rng`` (no moves)."""
    rules = Rules.from_settings(dict(rules_settings))
    deal = deal_cards(rules, parse_seat(dealer), rng)
    return Draft(
        dict(rules_settings),
        dealer,
        {seat.value: tuple(card.code for card in deal.hand(seat)) for seat in SEATS},
        deal.upcard.code,
    )


def draft_of(record: HandRecord) -> Draft:
    """A record back in the builder, to change it."""
    return Draft(
        {"preset": record.rules.preset_name, **record.rules.changes()},
        record.deal.dealer.value,
        {seat.value: tuple(c.code for c in record.deal.hand(seat)) for seat in SEATS},
        record.deal.upcard.code,
        "\n".join(move_line(seat, action) for seat, action in record.actions),
    )
