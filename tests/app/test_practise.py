"""AppTest: the practice page makes a seeded set from the chosen topics and rules."""

from __future__ import annotations

import pytest
from app_driver import answer, feedback_shown, open_page
from streamlit.testing.v1 import AppTest

from engine import Rules
from lessons.quizzes import mixed_quiz, topic_generators

PAGE = "features/practise/page.py"
LENGTH = 10  # questions in a Practise set


def open_practise(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def current_set(at: AppTest):
    """The set on screen: its key, its questions (rebuilt from the key) and its quiz state."""
    quiz_key = next(
        k for k in at.session_state if isinstance(k, str) and k.startswith("quiz:practise:")
    )
    key = quiz_key.removeprefix("quiz:")
    _, preset, topics, seed = key.split(":")
    questions = mixed_quiz(
        list(topic_generators(topics.split(","))), Rules.preset(preset), int(seed), LENGTH
    )
    return key, questions, at.session_state[quiz_key]


def test_link_reproduces_topics_rules_and_questions():
    one = open_practise(topics="points,play", rules="pagat", seed="31")
    two = open_practise(topics="points,play", rules="pagat", seed="31")
    key_one, questions_one, _ = current_set(one)
    key_two, questions_two, _ = current_set(two)
    assert key_one == key_two == "practise:pagat:points,play:31"
    assert [q.fingerprint() for q in questions_one] == [q.fingerprint() for q in questions_two]
    assert {q.source for q in questions_one} <= {"legal_plays", "hand_result", "game_winner"}


@pytest.mark.parametrize(
    "query",
    [
        {"topics": "<b>nonsense</b>", "rules": "poker", "seed": "x"},
        {"topics": ",,,", "seed": "-1"},
    ],
)
def test_bad_link_falls_back_without_error(query):
    at = open_practise(**query)
    key, questions, _ = current_set(at)
    assert len(questions) == 10
    assert ":bga:" in key


def test_a_set_can_be_answered_to_the_end():
    at = open_practise(topics="tricks,trumps", seed="5")
    key, questions, state = current_set(at)
    while not state.run.finished:
        question = questions[state.showing]
        answer(at, question, question.answer, f"quiz:{key}")
        right, words = feedback_shown(at)
        assert right and "Right!" in words
        at.button(key="next").click().run()
        key, questions, state = current_set(at)
    assert at.button(key="practise-more")
    # Practise has no lesson to master: its summary never speaks of one.
    shown = [e.value for e in [*at.success, *at.warning, *at.info, *at.markdown]]
    assert not [text for text in shown if "lesson" in text.lower() or "master" in text.lower()]
