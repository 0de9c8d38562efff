"""Each learner's decisions at a class table, graded (issue 23), on SQLite and
PostgreSQL: a hand's review is kept once per seat; the learner's seat reads its own,
the teacher the class's (with the key only); bounds are checked on the way in and a
row that no longer fits is left out on the way out."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from analysis import GRADES
from engine import Seat
from tutorial_app.store import (
    REVIEW_GRADES,
    ClassError,
    ClassRuns,
    ClassTables,
    ReviewedDecision,
    TableReviews,
    new_learner_token,
    open_store,
)
from tutorial_app.store.tables import class_table_reviews

GOOD = ReviewedDecision(2, "Order up", "Order up", "best", 0.0, "Two bowers: order it up.")
BAD = ReviewedDecision(9, "Play 9♣", "Play A♠", "blunder", 1.4, "Cash the ace first.")


@pytest.fixture
def class_at_a_table(store_url):
    store = open_store(store_url)
    classes, tables = ClassRuns(store), ClassTables(store)
    code, key = classes.start_class()
    for name in ("Ann", "Ben"):
        classes.join(code, name, new_learner_token())
    (table,) = tables.make_tables(code, key, [[1, None, 2, None]], "bga", True, "beginner")
    return TableReviews(store), table, code, key


def test_the_grades_are_the_reviews_grades():
    assert tuple(GRADES) == REVIEW_GRADES


def test_a_hand_is_kept_once_per_seat_and_read_by_seat_and_by_the_teacher(class_at_a_table):
    reviews, table, code, key = class_at_a_table
    assert reviews.keep(table, 0, Seat.N, [GOOD, BAD])
    assert not reviews.keep(table, 0, Seat.N, [BAD])  # graded once: the second is ignored
    assert reviews.keep(table, 0, Seat.S, [])  # a bot played every decision for Ben
    assert reviews.keep(table, 1, Seat.N, [BAD])
    mine = reviews.of_table(table, Seat.N)
    assert [(r.hand, r.decisions) for r in mine] == [(0, (GOOD, BAD)), (1, (BAD,))]
    every = reviews.of_class(code, key)
    assert [(r.table, r.hand, r.seat, r.name) for r in every] == [
        (1, 0, Seat.N, "Ann"),
        (1, 0, Seat.S, "Ben"),
        (1, 1, Seat.N, "Ann"),
    ]
    with pytest.raises(ClassError):
        reviews.of_class(code, "not the key")


@pytest.mark.parametrize(
    "bad, words",
    [
        (ReviewedDecision(-1, "Pass", "Pass", "best", 0.0, ""), "step"),
        (ReviewedDecision(1, "", "Pass", "best", 0.0, ""), "label"),
        (ReviewedDecision(1, "Pass", "x" * 41, "best", 0.0, ""), "label"),
        (ReviewedDecision(1, "Pass", "Pass", "awful", 0.0, ""), "grade"),
        (ReviewedDecision(1, "Pass", "Pass", "best", float("nan"), ""), "cost"),
        (ReviewedDecision(1, "Pass", "Pass", "best", 11.0, ""), "cost"),
        (ReviewedDecision(1, "Pass", "Pass", "best", 0.0, "w" * 601), "reason"),
    ],
)
def test_a_decision_out_of_bounds_is_refused_and_nothing_is_kept(class_at_a_table, bad, words):
    reviews, table, _code, _key = class_at_a_table
    with pytest.raises(ValueError, match=words):
        reviews.keep(table, 0, Seat.N, [GOOD, bad])
    assert reviews.of_table(table) == []


def test_too_many_decisions_for_a_hand_are_refused(class_at_a_table):
    reviews, table, _code, _key = class_at_a_table
    with pytest.raises(ValueError, match="at most 16"):
        reviews.keep(table, 0, Seat.N, [GOOD] * 17)


def test_a_damaged_row_is_left_out_when_read(class_at_a_table):
    reviews, table, code, key = class_at_a_table
    reviews.keep(table, 0, Seat.N, [GOOD])
    reviews.keep(table, 0, Seat.S, [BAD])
    with reviews.store.writing() as connection:
        connection.execute(
            update(class_table_reviews)
            .where(class_table_reviews.c.seat == "S")
            .values(decisions=[{**BAD.to_json(), "grade": "superb"}])
        )
    assert [r.seat for r in reviews.of_class(code, key)] == [Seat.N]
