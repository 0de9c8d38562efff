"""A teacher's question sets, prepared before the lesson: an ordered list of questions
(``lessons.question_source`` sources), a name and an optional timer per question.

A set belongs to the browser that made it: it is kept under that browser's learner row,
found by its private token (the same secret that keeps its progress; a progress link
carries both to another device). Only that token changes or deletes the set. Each set
has a public share code: a link with it lets anyone copy the set into their own sets,
never change the original (``copy_shared``). No Streamlit here.

Bounds (``limits.question_sets``): at most MAX_SET_QUESTIONS questions, a name of
SET_NAME_MAX characters, MAX_SETS_PER_OWNER sets per browser, a timer of 5-600 seconds;
checked when a set is written and again when it is read back (a source that no longer
parses is left out, and said so by ``QuestionSet.dropped``).

>>> from tutorial_app.store import new_learner_token, open_store
>>> from lessons.question_source import topic_source
>>> sets = QuestionSets(open_store("sqlite://"))
>>> ann, ben = new_learner_token(), new_learner_token()
>>> made = sets.save(ann, None, "Tricks", [topic_source("tricks", 7, 0)], timer=30)
>>> [(kept.name, len(kept.sources), kept.timer) for kept in sets.mine(ann)]
[('Tricks', 1, 30)]
>>> copied = sets.copy_shared(ben, made.share_code)
>>> copied.name, copied.share_code != made.share_code, sets.mine(ann)[0].id == made.id
('Tricks', True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from lessons.question_source import QuestionSource, SourceError
from tutorial_app.limits.question_sets import (
    MAX_SET_QUESTIONS,
    MAX_SETS_PER_OWNER,
    SetBoundError,
    new_share_code,
    parse_share_code,
    set_name,
    timer_seconds,
)
from tutorial_app.store.class_codes import ClassError, Reason
from tutorial_app.store.records import inserted_id, now
from tutorial_app.store.store import Store
from tutorial_app.store.tables import question_sets

__all__ = ["QuestionSet", "QuestionSets", "sources_from_rows", "checked_sources"]


@dataclass(frozen=True, slots=True)
class QuestionSet:
    """A set as read back: its questions in order and its optional timer (seconds)."""

    id: int
    name: str
    sources: tuple[QuestionSource, ...]
    timer: int | None
    share_code: str
    dropped: int = 0  # stored questions that no longer parse (left out)


def checked_sources(sources: Sequence[QuestionSource]) -> list[dict[str, Any]]:
    """The sources as stored (dicts); raises ClassError(BAD_SET) past the bound."""
    if len(sources) > MAX_SET_QUESTIONS:
        raise ClassError(
            Reason.BAD_SET, f"A set holds at most {MAX_SET_QUESTIONS} questions: make two sets."
        )
    return [source.to_dict() for source in sources]


def sources_from_rows(stored: object) -> tuple[tuple[QuestionSource, ...], int]:
    """Stored sources read back: (the ones that parse, the first MAX_SET_QUESTIONS; how
    many were left out)."""
    rows = stored if isinstance(stored, list) else []
    kept = []
    for row in rows[:MAX_SET_QUESTIONS]:
        try:
            kept.append(QuestionSource.parse(row))
        except SourceError:
            continue
    return tuple(kept), len(rows) - len(kept)


def _bounded(name: str, timer: int | None) -> tuple[str, int | None]:
    try:
        return set_name(name), timer_seconds(timer)
    except SetBoundError as error:
        raise ClassError(Reason.BAD_SET, str(error)) from None


class QuestionSets:
    """The question sets kept in ``store``'s database."""

    def __init__(self, store: Store):
        self.store = store

    @staticmethod
    def _read(row: Any) -> QuestionSet:
        sources, dropped = sources_from_rows(row.questions)
        try:
            name = set_name(row.name)
        except SetBoundError:
            name = "A set"
        try:
            timer = timer_seconds(row.timer_seconds)
        except SetBoundError:
            timer = None
        return QuestionSet(row.id, name, sources, timer, row.share_code, dropped)

    def mine(self, token: str) -> list[QuestionSet]:
        """This browser's sets, the newest change first (at most MAX_SETS_PER_OWNER)."""
        with self.store.reading() as connection:
            learner = self.store.find_learner_id(connection, token)
            rows = connection.execute(
                select(question_sets)
                .where(question_sets.c.learner_id == learner)
                .order_by(question_sets.c.updated_at.desc(), question_sets.c.id.desc())
                .limit(MAX_SETS_PER_OWNER)
            ).all()
        return [self._read(row) for row in rows]

    def save(
        self,
        token: str,
        set_id: int | None,
        name: str,
        sources: Sequence[QuestionSource],
        *,
        timer: int | None = None,
    ) -> QuestionSet:
        """Write this browser's set ``set_id`` (None: a new set); the set as kept. Raises
        ClassError (BAD_SET for a bound, NO_SUCH_SET for another browser's set)."""
        name, timer = _bounded(name, timer)
        if not sources:
            raise ClassError(Reason.BAD_SET, "Add at least one question before saving the set.")
        stored = checked_sources(sources)
        values = {"name": name, "questions": stored, "timer_seconds": timer, "updated_at": now()}
        for _ in range(5):  # a share code clash is rare, and retried
            try:
                with self.store.writing() as connection:
                    learner = self.store.ensured_learner_id(connection, token)
                    if set_id is None:
                        set_id = self._insert(connection, learner, values)
                    else:
                        self._owned(connection, learner, set_id)
                        connection.execute(
                            update(question_sets)
                            .where(question_sets.c.id == set_id)
                            .values(**values)
                        )
                    row = connection.execute(
                        select(question_sets).where(question_sets.c.id == set_id)
                    ).one()
                return self._read(row)
            except IntegrityError:
                continue
        raise RuntimeError("no free share code after 5 tries")

    def _insert(self, connection: Connection, learner: int, values: dict[str, Any]) -> int:
        count = connection.execute(
            select(func.count())
            .select_from(question_sets)
            .where(question_sets.c.learner_id == learner)
        ).scalar_one()
        if count >= MAX_SETS_PER_OWNER:
            raise ClassError(
                Reason.BAD_SET,
                f"You keep {MAX_SETS_PER_OWNER} sets, the most a browser keeps: delete one first.",
            )
        return inserted_id(
            connection.execute(
                insert(question_sets).values(
                    learner_id=learner, share_code=new_share_code(), created_at=now(), **values
                )
            )
        )

    @staticmethod
    def _owned(connection: Connection, learner: int | None, set_id: int) -> None:
        owner = connection.scalar(
            select(question_sets.c.learner_id).where(question_sets.c.id == set_id)
        )
        if owner is None or owner != learner:
            raise ClassError(Reason.NO_SUCH_SET, "That set is not one of yours (or was deleted).")

    def delete(self, token: str, set_id: int) -> None:
        """Delete this browser's set ``set_id``; raises ClassError(NO_SUCH_SET)."""
        with self.store.writing() as connection:
            learner = self.store.find_learner_id(connection, token)
            self._owned(connection, learner, set_id)
            connection.execute(delete(question_sets).where(question_sets.c.id == set_id))

    def shared(self, share_code: str) -> QuestionSet:
        """The set a share code names (to look at or copy); raises ClassError."""
        code = parse_share_code(share_code)
        with self.store.reading() as connection:
            row = (
                None
                if code is None
                else connection.execute(
                    select(question_sets).where(question_sets.c.share_code == code)
                ).first()
            )
        if row is None:
            raise ClassError(
                Reason.NO_SUCH_SET,
                "No set has this share link: it was deleted, or the link was cut short.",
            )
        return self._read(row)

    def copy_shared(self, token: str, share_code: str) -> QuestionSet:
        """A copy of the shared set among this browser's sets (a share code of its own)."""
        found = self.shared(share_code)
        return self.save(token, None, found.name, found.sources, timer=found.timer)
