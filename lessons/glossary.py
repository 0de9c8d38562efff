"""The glossary: players' words, each with a plain definition and a scene on the cards.

The words live in ``lessons/content/glossary/glossary.toml``; the loader is as strict
as the lessons' (an unknown key or a missing one is an error that says what to fix).
A scene is cards, a trick, a finished hand or a table: most come from the lesson
step that teaches the word (``lesson = "scoring/march"``), so a hand is written once.
Nothing here says which card is what: the page asks the engine (``card_role``,
``describe_card``, ``winner_of``, ``explain_result``, ...).

>>> find_term("Bauer").name
'bower'
>>> find_term("no such word") is None
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import Card, HandRecord, Suit, parse_card, parse_cards, parse_suit
from engine.errors import EuchreError
from lessons.loader import CONTENT, Lesson, LessonError, Step, check_keys, load_all

GLOSSARY = CONTENT / "glossary" / "glossary.toml"
# The words the glossary must explain (issue 11); tests check each one is there.
REQUIRED_TERMS = ("march", "euchred", "next", "bower", "trump", "makers", "defenders")
SHOWS = ("cards", "trick", "hand", "table", "next")
SAYINGS = ("deal", "pickup", "makers", "last")  # the engine's sentence under a table
TERM_KEYS = {
    "term": str,
    "also": list,
    "definition": str,
    "lesson": str,
    "show": str,
    "cards": str,
    "trump": str,
    "focus": str,
    "at": int,
    "say": str,
    "refuse": str,
    "turned_down": str,
    "record": dict,
}
# The keys each way of showing takes, besides term, also, definition, lesson and show.
SHOW_KEYS = {
    "cards": {"cards", "trump", "focus"},
    "trick": {"record"},
    "hand": {"record"},
    "table": {"at", "say", "refuse", "record"},
    "next": {"turned_down"},
}


@dataclass(frozen=True)
class Term:
    name: str  # "left bower": the page's heading and ?term= value
    also: tuple[str, ...]  # other words that find it
    definition: str
    lesson_id: str  # the lesson that teaches it ...
    step_number: int  # ... and its step (1-based), for a "learn it" link
    show: str  # one of SHOWS
    cards: tuple[Card, ...] = ()
    trump: Suit | None = None
    focus: tuple[Card, ...] = ()  # cards the engine describes under the picture
    record: HandRecord | None = None
    at: int | None = None  # table: actions applied (None: all of them)
    say: str | None = None  # table: which of the engine's sentences (SAYINGS)
    refuse: Card | None = None  # table: a card the engine will not let be played
    turned_down: Card | None = None

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that finds this term, lower case."""
        return (self.name.lower(), *(word.lower() for word in self.also))


def _step(where: str, address: str) -> tuple[Lesson, int, Step]:
    lesson_id, _, step_id = address.partition("/")
    lesson = next((item for item in load_all() if item.id == lesson_id), None)
    if lesson is None:
        raise LessonError(
            f"{where}: lesson {lesson_id!r} does not exist; the lessons are "
            f"{', '.join(item.id for item in load_all())}"
        )
    for number, step in enumerate(lesson.steps, 1):
        if step.id == step_id:
            return lesson, number, step
    raise LessonError(
        f'{where}: lesson {lesson_id!r} has no step {step_id!r}; write "lesson-id/step-id"'
    )


def _term(where: str, data: dict[str, Any]) -> Term:
    check_keys(where, data, TERM_KEYS, ("term", "definition", "lesson", "show"))
    show = data["show"]
    if show not in SHOWS:
        raise LessonError(f"{where}: show must be one of {', '.join(SHOWS)}")
    extra = set(data) - set(SHOW_KEYS[show]) - {"term", "also", "definition", "lesson", "show"}
    if extra:
        raise LessonError(
            f"{where}: show = {show!r} takes {', '.join(sorted(SHOW_KEYS[show]))}"
            f", not {sorted(extra)[0]!r}"
        )
    if data.get("say") is not None and data["say"] not in SAYINGS:
        raise LessonError(f"{where}: say must be one of {', '.join(SAYINGS)}")
    lesson, number, step = _step(where, data["lesson"])
    try:
        record = (
            HandRecord.from_json(data["record"], lesson.rules) if "record" in data else step.record
        )
        term = Term(
            name=data["term"],
            also=tuple(str(word) for word in data.get("also", [])),
            definition=data["definition"],
            lesson_id=lesson.id,
            step_number=number,
            show=show,
            cards=parse_cards(data.get("cards", "")),
            trump=parse_suit(data["trump"]) if "trump" in data else None,
            focus=parse_cards(data.get("focus", "")),
            record=record,
            at=data.get("at"),
            say=data.get("say"),
            refuse=parse_card(data["refuse"]) if "refuse" in data else None,
            turned_down=parse_card(data["turned_down"]) if "turned_down" in data else None,
        )
    except EuchreError as exc:
        raise LessonError(f"{where}: {exc}") from None
    if show in ("trick", "hand", "table") and term.record is None:
        raise LessonError(f"{where}: step {data['lesson']!r} has no hand to show; give a record")
    if show == "cards" and not term.cards:
        raise LessonError(f'{where}: show = "cards" needs cards')
    if show == "next" and term.turned_down is None:
        raise LessonError(f'{where}: show = "next" needs turned_down')
    if not set(term.focus) <= set(term.cards):
        raise LessonError(f"{where}: every focus card must be one of the cards shown")
    return term


def load_glossary(path: Path = GLOSSARY) -> tuple[Term, ...]:
    """Every term, in the file's order; raises LessonError for the first problem."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{path.name}: not valid TOML: {exc}") from None
    check_keys(path.name, data, {"terms": list}, ("terms",))
    terms = tuple(
        _term(f"{path.name}: term {item.get('term', i + 1)!r}", item)
        for i, item in enumerate(data["terms"])
    )
    seen: dict[str, str] = {}
    for term in terms:
        for word in term.words:
            if word in seen:
                raise LessonError(
                    f"{path.name}: {word!r} finds both {seen[word]!r} and {term.name!r}"
                )
            seen[word] = term.name
    return terms


@lru_cache(maxsize=1)
def glossary() -> tuple[Term, ...]:
    return load_glossary()


def find_term(word: str) -> Term | None:
    """The term ``word`` names (its name or another word for it, any case), or None."""
    wanted = " ".join(str(word).replace("-", " ").split()).lower()
    return next((term for term in glossary() if wanted in term.words), None)


def term_slug(term: Term) -> str:
    """The ?term= value of a term: "left-bower"."""
    return term.name.replace(" ", "-")
