"""Lesson 1's quiz asks about everything the lesson shows (the cards, the seats and
partners, the deal, tricks), not mostly "highest card" and "which are red"."""

from __future__ import annotations

from collections import Counter

from lessons.checkers import CHECKERS
from lessons.loader import load_all
from lessons.quizzes import build_quiz

LESSON = next(lesson for lesson in load_all() if lesson.number == 1)
ASK = {item.question.source: item.ask for item in LESSON.items}
CARD_FACTS = {"colour", "highest_card"}
SEEDS = range(150)


def _kind(question) -> str:
    """The checker behind a question, generated or curated."""
    kind = question.source if question.source in CHECKERS else ASK[question.source]
    assert kind in CHECKERS
    return kind


def test_highest_card_and_colour_are_at_most_a_third_of_the_quiz():
    kinds = Counter(_kind(q) for seed in SEEDS for q in build_quiz(LESSON, seed))
    share = sum(kinds[k] for k in CARD_FACTS) / sum(kinds.values())
    assert share <= 1 / 3 + 0.02, f"{share:.0%} of lesson 1's questions: {kinds}"


def test_every_quiz_mixes_at_least_five_kinds_of_question():
    for seed in SEEDS:
        kinds = {_kind(q) for q in build_quiz(LESSON, seed)}
        assert len(kinds) >= 5, (seed, kinds)


def test_the_quiz_covers_seats_the_deal_and_tricks():
    kinds = {_kind(q) for seed in SEEDS for q in build_quiz(LESSON, seed)}
    assert {"partner", "next_seat", "team", "next_dealer"} <= kinds  # the seats
    assert {"deck_size", "cards_dealt", "face_down"} <= kinds  # the deal
    assert {"trick_size", "tricks_in_hand"} <= kinds  # what a trick is


TABLE_FACTS = {
    "partner",
    "next_seat",
    "team",
    "next_dealer",
    "deck_size",
    "cards_dealt",
    "face_down",
    "trick_size",
    "tricks_in_hand",
}


def test_no_quiz_asks_the_same_table_fact_twice():
    """A seat question asked at two tables is still the same question."""
    for seed in SEEDS:
        asked = [(q.prompt, q.answer) for q in build_quiz(LESSON, seed) if _kind(q) in TABLE_FACTS]
        assert len(set(asked)) == len(asked), seed
