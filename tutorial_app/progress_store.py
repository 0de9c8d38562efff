"""The learner's progress (stars and mastery per lesson), kept in the session.

Streamlit sessions are per browser tab; module-level data would be shared by
every learner on the server, so everything lives in ``st.session_state``.
"""

from __future__ import annotations

import streamlit as st

from lessons.progress import LessonProgress, QuizRun

_KEY = "lesson-progress"


def all_progress() -> dict[str, LessonProgress]:
    return st.session_state.setdefault(_KEY, {})


def lesson_progress(lesson_id: str) -> LessonProgress:
    return all_progress().get(lesson_id, LessonProgress())


def record_run(lesson_id: str, run: QuizRun) -> LessonProgress:
    progress = lesson_progress(lesson_id).with_run(run)
    all_progress()[lesson_id] = progress
    return progress


_GUIDED = "guided-stars"


def guided_stars() -> dict[str, int]:
    """The best stars earned on each guided hand in this session, by hand id."""
    return st.session_state.setdefault(_GUIDED, {})


def record_guided(hand_id: str, stars: int) -> int:
    best = max(guided_stars().get(hand_id, 0), stars)
    guided_stars()[hand_id] = best
    return best
