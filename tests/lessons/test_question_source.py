"""Question sources: parse and format round-trip, every error names what is wrong, a
source rebuilds the very question its page asks, and other kinds plug in."""

from __future__ import annotations

import doctest

import pytest

import lessons.question_source as question_source
from engine import Rules
from lessons.loader import load_all
from lessons.question_source import (
    QuestionSource,
    SourceError,
    lesson_source,
    question_for,
    register_source_kind,
    topic_source,
)
from lessons.quiz import Kind, Option, Question
from lessons.quizzes import PRACTICE_TOPICS, build_quiz, mixed_quiz, topic_generators


def test_the_examples_in_the_docstring_hold():
    assert doctest.testmod(question_source).failed == 0


@pytest.mark.parametrize(
    "source",
    [lesson_source(lesson.id, 42, 1) for lesson in load_all()]
    + [topic_source(topic, 7, 9, "pagat") for topic in PRACTICE_TOPICS],
)
def test_parse_and_dumps_round_trip(source):
    assert QuestionSource.parse(source.dumps()) == source
    assert QuestionSource.parse(source.to_dict()) == source
    assert eval(repr(source), {"QuestionSource": QuestionSource}) == source


def test_a_source_rebuilds_the_question_its_page_asks():
    lesson = load_all()[1]
    assert question_for(lesson_source(lesson.id, 42, 3)) == build_quiz(lesson, 42)[3]
    practise = mixed_quiz(list(topic_generators(["tricks"])), Rules.preset("bga"), 9, 10)
    assert question_for(topic_source("tricks", 9, 4)) == practise[4]


@pytest.mark.parametrize(
    "text, words",
    [
        ("not json", "is a JSON object"),
        ("[1]", "is a JSON object"),
        ('{"kind": "song", "id": "x", "seed": 1}', "kind is one of lesson, topic"),
        ('{"kind": "lesson", "lesson": "nope", "seed": 1}', "no lesson 'nope'"),
        ('{"kind": "lesson", "lesson": "bowers", "seed": 1, "index": 99}', "no question 100"),
        ('{"kind": "lesson", "lesson": "bowers", "seed": -1}', "seed is a whole number"),
        ('{"kind": "lesson", "lesson": "bowers", "seed": true}', "seed is a whole number"),
        ('{"kind": "topic", "topic": "play", "seed": 1, "rules": "x"}', "no rules preset 'x'"),
        ('{"kind": "topic", "topic": "play", "seed": 1, "extra": 2}', "unknown key 'extra'"),
    ],
)
def test_a_bad_source_says_what_is_wrong(text, words):
    with pytest.raises(SourceError, match=words.replace("(", r"\(")):
        QuestionSource.parse(text)


def test_another_kind_of_source_plugs_in():
    built = Question(
        Kind.YESNO,
        "Is the right bower the highest trump?",
        (Option("yes", "Yes"), Option("no", "No")),
        ("yes",),
        "It is.",
    )

    def position(source: QuestionSource) -> Question:
        if source.ref != "bower-1":
            raise SourceError(f"no position {source.ref!r}")
        return built

    register_source_kind("position", position)
    try:
        source = QuestionSource.parse('{"kind": "position", "id": "bower-1", "seed": 0}')
        assert question_for(source) is built and source.to_dict()["id"] == "bower-1"
        with pytest.raises(SourceError, match="no position"):
            question_for(QuestionSource("position", "other", 0))
    finally:
        question_source._REGISTERED.pop("position")
        question_for.cache_clear()


BUILT = (
    '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
    '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
    '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": [{"seat": "N", "do": "pass"}, '
    '{"seat": "E", "do": "order_up"}, {"seat": "E", "do": "with_partner"}, '
    '{"seat": "W", "do": "discard", "card": "JS"}, '
    '{"seat": "N", "do": "play", "card": "9C"}, {"seat": "E", "do": "play", "card": "AC"}]}'
)


def test_a_built_scenario_is_a_source_of_its_own():
    from engine import HandRecord
    from lessons.question_source import scenario_source, source_label

    record = HandRecord.loads(BUILT)
    source = scenario_source("legal", record)
    assert QuestionSource.parse(source.dumps()) == source
    assert question_for(source).answer == ("QC",)
    assert source_label(source) == "A built scenario: Which cards may be played?"
    with pytest.raises(SourceError, match="end with a trick's last card"):
        scenario_source("trick", record)
    with pytest.raises(SourceError, match="no scenario question"):
        QuestionSource.parse('{"kind": "scenario", "ask": "nope", "hand": "{}"}')
    with pytest.raises(SourceError, match="at most 6,000"):
        QuestionSource.parse({"kind": "scenario", "ask": "legal", "hand": "x" * 6001})
    with pytest.raises(SourceError, match="cannot be asked"):
        question_for(QuestionSource.parse({"kind": "scenario", "ask": "legal", "hand": "{}"}))
