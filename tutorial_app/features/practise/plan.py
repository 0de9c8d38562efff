"""Practise's "For you" sets and the daily deal's score, from the learner's answers.

A For-you set asks the skills ``lessons.spaced.next_skills`` puts first (the weakest: a
skill just missed before a new one, a new one before one well known), each with a seed
of its own and one line saying why it was chosen. The daily deal's score counts, for
each of the day's items, whether the learner's first answer to it was right. No
Streamlit here.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
>>> history = [Attempt("legal_plays", False, now - timedelta(minutes=10))]
>>> first = for_you_set(history, now, seed=1)[0]
>>> first.skill, first.why
('legal_plays', 'You missed this kind 10 minutes ago')
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from lessons.quizzes import PRACTICE_TOPICS, SEED_LIMIT
from lessons.spaced import PRACTICE_SKILLS, Attempt, DealItem, SkillMemory, memories, next_skills
from tutorial_app.learner.answer_places import DAILY_LESSON, PRACTISE_LESSON
from tutorial_app.mistakes.puzzles import OWN_MISTAKE

SET_LENGTH = 10
MISTAKES_IN_A_SET = 3  # of a For-you set's ten, at most: the learner's own positions
MISTAKES_LABEL = f"{PRACTISE_LESSON}:mistakes"  # the store's lesson column for their answers

__all__ = [
    "MISTAKES_IN_A_SET",
    "MISTAKES_LABEL",
    "Attempt",
    "PlannedItem",
    "ago",
    "daily_label",
    "deal_score",
    "for_you_set",
    "items_from_values",
    "plan_values",
    "skill_topic",
    "topic_label",
    "why_words",
]


@dataclass(frozen=True, slots=True)
class PlannedItem:
    """One question of a For-you set: ``GENERATORS[skill]`` with ``random.Random(seed)``,
    or (``skill`` OWN_MISTAKE) the learner's own kept position number ``seed``."""

    skill: str
    seed: int
    why: str


def ago(delta: timedelta) -> str:
    """How long ago, in words a learner reads at a glance.

    >>> ago(timedelta(seconds=20)), ago(timedelta(minutes=1)), ago(timedelta(hours=5))
    ('just now', '1 minute ago', '5 hours ago')
    >>> ago(timedelta(days=1, hours=3)), ago(timedelta(days=12))
    ('yesterday', '12 days ago')
    """
    seconds = max(delta.total_seconds(), 0)
    for size, name in ((86400, "day"), (3600, "hour"), (60, "minute")):
        count = int(seconds // size)
        if count:
            if name == "day" and count == 1:
                return "yesterday"
            return f"{count} {name}{'s' if count != 1 else ''} ago"
    return "just now"


def why_words(memory: SkillMemory | None, now: datetime) -> str:
    """The one line under a For-you question saying why it was chosen."""
    if memory is None:
        return "New for you"
    when = ago(now - memory.last_at)
    if not memory.last_correct:
        return f"You missed this kind {when}"
    return f"Due for review: right {when}"


def for_you_set(
    history: Iterable[Attempt],
    now: datetime,
    seed: int,
    length: int = SET_LENGTH,
    skills: Sequence[str] = PRACTICE_SKILLS,
    mistakes: Sequence[tuple[int, str]] = (),
) -> tuple[PlannedItem, ...]:
    """The next For-you set: the learner's own due positions first (``mistakes``: their
    numbers, most due first, each with why; at most MISTAKES_IN_A_SET), then the weakest
    skills, each with a seed from ``seed``."""
    history = list(history)
    known = memories(history)
    rng = random.Random(seed)
    own = [PlannedItem(OWN_MISTAKE, number, why) for number, why in mistakes[:MISTAKES_IN_A_SET]]
    return tuple(own) + tuple(
        PlannedItem(skill, rng.randrange(SEED_LIMIT), why_words(known.get(skill), now))
        for skill in next_skills(history, now, length - len(own), skills)
    )


WHY_FORM = re.compile(r"[A-Za-z0-9 :]{1,60}")  # every line ``why_words`` writes


def plan_values(items: Iterable[PlannedItem]) -> list[list]:
    """A For-you set as the store keeps it (JSON): [[skill, seed, why], ...]."""
    return [[item.skill, item.seed, item.why] for item in items]


def items_from_values(values: object) -> tuple[PlannedItem, ...] | None:
    """The set ``plan_values`` kept, every value checked (a known skill, a seed in range,
    a short line of the form ``why_words`` writes); None if anything does not fit.

    >>> items = (PlannedItem("makers", 7, "New for you"),)
    >>> items_from_values(plan_values(items)) == items
    True
    >>> items_from_values([["makers", 7, "<b>hi</b>"]]) is None
    True
    """
    if not isinstance(values, list) or not 0 < len(values) <= SET_LENGTH:
        return None
    items = []
    for value in values:
        if not (isinstance(value, list) and len(value) == 3):
            return None
        skill, seed, why = value
        if (
            skill not in (*PRACTICE_SKILLS, OWN_MISTAKE)
            or not isinstance(seed, int)
            or isinstance(seed, bool)
            or not 0 <= seed < SEED_LIMIT
            or not isinstance(why, str)
            or not WHY_FORM.fullmatch(why)
        ):
            return None
        items.append(PlannedItem(skill, seed, why))
    return tuple(items)


def skill_topic(skill: str) -> str:
    """The Practise topic a skill belongs to (its first, if several)."""
    return next(
        (topic for topic, (_words, names) in PRACTICE_TOPICS.items() if skill in names), "other"
    )


def topic_label(skill: str) -> str:
    """The store's lesson column for a Practise answer: 'practise:tricks' (an own
    mistake's: 'practise:mistakes')."""
    if skill == OWN_MISTAKE:
        return MISTAKES_LABEL
    return f"{PRACTISE_LESSON}:{skill_topic(skill)}"


def daily_label(day: date) -> str:
    """The store's lesson column for the daily deal's answers: 'daily:2026-11-30'."""
    return f"{DAILY_LESSON}:{day.isoformat()}"


def deal_score(rows: Iterable[dict], day: date, items: Sequence[DealItem]) -> tuple[int, int]:
    """(items answered, items whose first answer was right) of ``day``'s deal, from the
    learner's answer rows (oldest first, as ``Store.answer_rows`` gives them)."""
    label = daily_label(day)
    first: dict[tuple[str, int], bool] = {}
    for row in rows:
        if row["lesson"] == label:
            first.setdefault((row["generator"], row["seed"]), bool(row["correct"]))
    wanted = [(item.skill, item.seed) for item in items]
    answered = [first[key] for key in wanted if key in first]
    return len(answered), sum(answered)
