"""A learner's own mistakes, kept to come back as puzzles (issue 22).

A mistake is a decision the review graded a mistake or a blunder in one of the learner's
Play hands, or a wrong try in a guided hand: the hand (its link code, so it opens in
Teach at that move), the decision's place in it, what was chosen, the best choice and
why, and the seed of the evaluation (a guided hand's: its id and decision), so the
puzzle is judged exactly as the review (or the guided hand) judged it. Each position climbs the
ladder of ``lessons.mistake_schedule`` (box, due, retired). No Streamlit here.

Bounds, checked on the way in and again on the way out (a row that no longer fits is
left out of what is read): a game name of at most ``GAME_MAX`` characters, a hand code
of at most ``HAND_CODE_MAX``, a reason of at most ``WHY_MAX``, a step below
``STEP_LIMIT``, actions of at most 24 characters, a cost from 0 to ``COST_MOST``; at
most ``KEPT_MOST`` positions per learner (a new one past it pushes out the oldest
retired one, else the oldest).

>>> from datetime import datetime, timezone
>>> from tutorial_app.store import new_learner_token, open_store
>>> kept = OwnMistakes(open_store("sqlite://"))
>>> ann = new_learner_token()
>>> made = datetime(2026, 12, 2, 9, tzinfo=timezone.utc)
>>> position = NewMistake("play", "bga.expert.1", "v1.abc", 7, "S", "play", "play AS",
...                       "play 9S", "blunder", 1.2, "Keep the ace.", "advice-1-1-7", made)
>>> kept.record(ann, [position, position])  # the same decision is kept once
1
>>> [(m.position.chosen, m.box, m.is_due(made)) for m in kept.mine(ann)]
[('play AS', 0, True)]
>>> kept.answer(ann, kept.mine(ann)[0].id, True, made).box
1
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, delete, func, select, update

from lessons.mistake_schedule import MistakeMemory
from tutorial_app.store.records import now, utc
from tutorial_app.store.store import Store
from tutorial_app.store.tables import MISTAKE_SOURCES, learners, mistakes

__all__ = [
    "COST_MOST",
    "GRADES_KEPT",
    "HAND_CODE_MAX",
    "KEPT_MOST",
    "KeptMistake",
    "MistakeError",
    "NewMistake",
    "OwnMistakes",
]

GAME_MAX = 80  # the game's name: "bga.expert.123456"
HAND_CODE_MAX = 2000  # a hand's link code (shell.hand_links.MAX_CODE): a whole hand ~230
WHY_MAX = 600  # the review's reason
ACTION_MAX = 24  # "play AS", "call H", "with_partner"
STEP_LIMIT = 64  # a hand has at most 4 bids, a discard, 2 alone questions and 20 cards
COST_MOST = 10.0  # expected points: a hand swings at most 4 (+4 to a lone maker)
ADVICE_MAX = 80
KEPT_MOST = 500  # positions per learner
GRADES_KEPT = ("mistake", "blunder", "wrong try")  # "wrong try": in a guided hand
PHASES = ("bid1", "bid2", "name_trump", "alone", "defend_alone", "discard", "play")


class MistakeError(ValueError):
    """A position that does not fit a bound: the message names the field and the bound."""


@dataclass(frozen=True, slots=True)
class NewMistake:
    """A position to keep: the decision ``step`` of the hand ``hand`` (a link code)."""

    source: str
    game: str  # the game it came from (Play: "preset.level.seed"): mistakes per game
    hand: str
    step: int
    seat: str
    phase: str
    chosen: str
    best: str
    grade: str
    cost: float
    why: str
    advice: str
    made_at: datetime


@dataclass(frozen=True, slots=True)
class KeptMistake:
    """A kept position as read back, with its place on the ladder."""

    id: int
    position: NewMistake
    memory: MistakeMemory

    def is_due(self, at: datetime) -> bool:
        return self.memory.is_due(at)

    @property
    def box(self) -> int:
        return self.memory.box

    @property
    def retired(self) -> bool:
        return self.memory.retired


def checked(position: NewMistake) -> NewMistake:
    """``position`` if every field is within its bound; raises MistakeError."""

    def fail(words: str) -> MistakeError:
        return MistakeError(f"a kept mistake's {words}")

    if position.source not in MISTAKE_SOURCES:
        raise fail(f"source is one of {', '.join(MISTAKE_SOURCES)}, not {position.source!r:.20}")
    if not isinstance(position.game, str) or not 0 < len(position.game) <= GAME_MAX:
        raise fail(f"game is a text of 1 to {GAME_MAX} characters")
    if not isinstance(position.hand, str) or not 0 < len(position.hand) <= HAND_CODE_MAX:
        raise fail(f"hand is a link code of 1 to {HAND_CODE_MAX} characters")
    step = position.step
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < STEP_LIMIT:
        raise fail(f"step is a whole number from 0 to {STEP_LIMIT - 1}, not {step!r:.20}")
    if position.seat not in ("N", "E", "S", "W"):
        raise fail(f"seat is N, E, S or W, not {position.seat!r:.10}")
    if position.phase not in PHASES:
        raise fail(f"kind of decision is one of {', '.join(PHASES)}, not {position.phase!r:.20}")
    for name in ("chosen", "best"):
        value = getattr(position, name)
        if not isinstance(value, str) or not 0 < len(value) <= ACTION_MAX:
            raise fail(f"{name} is an action of 1 to {ACTION_MAX} characters")
    if position.grade not in GRADES_KEPT:
        raise fail(f"grade is one of {', '.join(GRADES_KEPT)}, not {position.grade!r:.20}")
    cost = position.cost
    if not isinstance(cost, int | float) or not math.isfinite(cost) or not 0 <= cost <= COST_MOST:
        raise fail(f"cost is from 0 to {COST_MOST} points, not {cost!r:.20}")
    if not isinstance(position.why, str) or len(position.why) > WHY_MAX:
        raise fail(f"reason has at most {WHY_MAX} characters")
    if not isinstance(position.advice, str) or not 0 < len(position.advice) <= ADVICE_MAX:
        raise fail(f"evaluation seed is a text of 1 to {ADVICE_MAX} characters")
    if not isinstance(position.made_at, datetime) or position.made_at.tzinfo is None:
        raise fail("time is a moment with its time zone")
    return position


def kept_from_row(row: Row[Any]) -> KeptMistake | None:
    """A row read back, or None if it no longer fits its bounds."""
    try:
        position = checked(
            NewMistake(
                row.source,
                row.game,
                row.hand,
                row.step,
                row.seat,
                row.phase,
                row.chosen,
                row.best,
                row.grade,
                row.cost,
                row.why,
                row.advice,
                utc(row.made_at),
            )
        )
    except MistakeError:
        return None
    memory = MistakeMemory(
        row.box,
        utc(row.due_at),
        position.made_at,
        row.rights,
        row.wrongs,
        utc(row.answered_at) if row.answered_at else None,
        utc(row.retired_at) if row.retired_at else None,
    )
    return KeptMistake(row.id, position, memory)


def _count(connection: Connection, learner: int) -> int:
    found = select(func.count()).select_from(mistakes).where(mistakes.c.learner_id == learner)
    return int(connection.scalar(found) or 0)


class OwnMistakes:
    """The learners' own mistakes in one progress store; every verb takes the token."""

    def __init__(self, store: Store):
        self.store = store

    def record(self, token: str, positions: Iterable[NewMistake]) -> int:
        """Keep ``positions`` (each checked; raises MistakeError for one out of bounds),
        due at once; a decision kept already is not kept twice. How many were new."""
        new = [(position, MistakeMemory.new(position.made_at)) for position in positions]
        return self.keep_with_ladder(token, new)[0] if new else 0

    def keep_with_ladder(
        self, token: str, rows: Iterable[tuple[NewMistake, MistakeMemory]]
    ) -> tuple[int, int]:
        """Keep positions read back from a file with their places on the ladder (each
        position checked again); one the learner has already stays as it is. Returns
        (added, already there)."""
        wanted = [(checked(position), memory) for position, memory in rows]
        with self.store.writing() as connection:
            learner = self.store.ensured_learner_id(connection, token)
            added = self._keep(connection, learner, wanted)
        return added, len(wanted) - added

    def record_for_learner(self, learner: int, positions: Iterable[NewMistake]) -> int:
        """``record`` for a learner known by number (a class table's seat holds members,
        not tokens); a learner no longer there keeps nothing. How many were new."""
        wanted = [(checked(p), MistakeMemory.new(p.made_at)) for p in positions]
        with self.store.writing() as connection:
            if connection.scalar(select(learners.c.id).where(learners.c.id == learner)) is None:
                return 0
            return self._keep(connection, learner, wanted)

    def _keep(
        self, connection: Connection, learner: int, wanted: list[tuple[NewMistake, MistakeMemory]]
    ) -> int:
        added = 0
        for position, memory in wanted:
            before = _count(connection, learner)
            self.store.insert_ignoring_duplicates(
                connection,
                mistakes,
                {
                    "learner_id": learner,
                    **{name: getattr(position, name) for name in NewMistake.__dataclass_fields__},
                    "made_at": utc(position.made_at),
                    "box": memory.box,
                    "due_at": utc(memory.due_at),
                    "rights": memory.rights,
                    "wrongs": memory.wrongs,
                    "answered_at": memory.answered_at,
                    "retired_at": memory.retired_at,
                },
                keys=("learner_id", "hand", "step"),
            )
            after = _count(connection, learner)
            added += after - before
            if after > KEPT_MOST:
                self._make_room(connection, learner, after - KEPT_MOST)
        return added

    @staticmethod
    def _make_room(connection: Connection, learner: int, extra: int) -> None:
        """Drop ``extra`` positions: the oldest retired ones first, then the oldest."""
        oldest = (
            select(mistakes.c.id)
            .where(mistakes.c.learner_id == learner)
            .order_by(mistakes.c.retired_at.is_(None), mistakes.c.made_at, mistakes.c.id)
            .limit(extra)
        )
        ids = list(connection.scalars(oldest))
        connection.execute(delete(mistakes).where(mistakes.c.id.in_(ids)))

    def mine(self, token: str) -> list[KeptMistake]:
        """The learner's kept positions, newest mistake first."""
        with self.store.reading() as connection:
            learner = self.store.find_learner_id(connection, token)
            rows = connection.execute(
                select(mistakes)
                .where(mistakes.c.learner_id == learner)
                .order_by(mistakes.c.made_at.desc(), mistakes.c.id.desc())
                .limit(KEPT_MOST)
            ).all()
        return [kept for row in rows if (kept := kept_from_row(row)) is not None]

    def answer(
        self, token: str, mistake_id: int, correct: bool, at: datetime | None = None
    ) -> KeptMistake:
        """Move position ``mistake_id`` on the ladder after an answer; raises
        MistakeError if it is not one of this learner's."""
        moment = utc(at) if at else now()
        with self.store.writing() as connection:
            learner = self.store.find_learner_id(connection, token)
            row = connection.execute(
                select(mistakes).where(
                    mistakes.c.id == mistake_id, mistakes.c.learner_id == learner
                )
            ).first()
            kept = None if row is None else kept_from_row(row)
            if kept is None:
                raise MistakeError(f"position {mistake_id!r:.20} is not one of this learner's")
            memory = kept.memory.answered(bool(correct), moment)
            connection.execute(
                update(mistakes)
                .where(mistakes.c.id == kept.id)
                .values(
                    box=memory.box,
                    due_at=memory.due_at,
                    rights=memory.rights,
                    wrongs=memory.wrongs,
                    answered_at=memory.answered_at,
                    retired_at=memory.retired_at,
                )
            )
        return KeptMistake(kept.id, kept.position, memory)

    def forget_all(self, token: str) -> None:
        with self.store.writing() as connection:
            learner = self.store.find_learner_id(connection, token)
            connection.execute(delete(mistakes).where(mistakes.c.learner_id == learner))
