"""A stored answer in a learner's words: the store keeps option keys ("JD,JH,AH",
"EW,1", "S"), the progress page shows what the learner chose ("jack of diamonds, jack
of hearts, ace of hearts", "East-West, 1 point", "South").

A key means what the question's options said: the options of the skill's questions
(a generator's, a lesson item's) are looked up once, so "S" reads "South" for a
who-wins question and "♠ spades" for a which-suit one. A card reads as its name
anywhere. A key nobody knows is shown as it is (the page shows it as text).

>>> answer_words("JD,JH,AH", "multi", "legal_plays")
'jack of diamonds, jack of hearts, ace of hearts'
>>> answer_words("EW,1", "points", "hand_result")
'East-West, 1 point'
>>> answer_words("S", "single", "trick_winner"), answer_words("S,H", "multi", "callable_suits")
('South', '♠ spades, ♥ hearts')
>>> answer_words("order_up", "single", "guided/lone-hand")
'order up'
>>> answer_words("W,S", "multi", "a skill of an older version")
'West, South'
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine import SEATS, TEAMS, EuchreError, Rules, Suit, parse_card
from lessons.generators import GENERATORS
from lessons.guided import parse_choice
from lessons.loader import load_all

__all__ = ["answer_words"]

SAMPLES = 16  # questions per generator whose options give its keys' words
_TEAMS = {team.value: team.word for team in TEAMS}


@lru_cache(maxsize=1)
def _generated_words() -> dict[str, dict[str, str]]:
    """Key -> label of the options of generated questions, by generator and by the
    checker that asked (a lesson quiz keeps the checker's name, Practise the
    generator's)."""
    rules = Rules.preset("bga")
    words: dict[str, dict[str, str]] = {}
    for name, generator in GENERATORS.items():
        for seed in range(SAMPLES):
            question = generator(random.Random(seed), rules, frozenset())
            labels = {option.key: option.label for option in question.options}
            words.setdefault(name, {}).update(labels)
            words.setdefault(question.source, {}).update(labels)
    return words


@lru_cache(maxsize=256)
def _option_words(skill: str) -> dict[str, str]:
    """Key -> label of the options a skill's questions offer (empty if none known)."""
    if "/" in skill:  # a lesson's own item: "bowers/left-bower-suit"
        lesson_id, _, item_id = skill.partition("/")
        return {
            option.key: option.label
            for lesson in load_all()
            if lesson.id == lesson_id
            for item in lesson.items
            if item.id == item_id
            for option in item.question.options
        }
    return _generated_words().get(skill, {})


def _key_words(key: str, known: dict[str, str]) -> str:
    if key in known:
        return known[key]
    try:
        return parse_card(key).name
    except EuchreError:
        return key


def _choice_words(text: str) -> str:
    """A guided hand's choice ("play TH", "call H", "order_up") in words."""
    try:
        action = parse_choice(text)
    except EuchreError:
        return text
    doing = action.do.value.replace("_", " ")
    if action.card is not None:
        return f"{doing} the {action.card.name}"
    if action.suit is not None:
        return f"{doing} {action.suit.plural}"
    return doing


def answer_words(answer: str, kind: str, skill: str) -> str:
    """The stored ``answer`` to a question of ``kind`` from ``skill``, in words."""
    text = "" if answer is None else str(answer)
    if skill.startswith("guided/"):
        return _choice_words(text)
    if not text:
        return "no answer"
    keys = text.split(",")
    if kind == "points" and len(keys) == 2 and keys[1].isdigit():
        points = int(keys[1])
        return f"{_TEAMS.get(keys[0], keys[0])}, {points} point{'' if points == 1 else 's'}"
    known = {**_fallback_words(keys), **_option_words(skill)}
    return ", ".join(_key_words(key, known) for key in keys)


def _fallback_words(keys: list[str]) -> dict[str, str]:
    """Seats, suits and teams for a skill whose options are not known: "S" is spades
    beside another suit, else South."""
    suits = any(key in ("C", "D", "H", "NT") for key in keys)
    words = {**_TEAMS, "none": "nobody", "NT": "no trump"}
    words |= {suit.letter: f"{suit.symbol} {suit.plural}" for suit in Suit}
    if not suits:
        words |= {seat.value: seat.word for seat in SEATS}
    return words
