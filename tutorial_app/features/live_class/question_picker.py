"""The teacher's choice of the next question: from a lesson's quiz, from a Practise
topic's set, one at random from a topic, or a built scenario (its link pasted). Returns
the question's source (``lessons.question_source``); building and judging the question
is not done here.

Widget keys: ``class-from`` (where from), ``class-lesson``, ``class-topic``,
``class-rules``, ``class-seed`` (the quiz or set number), ``question_choice_key(list)``
(one widget a list: with one key for all, a lesson changed kept the old lesson's words
in the box while its number chose from the new one) and ``class-scenario-link``. Once a
question chosen from a list was asked (or added to a set), ``choose_next`` moves the
choice to the question after it: pressing the button again asks the next one, never
the same one twice.
A new kind of source (built scenarios, guided-hand positions) registers with
``lessons.question_source.register_source_kind`` and adds its choice to ``PICKERS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from engine import PRESET_NAMES, PRESETS
from lessons.loader import load_all
from lessons.question_source import (
    QuestionSource,
    lesson_quiz,
    lesson_source,
    question_for,
    random_topic_source,
    topic_set,
    topic_source,
)
from lessons.quizzes import PRACTICE_TOPICS, SEED_LIMIT
from tutorial_app.features.live_class.keys import question_choice_key
from tutorial_app.features.live_class.set_sources import scenario_from_link
from tutorial_app.shell.hand_links import MAX_CODE
from tutorial_app.shell.markdown_text import markdown_text

__all__ = ["PICKERS", "ListPick", "choose_next", "pick_question"]

PROMPT_CHARS = 70  # characters of a question's words in the list


def _short(text: str) -> str:
    return text if len(text) <= PROMPT_CHARS else text[: PROMPT_CHARS - 1] + "…"


def _seed() -> int:
    return int(
        st.number_input(
            "Quiz or set number (the same number gives the same questions)",
            min_value=1,
            max_value=SEED_LIMIT - 1,
            value=1,
            step=1,
            key="class-seed",
        )
    )


def _which(questions, key: str) -> int:
    return st.selectbox(
        "Question",
        range(len(questions)),
        key=key,
        format_func=lambda i: f"{i + 1}. {_short(questions[i].prompt)}",
    )


@dataclass(frozen=True)
class ListPick:
    """Question ``index`` of a list of ``count`` (a lesson's quiz, a topic's set), chosen
    with the widget ``key``: called, it makes the question's source."""

    make: Callable[[], QuestionSource]
    index: int
    count: int
    key: str

    def __call__(self) -> QuestionSource:
        return self.make()


def choose_next(make_source: Callable[[], QuestionSource]) -> None:
    """After ``make_source``'s question was asked or added: a list's choice moves to the
    question after it (the last stays chosen). For a button's callback, which runs
    before the picker is drawn again."""
    if isinstance(make_source, ListPick) and make_source.index + 1 < make_source.count:
        st.session_state[make_source.key] = make_source.index + 1


def _from_lesson() -> Callable[[], QuestionSource]:
    lessons = {lesson.id: lesson for lesson in load_all()}
    lesson_id = st.selectbox(
        "Lesson",
        list(lessons),
        key="class-lesson",
        format_func=lambda i: f"{lessons[i].number}. {lessons[i].title}",
    )
    seed = _seed()
    quiz = lesson_quiz(lesson_id, seed)
    key = question_choice_key(f"{lesson_id}-{seed}")
    index = _which(quiz, key)
    return ListPick(lambda: lesson_source(lesson_id, seed, index), index, len(quiz), key)


def _topic_and_rules() -> tuple[str, str]:
    left, right = st.columns(2)
    topic = left.selectbox(
        "Topic",
        list(PRACTICE_TOPICS),
        key="class-topic",
        format_func=lambda t: PRACTICE_TOPICS[t][0],
    )
    rules = right.selectbox(
        "Rules", list(PRESETS), key="class-rules", format_func=PRESET_NAMES.__getitem__
    )
    return topic, rules


def _from_topic() -> Callable[[], QuestionSource]:
    topic, rules = _topic_and_rules()
    seed = _seed()
    questions = topic_set(topic, rules, seed)
    key = question_choice_key(f"{topic}-{rules}-{seed}")
    index = _which(questions, key)
    return ListPick(lambda: topic_source(topic, seed, index, rules), index, len(questions), key)


def _at_random() -> Callable[[], QuestionSource]:
    topic, rules = _topic_and_rules()
    st.caption("A new question from this topic each time you ask.")
    return lambda: random_topic_source(topic, random.SystemRandom(), rules)


def _built_scenario() -> Callable[[], QuestionSource]:
    link = st.text_input(
        "A link from Build a scenario (or its question link)",
        key="class-scenario-link",
        max_chars=MAX_CODE + 200,
        placeholder="https://…/build?hand=v1…",
    )
    if link.strip():
        try:
            st.caption(f"The question: {scenario_question_words(link)}")
        except ValueError as error:
            st.warning(f"This link cannot be asked: {markdown_text(str(error))}")
    return lambda: scenario_from_link(link.strip())


def scenario_question_words(link: str) -> str:
    """The question a pasted scenario link asks, in words; raises ValueError."""
    return _short(question_for(scenario_from_link(link.strip())).prompt)


# (what the teacher reads, the widgets that choose): in the order shown.
PICKERS: dict[str, tuple[str, Callable[[], Callable[[], QuestionSource]]]] = {
    "lesson": ("A lesson's quiz", _from_lesson),
    "topic": ("A Practise topic", _from_topic),
    "random": ("At random from a topic", _at_random),
    "scenario": ("A built scenario", _built_scenario),
}


def pick_question() -> Callable[[], QuestionSource]:
    """Draw the choice; returns what makes the chosen question's source when asked
    (a random pick is drawn only then)."""
    where = st.segmented_control(
        "Where from",
        list(PICKERS),
        key="class-from",
        format_func=lambda k: PICKERS[k][0],
        default="lesson",
        required=True,
    )
    return PICKERS[where][1]()
