"""Live classes in the progress store: the verbs the teacher's and the learners' pages
call. No Streamlit here; any number of app processes share one class through the
database (SQLite, or PostgreSQL for several replicas).

The teacher starts a class (a short code and a secret key), learners join it under a
display name with their learner token (at most ``MAX_CLASS_MEMBERS``; a name that looks
like one already in the class is refused), the teacher pushes questions (by their source,
``lessons.question_source``), learners answer (changeable until the reveal), the teacher
reveals and, at the end, reads the report. Only the teacher key pushes, reveals and
ends, renames or removes a member, rotates the key or makes a one-time teacher link
(``teacher_link_code``, spent by ``use_teacher_link`` on another device, which gets a
key of its own). Answers are judged by ``Question.check``, as everywhere; at the reveal each
member's final answer is also kept among their own answers (the progress store's
``answers`` table), so it counts toward their progress.

Bounds: a class takes ``MAX_CLASS_MEMBERS`` members and ``MAX_CLASS_QUESTIONS``
questions; its code works for ``CLASS_LIFETIME``; its report (and every teacher verb)
for ``REPORT_KEPT`` after it closes, then the class is deleted (``forget_old_classes``,
run at each new class's start). The report is counted in SQL (one row per question and
per member, never one per answer) and read a page at a time.

Every refusal raises ``ClassError`` with a ``Reason`` and a sentence for the page.

>>> from tutorial_app.store import new_learner_token, open_store
>>> from lessons.question_source import topic_source
>>> classes = LiveClasses(open_store("sqlite://"))
>>> code, key = classes.start_class()
>>> sam = new_learner_token()
>>> classes.join(code, "Sam", sam).name
'Sam'
>>> question_id = classes.push_question(code, key, topic_source("tricks", 7, 0))
>>> classes.status(code).question_id == question_id
True
>>> classes.reveal(code, key)
>>> classes.answer(code, sam, question_id, "N")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
tutorial_app.store.class_codes.ClassError: The answer to question 1 has been revealed: answers are
closed.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import Connection, Row, case, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from lessons.question_source import QuestionSource, SourceError, question_for, source_label
from lessons.quiz import Question
from tutorial_app.limits.question_sets import SetBoundError, timer_seconds
from tutorial_app.store.class_codes import (
    NAME_LIMIT,
    ClassError,
    Reason,
    checked_display_name,
    is_teacher_key,
    name_key,
    new_class_code,
    new_teacher_key,
    new_teacher_pass,
    parse_class_code,
    teacher_key_hash,
)
from tutorial_app.store.records import checked_answer, inserted_id, now, utc
from tutorial_app.store.store import Store
from tutorial_app.store.tables import (
    answers,
    class_answers,
    class_members,
    class_questions,
    class_tables,
    class_teacher_keys,
    class_teacher_passes,
    classes,
)

if TYPE_CHECKING:
    import pandas as pd

    AnyRow: TypeAlias = Row[*tuple[Any, ...]]  # a row of any columns

CLASS_LIFETIME = timedelta(hours=12)  # a class code stops working this long after the start
REPORT_KEPT = timedelta(days=7)  # the report is readable this long after the class closes
MAX_CLASS_MEMBERS = 100  # a lecture hall; the teacher's page shows "n of 100"
MAX_CLASS_QUESTIONS = 100  # questions one class may ask
TEACHER_LINK_LIFETIME = timedelta(minutes=10)  # a teacher link's one-time code lasts this
MAX_TEACHER_LINKS = 3  # unused teacher-link codes kept per class (newest)
MAX_TEACHER_DEVICES = 5  # keys from teacher links kept per class (newest)
REPORT_PAGE_ROWS = 25  # rows per page of the report's two lists
REPORT_QUESTION_COLUMNS = ("question", "asked", "answered", "right", "share_right")
REPORT_LEARNER_COLUMNS = ("learner", "answered", "right", "score")

NEWS_SHARED_SECONDS = 0.25  # a watcher's ask may reuse a reading of the class this recent

# What ``showing`` read lately, per (database, class code): (when, status, question);
# status None: changed here at that time (a read begun before it is not kept).
# Process-wide, so a hundred learners' polls in the same second cost a few reads.
_shown: dict[tuple[str, str], tuple[float, ClassStatus | None, LiveQuestion | None]] = {}
_shown_lock = threading.Lock()
# What ``news`` read lately, per (database, class code): (when, the stamps); stamps None:
# changed here at that time (as ``_shown``).
_news: dict[tuple[str, str], tuple[float, ClassNews | None]] = {}


def stamp(*parts: object, salt: str = "") -> str:
    """A short stamp of what a page shows: the same while nothing on it changed. With a
    ``salt`` only the database knows (the class's key hash), it tells nothing of the
    counts behind it.

    >>> stamp(7, True, True) == stamp(7, True, True) != stamp(7, False, True)
    True
    """
    text = "|".join(map(str, parts)).encode("utf-8")
    return hashlib.blake2b(text, key=salt.encode("utf-8")[:64], digest_size=8).hexdigest()


@dataclass(frozen=True, slots=True)
class ClassStatus:
    """What a page polls: the class, the question on screen, whether it is revealed."""

    code: str
    question_id: int | None
    revealed: bool
    ended: bool
    expired: bool
    tables_round: int = 0  # moves on when the teacher seats the class at tables, or ends them

    @property
    def open(self) -> bool:
        return not (self.ended or self.expired)

    @property
    def screen(self) -> tuple[int | None, bool, bool]:
        """Equal while nothing a learner sees has changed."""
        return (self.question_id, self.revealed, self.open)

    @property
    def news(self) -> str:
        """``screen`` as the stamp the learner's watcher compares (``ClassNews.screen``),
        moved on too when the class is seated at tables (or they end)."""
        return stamp(*self.screen, self.tables_round)


@dataclass(frozen=True, slots=True)
class ClassNews:
    """What a class's pages watch (the class-news route): ``screen`` changes with what a
    learner sees (the question, its reveal, the end); ``room`` also when someone joins,
    answers or changes an answer (the teacher's page and the projector)."""

    screen: str
    room: str


@dataclass(frozen=True, slots=True)
class Member:
    name: str
    rejoined: bool = False  # the token was already in the class: same name as before


@dataclass(frozen=True, slots=True)
class LiveQuestion:
    """The question on screen: its id, its place in the class, where it comes from."""

    id: int
    position: int
    source: QuestionSource
    revealed: bool
    deadline: datetime | None = None  # a timed question is revealed by itself then (UTC)

    @property
    def question(self) -> Question:
        return question_for(self.source)

    def seconds_left(self, at: datetime | None = None) -> float | None:
        """Seconds until the deadline (0 once past); None for a question with no timer."""
        if self.deadline is None:
            return None
        return max(0.0, (self.deadline - (at or now())).total_seconds())


@dataclass(frozen=True, slots=True)
class AnswerTally:
    """The teacher's live view of the question on screen."""

    members: int
    answered: int
    answers: dict[str, int]  # an answer (option keys joined by ",") -> how many gave it
    screen: tuple[int | None, bool, bool] = (None, False, True)  # as ClassStatus.screen
    news: str = ""  # the room's stamp for this count (ClassNews.room)


@dataclass(frozen=True)
class ClassReport:
    """One page of each of the report's two lists, and how many rows each has in all."""

    questions: pd.DataFrame  # REPORT_QUESTION_COLUMNS: one row per question asked
    learners: pd.DataFrame  # REPORT_LEARNER_COLUMNS: one row per member
    question_count: int = 0
    learner_count: int = 0


def shown_name(name: str) -> str:
    """A member's name as read back: at most NAME_LIMIT characters, checked again on the
    way out (a row written before the one name rule may be longer)."""
    return name[:NAME_LIMIT]


def answer_text(given: Sequence[str]) -> str:
    """An answer as stored: option keys joined by "," (POINTS: team,points)."""
    return ",".join(given)


class LiveClasses:
    """The live classes kept in ``store``'s database."""

    def __init__(self, store: Store):
        self.store = store

    # ---- reading the class -----------------------------------------------------------------

    @staticmethod
    def _class_row(connection: Connection, code: str, lock: bool = False) -> AnyRow:
        query = select(classes).where(classes.c.code == parse_class_code(code))
        row = connection.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise ClassError(
                Reason.NO_SUCH_CLASS,
                f"There is no class {parse_class_code(code)}: check the code on "
                "the teacher's screen.",
            )
        return row

    @staticmethod
    def _expired(row: AnyRow) -> bool:
        return now() - utc(row.created_at) > CLASS_LIFETIME

    @staticmethod
    def _report_gone(row: AnyRow) -> bool:
        """Whether the class closed (ended or expired) more than REPORT_KEPT ago."""
        closed = utc(row.created_at) + CLASS_LIFETIME
        if row.ended_at is not None:
            closed = min(closed, utc(row.ended_at))
        return now() - closed > REPORT_KEPT

    def _open_row(self, connection: Connection, code: str, lock: bool = False) -> AnyRow:
        row = self._class_row(connection, code, lock)
        if row.ended_at is not None or self._expired(row):
            how = (
                "has ended"
                if row.ended_at is not None
                else (f"has closed (a class lasts {CLASS_LIFETIME.total_seconds() / 3600:g} hours)")
            )
            raise ClassError(
                Reason.CLASS_ENDED,
                f"Class {row.code} {how}. Ask your teacher for the code of today's class.",
            )
        return row

    def _teacher_row(
        self,
        connection: Connection,
        code: str,
        key: str,
        lock: bool = False,
        must_be_open: bool = True,
    ) -> AnyRow:
        row = (self._open_row if must_be_open else self._class_row)(connection, code, lock)
        if not self._holds_key(connection, row, key):
            raise ClassError(
                Reason.NOT_TEACHER, f"Only the teacher who started class {row.code} can do that."
            )
        if self._report_gone(row):
            raise ClassError(
                Reason.REPORT_GONE,
                f"Class {row.code} closed more than "
                f"{REPORT_KEPT.days} days ago: its report is no longer kept.",
            )
        return row

    @staticmethod
    def _holds_key(connection: Connection, row: AnyRow, key: str) -> bool:
        """Whether ``key`` is the class's first key or one a teacher link gave."""
        if is_teacher_key(key, row.teacher_key_hash):
            return True
        hashed = teacher_key_hash(key)
        return (
            bool(hashed)
            and connection.scalar(
                select(class_teacher_keys.c.id).where(
                    class_teacher_keys.c.class_id == row.id, class_teacher_keys.c.key_hash == hashed
                )
            )
            is not None
        )

    def status(self, code: str) -> ClassStatus:
        """The poll: one read of the class's row by its code (joined to the question on
        screen for its deadline; a timed question past it is revealed first); raises
        ClassError for an unknown code."""
        with self.store.reading() as connection:
            row = connection.execute(
                select(
                    classes.c.code,
                    classes.c.current_question_id,
                    classes.c.revealed,
                    classes.c.ended_at,
                    classes.c.created_at,
                    classes.c.tables_round,
                    class_questions.c.deadline,
                )
                .outerjoin(class_questions, class_questions.c.id == classes.c.current_question_id)
                .where(classes.c.code == parse_class_code(code))
            ).first()
        if row is not None and self._due(row) and self.reveal_when_due(code):
            return self.status(code)  # revealed now: read once more (then not due)
        if row is None:
            raise ClassError(
                Reason.NO_SUCH_CLASS,
                f"There is no class {parse_class_code(code)}: check the code on "
                "the teacher's screen.",
            )
        return ClassStatus(
            row.code,
            row.current_question_id,
            bool(row.revealed),
            row.ended_at is not None,
            self._expired(row),
            row.tables_round,
        )

    def showing(self, code: str, max_age: float = 0.0) -> tuple[ClassStatus, LiveQuestion | None]:
        """What every screen of class ``code`` shows: its status and the question on
        screen, in one read by the code's unique index (a LEFT JOIN to the question).
        With ``max_age`` > 0, a read this process made at most that many seconds ago is
        reused (the learners' poll). Raises ClassError for an unknown code."""
        code = parse_class_code(code)
        key = (str(self.store.engine.url), code)
        if max_age > 0:
            kept = _shown.get(key)
            if kept is not None and kept[1] is not None and time.monotonic() - kept[0] <= max_age:
                return kept[1], kept[2]
        read_at = time.monotonic()
        with self.store.reading() as connection:
            row = connection.execute(
                select(
                    classes.c.code,
                    classes.c.current_question_id,
                    classes.c.revealed,
                    classes.c.ended_at,
                    classes.c.created_at,
                    classes.c.tables_round,
                    class_questions.c.position,
                    class_questions.c.source,
                    class_questions.c.deadline,
                )
                .outerjoin(class_questions, class_questions.c.id == classes.c.current_question_id)
                .where(classes.c.code == code)
            ).first()
        if row is None:
            raise ClassError(
                Reason.NO_SUCH_CLASS,
                f"There is no class {code}: check the code on the teacher's screen.",
            )
        if self._due(row) and self.reveal_when_due(code):
            return self.showing(code)  # revealed now: read once more (then not due)
        status = ClassStatus(
            row.code,
            row.current_question_id,
            bool(row.revealed),
            row.ended_at is not None,
            self._expired(row),
            row.tables_round,
        )
        live = (
            None
            if row.current_question_id is None or row.source is None
            else LiveQuestion(
                row.current_question_id,
                row.position,
                QuestionSource.parse(row.source),
                status.revealed,
                None if row.deadline is None else utc(row.deadline),
            )
        )
        with _shown_lock:
            if key not in _shown or _shown[key][0] < read_at:
                _shown[key] = (read_at, status, live)
        return status, live

    def _forget_shown(self, code: str) -> None:
        """After a change made here: this process's next ``showing`` reads afresh (and a
        read begun before the change is not kept)."""
        key = (str(self.store.engine.url), parse_class_code(code))
        with _shown_lock:
            changed = time.monotonic()
            _shown[key], _news[key] = (changed, None, None), (changed, None)

    def check_open(self, code: str) -> None:
        """Raise ClassError unless class ``code`` exists and is open."""
        with self.store.reading() as connection:
            self._open_row(connection, code)

    def is_teacher(self, code: str, key: str) -> bool:
        """Whether ``key`` is class ``code``'s teacher key (False for an unknown class)."""
        try:
            with self.store.reading() as connection:
                self._teacher_row(connection, code, key, must_be_open=False)
        except ClassError:
            return False
        return True

    def current(self, code: str) -> LiveQuestion | None:
        """The question on screen in class ``code`` (None before the first)."""
        with self.store.reading() as connection:
            row = connection.execute(
                select(
                    class_questions.c.id,
                    class_questions.c.position,
                    class_questions.c.source,
                    class_questions.c.revealed_at,
                    class_questions.c.deadline,
                )
                .join(classes, classes.c.current_question_id == class_questions.c.id)
                .where(classes.c.code == parse_class_code(code))
            ).first()
        if row is None:
            return None
        return LiveQuestion(
            row.id,
            row.position,
            QuestionSource.parse(row.source),
            row.revealed_at is not None,
            None if row.deadline is None else utc(row.deadline),
        )

    # ---- the teacher ---------------------------------------------------------------------

    def start_class(self) -> tuple[str, str]:
        """A new class: (its code, the teacher key). Keep the key secret. Classes whose
        report time is over are deleted first."""
        self.forget_old_classes()
        key = new_teacher_key()
        for _ in range(20):  # 31**6 codes: a clash is rare, and retried
            code = new_class_code()
            try:
                with self.store.writing() as connection:
                    connection.execute(
                        insert(classes).values(
                            code=code,
                            teacher_key_hash=teacher_key_hash(key),
                            created_at=now(),
                            revealed=False,
                        )
                    )
                return code, key
            except IntegrityError:
                continue
        raise RuntimeError("no free class code after 20 tries")

    def push_question(
        self, code: str, key: str, source: QuestionSource, *, timer: int | None = None
    ) -> int:
        """Put the question ``source`` names on every screen; its id. With ``timer``
        (seconds, ``limits.question_sets`` bounds) the answer is revealed by itself that
        long after. Raises ClassError (NOT_TEACHER, CLASS_ENDED, BAD_SOURCE)."""
        self._buildable(source)
        timer = self._checked_timer(timer)
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True)
            question_id = self._insert_question(connection, row, source, timer)
        self._forget_shown(code)
        return question_id

    @staticmethod
    def _buildable(source: QuestionSource) -> None:
        try:
            question_for(source)  # it must build before anyone is asked it
        except (SourceError, IndexError) as error:
            raise ClassError(
                Reason.BAD_SOURCE, f"That question cannot be asked: {error}"
            ) from error

    @staticmethod
    def _checked_timer(timer: int | None) -> int | None:
        try:
            return timer_seconds(timer)
        except SetBoundError as error:
            raise ClassError(Reason.BAD_SET, str(error)) from None

    @staticmethod
    def _insert_question(
        connection: Connection, row: AnyRow, source: QuestionSource, timer: int | None
    ) -> int:
        """The next question of class ``row`` on every screen (in the caller's write)."""
        position = 1 + (
            connection.scalar(
                select(func.max(class_questions.c.position)).where(
                    class_questions.c.class_id == row.id
                )
            )
            or 0
        )
        if position > MAX_CLASS_QUESTIONS:
            raise ClassError(
                Reason.TOO_MANY_QUESTIONS,
                f"A class asks at most {MAX_CLASS_QUESTIONS} questions: end "
                "this one and start a new class.",
            )
        question_id = inserted_id(
            connection.execute(
                insert(class_questions).values(
                    class_id=row.id,
                    position=position,
                    source=source.to_dict(),
                    pushed_at=now(),
                    deadline=None if timer is None else now() + timedelta(seconds=timer),
                )
            )
        )
        connection.execute(
            update(classes)
            .where(classes.c.id == row.id)
            .values(current_question_id=question_id, revealed=False)
        )
        return question_id

    def reveal(self, code: str, key: str) -> None:
        """Close the answers to the question on screen and show its answer everywhere;
        each member's answer joins their own progress. Revealing twice changes nothing."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True)
            if row.current_question_id is None:
                raise ClassError(
                    Reason.NO_QUESTION, "Ask a question first: there is nothing to reveal yet."
                )
            self._reveal_current(connection, row, due_only=False)
        self._forget_shown(code)

    def reveal_when_due(self, code: str) -> bool:
        """Reveal the question on screen if its timer has run out (any page's poll may
        ask: no key is needed for what the clock decides); whether it was revealed now."""
        with self.store.writing() as connection:
            row = self._class_row(connection, code, lock=True)
            if row.current_question_id is None or row.ended_at is not None:
                return False
            revealed = self._reveal_current(connection, row, due_only=True)
        if revealed:
            self._forget_shown(code)
        return revealed

    @staticmethod
    def _due(row: AnyRow) -> bool:
        """Whether a polled row shows a timed question past its deadline, not revealed."""
        return (
            row.deadline is not None
            and not row.revealed
            and row.ended_at is None
            and utc(row.deadline) <= now()
        )

    def _reveal_current(self, connection: Connection, row: AnyRow, *, due_only: bool) -> bool:
        question_row = connection.execute(
            select(class_questions)
            .where(class_questions.c.id == row.current_question_id)
            .with_for_update()
        ).one()
        if question_row.revealed_at is not None:
            return False
        if due_only and (question_row.deadline is None or utc(question_row.deadline) > now()):
            return False
        connection.execute(
            update(class_questions)
            .where(class_questions.c.id == question_row.id)
            .values(revealed_at=now())
        )
        connection.execute(update(classes).where(classes.c.id == row.id).values(revealed=True))
        self._count_toward_progress(connection, question_row)
        return True

    @staticmethod
    def _count_toward_progress(connection: Connection, question_row: AnyRow) -> None:
        """Each member's final answer, kept among the learner's own answers."""
        source = QuestionSource.parse(question_row.source)
        question = question_for(source)
        given = connection.execute(
            select(
                class_answers.c.answer,
                class_answers.c.correct,
                class_answers.c.answered_at,
                class_members.c.learner_id,
            )
            .join(class_members, class_members.c.id == class_answers.c.member_id)
            .where(class_answers.c.question_id == question_row.id)
        ).all()
        rows = [
            {
                **checked_answer(
                    lesson=source.ref[:80],
                    item_kind=question.kind.value,
                    generator=(question.source or "live-class")[:80],
                    answer=row.answer,
                    correct=bool(row.correct),
                    seed=source.seed,
                    answered_at=utc(row.answered_at),
                ),
                "learner_id": row.learner_id,
            }
            for row in given
        ]
        if rows:
            connection.execute(insert(answers), rows)

    def end(self, code: str, key: str) -> None:
        """End the class: its code stops working, and its tables' games end with it (a
        learner at a table played on after the class had ended); the report stays for
        the teacher."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            if row.ended_at is None:
                moment = now()
                if self._end_open_tables(connection, row.id, moment):
                    self._next_round(connection, row.id)
                connection.execute(
                    update(classes).where(classes.c.id == row.id).values(ended_at=moment)
                )
        self._forget_shown(code)

    @staticmethod
    def _end_open_tables(connection: Connection, class_id: int, moment: datetime) -> int:
        """End every open table of class ``class_id`` (their games stay readable); how
        many were open."""
        return connection.execute(
            update(class_tables)
            .where(class_tables.c.class_id == class_id, class_tables.c.ended_at.is_(None))
            .values(ended_at=moment, updated_at=moment)
        ).rowcount

    @staticmethod
    def _next_round(connection: Connection, class_id: int) -> None:
        """The learners' screens move on (``ClassStatus.tables_round``)."""
        connection.execute(
            update(classes)
            .where(classes.c.id == class_id)
            .values(tables_round=classes.c.tables_round + 1)
        )

    def tally(self, code: str, key: str) -> AnswerTally:
        """How many members there are, how many answered the question on screen, and with
        what (the teacher's live count and chart), with the room's stamp for them."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            members, counts = self._room_counts(connection, row)
        screen = (row.current_question_id, bool(row.revealed), self._is_open(row))
        return AnswerTally(
            members, sum(counts.values()), counts, screen, self._room_stamp(row, members, counts)
        )

    @staticmethod
    def _room_counts(connection: Connection, row: AnyRow) -> tuple[int, dict[str, int]]:
        """The members of class ``row``, and the answers to its question on screen."""
        members = connection.execute(
            select(func.count())
            .select_from(class_members)
            .where(class_members.c.class_id == row.id)
        ).scalar_one()
        if row.current_question_id is None:
            return members, {}
        return members, {
            answer: count
            for answer, count in connection.execute(
                select(class_answers.c.answer, func.count())
                .where(class_answers.c.question_id == row.current_question_id)
                .group_by(class_answers.c.answer)
            )
        }

    def _is_open(self, row: AnyRow) -> bool:
        return row.ended_at is None and not self._expired(row)

    def _room_stamp(self, row: AnyRow, members: int, counts: dict[str, int]) -> str:
        """``ClassNews.room`` for class ``row`` with these counts, salted by its key hash."""
        return stamp(
            row.current_question_id,
            bool(row.revealed),
            self._is_open(row),
            members,
            sorted(counts.items()),
            row.projected_table,
            salt=row.teacher_key_hash,
        )

    def recent_news(self, code: str) -> ClassNews | None:
        """``news`` as this process read it at most ``NEWS_SHARED_SECONDS`` ago, without
        touching the database; None when there is no such reading."""
        when, kept = _news.get((str(self.store.engine.url), parse_class_code(code)), (0.0, None))
        return kept if kept is not None and time.monotonic() - when <= NEWS_SHARED_SECONDS else None

    def news(self, code: str) -> ClassNews:
        """The stamps of class ``code`` its pages' watchers compare with the ones they
        drew (``ClassStatus.news``, ``AnswerTally.news``): two reads, shared by every ask
        of this process for ``NEWS_SHARED_SECONDS``. Like every poll, it reveals a timed
        question past its deadline. Raises ClassError for an unknown code."""
        code = parse_class_code(code)
        kept = self.recent_news(code)
        if kept is not None:
            return kept
        key = (str(self.store.engine.url), code)
        read_at = time.monotonic()
        status = self.status(code)
        with self.store.reading() as connection:
            row = self._class_row(connection, code)
            members, counts = self._room_counts(connection, row)
        news = ClassNews(status.news, self._room_stamp(row, members, counts))
        with _shown_lock:
            if key not in _news or _news[key][0] < read_at:
                _news[key] = (read_at, news)
        return news

    def member_names(self, code: str) -> list[str]:
        """The members' display names, in the order they joined (at most
        MAX_CLASS_MEMBERS, checked again here)."""
        with self.store.reading() as connection:
            return list(
                connection.scalars(
                    select(class_members.c.display_name)
                    .join(classes, classes.c.id == class_members.c.class_id)
                    .where(classes.c.code == parse_class_code(code))
                    .order_by(class_members.c.joined_at, class_members.c.id)
                    .limit(MAX_CLASS_MEMBERS)
                )
            )

    def report(
        self,
        code: str,
        key: str,
        *,
        question_page: int = 0,
        learner_page: int = 0,
        rows: int | None = REPORT_PAGE_ROWS,
    ) -> ClassReport:
        """Per question the share right, per learner the score (right answers): one page
        of ``rows`` of each list (None: every row), counted in SQL. Raises ClassError
        (NOT_TEACHER, REPORT_GONE)."""
        import pandas as pd

        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            asked = self._asked(connection, row.id)
            members = connection.execute(
                select(func.count())
                .select_from(class_members)
                .where(class_members.c.class_id == row.id)
            ).scalar_one()
            questions = self._question_rows(connection, row.id, question_page, rows)
            learners = self._learner_rows(connection, row.id, asked, learner_page, rows)
        return ClassReport(
            pd.DataFrame(questions, columns=list(REPORT_QUESTION_COLUMNS)),
            pd.DataFrame(learners, columns=list(REPORT_LEARNER_COLUMNS)),
            asked,
            members,
        )

    def report_csv(self, code: str, key: str, which: str) -> str:
        """The whole ``which`` list ("questions" or "learners") of the report as CSV, every
        cell spreadsheet-safe (a name such as "=HYPERLINK(...)" is not run as a formula).
        Raises ClassError as ``report``."""
        from tutorial_app.limits.numbers import spreadsheet_safe

        frame = getattr(self.report(code, key, rows=None), which)
        text: str = frame.map(spreadsheet_safe).to_csv(index=False)  # no path: the text
        return text

    @staticmethod
    def _asked(connection: Connection, class_id: int) -> int:
        return connection.execute(
            select(func.count())
            .select_from(class_questions)
            .where(class_questions.c.class_id == class_id)
        ).scalar_one()

    @staticmethod
    def _question_rows(
        connection: Connection, class_id: int, page: int, rows: int | None
    ) -> list[dict[str, Any]]:
        counted = (
            select(
                class_answers.c.question_id,
                func.count().label("answered"),
                func.sum(case((class_answers.c.correct, 1), else_=0)).label("right"),
            )
            .join(class_questions, class_questions.c.id == class_answers.c.question_id)
            .where(class_questions.c.class_id == class_id)
            .group_by(class_answers.c.question_id)
            .subquery()
        )
        query = (
            select(
                class_questions.c.position,
                class_questions.c.source,
                func.coalesce(counted.c.answered, 0).label("answered"),
                counted.c.right,
            )
            .outerjoin(counted, counted.c.question_id == class_questions.c.id)
            .where(class_questions.c.class_id == class_id)
            .order_by(class_questions.c.position)
        )
        if rows is not None:
            query = query.limit(rows).offset(max(0, page) * rows)
        found = []
        for asked in connection.execute(query):
            answered, right_count = int(asked.answered), int(asked.right or 0)
            found.append(
                {
                    "question": asked.position,
                    "asked": _asked_label(asked.source),
                    "answered": answered,
                    "right": right_count,
                    "share_right": round(right_count / answered, 3) if answered else None,
                }
            )
        return found

    @staticmethod
    def _learner_rows(
        connection: Connection, class_id: int, asked: int, page: int, rows: int | None
    ) -> list[dict[str, Any]]:
        right = func.sum(case((class_answers.c.correct, 1), else_=0))
        query = (
            select(
                class_members.c.display_name,
                func.count(class_answers.c.question_id).label("answered"),
                right.label("right"),
            )
            .outerjoin(class_answers, class_answers.c.member_id == class_members.c.id)
            .where(class_members.c.class_id == class_id)
            .group_by(class_members.c.id, class_members.c.display_name, class_members.c.joined_at)
            .order_by(class_members.c.joined_at, class_members.c.id)
        )
        if rows is not None:
            query = query.limit(rows).offset(max(0, page) * rows)
        return [
            {
                "learner": shown_name(member.display_name),
                "answered": int(member.answered),
                "right": int(member.right or 0),
                "score": f"{int(member.right or 0)} of {asked}",
            }
            for member in connection.execute(query)
        ]

    # ---- the teacher's key, devices and members ----------------------------------------

    def rotate_key(self, code: str, key: str) -> str:
        """A new teacher key for class ``code``; every other key (other devices, an old
        address) and every unused teacher link stops working. Raises ClassError."""
        fresh = new_teacher_key()
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            connection.execute(
                update(classes)
                .where(classes.c.id == row.id)
                .values(teacher_key_hash=teacher_key_hash(fresh))
            )
            connection.execute(
                delete(class_teacher_keys).where(class_teacher_keys.c.class_id == row.id)
            )
            connection.execute(
                delete(class_teacher_passes).where(class_teacher_passes.c.class_id == row.id)
            )
        return fresh

    def teacher_link_code(self, code: str, key: str) -> str:
        """A one-time code for a teacher link (``/class?class=CODE&teacher=...``): it opens
        the class on one other device, once, within TEACHER_LINK_LIFETIME. Only the
        newest MAX_TEACHER_LINKS unused codes are kept. Raises ClassError."""
        one_time = new_teacher_pass()
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            connection.execute(
                delete(class_teacher_passes).where(
                    class_teacher_passes.c.class_id == row.id,
                    or_(
                        class_teacher_passes.c.expires_at < now(),
                        class_teacher_passes.c.id.not_in(
                            select(class_teacher_passes.c.id)
                            .where(class_teacher_passes.c.class_id == row.id)
                            .order_by(class_teacher_passes.c.id.desc())
                            .limit(MAX_TEACHER_LINKS - 1)
                            .scalar_subquery()
                        ),
                    ),
                )
            )
            connection.execute(
                insert(class_teacher_passes).values(
                    class_id=row.id,
                    pass_hash=teacher_key_hash(one_time),
                    created_at=now(),
                    expires_at=now() + TEACHER_LINK_LIFETIME,
                )
            )
        return one_time

    def use_teacher_link(self, code: str, one_time: str) -> str:
        """Spend a teacher link's one-time code: a new teacher key for this device (the
        oldest beyond MAX_TEACHER_DEVICES stops working). Raises ClassError
        (BAD_TEACHER_LINK for a used, old or unknown code; REPORT_GONE)."""
        hashed = teacher_key_hash(one_time)
        refused = ClassError(
            Reason.BAD_TEACHER_LINK,
            "This teacher link has been used already or is too old (it "
            f"works once, for {TEACHER_LINK_LIFETIME.seconds // 60} minutes): "
            "ask for a new one on the class page of the device that runs "
            "the class.",
        )
        fresh = new_teacher_key()
        with self.store.writing() as connection:
            row = self._class_row(connection, code, lock=True)
            spent = connection.execute(
                delete(class_teacher_passes)
                .where(
                    class_teacher_passes.c.class_id == row.id,
                    class_teacher_passes.c.pass_hash == (hashed or "-"),
                )
                .returning(class_teacher_passes.c.expires_at)
            ).first()
            if spent is None or utc(spent.expires_at) < now():
                raise refused
            if self._report_gone(row):
                raise ClassError(
                    Reason.REPORT_GONE,
                    f"Class {row.code} closed more than "
                    f"{REPORT_KEPT.days} days ago: its report is no longer kept.",
                )
            connection.execute(
                delete(class_teacher_keys).where(
                    class_teacher_keys.c.class_id == row.id,
                    class_teacher_keys.c.id.not_in(
                        select(class_teacher_keys.c.id)
                        .where(class_teacher_keys.c.class_id == row.id)
                        .order_by(class_teacher_keys.c.id.desc())
                        .limit(MAX_TEACHER_DEVICES - 1)
                        .scalar_subquery()
                    ),
                )
            )
            connection.execute(
                insert(class_teacher_keys).values(
                    class_id=row.id, key_hash=teacher_key_hash(fresh), created_at=now()
                )
            )
        return fresh

    def _member_row(self, connection: Connection, class_id: int, name: str) -> AnyRow:
        member = connection.execute(
            select(class_members.c.id, class_members.c.display_name).where(
                class_members.c.class_id == class_id, class_members.c.display_name == name
            )
        ).first()
        if member is None:
            raise ClassError(Reason.NO_SUCH_MEMBER, f"Nobody in this class is called {name}.")
        return member

    def rename_member(self, code: str, key: str, name: str, new_name: str) -> str:
        """Give the member called ``name`` the name ``new_name`` (the same rule as a
        join's); the name kept. Raises ClassError (NO_SUCH_MEMBER, BAD_NAME, NAME_TAKEN,
        NOT_TEACHER)."""
        new_name = checked_display_name(new_name)
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            member = self._member_row(connection, row.id, name)
            self._refuse_taken(connection, row.id, new_name, but=member.id)
            connection.execute(
                update(class_members)
                .where(class_members.c.id == member.id)
                .values(display_name=new_name, name_key=name_key(new_name))
            )
        return new_name

    def remove_member(self, code: str, key: str, name: str) -> None:
        """Take the member called ``name`` out of the class, with their class answers
        (answers already revealed stay in their own progress). They may join again.
        Raises ClassError (NO_SUCH_MEMBER, NOT_TEACHER)."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True, must_be_open=False)
            member = self._member_row(connection, row.id, name)
            connection.execute(delete(class_answers).where(class_answers.c.member_id == member.id))
            connection.execute(delete(class_members).where(class_members.c.id == member.id))

    @staticmethod
    def _refuse_taken(
        connection: Connection, class_id: int, name: str, but: int | None = None
    ) -> None:
        """Raise NAME_TAKEN when a member (other than ``but``) has a look-alike name."""
        query = select(class_members.c.display_name).where(
            class_members.c.class_id == class_id, class_members.c.name_key == name_key(name)
        )
        if but is not None:
            query = query.where(class_members.c.id != but)
        taken = connection.scalar(query)
        if taken is not None:
            same = "" if taken == name else " (or a name that looks just like it)"
            raise ClassError(
                Reason.NAME_TAKEN,
                f"Someone in this class is already called "
                f"{name}{same}: add a letter or choose "
                "another name.",
            )

    def forget_old_classes(self) -> int:
        """Delete the classes whose report time (REPORT_KEPT after they closed) is over,
        with everything in them; how many."""
        cutoff = now() - REPORT_KEPT
        with self.store.writing() as connection:
            return (
                connection.execute(
                    delete(classes).where(
                        or_(
                            classes.c.ended_at < cutoff,
                            classes.c.created_at < cutoff - CLASS_LIFETIME,
                        )
                    )
                ).rowcount
                or 0
            )

    # ---- the learners --------------------------------------------------------------------

    def join(self, code: str, name: str, token: str) -> Member:
        """Join class ``code`` as ``name``; the same token joining again gets its first
        name back (a reload). Raises ClassError (NO_SUCH_CLASS, CLASS_ENDED, BAD_NAME,
        NAME_TAKEN for a name that looks like a member's, CLASS_FULL) and
        MalformedTokenError."""
        name = checked_display_name(name)
        for attempt in range(2):
            try:
                with self.store.writing() as connection:
                    row = self._open_row(connection, code, lock=True)  # joins one at a time
                    learner = self.store.ensured_learner_id(connection, token)
                    mine = connection.execute(
                        select(class_members.c.display_name).where(
                            class_members.c.class_id == row.id,
                            class_members.c.learner_id == learner,
                        )
                    ).first()
                    if mine is not None:
                        return Member(shown_name(mine.display_name), rejoined=True)
                    self._refuse_taken(connection, row.id, name)
                    members = connection.execute(
                        select(func.count())
                        .select_from(class_members)
                        .where(class_members.c.class_id == row.id)
                    ).scalar_one()
                    if members >= MAX_CLASS_MEMBERS:
                        raise ClassError(
                            Reason.CLASS_FULL,
                            f"Class {row.code} is full: it "
                            f"has {MAX_CLASS_MEMBERS} learners, the most a class "
                            "takes. Tell your teacher.",
                        )
                    connection.execute(
                        insert(class_members).values(
                            class_id=row.id,
                            display_name=name,
                            name_key=name_key(name),
                            learner_id=learner,
                            joined_at=now(),
                        )
                    )
                    return Member(name)
            except IntegrityError:
                if attempt:  # a second clash: two joins raced twice; say the name is taken
                    raise ClassError(
                        Reason.NAME_TAKEN,
                        f"Someone in this class is already called {name}: choose another name.",
                    ) from None
        raise AssertionError("unreachable")

    def member(self, code: str, token: str) -> Member | None:
        """This token's place in class ``code`` (None if it has not joined)."""
        with self.store.reading() as connection:
            learner = self.store.find_learner_id(connection, token)
            name = connection.scalar(
                select(class_members.c.display_name)
                .join(classes, classes.c.id == class_members.c.class_id)
                .where(
                    classes.c.code == parse_class_code(code), class_members.c.learner_id == learner
                )
            )
        return None if name is None else Member(shown_name(name), rejoined=True)

    def answer(
        self, code: str, token: str, question_id: int, response: Sequence[str] | str
    ) -> tuple[str, ...]:
        """Give (or change) this member's answer to question ``question_id``, which must
        still be on screen and not revealed; the answer kept. Raises ClassError
        (NOT_A_MEMBER, QUESTION_CHANGED, ALREADY_REVEALED, BAD_ANSWER, CLASS_ENDED)."""
        with self.store.writing() as connection:
            row = self._open_row(connection, code)
            learner = self.store.find_learner_id(connection, token)
            member = connection.scalar(
                select(class_members.c.id).where(
                    class_members.c.class_id == row.id, class_members.c.learner_id == learner
                )
            )
            if member is None:
                raise ClassError(Reason.NOT_A_MEMBER, f"Join class {row.code} with a name first.")
            if row.current_question_id != question_id:
                raise ClassError(
                    Reason.QUESTION_CHANGED,
                    "The teacher has moved on to another question: answer the one on screen.",
                )
            # Locked until this answer is in: a reveal waits for it, or it sees the reveal.
            asked = connection.execute(
                select(
                    class_questions.c.position,
                    class_questions.c.source,
                    class_questions.c.revealed_at,
                    class_questions.c.deadline,
                )
                .where(class_questions.c.id == question_id)
                .with_for_update()
            ).one()
            if asked.revealed_at is not None:
                raise ClassError(
                    Reason.ALREADY_REVEALED,
                    f"The answer to question "
                    f"{asked.position} has been revealed: "
                    "answers are closed.",
                )
            if asked.deadline is not None and utc(asked.deadline) <= now():
                raise ClassError(
                    Reason.TIME_UP,
                    f"Time is up for question {asked.position}: answers are closed.",
                )
            feedback = question_for(QuestionSource.parse(asked.source)).check(response)
            if feedback.invalid:
                raise ClassError(Reason.BAD_ANSWER, feedback.headline)
            given = (response,) if isinstance(response, str) else tuple(response)
            self.store.insert_ignoring_duplicates(
                connection,
                class_answers,
                {
                    "question_id": question_id,
                    "member_id": member,
                    "answer": answer_text(given),
                    "correct": feedback.correct,
                    "answered_at": now(),
                },
                update_columns=("answer", "correct", "answered_at"),
            )
        return given

    def my_answer(self, code: str, token: str, question_id: int) -> tuple[str, ...] | None:
        """This member's answer to ``question_id`` as given (None before they answer)."""
        with self.store.reading() as connection:
            text = connection.scalar(
                select(class_answers.c.answer)
                .join(class_members, class_members.c.id == class_answers.c.member_id)
                .join(classes, classes.c.id == class_members.c.class_id)
                .where(
                    classes.c.code == parse_class_code(code),
                    class_members.c.learner_id == self.store.find_learner_id(connection, token),
                    class_answers.c.question_id == question_id,
                )
            )
        return None if text is None else tuple(text.split(",")) if text else ()


@lru_cache(maxsize=1024)
def _label_of(source_json: str) -> str:
    source = QuestionSource.parse(json.loads(source_json))
    return f"{question_for(source).prompt} ({source_label(source)})"


def _asked_label(source: dict[str, Any]) -> str:
    """A question's words in the report: its prompt and where it comes from (each
    question built once per process, not once per report)."""
    return _label_of(json.dumps(source, sort_keys=True))
