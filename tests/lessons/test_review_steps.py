"""A missed quiz question offers "See step N again": the step that teaches what decided
that very question (a euchre, a march, a hand with none of the suit led), not only the
first step about its kind. What decided it is read here from the table itself (tricks
taken, cards held), not from the topic the checker reports."""

from __future__ import annotations

import pytest

from engine import effective_suit, is_left_bower
from lessons.loader import load_all
from lessons.quizzes import build_quiz

LESSONS = {lesson.id: lesson for lesson in load_all()}
SEEDS = range(1, 40)


def _questions(lesson_id: str, source: str):
    lesson = LESSONS[lesson_id]
    return [q for seed in SEEDS for q in build_quiz(lesson, seed) if q.source == source]


def _result_step(question) -> str:
    """The scoring lesson's step for a finished hand, from its tricks and lone players."""
    state = question.scene.record.replay()
    tricks = state.team_tricks(state.makers)
    if tricks < 3 and any(seat.team is not state.makers for seat in state.alone):
        return "lone-defender"  # euchred by one defender: its own points
    if any(seat.team is state.makers for seat in state.alone):
        return "lone"
    return "euchre" if tricks < 3 else "march" if tricks == 5 else "made"


def _steps_offered(lesson_id: str, source: str, step_for) -> set[str]:
    """Every ``source`` question of the lesson's quizzes offers the step ``step_for``
    names from its table; the steps so reached."""
    lesson = LESSONS[lesson_id]
    seen = set()
    for question in _questions(lesson_id, source):
        wanted = step_for(question)
        seen.add(wanted)
        number = lesson.step_teaching(question)
        assert lesson.steps[number - 1].id == wanted, (wanted, question.scene.record.dumps())
    return seen


def test_a_missed_hand_result_offers_the_step_for_that_result():
    seen = _steps_offered("scoring", "hand_result", _result_step)
    assert seen >= {"made", "march", "euchre", "lone"}  # the seeds reach every step


def _play_step(question) -> str:
    """The following-suit lesson's step for a card to play, from the cards held."""
    state = question.scene.record.replay()
    hand = state.hand_of(state.turn)
    if not state.trick:  # a lead: any card, as the first step says
        return "follow-suit"
    if all(effective_suit(card, state.trump_suit) is not state.led_suit for card in hand):
        return "cannot-follow"
    if any(is_left_bower(card, state.trump_suit) for card in hand):
        return "left-follows-trump"
    return "follow-suit"


def test_a_missed_card_to_play_offers_the_step_for_what_decides_it():
    seen = _steps_offered("following-suit", "legal_plays", _play_step)
    assert seen == {"cannot-follow", "left-follows-trump", "follow-suit"}


@pytest.mark.parametrize("lesson_id", ["going-alone", "house-rules"])
def test_a_lesson_without_the_topics_step_falls_back_to_the_kinds(lesson_id):
    """Going alone teaches every hand's points on one step; house rules teaches none but
    the lone defender's euchre, which goes to its step."""
    lesson = LESSONS[lesson_id]
    kinds = {
        step_number
        for step_number, step in enumerate(lesson.steps, 1)
        if "hand_result" in step.teaches
    }
    for question in _questions(lesson_id, "hand_result"):
        number = lesson.step_teaching(question)
        if _result_step(question) == "lone-defender" and lesson_id == "house-rules":
            assert lesson.steps[number - 1].id == "lone-defender"
        else:
            assert (number in kinds) if kinds else number is None, question.topic
