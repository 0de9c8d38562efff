"""Work that every learner's session would otherwise repeat, done once per server.

A class opens the same quiz link: thirty sessions asking for lesson 2's quiz
number 42 get the one list built for the first. Quizzes are pure functions of
their seed and hold frozen questions, so sharing them is safe; the caches are
bounded so a server that meets many seeds keeps its memory.
"""

from __future__ import annotations

import random

import streamlit as st

from engine import Rules
from lessons.generators import GENERATORS
from lessons.loader import load_all
from lessons.quiz import Question
from lessons.quizzes import build_quiz, mixed_quiz

QUIZZES_KEPT = 512


@st.cache_resource(max_entries=QUIZZES_KEPT, show_spinner=False)
def lesson_quiz(lesson_id: str, seed: int) -> tuple[Question, ...]:
    """Lesson ``lesson_id``'s quiz for ``seed`` (``lessons.quizzes.build_quiz``)."""
    lesson = next(item for item in load_all() if item.id == lesson_id)
    return tuple(build_quiz(lesson, seed))


@st.cache_resource(max_entries=QUIZZES_KEPT, show_spinner=False)
def practice_set(
    generator_names: tuple[str, ...], preset: str, seed: int, length: int
) -> tuple[Question, ...]:
    """A Practise set (``lessons.quizzes.mixed_quiz``) under the rules preset ``preset``."""
    return tuple(mixed_quiz(list(generator_names), Rules.preset(preset), seed, length))


@st.cache_resource(max_entries=QUIZZES_KEPT * 4, show_spinner=False)
def single_question(skill: str, preset: str, seed: int) -> Question:
    """One question of the generator ``skill`` for ``seed`` (a For-you or daily-deal item)."""
    return GENERATORS[skill](random.Random(seed), Rules.preset(preset), frozenset())
