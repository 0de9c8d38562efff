"""Small phrases about cards that both the legality errors and the explanations use.

>>> from engine.notation import parse_card
>>> member_words(parse_card("JD"), Suit.HEARTS)
'the jack of diamonds is a heart when hearts are trump'
>>> join_words(["the ace", "the king", "the nine"])
'the ace, the king and the nine'
>>> south, you = Voice(Seat.S), Voice(Seat.S, you=True)
>>> f"{south.Who} {south.does('holds')} it; {you.who} {you.does('holds')} it"
'South holds it; you hold it'
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card, Suit
from engine.ranking import effective_suit
from engine.seats import Seat

# Why a seat has no choice but to go alone (RULES.md, 'Canadian loner'): said by the
# legality error, the explanation of the move and the hint alike.
ONLY_ALONE_WORDS = "with the Canadian loner rule that is only allowed alone"


def trump_words(trump: Suit | None) -> str:
    """'when hearts are trump', or 'with no trump'."""
    return "with no trump" if trump is None else f"when {trump.plural} are trump"


def member_words(card: Card, trump: Suit | None) -> str:
    """Which suit a bower or the Benny belongs to, in a clause."""
    suit = effective_suit(card, trump)
    assert suit is not None, "only the Joker, under no trump, has no suit"
    return f"{card.the_name} is a {suit.singular} {trump_words(trump)}"


def is_disguised(card: Card, trump: Suit | None) -> bool:
    """True for a card whose suit for play is not its printed suit (left bower, Benny)."""
    return card.is_joker or effective_suit(card, trump) is not card.suit


# Verbs whose "you" form is not the third person's without its s.
_IRREGULAR = {"is": "are", "has": "have", "does": "do"}


class Voice(NamedTuple):
    """Whom a sentence speaks of: a seat by its name, or, said to that seat's own
    player, "you" (a learner's refused click: "You must follow hearts: you hold ...")."""

    seat: Seat
    you: bool = False

    @property
    def who(self) -> str:
        """The subject or object inside a sentence: 'South', 'you'."""
        return "you" if self.you else self.seat.word

    @property
    def Who(self) -> str:  # noqa: N802 (the same word, opening a sentence)
        return "You" if self.you else self.seat.word

    @property
    def their(self) -> str:
        return "your" if self.you else "their"

    @property
    def they(self) -> str:
        return "you" if self.you else "they"

    def does(self, verb: str) -> str:
        """``verb`` in the third person singular, agreeing with the voice: 'holds' or
        'hold', 'is' or 'are'."""
        if not self.you:
            return verb
        return _IRREGULAR.get(verb, verb.removesuffix("s"))


def capital(text: str) -> str:
    """The text with its first letter in capitals (the rest untouched)."""
    return text[:1].upper() + text[1:]


def join_words(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
