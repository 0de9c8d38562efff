"""Hand records (HAND_RECORD.md): read, write and replay ``(rules, deal, actions)``.

>>> record = HandRecord.from_json({"dealer": "W", "upcard": "AD", "hands": {
...     "N": ["9C", "TD", "JH", "QS", "KC"], "E": ["9S", "TS", "QH", "AC", "KH"],
...     "S": ["9H", "QC", "AH", "KS", "TH"], "W": ["JC", "JS", "QD", "KD", "TC"]},
...     "actions": [{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}]})
>>> record.replay().phase
Phase.ALONE
>>> record.to_json()["actions"][1]
{'seat': 'E', 'do': 'order_up'}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.errors import EuchreError, IllegalActionError, RecordError
from engine.hand import Deal, HandState, apply, new_hand
from engine.notation import parse_card, parse_seat, quoted
from engine.rules import Rules
from engine.seats import SEATS, Seat

RECORD_KEYS = ("rules", "dealer", "hands", "upcard", "actions")
REQUIRED_KEYS = ("dealer", "hands", "upcard")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One deal and what was done in it."""

    rules: Rules
    deal: Deal
    actions: tuple[tuple[Seat, Action], ...] = ()
    rules_given: bool = True

    @classmethod
    def from_json(cls, data: Any, default_rules: Rules | None = None) -> HandRecord:
        """Read a decoded JSON record; raises RecordError, NotationError or RulesError."""
        if not isinstance(data, dict):
            raise RecordError(f"a hand record must be a JSON object, not {_kind(data)}")
        unknown = [key for key in data if key not in RECORD_KEYS]
        if unknown:
            raise RecordError(
                f"unknown key {quoted(unknown[0])} in the record: the keys are "
                f"{', '.join(RECORD_KEYS)}"
            )
        missing = [key for key in REQUIRED_KEYS if key not in data]
        if missing:
            raise RecordError(
                f"the record has no {missing[0]!r}: it needs "
                f"{', '.join(REQUIRED_KEYS)} (rules and actions are optional)"
            )
        rules_given = "rules" in data
        rules = (
            Rules.from_settings(data["rules"])
            if rules_given
            else (default_rules or Rules.preset("bga"))
        )
        dealer = parse_seat(data["dealer"])
        hands = _read_hands(data["hands"])
        upcard = parse_card(data["upcard"])
        deal = Deal(dealer, hands, upcard)
        new_hand(rules, deal)  # checks the deck and duplicate cards
        actions = _read_actions(data.get("actions", []))
        return cls(rules, deal, actions, rules_given)

    @classmethod
    def from_state(cls, state: HandState) -> HandRecord:
        return cls(state.rules, state.deal, state.actions)

    @classmethod
    def loads(cls, text: str, default_rules: Rules | None = None) -> HandRecord:
        """Read a record from JSON text; raises RecordError for text that is not JSON."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"not valid JSON: {json_problem(exc)}") from None
        return cls.from_json(data, default_rules)

    def to_json(self) -> dict[str, Any]:
        """The record in canonical form: settings that differ from the preset, canonical cards."""
        return {
            "rules": {"preset": self.rules.preset_name, **self.rules.changes()},
            "dealer": self.deal.dealer.value,
            "hands": {seat.value: [c.code for c in self.deal.hand(seat)] for seat in SEATS},
            "upcard": self.deal.upcard.code,
            "actions": [{"seat": seat.value, **action.to_dict()} for seat, action in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    def start(self) -> HandState:
        return new_hand(self.rules, self.deal)

    def replay(self) -> HandState:
        """The state after every action; raises ReplayError at the first illegal one."""
        return replay(self.rules, self.deal, self.actions)


class ReplayError(EuchreError):
    """An action in a record that the rules do not allow; ``step`` counts from 0."""

    def __init__(self, step: int, error: IllegalActionError) -> None:
        super().__init__(error.message)
        self.step = step
        self.error = error
        self.reason = error.reason


def replay(rules: Rules, deal: Deal, actions: Iterable[tuple[Seat, Action]]) -> HandState:
    """Rebuild a state from ``(rules, deal, actions)``; raises ReplayError."""
    state = new_hand(rules, deal)
    for step, (seat, action) in enumerate(actions):
        try:
            state = apply(state, action, seat)
        except IllegalActionError as exc:
            raise ReplayError(step, exc) from None
    return state


def json_problem(exc: Exception) -> str:
    """What json.loads disliked, in a reader's words."""
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if "integer string conversion" in str(exc):
        return "a number in it has too many digits"
    return str(exc)


def _read_hands(data: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, dict):
        raise RecordError(
            f'"hands" must be an object with the keys N, E, S and W, not {_kind(data)}'
        )
    for key in data:
        if key not in ("N", "E", "S", "W"):
            raise RecordError(f'{quoted(key)} in "hands" is not a seat: the keys are N, E, S and W')
    hands = []
    for seat in SEATS:
        cards = data.get(seat.value)
        if cards is None:
            raise RecordError(
                f'"hands" has no cards for {seat.value}: give five cards for each of N, E, S and W'
            )
        if not isinstance(cards, list) or len(cards) != 5:
            raise RecordError(
                f"the hand of {seat.value} must be a list of five cards, not {quoted(cards)}"
            )
        hands.append(tuple(parse_card(card) for card in cards))
    return tuple(hands)


def _read_actions(data: Any) -> tuple[tuple[Seat, Action], ...]:
    if not isinstance(data, list):
        raise RecordError(f'"actions" must be a list, not {_kind(data)}')
    actions = []
    for step, item in enumerate(data):
        try:
            if not isinstance(item, dict) or "seat" not in item:
                raise RecordError(
                    f'an action must be an object with a "seat" and a "do", not {quoted(item)}'
                )
            actions.append((parse_seat(item["seat"]), Action.from_dict(item)))
        except EuchreError as exc:
            raise ActionFormatError(step, str(exc)) from None
    return tuple(actions)


class ActionFormatError(RecordError):
    """A malformed action in a record; ``step`` counts from 0."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"action {step}: {message}")
        self.step = step
        self.detail = message


def _kind(value: Any) -> str:
    return {
        list: "a list",
        str: "a text",
        int: "a number",
        float: "a number",
        bool: "true or false",
        type(None): "null",
    }.get(type(value), type(value).__name__)
