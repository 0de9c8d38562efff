"""The values the store hands back and takes in, checked before they reach the database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import CursorResult

from lessons.quiz import Kind
from tutorial_app.store.tables import HAND_KINDS

ITEM_KINDS = tuple(kind.value for kind in Kind)  # single, multi, order, points, yesno
# An answer is the chosen option keys joined by ",": the longest any quiz gives is under
# 20 characters, so 200 holds every real one and bounds what a file or a form can store.
ANSWER_LIMIT = 200
# (column, longest text): the database's column widths, checked here with a message.
_TEXT_LIMITS = {"lesson": 80, "item_kind": 20, "generator": 80, "step": 80, "answer": ANSWER_LIMIT}
SEED_MOST = 2**63 - 1  # the column; every seed the app makes is below 2**32
TIME_TAKEN_MOST_MS = 2**31 - 1  # the column (24 days)


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive datetime (as SQLite gives back) is taken to be UTC."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def now() -> datetime:
    return datetime.now(UTC)


def inserted_id(result: CursorResult[Any]) -> int:
    """The id the database gave the one row an ``insert`` just added."""
    key = result.inserted_primary_key
    assert key is not None  # a single-row insert always has its key
    return int(key[0])


def checked_text(name: str, value: object) -> str:
    """``value`` if it is a non-empty text that fits its column; raises ValueError."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty text, not {value!r}")
    if len(value) > _TEXT_LIMITS[name]:
        raise ValueError(f"{name} {value[:20]!r}... is longer than {_TEXT_LIMITS[name]} characters")
    return value


def checked_answer(
    *,
    lesson: str,
    item_kind: str,
    generator: str,
    answer: str,
    correct: bool,
    seed: int | None = None,
    time_taken_ms: int | None = None,
    answered_at: datetime | None = None,
) -> dict[str, Any]:
    """One answer's column values, checked; raises ValueError naming the bad field."""
    if item_kind not in ITEM_KINDS:
        raise ValueError(f"item_kind {item_kind!r} is not one of {', '.join(ITEM_KINDS)}")
    if not isinstance(answer, str):
        raise ValueError(f"answer must be a text, not {answer!r}")
    if len(answer) > ANSWER_LIMIT:
        raise ValueError(f"answer {answer[:20]!r}... is longer than {ANSWER_LIMIT} characters")
    if not isinstance(correct, bool):
        raise ValueError(f"correct must be True or False, not {correct!r}")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MOST
    ):
        raise ValueError(f"seed must be a whole number from 0, not {seed!r}")
    if time_taken_ms is not None and (
        not isinstance(time_taken_ms, int)
        or isinstance(time_taken_ms, bool)
        or not 0 <= time_taken_ms <= TIME_TAKEN_MOST_MS
    ):
        raise ValueError(
            f"time_taken_ms must be a whole number of milliseconds from 0, not {time_taken_ms!r}"
        )
    return {
        "lesson": checked_text("lesson", lesson),
        "item_kind": item_kind,
        "generator": checked_text("generator", generator),
        "seed": seed,
        "answer": answer,
        "correct": correct,
        "time_taken_ms": time_taken_ms,
        "answered_at": utc(answered_at) if answered_at else now(),
    }


def checked_hand_kind(kind: str) -> str:
    if kind not in HAND_KINDS:
        raise ValueError(f"a hand's kind is 'play' or 'guided', not {kind!r}")
    return kind


@dataclass(frozen=True)
class QuizPosition:
    """Where a learner was in a lesson's quiz: its seed and the page's own run state."""

    seed: int
    state: dict[str, Any]


@dataclass(frozen=True)
class PlayedHand:
    kind: str  # "play" or "guided"
    code: str  # the hand's or game's link code
    result: dict[str, Any]  # the summary the page recorded
    finished_at: datetime


@dataclass(frozen=True)
class ImportReport:
    """What an import did: rows added, rows already there, and rows refused with why;
    ``refused`` says why a whole file was refused (nothing imported)."""

    imported: int
    bad_rows: list[tuple[int, str]]  # (line number in the file, reason)
    already_there: int = 0
    refused: str | None = None
