"""Each seated learner's decisions at a class table, graded as Play's review grades them
(issue 23): kept once per finished hand by the worker pool's job, read by the learner's
seat (their own) and by the teacher (the class's). No Streamlit here.

Bounds, checked on the way in and again on the way out (a row that no longer fits is
left out of what is read): at most ``DECISIONS_MOST`` decisions a hand, a step below
``STEP_LIMIT``, labels of 1 to ``LABEL_MAX`` characters, a grade of ``REVIEW_GRADES``, a
cost from 0 to ``COST_MOST`` points, a reason of at most ``WHY_MAX`` characters; at most
``REVIEWS_READ`` rows read for a class.

>>> from tutorial_app.store import ClassTables, new_learner_token, open_store
>>> store = open_store("sqlite://")
>>> tables, reviews = ClassTables(store), TableReviews(store)
>>> code, key = tables.start_class()
>>> _ = tables.join(code, "Ann", new_learner_token())
>>> [table] = tables.make_tables(code, key, [[1, None, None, None]], "bga", True, "beginner")
>>> good = ReviewedDecision(3, "Play J♠", "Play J♠", "best", 0.0, "Lead trump.")
>>> reviews.keep(table, 0, Seat.N, [good]), reviews.keep(table, 0, Seat.N, [good])
(True, False)
>>> [(r.name, r.hand, r.decisions[0].chosen) for r in reviews.of_class(code, key)]
[('Ann', 0, 'Play J♠')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, insert, select

from engine import Seat
from tutorial_app.store.classes import LiveClasses, shown_name
from tutorial_app.store.records import now
from tutorial_app.store.tables import (
    class_members,
    class_table_reviews,
    class_table_seats,
    class_tables,
)

__all__ = [
    "DECISIONS_MOST",
    "REVIEW_GRADES",
    "REVIEW_WHY_MAX",
    "ReviewedDecision",
    "SeatReview",
    "TableReviews",
]

REVIEW_GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")  # analysis.GRADES
DECISIONS_MOST = 16  # a seat decides at most 2 bids, alone, a discard and 5 cards a hand
STEP_LIMIT = 64
LABEL_MAX = 40  # "Call ♥ hearts", "Play 10♦"
REVIEW_WHY_MAX = WHY_MAX = 600  # the review's reason, as a kept mistake's
COST_MOST = 10.0
REVIEWS_READ = 2000  # a class's rows read at once: 100 learners x 20 hands


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One decision as the review grades it: its step in the hand, what was chosen and
    the best choice (as labels), the grade, the points given up, and why."""

    step: int
    chosen: str
    best: str
    grade: str
    cost: float
    why: str

    def checked(self) -> ReviewedDecision:
        """This decision, or ValueError saying which bound it breaks."""
        if not isinstance(self.step, int) or not 0 <= self.step < STEP_LIMIT:
            raise ValueError(f"a step is from 0 to {STEP_LIMIT - 1}")
        for label in (self.chosen, self.best):
            if not isinstance(label, str) or not 0 < len(label) <= LABEL_MAX:
                raise ValueError(f"a choice is a label of 1 to {LABEL_MAX} characters")
        if self.grade not in REVIEW_GRADES:
            raise ValueError(f"a grade is one of {', '.join(REVIEW_GRADES)}")
        cost = self.cost
        if (
            not isinstance(cost, int | float)
            or not math.isfinite(cost)
            or not 0 <= cost <= COST_MOST
        ):
            raise ValueError(f"a cost is from 0 to {COST_MOST} points")
        if not isinstance(self.why, str) or len(self.why) > WHY_MAX:
            raise ValueError(f"a reason has at most {WHY_MAX} characters")
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "chosen": self.chosen,
            "best": self.best,
            "grade": self.grade,
            "cost": self.cost,
            "why": self.why,
        }

    @classmethod
    def from_json(cls, value: object) -> ReviewedDecision:
        if not isinstance(value, dict):
            raise ValueError("a decision is an object")
        try:
            return cls(
                value["step"],
                value["chosen"],
                value["best"],
                value["grade"],
                value["cost"],
                value["why"],
            ).checked()
        except KeyError as missing:
            raise ValueError(f"a decision has no {missing}") from None


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One learner's graded decisions in one hand at one table."""

    table: int  # the table's number in the class
    table_id: int
    hand: int  # 0, 1, ... in the table's game
    seat: Seat
    name: str  # the learner's name (empty once they left the class)
    decisions: tuple[ReviewedDecision, ...]


def _decisions(value: object) -> tuple[ReviewedDecision, ...] | None:
    """The stored decisions, or None when the row no longer fits its bounds."""
    if not isinstance(value, list) or len(value) > DECISIONS_MOST:
        return None
    try:
        return tuple(ReviewedDecision.from_json(one) for one in value)
    except ValueError:
        return None


class TableReviews(LiveClasses):
    """The graded decisions of the learners at the class tables in one progress store."""

    def keep(
        self, table_id: int, hand: int, seat: Seat, decisions: Sequence[ReviewedDecision]
    ) -> bool:
        """Keep ``seat``'s graded decisions in hand ``hand`` of the table; False if they
        were kept already (a hand is graded once). Raises ValueError for a decision out
        of its bounds."""
        if len(decisions) > DECISIONS_MOST:
            raise ValueError(f"a hand has at most {DECISIONS_MOST} decisions of one seat")
        if not isinstance(hand, int) or not 0 <= hand < STEP_LIMIT * 4:
            raise ValueError("a hand is a number from 0")
        rows = [decision.checked().to_json() for decision in decisions]
        with self.store.writing() as connection:
            kept = connection.execute(
                select(class_table_reviews.c.hand).where(
                    class_table_reviews.c.table_id == table_id,
                    class_table_reviews.c.hand == hand,
                    class_table_reviews.c.seat == seat.value,
                )
            ).first()
            if kept is not None:
                return False
            connection.execute(
                insert(class_table_reviews).values(
                    table_id=table_id, hand=hand, seat=seat.value, decisions=rows, made_at=now()
                )
            )
        return True

    def of_table(self, table_id: int, seat: Seat | None = None) -> list[SeatReview]:
        """The table's graded hands (of one seat, if given), by hand and seat."""
        query = self._query().where(class_table_reviews.c.table_id == table_id)
        if seat is not None:
            query = query.where(class_table_reviews.c.seat == seat.value)
        return self._read(query)

    def of_class(self, code: str, key: str) -> list[SeatReview]:
        """Every graded hand at the class's tables, by table, hand and seat (the
        teacher's; at most REVIEWS_READ). Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
        return self._read(self._query().where(class_tables.c.class_id == row.id))

    @staticmethod
    def _query() -> Select[*tuple[Any, ...]]:
        return (
            select(
                class_tables.c.number,
                class_table_reviews.c.table_id,
                class_table_reviews.c.hand,
                class_table_reviews.c.seat,
                class_table_reviews.c.decisions,
                class_members.c.display_name,
            )
            .select_from(
                class_table_reviews.join(
                    class_tables, class_tables.c.id == class_table_reviews.c.table_id
                )
                .join(
                    class_table_seats,
                    (class_table_seats.c.table_id == class_table_reviews.c.table_id)
                    & (class_table_seats.c.seat == class_table_reviews.c.seat),
                )
                .outerjoin(class_members, class_members.c.id == class_table_seats.c.member_id)
            )
            .order_by(class_tables.c.number, class_table_reviews.c.hand, class_table_reviews.c.seat)
            .limit(REVIEWS_READ)
        )

    def _read(self, query: Select[*tuple[Any, ...]]) -> list[SeatReview]:
        with self.store.reading() as connection:
            rows = connection.execute(query).all()
        found = []
        for row in rows:
            decisions = _decisions(row.decisions)
            if decisions is None or row.seat not in ("N", "E", "S", "W"):
                continue  # no longer fits its bounds: left out
            name = shown_name(row.display_name) if row.display_name else ""
            found.append(
                SeatReview(row.number, row.table_id, row.hand, Seat(row.seat), name, decisions)
            )
        return found
