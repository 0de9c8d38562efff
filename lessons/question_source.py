"""Where a question comes from, as a small value that can be stored and sent: a lesson
quiz's question, a Practise topic's question, or (a hook) a question of another kind
registered by the module that builds it, such as the scenario builder.

A source rebuilds its question exactly: quizzes and Practise sets are pure functions of
their seed. A live class keeps only the source; every app process rebuilds the question
(once, then from a small cache) and judges answers with its ``Question.check``.

>>> source = QuestionSource.parse('{"kind": "topic", "topic": "play", "seed": 7}')
>>> source
QuestionSource.parse('{"kind": "topic", "topic": "play", "rules": "bga", "seed": 7, "index": 0}')
>>> QuestionSource.parse(source.dumps()) == source
True
>>> question_for(source).kind.value
'multi'
>>> QuestionSource.parse(  # doctest: +NORMALIZE_WHITESPACE
...     '{"kind": "topic", "topic": "nope", "seed": 7}')
Traceback (most recent call last):
...
lessons.question_source.SourceError: no Practise topic 'nope'; the topics are play, tricks, points,
bidding, alone, trumps
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine import PRESETS, HandRecord, Rules
from lessons.loader import Lesson, load_all
from lessons.quiz import Question
from lessons.quizzes import PRACTICE_TOPICS, SEED_LIMIT, build_quiz, mixed_quiz
from lessons.scenario_questions import ASKS, ask_problem, scenario_question

__all__ = [
    "QuestionSource",
    "SourceError",
    "question_for",
    "register_source_kind",
    "lesson_source",
    "topic_source",
    "random_topic_source",
    "scenario_source",
    "source_label",
    "TOPIC_SET_LENGTH",
]

TOPIC_SET_LENGTH = 10  # a Practise set, as the Practise page asks it
_ID_LIMIT = 80  # characters in a lesson, topic or registered id
HAND_JSON_LIMIT = 6000  # a scenario's record as JSON (a whole hand takes about 1,200)
_BUILT_IN = ("lesson", "topic", "scenario")
_REF_KEYS = {"lesson": "lesson", "topic": "topic", "scenario": "ask"}
_EXTRA_KEYS = {"topic": {"rules"}, "scenario": {"hand"}}


class SourceError(ValueError):
    """A question source that names no question: the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class QuestionSource:
    """One question: ``kind`` "lesson" (``ref`` a lesson id, the quiz for ``seed``),
    "topic" (``ref`` a Practise topic, its set for ``seed`` under ``rules``), "scenario"
    (``ref`` the question asked, ``lessons.scenario_questions.ASKS``, about the built
    hand ``hand``), or a kind registered with ``register_source_kind``; ``index`` is
    the question's place."""

    kind: str
    ref: str
    seed: int
    index: int = 0
    rules: str = "bga"
    hand: str = ""  # a "scenario" source's hand record (its canonical JSON)

    @classmethod
    def parse(cls, text: str | dict[str, Any]) -> QuestionSource:
        """A source from its JSON (or the decoded dict); raises SourceError."""
        try:
            data = json.loads(text) if isinstance(text, str) else dict(text)
        except (ValueError, TypeError) as error:
            raise SourceError(
                f"a question source is a JSON object, not {str(text)[:40]!r}"
            ) from error
        if not isinstance(data, dict):
            raise SourceError(f"a question source is a JSON object, not {data!r:.40}")
        fields: Any = data  # unchecked until source.check() below
        kind = fields.get("kind")
        ref_key = _REF_KEYS.get(kind, "id")
        allowed = {"kind", ref_key, "seed", "index"} | _EXTRA_KEYS.get(kind, set())
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise SourceError(
                f"unknown key {unknown[0]!r} in a {kind!r} question source; the "
                f"keys are {', '.join(sorted(allowed))}"
            )
        source = cls(
            kind=kind,
            ref=fields.get(ref_key),
            seed=fields.get("seed", 0 if kind == "scenario" else None),
            index=fields.get("index", 0),
            rules=fields.get("rules", "bga"),
            hand=fields.get("hand", ""),
        )
        source.check()
        return source

    def to_dict(self) -> dict[str, Any]:
        data = {"kind": self.kind, _REF_KEYS.get(self.kind, "id"): self.ref}
        if self.kind == "topic":
            data["rules"] = self.rules
        if self.kind == "scenario":
            data["hand"] = self.hand
        return {**data, "seed": self.seed, "index": self.index}

    def dumps(self) -> str:
        return json.dumps(self.to_dict())

    def __repr__(self) -> str:
        return f"QuestionSource.parse({self.dumps()!r})"

    def check(self) -> None:
        """Raise SourceError unless this names a question that can be built."""
        if self.kind not in _BUILT_IN and self.kind not in _REGISTERED:
            kinds = ", ".join([*_BUILT_IN, *_REGISTERED])
            raise SourceError(f"a question source's kind is one of {kinds}, not {self.kind!r}")
        if not isinstance(self.ref, str) or not self.ref or len(self.ref) > _ID_LIMIT:
            raise SourceError(
                f"a {self.kind} source names its {self.kind} by a short text, not {self.ref!r:.40}"
            )
        for name in ("seed", "index"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEED_LIMIT:
                raise SourceError(
                    f"a question source's {name} is a whole number from 0 to "
                    f"{SEED_LIMIT - 1}, not {value!r:.40}"
                )
        if self.kind == "lesson":
            lesson = _lessons().get(self.ref)
            if lesson is None:
                raise SourceError(
                    f"no lesson {self.ref!r}; the lessons are {', '.join(_lessons())}"
                )
            if self.index >= lesson.quiz_length:
                raise SourceError(
                    f"lesson {self.ref!r}'s quiz has {lesson.quiz_length} "
                    f"questions: there is no question {self.index + 1}"
                )
        elif self.kind == "topic":
            if self.ref not in PRACTICE_TOPICS:
                raise SourceError(
                    f"no Practise topic {self.ref!r}; the topics are {', '.join(PRACTICE_TOPICS)}"
                )
            if self.rules not in PRESETS:
                raise SourceError(
                    f"no rules preset {self.rules!r}; the presets are {', '.join(PRESETS)}"
                )
            if self.index >= TOPIC_SET_LENGTH:
                raise SourceError(
                    f"a Practise set has {TOPIC_SET_LENGTH} questions: there is "
                    f"no question {self.index + 1}"
                )
        elif self.kind == "scenario":
            if self.ref not in ASKS:
                raise SourceError(
                    f"no scenario question {self.ref!r:.20}; the questions are {', '.join(ASKS)}"
                )
            if not isinstance(self.hand, str) or not 0 < len(self.hand) <= HAND_JSON_LIMIT:
                raise SourceError(
                    f"a scenario source holds its hand record as JSON text of at most "
                    f"{HAND_JSON_LIMIT:,} characters"
                )


# ---- building the question ----------------------------------------------------------------

Resolver = Callable[[QuestionSource], Question]
_REGISTERED: dict[str, Resolver] = {}


def register_source_kind(kind: str, resolver: Resolver) -> None:
    """Let sources of ``kind`` (e.g. "scenario": ``{"kind": "scenario", "id": ...}``) be
    asked in a live class: ``resolver(source)`` builds the question (raise SourceError
    for an id it does not know). The hook for built scenarios and guided-hand positions."""
    if kind in _BUILT_IN:
        raise ValueError(f"{kind!r} sources are built in")
    _REGISTERED[kind] = resolver
    question_for.cache_clear()


def _lessons() -> dict[str, Lesson]:
    return {lesson.id: lesson for lesson in load_all()}


@lru_cache(maxsize=256)
def lesson_quiz(lesson_id: str, seed: int) -> tuple[Question, ...]:
    """Lesson ``lesson_id``'s quiz for ``seed`` (the lesson page's quiz for that seed)."""
    return tuple(build_quiz(_lessons()[lesson_id], seed))


@lru_cache(maxsize=256)
def topic_set(topic: str, rules: str, seed: int) -> tuple[Question, ...]:
    """Practise topic ``topic``'s set for ``seed`` (the Practise page's set with that one
    topic chosen)."""
    generators = list(PRACTICE_TOPICS[topic][1])
    return tuple(mixed_quiz(generators, Rules.preset(rules), seed, TOPIC_SET_LENGTH))


@lru_cache(maxsize=512)
def question_for(source: QuestionSource) -> Question:
    """The question ``source`` names, built once per process; raises SourceError."""
    source.check()
    if source.kind == "lesson":
        return lesson_quiz(source.ref, source.seed)[source.index]
    if source.kind == "topic":
        return topic_set(source.ref, source.rules, source.seed)[source.index]
    if source.kind == "scenario":
        try:
            return scenario_question(source.ref, HandRecord.loads(source.hand))
        except ValueError as error:  # EuchreError and the question's own refusal
            raise SourceError(f"the built scenario cannot be asked: {error}") from None
    return _REGISTERED[source.kind](source)


# ---- making sources -----------------------------------------------------------------------


def lesson_source(lesson_id: str, seed: int, index: int) -> QuestionSource:
    source = QuestionSource("lesson", lesson_id, seed, index)
    source.check()
    return source


def topic_source(topic: str, seed: int, index: int, rules: str = "bga") -> QuestionSource:
    source = QuestionSource("topic", topic, seed, index, rules)
    source.check()
    return source


def scenario_source(ask: str, record: HandRecord) -> QuestionSource:
    """Question ``ask`` about the built hand ``record``; raises SourceError when it does
    not fit (``ask_problem``'s sentence)."""
    problem = ask_problem(ask, record)
    if problem:
        raise SourceError(problem)
    source = QuestionSource("scenario", ask, 0, 0, hand=record.dumps())
    source.check()
    return source


def random_topic_source(topic: str, rng: random.Random, rules: str = "bga") -> QuestionSource:
    """A question at random from ``topic``: a fresh set's first question."""
    return topic_source(topic, rng.randrange(1, SEED_LIMIT), 0, rules)


def source_label(source: QuestionSource) -> str:
    """Where the question comes from, in words ("Lesson 2, quiz 42, question 3")."""
    if source.kind == "lesson":
        lesson = _lessons()[source.ref]
        return (
            f"Lesson {lesson.number} ({lesson.title}), quiz {source.seed}, "
            f"question {source.index + 1}"
        )
    if source.kind == "topic":
        return (
            f"Practise: {PRACTICE_TOPICS[source.ref][0]}, set {source.seed}, "
            f"question {source.index + 1}"
        )
    if source.kind == "scenario":
        return f"A built scenario: {ASKS[source.ref]}"
    return f"{source.kind} {source.ref}"
