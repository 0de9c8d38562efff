"""Nothing is lost from what the lessons teach: every classic trap of TEACHING.md has
quiz items, and every trap a lesson's quiz asks about has a step of that lesson that
says it (in its words or in the engine's words its step-through shows), so trimming a
lesson's text cannot drop a rule its quiz still asks. Every curated item is asked by
some seeded quiz, so a shorter quiz still reaches each of them.
"""

from __future__ import annotations

import re

import pytest

from lessons.loader import Lesson, load_all
from lessons.quizzes import build_quiz
from tutorial_app.features.learn.walk import STEPPED, message, walk_of

LESSONS = load_all()
# TEACHING.md's classic traps, by number -> the trap ids of the quiz items that cover it.
TEACHING_TRAPS = {
    1: {
        "left-bower-is-trump",
        "left-bower-must-play-when-trump-led",
        "left-bower-not-its-printed-suit",
        "left-bower-led-is-trump",
    },
    2: {"turned-down-suit"},
    3: {"stuck-dealer", "throw-in"},
    4: {"dealer-picks-up"},
    5: {"lone-march-only-scores-four"},
    6: {"euchre-scores-two"},
    7: {"who-leads-alone"},
    8: {"may-trump-not-must"},
    9: {"highest-of-suit-led"},
    10: {"vocabulary"},
}
# What a step says when it teaches the trap (case and line breaks aside).
SAID = {
    "left-bower-is-trump": r"left bower",
    "left-bower-must-play-when-trump-led": r"only heart is the (left bower|jack of diamonds)",
    "left-bower-not-its-printed-suit": r"is a heart this hand",
    "left-bower-led-is-trump": r"trump was led",
    "turned-down-suit": r"(any suit but the (one )?turned[- ]down|nobody may choose its suit)",
    "stuck-dealer": r"stick the dealer",
    "throw-in": r"thrown in",
    "dealer-picks-up": r"dealer\W+takes the upcard|picks it up",
    "lone-march-only-scores-four": r"4 points",
    "euchre-scores-two": r"euchre",
    "who-leads-alone": r"sits out",
    "may-trump-not-must": r"never required|any\W+card",
    "highest-of-suit-led": r"of the suit led\W+wins",
    "vocabulary": r"order it up|pick it up|turning it down|go(es)? alone|march",
}


def said_in(lesson: Lesson) -> str:
    """Every word the lesson's steps show: text, caption, question, walk messages."""
    parts = []
    for step in lesson.steps:
        parts += [step.text, step.caption]
        if step.question is not None:
            parts += [step.question.prompt, step.question.explanation]
        if step.show in STEPPED:
            walk = walk_of(step)
            for position in range(walk.count + 1):
                title, text = message(walk, position)
                parts += [title or "", text]
    return " ".join(" ".join(parts).split()).replace("*", "").lower()


def test_every_teaching_trap_has_quiz_items():
    asked = {item.trap for lesson in LESSONS for item in lesson.items if item.trap}
    missing = {n: ids for n, ids in TEACHING_TRAPS.items() if not ids & asked}
    assert not missing, f"TEACHING.md traps without a quiz item: {missing}"
    assert asked <= set(SAID), f"trap ids with no words to look for: {asked - set(SAID)}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_trap_the_quiz_asks_has_a_step_that_says_it(lesson):
    words = said_in(lesson)
    traps = {item.trap for item in lesson.items if item.trap}
    unsaid = sorted(trap for trap in traps if not re.search(SAID[trap], words))
    assert not unsaid, f"lesson {lesson.number}: no step says {unsaid}"


def test_the_check_fails_when_a_step_no_longer_says_the_rule():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "making-trump")
    assert re.search(SAID["throw-in"], said_in(lesson))
    assert not re.search(SAID["throw-in"], said_in(lesson).replace("thrown in", "over"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_curated_item_is_asked_by_some_quiz(lesson):
    asked = {q.source for seed in range(300) for q in build_quiz(lesson, seed)}
    unasked = [item.id for item in lesson.items if f"{lesson.id}/{item.id}" not in asked]
    assert not unasked, f"lesson {lesson.number}: items no quiz asks: {unasked}"
