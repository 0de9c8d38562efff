"""A kept mistake in words: what the learner did ("played the ace of spades") and why a
puzzle was chosen ("You played the ace of spades here yesterday"), in the plain letters
a For-you line may hold (``features.practise.plan.WHY_FORM``).

>>> chosen_words("play AS"), chosen_words("call H"), chosen_words("order_up")
('played the ace of spades', 'called hearts', 'ordered it up')
"""

from __future__ import annotations

import re

from engine import Action, Do
from engine.errors import EuchreError
from engine.notation import parse_card, parse_suit

__all__ = ["chosen_action", "chosen_words"]

DONE = {
    Do.PASS: "passed",
    Do.ORDER_UP: "ordered it up",
    Do.ALONE: "went alone",
    Do.WITH_PARTNER: "played with your partner",
}
PLAIN = re.compile(r"[^A-Za-z0-9 :]")


def chosen_action(chosen: str) -> Action | None:
    """The action ``str(Action)`` wrote ("play AS", "call H", "pass"), or None."""
    do_text, _, rest = chosen.partition(" ")
    try:
        do = Do(do_text)
        if do in (Do.PLAY, Do.DISCARD):
            return Action(do, card=parse_card(rest))
        if do is Do.CALL:
            return Action.call(parse_suit(rest, allow_no_trump=True))
        if do is Do.NAME:
            return Action.name_trump(parse_suit(rest))
        return Action(do) if not rest else None
    except (ValueError, EuchreError):
        return None


def chosen_words(chosen: str) -> str:
    """What the learner did, in plain words (only letters, digits and spaces)."""
    action = chosen_action(chosen)
    if action is None:
        return "chose otherwise"
    if action.card is not None:
        verb = "played" if action.do is Do.PLAY else "discarded"
        words = f"{verb} {action.card.the_name}"
    elif action.suit is not None:
        words = f"{'called' if action.do is Do.CALL else 'named'} {action.suit.plural}"
    else:
        words = DONE[action.do]
    return PLAIN.sub("", words)
