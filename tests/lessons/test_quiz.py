"""Quizzes from seeds, feedback wording, malformed responses, and mastery."""

from __future__ import annotations

import pytest

from lessons.loader import load_all
from lessons.progress import MASTERY_RUN, QuizRun
from lessons.quizzes import build_quiz

LESSONS = load_all()


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_same_seed_gives_the_same_quiz(lesson):
    first = [q.fingerprint() for q in build_quiz(lesson, 77)]
    again = [q.fingerprint() for q in build_quiz(lesson, 77)]
    other = [q.fingerprint() for q in build_quiz(lesson, 78)]
    assert first == again
    assert first != other
    assert len(first) >= 10
    assert len(set(first)) == len(first), "a quiz repeats a question"


def test_wrong_answer_feedback_shows_the_answer_and_the_reason():
    question = LESSONS[0].items[0].question if LESSONS[0].items else None
    lesson = next(lesson for lesson in LESSONS if lesson.items)
    question = lesson.items[0].question
    wrong = next(o.key for o in question.options if o.key not in question.answer)
    feedback = question.check(wrong if len(question.answer) == 1 else [wrong])
    assert not feedback.correct
    assert "Not quite" in feedback.headline and feedback.answer_text in feedback.headline
    assert feedback.explanation == question.explanation


@pytest.mark.parametrize("response", [None, "", [], ["no-such-option"], 12, [["x"]]])
def test_malformed_response_is_rejected_not_raised(response):
    lesson = next(lesson for lesson in LESSONS if lesson.items)
    question = lesson.items[0].question
    feedback = question.check(response)
    assert not feedback.correct


def test_missed_question_comes_back_after_two_others():
    run = QuizRun.start(5).answer(False)
    assert run.queue == (1, 2, 0, 3, 4)
    assert run.misses == 1 and run.streak == 0


def test_stars_and_mastery():
    clean = QuizRun.start(10)
    for _ in range(10):
        clean = clean.answer(True)
    assert clean.finished and clean.stars == 3 and clean.mastered
    shaky = QuizRun.start(10)
    for i in range(14):
        shaky = shaky.answer(i % 3 != 0 or i > 9)
    assert shaky.finished and shaky.stars == 1
    assert shaky.mastered == (shaky.best_streak >= MASTERY_RUN)


@pytest.mark.parametrize("lesson", [x for x in load_all() if not x.quiz_alone], ids=lambda x: x.id)
def test_a_quiz_before_going_alone_never_shows_a_hand_played_alone(lesson):
    """Lesson 3's quiz asked who adds the upcard to their hand with North alone and South
    sitting out: going alone is lesson 5. Its generated questions are partnered now."""
    assert lesson.number < 5
    lone = []
    for seed in range(1, 41):
        for question in build_quiz(lesson, seed):
            record = question.scene.record
            if record is not None and record.replay().alone:
                lone.append((seed, question.prompt))
    assert not lone, lone[:3]


def test_the_lessons_before_going_alone_say_so():
    partnered = {lesson.number for lesson in load_all() if not lesson.quiz_alone}
    assert partnered == {3, 4}
