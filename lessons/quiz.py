"""Quiz questions and feedback. A question's answer always comes from the engine
(see ``lessons.checkers``); this module only compares and words the feedback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from engine import Card, NoTrump, Seat, Suit
from engine.record import HandRecord


class Kind(Enum):
    SINGLE = "single"  # one right option
    MULTI = "multi"  # choose all that apply
    ORDER = "order"  # put the options in order, first = highest
    POINTS = "points"  # a team and a number of points
    YESNO = "yesno"  # yes or no, with the reason shown after

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


@dataclass(frozen=True)
class Option:
    key: str  # stable, URL-friendly: a card code, seat, suit letter, "yes"
    label: str  # what the learner reads
    card: Card | None = None  # drawn as a card when set


@dataclass(frozen=True)
class Scene:
    """What to draw with a question: a replayable hand, or loose cards under a trump."""

    record: HandRecord | None = None
    trump: Suit | NoTrump | None = None
    cards: tuple[Card, ...] = ()
    trick: tuple[tuple[Seat | str, Card], ...] = ()  # (seat, card) pairs of a finished trick
    facts: tuple[str, ...] = ()  # short lines shown beside the cards
    # The record is only a backdrop: the table just dealt, shown for context; the answer
    # does not depend on it ("Who is East's partner?"), so the words alone say what is asked.
    backdrop: bool = False
    # Parts of the table that would give the answer away: "turn" (who acts next),
    # "sitting_out", "makers", "winner" (of the last trick), "hand" (South's cards).
    hide: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Question:
    kind: Kind
    prompt: str
    options: tuple[Option, ...]
    answer: tuple[str, ...]  # option keys; ORDER: in order; POINTS: (team key, points)
    explanation: str  # the engine's reason, shown after any answer
    scene: Scene = field(default_factory=Scene)
    source: str = ""  # checker or curated item id
    trap: str | None = None  # the classic trap this item covers (TEACHING.md)
    # A choose-all question whose answer is none of the options says so in these words:
    # "None of these cards may be played" (the app adds which cards).
    none_words: str = ""
    # A single-choice question's other options judged right too: choices the engine
    # values as good as the answer (a position from the learner's own game).
    also_right: tuple[str, ...] = ()
    # Why an option is a trap, said after a wrong answer that picked it (or, choosing
    # all that apply, missed it): (option key, the engine's words).
    notes: tuple[tuple[str, str], ...] = ()
    # What, within its kind, decides the answer, from the engine (a hand's outcome:
    # "euchre"; a card to play: "cannot-follow"): a miss offers the step that teaches
    # "kind:topic" before the one that teaches the kind (checkers.TOPICS lists them).
    topic: str = ""

    def fingerprint(self) -> str:
        """Equal for two questions that ask the same thing about the same table."""
        scene = self.scene
        parts = [
            self.kind.value,
            self.prompt,
            "|".join(o.key for o in self.options),
            "|".join(self.answer),
            scene.record.dumps() if scene.record else "",
            str(scene.trump),
            " ".join(c.code for c in scene.cards),
            " ".join(f"{s}:{c.code}" for s, c in scene.trick),
            "|".join(scene.facts),
        ]
        if self.also_right:
            parts.append("|".join(self.also_right))
        return "\n".join(parts)

    def asked(self) -> str:
        """Equal for two questions a learner would call the same: the fingerprint, or for a
        question on a backdrop table or on no table at all, its words and answer."""
        if self.scene.backdrop or self.scene == Scene():
            return "\n".join([self.kind.value, self.prompt, "|".join(self.answer)])
        return self.fingerprint()

    def hiding(self, *parts: str) -> Question:
        """The same question with these parts of its table left unsaid too."""
        if not self.scene.record or set(parts) <= self.scene.hide:
            return self
        return replace(self, scene=replace(self.scene, hide=self.scene.hide | set(parts)))

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    @property
    def answer_text(self) -> str:
        """The right answer in words."""
        return self.words(self.answer)

    def words(self, given: Sequence[str]) -> str:
        """An answer in words: option keys, or for POINTS (team, points): "the jack of
        hearts, then the ace", "2 points to North-South", "none of them". A key that is
        no option's is said as it is."""
        if self.kind is Kind.POINTS and len(given) == 2 and given[1].isdigit():
            team = self.option(given[0])
            points = int(given[1])
            return (
                f"{points} point{'s' if points != 1 else ''} to {team.label if team else given[0]}"
            )
        labels = [option.label if (option := self.option(key)) else key for key in given]
        if not labels:
            return "none of them"
        if self.kind is Kind.ORDER:
            return ", then ".join(labels)
        return ", ".join(labels)

    def check(self, response: Sequence[str] | str | None) -> Feedback:
        """Judge a response (option keys; POINTS: (team, points)); never raises."""
        given = normalise(self, response)
        if given is None:
            return Feedback(
                False,
                self.answer,
                "Choose an answer first.",
                self.explanation,
                self.answer_text,
                invalid=True,
            )
        correct = given == _expected(self)
        headline = "Right!" if correct else f"Not quite. The answer is: {self.answer_text}."
        if not correct and self.kind is Kind.SINGLE and set(given) <= set(self.also_right):
            correct, headline = True, f"Right! As good as {self.answer_text}."
        explanation = self.explanation
        if not correct and self.kind is not Kind.ORDER and self.kind is not Kind.POINTS:
            strayed = set(given) ^ set(self.answer) if self.kind is Kind.MULTI else set(given)
            said = [words for key, words in self.notes if key in strayed]
            explanation = " ".join([explanation, *(w for w in said if w not in explanation)])
        return Feedback(correct, self.answer, headline, explanation, self.answer_text)


def normalise(question: Question, response: Any) -> tuple[str, ...] | frozenset[str] | None:
    """A response in comparable form, or None when it is empty or malformed."""
    if response is None:
        return None
    if isinstance(response, str):
        response = (response,)
    try:
        items = tuple(str(item).strip() for item in response)
    except TypeError:
        return None
    kind = question.kind
    if kind is Kind.POINTS:
        if len(items) != 2 or question.option(items[0]) is None:
            return None
        try:
            points = int(items[1])
        except ValueError:
            return None
        return (items[0], str(points))
    keys = {o.key for o in question.options}
    if any(item not in keys for item in items):
        return None
    if kind is Kind.MULTI:
        return frozenset(items)
    if kind is Kind.ORDER:
        return items if len(items) == len(question.options) else None
    return items if len(items) == 1 else None


def _expected(question: Question) -> tuple[str, ...] | frozenset[str]:
    if question.kind is Kind.MULTI:
        return frozenset(question.answer)
    return tuple(question.answer)


@dataclass(frozen=True)
class Feedback:
    correct: bool
    answer: tuple[str, ...]
    headline: str
    explanation: str
    answer_text: str
    invalid: bool = False
