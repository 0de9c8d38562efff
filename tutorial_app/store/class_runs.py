"""A live class run from a prepared set, and read back question by question: the verbs
the teacher's set controls, the report grid and the learners' end-of-class summary call.
No Streamlit here.

A class takes a copy of a set (``use_set``: its questions and timer, so changing the
set later changes nothing in a running class) and asks it a question at a time
(``push_next``: "Next question in the set"), each with the set's timer, when it has
one. The report grid (``grid``) gives, per learner and per question, the answer given
and whether it was right; ``summary`` gives one learner their own answers to every
revealed question. The class leaderboard is off until the teacher switches it on.

>>> from tutorial_app.store import new_learner_token, open_store
>>> from lessons.question_source import topic_source
>>> classes = ClassRuns(open_store("sqlite://"))
>>> code, key = classes.start_class()
>>> sam = new_learner_token()
>>> _ = classes.join(code, "Sam", sam)
>>> classes.use_set(code, key, "Tricks", [topic_source("tricks", 7, i) for i in range(2)], 30)
>>> first = classes.push_next(code, key)
>>> classes.set_progress(code)
SetProgress(name='Tricks', asked=1, total=2, timer=30)
>>> classes.current(code).seconds_left() > 25
True
>>> _ = classes.answer(code, sam, first, "N")
>>> classes.reveal(code, key)
>>> [(row.position, row.given) for row in classes.summary(code, sam)]
[(1, ('N',))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, case, func, select, update

from lessons.question_source import QuestionSource
from tutorial_app.store.class_codes import ClassError, Reason
from tutorial_app.store.classes import MAX_CLASS_MEMBERS, LiveClasses, shown_name
from tutorial_app.store.mistakes import KeptMistake, kept_from_row
from tutorial_app.store.question_sets import checked_sources, sources_from_rows
from tutorial_app.store.records import now, utc
from tutorial_app.store.tables import (
    class_answers,
    class_members,
    class_questions,
    classes,
    mistakes,
)

__all__ = [
    "ClassRuns",
    "SetProgress",
    "AskedQuestion",
    "ClassGrid",
    "MyAnswer",
    "LEADERBOARD_ROWS",
]

LEADERBOARD_ROWS = 10  # names on the class leaderboard


CLASS_MISTAKES_READ = 5_000  # a class's learners' own mistakes read for its report


@dataclass(frozen=True, slots=True)
class SetProgress:
    """The set a class runs through: its name, questions asked of it, questions in it."""

    name: str
    asked: int
    total: int
    timer: int | None

    @property
    def done(self) -> bool:
        return self.asked >= self.total


@dataclass(frozen=True, slots=True)
class AskedQuestion:
    position: int
    source: QuestionSource
    revealed: bool


@dataclass(frozen=True)
class ClassGrid:
    """Learners x questions: ``cells[(learner, position)]`` = (answer given, right?)."""

    questions: list[AskedQuestion]
    learners: list[str]
    cells: dict[tuple[str, int], tuple[tuple[str, ...], bool]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MyAnswer:
    """One revealed question of the class, and this learner's answer (None: none)."""

    position: int
    source: QuestionSource
    given: tuple[str, ...] | None
    correct: bool


def _given(text: str) -> tuple[str, ...]:
    return tuple(text.split(",")) if text else ()


class ClassRuns(LiveClasses):
    """Live classes, with prepared sets, the report grid and the learners' summaries."""

    # ---- a set in the class --------------------------------------------------------------

    def use_set(
        self,
        code: str,
        key: str,
        name: str,
        sources: Sequence[QuestionSource],
        timer: int | None = None,
    ) -> None:
        """Run through a copy of ``sources`` from its first question (the set the class
        ran before, if any, is replaced). Raises ClassError (BAD_SET, NOT_TEACHER)."""
        if not sources:
            raise ClassError(Reason.BAD_SET, "That set has no questions yet.")
        for source in sources:
            self._buildable(source)
        stored = checked_sources(sources)
        timer = self._checked_timer(timer)
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True)
            connection.execute(
                update(classes)
                .where(classes.c.id == row.id)
                .values(set_name=name[:60], set_questions=stored, set_next=0, timer_seconds=timer)
            )

    def set_progress(self, code: str) -> SetProgress | None:
        """The set the class runs through (None: none)."""
        with self.store.reading() as connection:
            row = self._class_row(connection, code)
        if row.set_questions is None:
            return None
        sources, _ = sources_from_rows(row.set_questions)
        return SetProgress(
            row.set_name or "The set",
            min(int(row.set_next), len(sources)),
            len(sources),
            row.timer_seconds,
        )

    def push_next(self, code: str, key: str, *, asked: int | None = None) -> int:
        """Ask the set's next question (with the set's timer); its id. With ``asked``
        (how many of the set the teacher saw asked), a second press of the same button
        (a double click, a click sent twice) asks nothing more: the question on screen's
        id. Raises ClassError (NO_SET, SET_DONE, and as ``push_question``)."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True)
            if row.set_questions is None:
                raise ClassError(Reason.NO_SET, "Choose a question set for the class first.")
            if asked is not None and asked != row.set_next and row.current_question_id:
                return int(row.current_question_id)
            sources, _ = sources_from_rows(row.set_questions)
            if row.set_next >= len(sources):
                raise ClassError(
                    Reason.SET_DONE,
                    f"Every question of the set has been asked ({len(sources)} of {len(sources)}).",
                )
            source = sources[row.set_next]
            self._buildable(source)
            question_id = self._insert_question(
                connection, row, source, self._checked_timer(row.timer_seconds)
            )
            connection.execute(
                update(classes).where(classes.c.id == row.id).values(set_next=row.set_next + 1)
            )
        self._forget_shown(code)
        return question_id

    # ---- the leaderboard ----------------------------------------------------------------

    def show_leaderboard(self, code: str, key: str, on: bool) -> None:
        """Switch the class leaderboard on or off (off when a class starts)."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            connection.execute(
                update(classes).where(classes.c.id == row.id).values(leaderboard=bool(on))
            )

    def leaderboard(self, code: str) -> list[tuple[str, int]] | None:
        """The LEADERBOARD_ROWS best (name, right answers revealed), or None while the
        teacher has not switched it on. Ties keep the order of joining."""
        right = func.sum(
            case((class_answers.c.correct & class_questions.c.revealed_at.is_not(None), 1), else_=0)
        )
        with self.store.reading() as connection:
            row = self._class_row(connection, code)
            if not row.leaderboard:
                return None
            found = connection.execute(
                select(class_members.c.display_name, right.label("right"))
                .outerjoin(class_answers, class_answers.c.member_id == class_members.c.id)
                .outerjoin(class_questions, class_questions.c.id == class_answers.c.question_id)
                .where(class_members.c.class_id == row.id)
                .group_by(class_members.c.id, class_members.c.display_name)
                .order_by(right.desc(), class_members.c.id)
                .limit(LEADERBOARD_ROWS)
            ).all()
        return [(shown_name(name), int(score or 0)) for name, score in found]

    def leaderboard_on(self, code: str) -> bool:
        with self.store.reading() as connection:
            return bool(self._class_row(connection, code).leaderboard)

    # ---- the report grid and the learner's summary ---------------------------------------

    @staticmethod
    def _asked_questions(connection: Connection, class_id: int) -> list[AskedQuestion]:
        return [
            AskedQuestion(row.position, QuestionSource.parse(row.source), row.revealed)
            for row in connection.execute(
                select(
                    class_questions.c.position,
                    class_questions.c.source,
                    class_questions.c.revealed_at.is_not(None).label("revealed"),
                )
                .where(class_questions.c.class_id == class_id)
                .order_by(class_questions.c.position)
            )
        ]

    def grid(self, code: str, key: str) -> ClassGrid:
        """Every learner's answer to every question (at most MAX_CLASS_MEMBERS learners
        and MAX_CLASS_QUESTIONS questions: 10,000 cells). Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            asked = self._asked_questions(connection, row.id)
            members = connection.execute(
                select(class_members.c.id, class_members.c.display_name)
                .where(class_members.c.class_id == row.id)
                .order_by(class_members.c.joined_at, class_members.c.id)
                .limit(MAX_CLASS_MEMBERS)
            ).all()
            names = {member.id: shown_name(member.display_name) for member in members}
            cells = {
                (names[answer.member_id], answer.position): (
                    _given(answer.answer),
                    bool(answer.correct),
                )
                for answer in connection.execute(
                    select(
                        class_answers.c.member_id,
                        class_answers.c.answer,
                        class_answers.c.correct,
                        class_questions.c.position,
                    )
                    .join(class_questions, class_questions.c.id == class_answers.c.question_id)
                    .where(class_questions.c.class_id == row.id)
                )
                if answer.member_id in names
            }
        return ClassGrid(asked, list(names.values()), cells)

    def mistakes(self, code: str, key: str) -> list[tuple[str, KeptMistake]]:
        """(learner's name, position) for the mistakes the class's learners made in their
        own games while the class ran (from its start to its end, or now), oldest first;
        at most CLASS_MISTAKES_READ. Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            members = connection.execute(
                select(class_members.c.learner_id, class_members.c.display_name)
                .where(class_members.c.class_id == row.id)
                .limit(MAX_CLASS_MEMBERS)
            ).all()
            names = {member.learner_id: shown_name(member.display_name) for member in members}
            until = utc(row.ended_at) if row.ended_at else now()
            found = connection.execute(
                select(mistakes)
                .where(
                    mistakes.c.learner_id.in_(list(names)),
                    mistakes.c.made_at >= row.created_at,
                    mistakes.c.made_at <= until,
                )
                .order_by(mistakes.c.made_at, mistakes.c.id)
                .limit(CLASS_MISTAKES_READ)
            ).all()
        return [
            (names[line.learner_id], kept)
            for line in found
            if (kept := kept_from_row(line)) is not None
        ]

    def summary(self, code: str, token: str) -> list[MyAnswer]:
        """This learner's answers to every revealed question of class ``code`` (also
        after it ended, while its report is kept). Raises ClassError (NOT_A_MEMBER,
        REPORT_GONE)."""
        with self.store.reading() as connection:
            row = self._class_row(connection, code)
            if self._report_gone(row):
                raise ClassError(
                    Reason.REPORT_GONE, f"Class {row.code} is over: its answers are not kept."
                )
            learner = self.store.find_learner_id(connection, token)
            member = connection.scalar(
                select(class_members.c.id).where(
                    class_members.c.class_id == row.id, class_members.c.learner_id == learner
                )
            )
            if member is None:
                raise ClassError(Reason.NOT_A_MEMBER, f"You were not in class {row.code}.")
            mine = {
                answer.question_id: answer
                for answer in connection.execute(
                    select(
                        class_answers.c.question_id,
                        class_answers.c.answer,
                        class_answers.c.correct,
                    ).where(class_answers.c.member_id == member)
                )
            }
            asked = connection.execute(
                select(class_questions.c.id, class_questions.c.position, class_questions.c.source)
                .where(
                    class_questions.c.class_id == row.id,
                    class_questions.c.revealed_at.is_not(None),
                )
                .order_by(class_questions.c.position)
            ).all()
        return [
            MyAnswer(
                question.position,
                QuestionSource.parse(question.source),
                None if question.id not in mine else _given(mine[question.id].answer),
                question.id in mine and bool(mine[question.id].correct),
            )
            for question in asked
        ]
