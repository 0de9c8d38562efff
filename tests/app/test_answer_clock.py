"""One time-taken clock: the quizzes' and the guided hands' recorded times both come from
``learner.answer_clock``."""

from __future__ import annotations

from types import SimpleNamespace

from tutorial_app.features.guided import keys, records
from tutorial_app.learner import answer_clock
from tutorial_app.quiz import answer_log
from tutorial_app.quiz.state import QuizState


def test_a_new_ask_restarts_the_clock_and_the_same_ask_keeps_it():
    session: dict = {}
    answer_clock.start(session, "clock", "first", at_ms=100)
    answer_clock.start(session, "clock", "first", at_ms=900)
    assert answer_clock.taken_ms(session, "clock", "first", at_ms=1_100) == 1_000
    answer_clock.start(session, "clock", "second", at_ms=2_000)
    assert answer_clock.taken_ms(session, "clock", "first", at_ms=2_500) is None
    assert answer_clock.taken_ms(session, "clock", "second", at_ms=1_000) == 0  # never < 0


def test_the_quiz_and_the_guided_hand_use_the_one_clock(monkeypatch):
    times = iter((1_000, 4_000, 10_000, 10_250))
    monkeypatch.setattr(answer_clock, "now_ms", lambda: next(times))
    session: dict = {}
    state = QuizState.start(3)
    answer_log.note_shown(session, "quiz:q", state)
    assert answer_log.time_taken_ms(session, "quiz:q", state) == 3_000
    run = SimpleNamespace(hand=SimpleNamespace(id="hand"), answered=0, misses=0)
    records.note_guided_shown(session, run)
    assert answer_clock.taken_ms(session, keys.DECISION_CLOCK, ("hand", 0, 0)) == 250
