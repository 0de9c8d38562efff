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

    def scenario(source: QuestionSource) -> Question:
        if source.ref != "bower-1":
            raise SourceError(f"no scenario {source.ref!r}")
        return built

    register_source_kind("scenario", scenario)
    try:
        source = QuestionSource.parse('{"kind": "scenario", "id": "bower-1", "seed": 0}')
        assert question_for(source) is built and source.to_dict()["id"] == "bower-1"
        with pytest.raises(SourceError, match="no scenario"):
            question_for(QuestionSource("scenario", "other", 0))
    finally:
        question_source._REGISTERED.pop("scenario")
        question_for.cache_clear()
