"""What the progress page shows, counted by the database: stars per lesson, answers per
skill per quarter hour, a page of the newest answers. Every query here returns a number of
rows bounded by lessons, skills and time, never by how many answers a learner has.

Quiz lengths are held to the lesson's own (``lessons.progress.quiz_length_limit``) as they
are read: a run stored before that bound (or by hand) is counted as the lesson's quiz,
with a warning in the server's log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Connection,
    Integer,
    Subquery,
    and_,
    case,
    cast,
    func,
    literal,
    select,
)

from lessons.progress import (
    FEWEST_STARS,
    MASTERY_RUN,
    STAR_LIMITS,
    LessonProgress,
    quiz_length_limit,
    quiz_length_limits,
)
from tutorial_app.store.records import ANSWER_LIMIT, utc
from tutorial_app.store.tables import answers, quiz_runs

LOG = logging.getLogger(__name__)
BUCKET_SECONDS = 15 * 60  # every time zone's offset is a whole number of quarter hours
MOST_WARNINGS = 5  # over-long runs named in the log per read


def _bounded_length(lesson: ColumnElement[str], length: ColumnElement[int]) -> ColumnElement[int]:
    """SQL: a run's length held to its lesson's quiz length, and to at least 1."""
    lengths, longest = quiz_length_limits()
    limit = case(lengths, value=lesson, else_=longest)
    return case((length > limit, limit), (length < 1, 1), else_=length)


def _warn_about_long_runs(connection: Connection, learner: int | None) -> None:
    """Name in the log the learner's runs longer than their lesson's quiz (stored before
    the bound, or by hand): they are counted as the lesson's quiz."""
    bounded = _bounded_length(quiz_runs.c.lesson, quiz_runs.c.length)
    for row in connection.execute(
        select(quiz_runs.c.id, quiz_runs.c.lesson, quiz_runs.c.length)
        .where(quiz_runs.c.learner_id == learner, quiz_runs.c.length != bounded)
        .limit(MOST_WARNINGS)
    ):
        LOG.warning(
            "quiz run %s of lesson %r has %s questions, outside its lesson's bound: counted as %s",
            row.id,
            row.lesson,
            row.length,
            quiz_length_limit(row.lesson),
        )


def _run_counts(learner: int | None) -> Subquery:
    """SQL, one row per run of the learner: lesson, length (bounded), rights, misses and
    best streak, counting only the answers before the run was finished."""
    right = case((answers.c.correct, 1), else_=0)
    order = (answers.c.answered_at, answers.c.id)

    def before(value: ColumnElement[int]) -> ColumnElement[int]:
        return func.coalesce(
            func.sum(value).over(
                partition_by=answers.c.quiz_run_id, order_by=order, rows=(None, -1)
            ),
            0,
        )

    numbered = (
        select(
            answers.c.quiz_run_id.label("run"),
            right.label("right"),
            before(right).label("rights_before"),
            before(1 - right).label("wrongs_before"),
        )
        .where(answers.c.learner_id == learner, answers.c.quiz_run_id.is_not(None))
        .subquery()
    )
    runs = (
        select(
            quiz_runs.c.id,
            quiz_runs.c.lesson,
            _bounded_length(quiz_runs.c.lesson, quiz_runs.c.length).label("length"),
        )
        .where(quiz_runs.c.learner_id == learner)
        .subquery()
    )
    # A streak is the right answers between two wrong ones: the same wrongs_before.
    streaks = (
        select(
            numbered.c.run,
            func.sum(numbered.c.right).label("rights"),
            func.sum(1 - numbered.c.right).label("misses"),
        )
        .select_from(numbered.join(runs, numbered.c.run == runs.c.id))
        .where(numbered.c.rights_before < runs.c.length)
        .group_by(numbered.c.run, numbered.c.wrongs_before)
        .subquery()
    )
    per_run = (
        select(
            streaks.c.run,
            func.sum(streaks.c.rights).label("rights"),
            func.sum(streaks.c.misses).label("misses"),
            func.max(streaks.c.rights).label("best"),
        )
        .group_by(streaks.c.run)
        .subquery()
    )
    return (
        select(
            runs.c.id,
            runs.c.lesson,
            runs.c.length,
            func.coalesce(per_run.c.rights, 0).label("rights"),
            func.coalesce(per_run.c.misses, 0).label("misses"),
            func.coalesce(per_run.c.best, 0).label("best"),
        )
        .select_from(runs.outerjoin(per_run, runs.c.id == per_run.c.run))
        .subquery()
    )


def lesson_progress(connection: Connection, learner: int | None) -> dict[str, LessonProgress]:
    """Stars and mastery per lesson, the best of the learner's runs: one row a lesson.
    The rules are ``lessons.progress``'s (``stars_for``, ``streak_to_master``), in SQL."""
    _warn_about_long_runs(connection, learner)
    runs = _run_counts(learner)
    finished = runs.c.rights >= runs.c.length
    stars = case(
        (~finished, 0),
        *((runs.c.misses <= most, earned) for most, earned in STAR_LIMITS),
        else_=FEWEST_STARS,
    )
    to_master = case((runs.c.length < MASTERY_RUN, runs.c.length), else_=MASTERY_RUN)
    mastered = case((and_(finished, runs.c.best >= to_master), 1), else_=0)
    rows = connection.execute(
        select(
            runs.c.lesson, func.max(stars).label("stars"), func.max(mastered).label("mastered")
        ).group_by(runs.c.lesson)
    )
    return {row.lesson: LessonProgress(int(row.stars), bool(row.mastered)) for row in rows}


def _quarter_hour(connection: Connection) -> ColumnElement[int]:
    """SQL: the quarter hour (UTC, counted from 1970) an answer was given in."""
    if connection.dialect.name == "postgresql":
        epoch = func.extract("epoch", answers.c.answered_at)
        return cast(func.floor(epoch / BUCKET_SECONDS), BigInteger)
    seconds = cast(func.strftime("%s", answers.c.answered_at), Integer)
    return cast(seconds / BUCKET_SECONDS, Integer)  # integer division in SQLite


@dataclass(frozen=True)
class AnswerCount:
    """Answers to one skill in one quarter hour: how many, and how many right."""

    starts_at: datetime  # UTC
    generator: str
    answers: int
    right: int


def answer_counts(connection: Connection, learner: int | None) -> list[AnswerCount]:
    """The learner's answers counted per skill per quarter hour (UTC), oldest first: a
    page turns them into days in the learner's own time zone."""
    bucket = _quarter_hour(connection).label("bucket")
    right = func.sum(case((answers.c.correct, 1), else_=0))
    rows = connection.execute(
        select(bucket, answers.c.generator, func.count().label("answers"), right.label("right"))
        .where(answers.c.learner_id == learner)
        .group_by(bucket, answers.c.generator)
        .order_by(bucket, answers.c.generator)
    )
    return [
        AnswerCount(
            datetime.fromtimestamp(int(row.bucket) * BUCKET_SECONDS, tz=UTC),
            row.generator,
            int(row.answers),
            int(row.right),
        )
        for row in rows
    ]


def answer_total(connection: Connection, learner: int | None) -> int:
    return (
        connection.scalar(
            select(func.count()).select_from(answers).where(answers.c.learner_id == learner)
        )
        or 0
    )


RECENT_COLUMNS = (
    "answered_at",
    "lesson",
    "item_kind",
    "generator",
    "answer",
    "correct",
    "time_taken_ms",
)


def recent_answers(
    connection: Connection, learner: int | None, limit: int, offset: int = 0
) -> list[dict[str, Any]]:
    """One page of the learner's answers, newest first; an answer longer than
    ``ANSWER_LIMIT`` (stored before that bound) is cut to it."""
    rows = connection.execute(
        select(
            answers.c.answered_at,
            answers.c.lesson,
            answers.c.item_kind,
            answers.c.generator,
            func.substr(answers.c.answer, 1, literal(ANSWER_LIMIT)).label("answer"),
            answers.c.correct,
            answers.c.time_taken_ms,
        )
        .where(answers.c.learner_id == learner)
        .order_by(answers.c.answered_at.desc(), answers.c.id.desc())
        .limit(max(limit, 0))
        .offset(max(offset, 0))
    )
    return [{**row._asdict(), "answered_at": utc(row.answered_at)} for row in rows]
