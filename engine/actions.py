"""Actions a player can take, in the words of HAND_RECORD.md.

Actions are small immutable values; the common ones are shared instances so
that legal-action lists are cheap to build.

>>> Action.play(parse_card("9S")).to_dict()
{'do': 'play', 'card': '9S'}
>>> Action.from_dict({"do": "call", "suit": "h"})
Action.call(Suit.HEARTS)
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar

from engine.cards import ALL_CARDS, NO_TRUMP, Card, NoTrump, Suit
from engine.errors import NotationError
from engine.notation import parse_card, parse_suit, quoted


class Do(Enum):
    PASS = "pass"
    ORDER_UP = "order_up"
    CALL = "call"
    NAME = "name"
    ALONE = "alone"
    WITH_PARTNER = "with_partner"
    DISCARD = "discard"
    PLAY = "play"

    __hash__ = object.__hash__  # identity hash in C: enums are dict keys in hot loops

    def __repr__(self) -> str:
        return f"Do.{self.name}"


_CARD_ACTIONS = (Do.DISCARD, Do.PLAY)
_SUIT_ACTIONS = (Do.CALL, Do.NAME)


class Action:
    """One decision: ``do`` plus a card (discard, play) or a suit (call, name).

    Interned like cards: ``Action(Do.PASS) is Action.PASS``, so actions compare and
    hash by identity, and ``action in legal_actions(state)`` never calls Python code.
    """

    __slots__ = ("do", "card", "suit")
    _interned: dict[tuple[Do, Card | None, Suit | NoTrump | None], Action] = {}

    do: Do
    card: Card | None
    suit: Suit | NoTrump | None
    # Set below the class: the interned actions that take no card or suit.
    PASS: ClassVar[Action]
    ORDER_UP: ClassVar[Action]
    ALONE: ClassVar[Action]
    WITH_PARTNER: ClassVar[Action]

    def __new__(
        cls, do: Do, card: Card | None = None, suit: Suit | NoTrump | None = None
    ) -> Action:
        key = (do, card, suit)
        try:
            return cls._interned[key]
        except (KeyError, TypeError):  # TypeError: an unhashable card or suit
            pass
        action = object.__new__(cls)
        object.__setattr__(action, "do", do)
        object.__setattr__(action, "card", card)
        object.__setattr__(action, "suit", suit)
        # Only well-formed parts are kept, so the table stays small (at most 8 x 26 x 6).
        if (
            isinstance(do, Do)
            and (card is None or isinstance(card, Card))
            and (suit is None or isinstance(suit, (Suit, NoTrump)))
        ):
            cls._interned[key] = action
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Action], tuple[Do, Card | None, Suit | NoTrump | None]]:
        return (Action, (self.do, self.card, self.suit))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self

    # Shared instances for every action there is (at most a few dozen).
    @staticmethod
    def play(card: Card) -> Action:
        return PLAY[card.index]

    @staticmethod
    def discard(card: Card) -> Action:
        return DISCARD[card.index]

    @staticmethod
    def call(suit: Suit | NoTrump) -> Action:
        return CALL[suit]

    @staticmethod
    def name_trump(suit: Suit) -> Action:
        return NAME[suit]

    def to_dict(self) -> dict[str, str]:
        """The action as a hand record writes it: {"do": "play", "card": "9S"}."""
        data = {"do": self.do.value}
        if self.card is not None:
            data["card"] = self.card.code
        if self.suit is not None:
            data["suit"] = self.suit.letter
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Read an action object (seat aside); raises NotationError naming what is wrong."""
        if not isinstance(data, dict):
            raise NotationError(
                f'an action must be an object like {{"do": "pass"}}, not {quoted(data)}'
            )
        do_text = data.get("do")
        try:
            do = Do(do_text)
        except ValueError:
            raise NotationError(
                f'{quoted(do_text)} is not an action: "do" is one of '
                f"{', '.join(d.value for d in Do)}"
            ) from None
        allowed = {"seat", "do"}
        if do in _CARD_ACTIONS:
            if "card" not in data:
                raise NotationError(f'a {do.value} action needs a "card"')
            allowed.add("card")
            return cls._checked(data, allowed, Action(do, card=parse_card(data["card"])))
        if do in _SUIT_ACTIONS:
            if "suit" not in data:
                raise NotationError(f'a {do.value} action needs a "suit"')
            allowed.add("suit")
            suit = parse_suit(data["suit"], allow_no_trump=do is Do.CALL)
            if do is Do.CALL:
                return cls._checked(data, allowed, CALL[suit])
            assert isinstance(suit, Suit)  # no trump is refused above unless calling
            return cls._checked(data, allowed, NAME[suit])
        return cls._checked(data, allowed, SIMPLE[do])

    @staticmethod
    def _checked(data: dict[str, Any], allowed: set[str], action: Action) -> Action:
        extra = sorted(set(data) - allowed)
        if extra:
            raise NotationError(
                f"unexpected key {extra[0]!r} in a {action.do.value} action: "
                f"it takes {', '.join(sorted(allowed))}"
            )
        return action

    def __repr__(self) -> str:
        if self.do is Do.PLAY and self.card is not None:
            return f"Action.play(Card.parse({self.card.code!r}))"
        if self.do is Do.DISCARD and self.card is not None:
            return f"Action.discard(Card.parse({self.card.code!r}))"
        if self.do is Do.CALL:
            return f"Action.call({self.suit!r})"
        if self.do is Do.NAME:
            return f"Action.name_trump({self.suit!r})"
        return f"Action.{self.do.name}"

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.do.value} {self.card.code}"
        if self.suit is not None:
            return f"{self.do.value} {self.suit.letter}"
        return self.do.value


PLAY: tuple[Action, ...] = tuple(Action(Do.PLAY, card=c) for c in ALL_CARDS)
DISCARD: tuple[Action, ...] = tuple(Action(Do.DISCARD, card=c) for c in ALL_CARDS)
CALL: dict[Suit | NoTrump, Action] = {s: Action(Do.CALL, suit=s) for s in (*Suit, NO_TRUMP)}
NAME: dict[Suit, Action] = {s: Action(Do.NAME, suit=s) for s in Suit}
SIMPLE: dict[Do, Action] = {d: Action(d) for d in (Do.PASS, Do.ORDER_UP, Do.ALONE, Do.WITH_PARTNER)}
PASS = SIMPLE[Do.PASS]
ORDER_UP = SIMPLE[Do.ORDER_UP]
ALONE = SIMPLE[Do.ALONE]
WITH_PARTNER = SIMPLE[Do.WITH_PARTNER]
# Class attributes so that ``Action.PASS`` reads naturally.
Action.PASS = PASS
Action.ORDER_UP = ORDER_UP
Action.ALONE = ALONE
Action.WITH_PARTNER = WITH_PARTNER
