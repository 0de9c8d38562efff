"""Load lessons from ``lessons/content``: TOML for structure and quiz items,
Markdown for the words. Strict: an unknown key or a missing section is an
error that says what to fix.

Each curated quiz item names a checker (``ask``) and its inputs; the loader
asks the engine, through the checker, for the answer. The item's stored
``answer`` is kept beside it so the content tests can prove they agree.
"""

from __future__ import annotations

import inspect
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import (
    Card,
    Colour,
    HandRecord,
    Outcome,
    Rules,
    Seat,
    Suit,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit,
    parse_team,
)
from engine.errors import EuchreError
from lessons.checkers import CHECKERS, OUTCOME_TOPICS, TOPICS
from lessons.generators import GENERATORS, RULE_WORDS
from lessons.quiz import Question
from lessons.scenario import ScenarioError, Sketch, build_record

CONTENT = Path(__file__).parent / "content"

STEP_SHOWS = (
    "text",
    "cards",
    "ranking",
    "inspect",
    "bidding",
    "trick",
    "hand",
    "scoring",
    "table",
    "presets",
    "try",
)
LESSON_KEYS = {
    "id": str,
    "number": int,
    "title": str,
    "summary": str,
    "rules": dict,
    "steps": list,
    "quiz": dict,
}
STEP_KEYS = {
    "id": str,
    "show": str,
    "cards": str,
    "trump": str,
    "scenario": dict,
    "rules": dict,
    "caption": str,
    "hide": list,
    "question": dict,
    "opens_at": str,
    "face_down": int,
    "teaches": list,
    "game_points": int,
    "scoring_rows": list,
}
STEPPED = ("bidding", "trick", "hand")  # the steps that walk through their scenario
MAX_FACE_DOWN = 5  # face-down cards a "cards" step may draw (Step.face_down)
# Where a step-through may open (Step.opens_at): a trick as it begins, round 2, the end.
OPENS_AT = ("round 2", *(f"trick {n}" for n in range(1, 6)), "end")
# Parts of a scenario's table a step may leave out (words a lesson has not taught yet;
# "alone": a step-through plays the alone decisions without a move of their own).
STEP_HIDE = ("bidding", "makers", "turn", "alone")
# "alone": false keeps every generated position partnered (going alone not yet taught).
QUIZ_KEYS = {"length": int, "generators": list, "vary": list, "items": list, "alone": bool}
# "step": the step that teaches the item, where it is not the step that teaches its ask.
ITEM_KEYS = {
    "id": str,
    "ask": str,
    "trap": str,
    "answer": list,
    "prompt": str,
    "rules": dict,
    "step": str,
}


class LessonError(ValueError):
    """Lesson content that cannot be loaded: the message says which file and what to fix."""


@dataclass(frozen=True)
class Step:
    id: str
    show: str
    text: str
    cards: tuple[Card, ...] = ()
    trump: Suit | None = None
    record: HandRecord | None = None
    rules: Rules | None = None  # the step's rules: the lesson's, or its own override
    caption: str = ""
    hide: frozenset[str] = frozenset()
    question: Question | None = None  # a "try" step: one question to answer here
    stored_answer: tuple[str, ...] = ()  # the author's answer, checked by the tests
    # Where a step-through opens: the part its words are about ("round 2", "trick 5" as
    # it begins, "end"); "" opens it before its first move.
    opens_at: str = ""
    face_down: int = 0  # a "cards" step: cards drawn after its cards, backs up (the kitty)
    # The kinds of quiz question (checker names) this step teaches, or a kind and what
    # decides it ("hand_result:euchre", checkers.TOPICS): a learner who misses one is
    # offered this step again (the step for the kind and topic first).
    teaches: tuple[str, ...] = ()
    # A "scoring" step: your team's points before the hand, so the step adds the hand's
    # points and says whether the game is won (0 up to the rules' target, not reaching it).
    game_points: int | None = None
    # A "scoring" step: the kinds of result its table shows, by topic ("made", "march",
    # ...: checkers.TOPICS), as a lesson reaches them; empty shows every row. Going
    # alone's switch shows only with the lone rows.
    scoring_rows: frozenset[Outcome] = frozenset()


@dataclass(frozen=True)
class CuratedItem:
    id: str
    question: Question  # built by the engine-backed checker
    stored_answer: tuple[str, ...]
    trap: str | None
    ask: str = ""  # the checker that built the question
    step: str = ""  # the id of the step that teaches it, if not the one teaching its ask


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    summary: str
    intro: str
    rules: Rules
    steps: tuple[Step, ...]
    quiz_length: int
    generators: tuple[str, ...]
    items: tuple[CuratedItem, ...] = field(default=())
    vary: frozenset[str] = frozenset()  # settings the generators may switch (and say so)
    quiz_alone: bool = True  # whether a generated question may show a hand played alone

    def step_teaching(self, question: Question) -> int | None:
        """The number (from 1) of the step that teaches what ``question`` asks: its
        curated item's own step, else the step that teaches its kind; None if none does."""
        item = next((i for i in self.items if i.question.source == question.source), None)
        numbers = {step.id: n for n, step in enumerate(self.steps, 1)}
        if item is not None and item.step:
            return numbers[item.step]
        kind = item.ask if item is not None else question.source
        # The step for what decided this very question ("hand_result:euchre"), else the
        # step for its kind.
        for taught in (f"{kind}:{question.topic}", kind) if question.topic else (kind,):
            number = next((n for n, s in enumerate(self.steps, 1) if taught in s.teaches), None)
            if number is not None:
                return number
        return None


def check_keys(
    where: str,
    data: Mapping[str, Any],
    allowed: Mapping[str, Any],  # key -> the type its value must have, or Any
    required: tuple[str, ...],
) -> None:
    for key, value in data.items():
        if key not in allowed:
            raise LessonError(
                f"{where}: unknown key {key!r}; the keys are {', '.join(sorted(allowed))}"
            )
        if allowed[key] is not Any and not isinstance(value, allowed[key]):
            raise LessonError(
                f"{where}: {key!r} must be a {allowed[key].__name__}, not {type(value).__name__}"
            )
    for key in required:
        if key not in data:
            raise LessonError(f"{where}: {key!r} is missing")


def rules_from(where: str, data: dict[str, Any] | None, base: Rules | None = None) -> Rules:
    try:
        if data is None:
            return base or Rules.preset("bga")
        return Rules.from_settings(data)
    except EuchreError as exc:
        raise LessonError(f"{where}: rules: {exc}") from None


def _sections(path: Path) -> tuple[str, dict[str, str]]:
    """Split Markdown into the text before the first '## ' heading and one text per heading."""
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"^## +(.+?) *$", text, flags=re.MULTILINE)
    intro = re.sub(r"^# .*$", "", parts[0], count=1, flags=re.MULTILINE).strip()
    sections = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=False):
        if name in sections:
            raise LessonError(f"{path.name}: the section '## {name}' appears twice")
        sections[name] = body.strip()
    return intro, sections


def _record(where: str, data: dict[str, Any], rules: Rules) -> HandRecord:
    try:
        if "record" in data:
            if len(data) != 1:
                raise LessonError(f"{where}: a scenario is either a record or a sketch, not both")
            return HandRecord.from_json(data["record"], rules)
        return build_record(Sketch.parse(data), rules)
    except (EuchreError, ScenarioError) as exc:
        raise LessonError(f"{where}: scenario: {exc}") from None


def _scoring_rows(where: str, step: dict[str, Any]) -> frozenset[Outcome]:
    """A scoring step's ``scoring_rows``: the kinds of result its table shows."""
    topics = step.get("scoring_rows", [])
    known = sorted(TOPICS["hand_result"])
    if topics and (step["show"] != "scoring" or any(t not in known for t in topics)):
        raise LessonError(
            f'{where}: scoring_rows takes any of {", ".join(known)}, on a "scoring" step'
        )
    return frozenset(outcome for outcome, topic in OUTCOME_TOPICS.items() if topic in topics)


# How each checker input is written in TOML.
def _trump_or_none(value: str) -> Suit | None:
    suit = parse_suit(value, allow_no_trump=True)
    return suit if isinstance(suit, Suit) else None


def _trick(value: str) -> tuple[tuple[Seat, Card], ...]:
    pairs: list[tuple[Seat, Card]] = []
    for token in value.split():
        seat, _, card = token.partition(":")
        pairs.append((parse_seat(seat), parse_card(card)))
    return tuple(pairs)


def _strict(kind: type) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(
                f"must be {'true or false' if kind is bool else 'a whole number'}, not {value!r}"
            )
        return value

    return convert


def _scores(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and v >= 0 for v in value)
    ):
        raise TypeError(f"must be two scores like [8, 9], not {value!r}")
    return tuple(value)


_INPUTS: dict[str, Callable[[Any], object]] = {  # input key -> its reader
    "card": parse_card,
    "cards": parse_cards,
    "trump": _trump_or_none,
    "suit": parse_suit,
    "led": parse_suit,
    "trick": _trick,
    "makers": parse_team,
    "seat": parse_seat,
    "colour": lambda v: Colour(v),
    "makers_tricks": _strict(int),
    "maker_alone": _strict(bool),
    "defender_alone": _strict(bool),
    "benny": _strict(bool),
    "target": _strict(int),
    "scores": _scores,
}


_ITEM_ALLOWED = dict(ITEM_KEYS, **{k: Any for k in _INPUTS}, scenario=dict)
# A try step's question: like a quiz item, without the quiz's own keys.
_QUESTION_KEYS = {
    k: v for k, v in _ITEM_ALLOWED.items() if k not in ("id", "trap", "rules", "step")
}


def _question(where: str, data: dict[str, Any], rules: Rules) -> Question:
    ask = data["ask"]
    if ask not in CHECKERS:
        raise LessonError(f"{where}: unknown ask {ask!r}; use one of {', '.join(CHECKERS)}")
    checker = CHECKERS[ask]
    params = inspect.signature(checker).parameters
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key in ITEM_KEYS:
            continue
        if key == "scenario":
            if "record" not in params:
                raise LessonError(f"{where}: ask {ask!r} takes no scenario")
            if not isinstance(value, dict):
                raise LessonError(f"{where}: scenario must be a table")
            kwargs["record"] = _record(where, value, rules)
            continue
        if key not in params or key not in _INPUTS:
            raise LessonError(f"{where}: ask {ask!r} takes {', '.join(params)}, not {key!r}")
        try:
            kwargs[key] = _INPUTS[key](value)
        except (EuchreError, ValueError, TypeError) as exc:
            raise LessonError(f"{where}: {key}: {exc}") from None
    if "benny" in params and "benny" not in kwargs:
        kwargs["benny"] = rules.benny  # describe cards as ranked under these rules
    try:
        question = checker(**kwargs)
    except TypeError as exc:
        raise LessonError(f"{where}: ask {ask!r}: {exc}") from None
    except (EuchreError, ValueError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    if "prompt" in data:
        question = _replace(question, prompt=data["prompt"])
    return question


def _replace(question: Question, **changes: Any) -> Question:
    from dataclasses import replace

    return replace(question, **changes)


def load_lesson(toml_path: Path) -> Lesson:
    """Read one lesson (its .toml and the .md beside it); raises LessonError."""
    name = toml_path.name
    try:
        data = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{name}: not valid TOML: {exc}") from None
    check_keys(name, data, LESSON_KEYS, ("id", "number", "title", "summary", "steps", "quiz"))
    rules = rules_from(name, data.get("rules"))
    md_path = toml_path.with_suffix(".md")
    if not md_path.exists():
        raise LessonError(f"{name}: the words go in {md_path.name}, which is missing")
    intro, sections = _sections(md_path)
    steps = []
    for i, step in enumerate(data["steps"]):
        where = f"{name}: step {i + 1}"
        check_keys(where, step, STEP_KEYS, ("id", "show"))
        if step["show"] not in STEP_SHOWS:
            raise LessonError(f"{where}: show must be one of {', '.join(STEP_SHOWS)}")
        if step["id"] not in sections:
            raise LessonError(f"{where}: {md_path.name} has no section '## {step['id']}'")
        step_rules = rules_from(where, step.get("rules"), rules)
        try:
            cards = parse_cards(step.get("cards", ""))
            trump = _trump_or_none(step["trump"]) if "trump" in step else None
        except EuchreError as exc:
            raise LessonError(f"{where}: {exc}") from None
        record = _record(where, step["scenario"], step_rules) if "scenario" in step else None
        hide = step.get("hide", [])
        if any(part not in STEP_HIDE for part in hide):
            raise LessonError(f"{where}: hide takes any of {', '.join(STEP_HIDE)}")
        opens_at = step.get("opens_at", "")
        if opens_at and (step["show"] not in STEPPED or opens_at not in OPENS_AT):
            raise LessonError(
                f"{where}: opens_at is one of {', '.join(OPENS_AT)}, on a step-through"
            )
        face_down = step.get("face_down", 0)
        if face_down and (step["show"] != "cards" or not 0 < face_down <= MAX_FACE_DOWN):
            raise LessonError(
                f"{where}: face_down is a number of cards from 1 to {MAX_FACE_DOWN}, "
                'on a "cards" step'
            )
        game_points = step.get("game_points")
        if game_points is not None and (
            step["show"] != "scoring" or not 0 <= game_points < step_rules.target_points
        ):
            raise LessonError(
                f"{where}: game_points is a score from 0 to {step_rules.target_points - 1}, "
                'on a "scoring" step'
            )
        scoring_rows = _scoring_rows(where, step)
        teaches = step.get("teaches", [])
        for taught in teaches:
            kind, _, topic = str(taught).partition(":")
            if kind not in CHECKERS:
                raise LessonError(f"{where}: teaches takes any of {', '.join(CHECKERS)}")
            if topic and topic not in TOPICS.get(kind, ()):
                known = ", ".join(f"{kind}:{t}" for t in sorted(TOPICS.get(kind, ())))
                raise LessonError(
                    f"{where}: {taught!r} is no topic the engine tells apart"
                    + (f"; {kind} has {known}" if known else f"; {kind} has none")
                )
        question: Question | None = None
        stored: tuple[str, ...] = ()
        if step["show"] == "try":
            if "question" not in step:
                raise LessonError(f"{where}: a try step needs a [steps.question] with an ask")
            asked = step["question"]
            check_keys(f"{where}: question", asked, _QUESTION_KEYS, ("ask", "answer"))
            question = _question(f"{where}: question", asked, step_rules)
            stored = tuple(str(a) for a in asked["answer"])
        steps.append(
            Step(
                step["id"],
                step["show"],
                sections.pop(step["id"]),
                cards,
                trump,
                record,
                step_rules,
                step.get("caption", ""),
                frozenset(hide),
                question,
                stored,
                opens_at,
                face_down,
                tuple(teaches),
                game_points,
                scoring_rows,
            )
        )
    if sections:
        raise LessonError(
            f"{md_path.name}: section '## {next(iter(sections))}' belongs to no step in {name}"
        )
    quiz = data["quiz"]
    check_keys(f"{name}: quiz", quiz, QUIZ_KEYS, ("length", "generators"))
    if quiz["length"] < 10:
        raise LessonError(f"{name}: quiz length must be at least 10")
    for gen in quiz["generators"]:
        if gen not in GENERATORS:
            raise LessonError(
                f"{name}: unknown generator {gen!r}; use one of {', '.join(GENERATORS)}"
            )
    vary = quiz.get("vary", [])
    unknown = [name for name in vary if name not in RULE_WORDS]
    if unknown:
        raise LessonError(
            f"{name}: quiz vary: {unknown[0]!r} cannot vary; use any of {', '.join(RULE_WORDS)}"
        )
    items = []
    seen = set()
    for i, item in enumerate(quiz.get("items", [])):
        where = f"{name}: quiz item {item.get('id', i + 1)}"
        check_keys(where, item, _ITEM_ALLOWED, ("id", "ask", "answer"))
        if item["id"] in seen:
            raise LessonError(f"{where}: the id is used twice")
        seen.add(item["id"])
        if "step" in item and item["step"] not in {step.id for step in steps}:
            raise LessonError(f"{where}: step {item['step']!r} is no step of {name}")
        item_rules = rules_from(where, item.get("rules"), rules)
        question = _question(where, item, item_rules)
        question = _replace(question, source=f"{data['id']}/{item['id']}", trap=item.get("trap"))
        items.append(
            CuratedItem(
                item["id"],
                question,
                tuple(str(a) for a in item["answer"]),
                item.get("trap"),
                item["ask"],
                item.get("step", ""),
            )
        )
    return Lesson(
        data["id"],
        data["number"],
        data["title"],
        data["summary"],
        intro,
        rules,
        tuple(steps),
        quiz["length"],
        tuple(quiz["generators"]),
        tuple(items),
        frozenset(vary),
        quiz.get("alone", True),
    )


@lru_cache(maxsize=1)
def load_all() -> tuple[Lesson, ...]:
    """Every lesson, in order; raises LessonError for the first problem."""
    lessons = [load_lesson(path) for path in sorted(CONTENT.glob("*.toml"))]
    numbers = [lesson.number for lesson in lessons]
    if numbers != sorted(set(numbers)):
        raise LessonError(f"lesson numbers must be distinct and in file order: {numbers}")
    return tuple(lessons)


def lesson_by_id(lesson_id: str) -> Lesson | None:
    return next((lesson for lesson in load_all() if lesson.id == lesson_id), None)
