"""Where a printable quiz sheet's questions come from: a lesson's quiz by its seed, a
Practise set, or a list of scenario question links made on the builder. A lesson quiz
or a Practise set is a ``SeededSet``: any seed gives a copy of it (its questions and the
line saying where they come from), so each learner's copy can have a seed of its own
(``copy_seeds``).

Each returns the questions and, for links, a sentence per line that could not be read
(its line number and why), so a bad line is reported, never a traceback. No Streamlit:
the page and the tests call these; the questions are the ones the app itself asks.

>>> questions, problems = scenario_questions_from("https://x/question?hand=v1.AAA&ask=legal")
>>> questions, problems[0].startswith("Line 1:")
([], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from engine import PRESET_NAMES, Rules
from lessons.loader import load_all
from lessons.quiz import Question
from lessons.quizzes import PRACTICE_TOPICS, SEED_LIMIT, build_quiz, mixed_quiz, topic_generators
from lessons.scenario_questions import scenario_question
from tutorial_app.shell.hand_links import LinkError, decode_hand

__all__ = [
    "MAX_LINKS",
    "SeededSet",
    "copy_seeds",
    "lesson_questions",
    "practise_questions",
    "scenario_questions_from",
]

MAX_LINKS = 40


def lesson_questions(lesson_id: str, seed: int) -> list[Question]:
    """The quiz a learner gets for lesson ``lesson_id`` and ``seed``."""
    lesson = next(item for item in load_all() if item.id == lesson_id)
    return build_quiz(lesson, seed)


def practise_questions(topics: list[str], preset: str, seed: int, length: int) -> list[Question]:
    """The Practise set for these topics, rules and seed."""
    return mixed_quiz(list(topic_generators(topics)), Rules.preset(preset), seed, length)


@dataclass(frozen=True, slots=True)
class SeededSet:
    """A lesson's quiz (``lesson_id``) or a Practise set (``topics``, ``preset``,
    ``length``): the questions a seed picks, and where they come from, in words.

    >>> quiz = SeededSet(lesson_id="bowers")
    >>> quiz.origin(43), len(quiz.questions(43))
    ('Lesson 2. Trump and the bowers, quiz number 43', 10)
    """

    lesson_id: str = ""
    topics: tuple[str, ...] = ()
    preset: str = "bga"
    length: int = 10

    def questions(self, seed: int) -> list[Question]:
        if self.lesson_id:
            return lesson_questions(self.lesson_id, seed)
        return practise_questions(list(self.topics), self.preset, seed, self.length)

    def origin(self, seed: int) -> str:
        if self.lesson_id:
            lesson = next(item for item in load_all() if item.id == self.lesson_id)
            return f"Lesson {lesson.number}. {lesson.title}, quiz number {seed}"
        topics = ", ".join(PRACTICE_TOPICS[topic][0] for topic in self.topics)
        return f"Practise: {topics} ({PRESET_NAMES[self.preset]} rules), set number {seed}"


def copy_seeds(first: int, count: int) -> list[int]:
    """A seed for each of ``count`` copies: ``first``, the next, and so on (after the
    last seed, 1 again), so no two copies of a class share one.

    >>> copy_seeds(41, 3), copy_seeds(SEED_LIMIT - 2, 3)
    ([41, 42, 43], [999999998, 999999999, 1])
    """
    return [1 + (first - 1 + k) % (SEED_LIMIT - 1) for k in range(count)]


def scenario_questions_from(text: str) -> tuple[list[Question], list[str]]:
    """The questions of the links in ``text`` (one a line: the builder's question link,
    or its ``hand=...&ask=...`` part), and what was wrong with each line that failed."""
    questions, problems = [], []
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_LINKS:
        problems.append(f"Only the first {MAX_LINKS} links are used.")
    for number, line in lines[:MAX_LINKS]:
        query = parse_qs(urlsplit(line).query if "?" in line else line)
        hand, ask = query.get("hand", [""])[0], query.get("ask", [""])[0]
        if not hand or not ask:
            problems.append(
                f"Line {number}: not a question link (it needs hand=... and "
                "ask=...; make one on the Build a scenario page)."
            )
            continue
        try:
            questions.append(scenario_question(ask, decode_hand(hand)))
        except LinkError as error:
            problems.append(f"Line {number}: {error}.")
        except ValueError as error:
            problems.append(f"Line {number}: {error}")
    return questions, problems
