"""Practice that adapts: which skills to ask next, the daily streak, the daily deal.

A *skill* is a question generator (``lessons.generators.GENERATORS``): "who won the
trick?", "which card may you play?". Practise topics are groups of them.

The model is half-life regression (Settles and Meeder, "A Trainable Spaced Repetition
Model for Language Learning", ACL 2016) with weights set by hand, not trained:

- The chance of answering a skill right decays as ``p = 2 ** (-days_since / half_life)``.
- ``log2(half_life in days) = BIAS + RIGHT_WEIGHT * rights - WRONG_WEIGHT * wrongs``
  over all the learner's answers on that skill, clamped to
  ``[MIN_HALF_LIFE_DAYS, MAX_HALF_LIFE_DAYS]``. One right answer: a day; five: 16 days;
  a miss costs two rights.
- A skill whose latest answer was wrong starts again, as SM-2 restarts an item after a
  lapse: from ``LAPSE_RECALL`` instead of 1 (it was just shown not to be known), with
  ``MIN_HALF_LIFE_DAYS`` (a quarter of an hour). A missed skill comes back first,
  within the same sitting.
- ``next_skills`` asks the skills with the lowest ``p`` first. A skill never tried
  counts as ``UNSEEN_RECALL``: below it, a half-forgotten skill comes before new ones;
  above it, new skills come before reviews. A mastered skill (many rights) has a
  half-life of weeks, so it fades back in slowly rather than never.

The daily deal is the same ten items for everyone on a date: its seed is the SHA-256
of the ISO date.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
>>> history = [Attempt("trick_winner", True, now), Attempt("legal_plays", False, now)]
>>> next_skills(history, now, 2, skills=("trick_winner", "legal_plays", "makers"))
['legal_plays', 'makers']
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo

from lessons.quizzes import PRACTICE_TOPICS, SEED_LIMIT, topic_generators

BIAS = -1.0
RIGHT_WEIGHT = 1.0
WRONG_WEIGHT = 2.0
MIN_HALF_LIFE_DAYS = 1 / 96  # 15 minutes
MAX_HALF_LIFE_DAYS = 90.0
UNSEEN_RECALL = 0.5
LAPSE_RECALL = 0.3  # below UNSEEN_RECALL: a miss comes back before new skills
DAILY_DEAL_SIZE = 10
# The Practise page's skills: what "For you" and the daily deal draw from.
PRACTICE_SKILLS: tuple[str, ...] = topic_generators(list(PRACTICE_TOPICS))


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer, as the scheduler reads it."""

    skill: str
    correct: bool
    at: datetime  # timezone-aware


@dataclass(frozen=True, slots=True)
class SkillMemory:
    """What the model believes about one skill."""

    rights: int
    wrongs: int
    last_at: datetime
    last_correct: bool

    @property
    def half_life_days(self) -> float:
        if not self.last_correct:
            return MIN_HALF_LIFE_DAYS
        exponent = BIAS + RIGHT_WEIGHT * self.rights - WRONG_WEIGHT * self.wrongs
        half_life: float = 2.0**exponent
        return min(max(half_life, MIN_HALF_LIFE_DAYS), MAX_HALF_LIFE_DAYS)

    def recall(self, now: datetime) -> float:
        """The modelled chance of a right answer at ``now``."""
        days = max((now - self.last_at).total_seconds(), 0.0) / 86400
        start = 1.0 if self.last_correct else LAPSE_RECALL
        decay: float = 2.0 ** (-days / self.half_life_days)
        return start * decay


def memories(history: Iterable[Attempt]) -> dict[str, SkillMemory]:
    """Each skill's counts and latest answer, from attempts in any order."""
    result: dict[str, SkillMemory] = {}
    for attempt in sorted(history, key=lambda a: a.at):
        old = result.get(attempt.skill)
        rights = (old.rights if old else 0) + attempt.correct
        wrongs = (old.wrongs if old else 0) + (not attempt.correct)
        result[attempt.skill] = SkillMemory(rights, wrongs, attempt.at, attempt.correct)
    return result


def skill_recall(
    history: Iterable[Attempt], now: datetime, skills: Sequence[str] = PRACTICE_SKILLS
) -> dict[str, float | None]:
    """The modelled chance of a right answer per skill now; None for a skill never tried."""
    known = memories(history)
    return {skill: known[skill].recall(now) if skill in known else None for skill in skills}


def next_skills(
    history: Iterable[Attempt], now: datetime, k: int, skills: Sequence[str] = PRACTICE_SKILLS
) -> list[str]:
    """The ``k`` skills to ask next, weakest first; past the last skill the list starts
    again from the weakest. Ties keep the order of ``skills``."""
    if not skills or k <= 0:
        return []
    recall = skill_recall(history, now, skills)
    order = sorted(
        range(len(skills)),
        key=lambda i: (UNSEEN_RECALL if recall[skills[i]] is None else recall[skills[i]], i),
    )
    return [skills[order[i % len(order)]] for i in range(k)]


def practice_days(history: Iterable[Attempt], zone: tzinfo = UTC) -> dict[date, int]:
    """How many answers on each day (in ``zone``), for the streak calendar."""
    days: dict[date, int] = {}
    for attempt in history:
        day = attempt.at.astimezone(zone).date()
        days[day] = days.get(day, 0) + 1
    return days


def daily_streak(days: Iterable[date], today: date) -> int:
    """Days in a row with practice, up to today; a streak stays alive until the end of
    the day after its last day (no practice yet today does not break it).

    >>> d = date(2026, 11, 30)
    >>> daily_streak([d, d - timedelta(1), d - timedelta(2), d - timedelta(4)], d)
    3
    >>> daily_streak([d - timedelta(1)], d), daily_streak([d - timedelta(2)], d)
    (1, 0)
    """
    practised = set(days)
    day = today if today in practised else today - timedelta(days=1)
    streak = 0
    while day in practised:
        streak += 1
        day -= timedelta(days=1)
    return streak


@dataclass(frozen=True, slots=True)
class DealItem:
    """One question of the daily deal: ``GENERATORS[skill](random.Random(seed), ...)``."""

    skill: str
    seed: int


def daily_deal_seed(day: date) -> int:
    """The deal's seed: from the SHA-256 of the ISO date, the same on every machine."""
    digest = hashlib.sha256(day.isoformat().encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def daily_deal(
    day: date, skills: Sequence[str] = PRACTICE_SKILLS, size: int = DAILY_DEAL_SIZE
) -> list[DealItem]:
    """The same ``size`` items for everyone on ``day``: every skill once before any twice."""
    rng = random.Random(daily_deal_seed(day))
    picked: list[str] = []
    while len(picked) < size:
        picked += rng.sample(list(skills), min(len(skills), size - len(picked)))
    return [DealItem(skill, rng.randrange(SEED_LIMIT)) for skill in picked]
