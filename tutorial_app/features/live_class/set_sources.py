"""Questions for a set (or the class) from links a teacher pastes, one a line:

- a built scenario's question link (``/question?hand=v1...&ask=legal``);
- a built scenario or a Teach link (``/build?hand=v1...``, ``/teach?hand=v1...``): the
  first question that fits its table (which cards may be played, who wins the trick,
  how many points);
- a lesson quiz link (``/bowers?part=quiz&seed=42``): every question of that quiz;
- a Practise link with one topic (``/practise?topics=play&rules=bga&seed=7``): its set.

Each line that cannot be used gets a sentence (its number and why), never a traceback.
No Streamlit here.

>>> sources, problems = sources_from_links("https://x/bowers?part=quiz&seed=42\\nhello")
>>> len(sources), sources[0].kind, problems[0][:35]
(10, 'lesson', 'Line 2: not a question link (a link')
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from lessons.loader import load_all
from lessons.question_source import (
    TOPIC_SET_LENGTH,
    QuestionSource,
    SourceError,
    lesson_source,
    scenario_source,
    topic_source,
)
from lessons.quizzes import PRACTICE_TOPICS
from lessons.scenario_questions import ASKS, ask_problem
from tutorial_app.limits.link_numbers import parse_seed
from tutorial_app.limits.numbers import BoundError
from tutorial_app.limits.question_sets import LINKS_TEXT_MAX, MAX_SET_QUESTIONS
from tutorial_app.shell.hand_links import LinkError, decode_hand

__all__ = ["sources_from_links", "scenario_from_link"]

NOT_A_LINK = "not a question link (a link from /build, /question, a lesson quiz or Practise)."


def scenario_from_link(line: str) -> QuestionSource:
    """The question a /build, /teach or /question link asks; raises ValueError (a
    LinkError or SourceError) with a sentence."""
    query = parse_qs(urlsplit(line).query if "?" in line else line)
    hand, ask = query.get("hand", [""])[0], query.get("ask", [""])[0]
    if not hand:
        raise SourceError("the link holds no hand (make one on the Build a scenario page)")
    record = decode_hand(hand)
    if not ask:  # the first question that fits the table
        ask = next((name for name in ASKS if ask_problem(name, record) is None), "legal")
    return scenario_source(ask, record)


def _lesson_quiz(page: str, query: dict[str, list[str]]) -> list[QuestionSource]:
    lesson = next((item for item in load_all() if item.id == page), None)
    if lesson is None or query.get("part", [""])[0] != "quiz":
        raise SourceError(NOT_A_LINK)
    seed = parse_seed(query.get("seed", ["1"])[0])
    return [lesson_source(lesson.id, seed, index) for index in range(lesson.quiz_length)]


def _practise(query: dict[str, list[str]]) -> list[QuestionSource]:
    topics = [name for name in query.get("topics", [""])[0].split(",") if name]
    if len(topics) != 1 or topics[0] not in PRACTICE_TOPICS:
        raise SourceError(
            "a Practise link for a set names one topic (topics=play, or tricks, points, ...)"
        )
    seed = parse_seed(query.get("seed", ["1"])[0])
    rules = query.get("rules", ["bga"])[0]
    return [topic_source(topics[0], seed, index, rules) for index in range(TOPIC_SET_LENGTH)]


def _sources_of(line: str) -> list[QuestionSource]:
    parts = urlsplit(line if "://" in line or line.startswith("/") else "/" + line)
    page = parts.path.rstrip("/").rsplit("/", 1)[-1]
    query = parse_qs(parts.query)
    if "hand" in query:
        return [scenario_from_link(parts.query)]
    if page == "practise":
        return _practise(query)
    return _lesson_quiz(page, query)


def sources_from_links(text: str) -> tuple[list[QuestionSource], list[str]]:
    """The questions of the links in ``text`` (one a line, at most MAX_SET_QUESTIONS
    questions in all) and a sentence for each line that could not be used."""
    sources: list[QuestionSource] = []
    problems: list[str] = []
    if len(text) > LINKS_TEXT_MAX:
        problems.append(f"Only the first {LINKS_TEXT_MAX:,} characters are read.")
    lines = [(n, line.strip()) for n, line in enumerate(text[:LINKS_TEXT_MAX].splitlines(), 1)]
    for number, line in lines:
        if not line:
            continue
        if len(sources) >= MAX_SET_QUESTIONS:
            problems.append(
                f"A set holds at most {MAX_SET_QUESTIONS} questions: the rest is left out."
            )
            break
        try:
            found = _sources_of(line)
        except (LinkError, SourceError, BoundError) as error:
            problems.append(f"Line {number}: {str(error).rstrip('.')}.")
            continue
        sources += found[: MAX_SET_QUESTIONS - len(sources)]
    return sources, problems
