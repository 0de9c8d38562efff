"""Where a printable quiz sheet's questions come from: a lesson's quiz by its seed, a
Practise set, or a list of scenario question links made on the builder.

Each returns the questions and, for links, a sentence per line that could not be read
(its line number and why), so a bad line is reported, never a traceback. No Streamlit:
the page and the tests call these; the questions are the ones the app itself asks.

>>> questions, problems = scenario_questions_from("https://x/question?hand=v1.AAA&ask=legal")
>>> questions, problems[0].startswith("Line 1:")
([], True)
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from engine import Rules
from lessons.loader import load_all
from lessons.quiz import Question
from lessons.quizzes import build_quiz, mixed_quiz, topic_generators
from lessons.scenario_questions import scenario_question
from tutorial_app.shell.hand_links import LinkError, decode_hand

__all__ = ["MAX_LINKS", "lesson_questions", "practise_questions", "scenario_questions_from"]

MAX_LINKS = 40


def lesson_questions(lesson_id: str, seed: int) -> list[Question]:
    """The quiz a learner gets for lesson ``lesson_id`` and ``seed``."""
    lesson = next(item for item in load_all() if item.id == lesson_id)
    return build_quiz(lesson, seed)


def practise_questions(topics: list[str], preset: str, seed: int, length: int) -> list[Question]:
    """The Practise set for these topics, rules and seed."""
    return mixed_quiz(list(topic_generators(topics)), Rules.preset(preset), seed, length)


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
