"""Words on the pages: a defender who says alone defends alone, and one right card is
"the right answer", not "the right answers"."""

from __future__ import annotations

import pytest
from app_driver import answer, open_page, table_shown

from engine import Action, Deal, Rules, Seat, apply, new_hand, parse_card, parse_cards
from lessons.loader import lesson_by_id
from tutorial_app.card_table.move_words import action_words
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.view import marked_words, try_key

DEAL = Deal(
    Seat.W,
    (
        parse_cards("AH 9D TS QC KS"),
        parse_cards("JD AC KC TC 9S"),
        parse_cards("KH QD AS JC KD"),
        parse_cards("QH TH AD JS QS"),
    ),
    parse_card("9C"),
)


def _after(rules: Rules, *actions: Action):
    state = new_hand(rules, DEAL)
    for action in actions:
        state = apply(state, action)
    return state


def test_a_lone_defender_defends_alone():
    rules = Rules.preset("bga").with_settings(lone_defender=True)
    state = _after(rules, Action.ORDER_UP, Action.WITH_PARTNER, Action.discard(parse_card("QH")))
    assert state.turn is Seat.E
    assert action_words(Seat.E, Action.ALONE, state) == "East defends alone"
    maker = _after(rules, Action.ORDER_UP)
    assert action_words(Seat.N, Action.ALONE, maker) == "North goes alone"


def test_in_the_announcement_round_a_defender_defends_alone():
    state = _after(Rules.preset("pagat"), Action.ORDER_UP, Action.PASS)
    assert state.turn is Seat.E
    assert action_words(Seat.E, Action.ALONE, state) == "East defends alone"


def test_marks_are_counted_right():
    assert marked_words(1) == "the right answer is marked."
    assert marked_words(3) == "the right answers are marked."


def test_none_right_is_said_in_words_with_the_cards():
    cards = parse_cards("9C AS")
    assert marked_words(0, "None of these cards are trumps", cards) == (
        "None of these cards are trumps: the nine of clubs, the ace of spades."
    )


@pytest.mark.app
def test_one_right_card_is_the_right_answer_on_the_page():
    lesson = lesson_by_id("cards-and-deal")
    number, step = next(
        (i, s)
        for i, s in enumerate(lesson.steps, 1)
        if s.show == "try" and s.question.options[0].card is not None
    )
    at = open_page(lesson_page_path(lesson.id), step=str(number))
    answer(at, step.question, ("9H",), try_key(f"{lesson.id}-{step.id}"))  # not the highest
    shown = table_shown(at)["message"]["text"]
    assert "the right answer is marked." in shown
    assert "the right answers are marked" not in shown
