"""The engine's errors: one family, all ``ValueError``s, each naming the input."""

from __future__ import annotations

from enum import Enum


class EuchreError(ValueError):
    """Base of every error the engine raises about its input."""


class NotationError(EuchreError):
    """A card, suit, seat or action token that cannot be read."""


class RulesError(EuchreError):
    """An unknown setting, a bad value, or a combination the engine cannot honour."""


class RecordError(EuchreError):
    """A hand record that is not well formed (before any action is checked)."""


class GameError(EuchreError):
    """A game step out of order: dealing while a hand is in progress, or after the game ended."""


class ScoreError(EuchreError):
    """A count that cannot be scored, such as the makers taking six tricks."""


class Reason(Enum):
    """Why an action is illegal: machine-readable, beside a learner's sentence."""

    HAND_OVER = "HAND_OVER"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    WRONG_PHASE = "WRONG_PHASE"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    NO_FIRST_BLOOD = "NO_FIRST_BLOOD"
    TURNED_DOWN_SUIT = "TURNED_DOWN_SUIT"
    NO_TRUMP_NOT_ALLOWED = "NO_TRUMP_NOT_ALLOWED"
    DEALER_MUST_CALL = "DEALER_MUST_CALL"
    MUST_GO_ALONE = "MUST_GO_ALONE"
    SUIT_REQUIRED = "SUIT_REQUIRED"
    CARD_REQUIRED = "CARD_REQUIRED"


class IllegalActionError(EuchreError):
    """An action the rules do not allow now; ``reason`` says which rule."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
