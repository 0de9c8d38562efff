"""The progress store: the few verbs pages call to keep and read a learner's progress.

Every call takes the learner's token and reaches only that learner's rows. Every
``record_...`` call commits before it returns, so a page confirms an answer only once it
is saved. A database that cannot be used raises ``StoreUnavailable`` with a sentence for
the learner; the page shows it and carries on.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import IO, TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, Table, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from lessons.progress import LessonProgress, QuizRun, quiz_length_limit
from lessons.spaced import Attempt
from tutorial_app.limits.display_names import optional_display_name
from tutorial_app.store import csv_io, summaries
from tutorial_app.store.database import READ_ONLY
from tutorial_app.store.errors import StoreUnavailable, database_trouble, plain_words
from tutorial_app.store.records import (
    ImportReport,
    PlayedHand,
    QuizPosition,
    checked_answer,
    checked_hand_kind,
    checked_text,
    inserted_id,
    now,
    utc,
)
from tutorial_app.store.tables import (
    answers,
    hands,
    learners,
    lesson_steps,
    mistakes,
    quiz_positions,
    quiz_runs,
)
from tutorial_app.store.tokens import LearnerId, is_well_formed_token, token_hash

if TYPE_CHECKING:  # pandas loads only when a table is asked for: the CLI starts faster
    import pandas as pd

# The columns of a learner's answers, as the progress page and the CSV file show them.
ANSWER_COLUMNS = csv_io.COLUMNS
# Practise schedules from the newest answers only: 2,000 cover months of daily practice
# (the half-lives are days), and a learner who imported years of history costs no more.
ATTEMPTS_READ = 2_000


class Store:
    """One progress database; see ``open_store``."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def __repr__(self) -> str:
        return f"open_store({self.engine.url.render_as_string(hide_password=True)!r})"

    # ---- transactions ----------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One committed transaction; database trouble becomes StoreUnavailable (a
        duplicate, IntegrityError, is the caller's to handle)."""
        try:
            with self.engine.begin() as connection:
                yield connection
        except IntegrityError:
            raise
        except database_trouble as error:
            raise StoreUnavailable(plain_words(error)) from error

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection:
                connection.execution_options(**{READ_ONLY: True})
                yield connection
        except IntegrityError:
            raise
        except database_trouble as error:
            raise StoreUnavailable(plain_words(error)) from error

    @staticmethod
    def insert_ignoring_duplicates(
        connection: Connection,
        table: Table,
        values: dict[str, Any],
        update_columns: tuple[str, ...] = (),
        keys: tuple[str, ...] | None = None,
    ) -> None:
        """INSERT, or on a duplicate ``keys`` (the primary key unless given) nothing, or
        an update of ``update_columns``."""
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(table).values(**values)
        index = list(keys or (column.name for column in table.primary_key.columns))
        if update_columns:
            statement = statement.on_conflict_do_update(
                index_elements=index, set_={name: values[name] for name in update_columns}
            )
        else:
            statement = statement.on_conflict_do_nothing(index_elements=index)
        connection.execute(statement)

    # ---- who the learner is ----------------------------------------------------------------

    @staticmethod
    def find_learner_id(connection: Connection, token: str) -> int | None:
        if not is_well_formed_token(token):
            return None
        return connection.scalar(
            select(learners.c.id).where(learners.c.token_hash == token_hash(token))
        )

    def ensured_learner_id(self, connection: Connection, token: str) -> int:
        hashed = token_hash(token)  # raises MalformedTokenError before anything is written
        self.insert_ignoring_duplicates(
            connection, learners, {"token_hash": hashed, "created_at": now()}, keys=("token_hash",)
        )
        learner: int | None = connection.scalar(
            select(learners.c.id).where(learners.c.token_hash == hashed)
        )
        assert learner is not None  # inserted just now, or there already
        return learner

    def learner(self, token: str) -> LearnerId | None:
        """The learner with this token, or None for a malformed or unknown token."""
        with self.reading() as connection:
            number = self.find_learner_id(connection, token)
        return None if number is None else LearnerId(number)

    def ensure_learner(self, token: str) -> LearnerId:
        """The learner with this token, made on first use; raises MalformedTokenError."""
        with self.writing() as connection:
            return LearnerId(self.ensured_learner_id(connection, token))

    def set_display_name(self, token: str, name: str | None) -> None:
        """Keep an optional name to show (pages escape it); raises DisplayNameError (a
        ValueError) for a name the one name rule refuses."""
        name = optional_display_name(name)  # the one name rule (limits/display_names.py)
        with self.writing() as connection:
            learner = self.ensured_learner_id(connection, token)
            connection.execute(
                update(learners).where(learners.c.id == learner).values(display_name=name)
            )

    def display_name(self, token: str) -> str | None:
        with self.reading() as connection:
            learner = self.find_learner_id(connection, token)
            return connection.scalar(
                select(learners.c.display_name).where(learners.c.id == learner)
            )

    # ---- recording ---------------------------------------------------------------------

    def start_quiz_run(self, token: str, lesson: str, seed: int | None, length: int) -> int:
        """A new run of ``lesson``'s quiz of ``length`` questions; its number, for
        ``record_answer(quiz_run=...)``."""
        most = quiz_length_limit(lesson)
        if not isinstance(length, int) or isinstance(length, bool) or not 1 <= length <= most:
            raise ValueError(f"a quiz of {lesson!r} has from 1 to {most} questions, not {length!r}")
        values = {
            "lesson": checked_text("lesson", lesson),
            "seed": seed,
            "length": length,
            "started_at": now(),
        }
        with self.writing() as connection:
            values["learner_id"] = self.ensured_learner_id(connection, token)
            return inserted_id(connection.execute(insert(quiz_runs).values(**values)))

    def record_answer(
        self,
        token: str,
        *,
        lesson: str,
        item_kind: str,
        generator: str,
        answer: str,
        correct: bool,
        seed: int | None = None,
        time_taken_ms: int | None = None,
        quiz_run: int | None = None,
        answered_at: datetime | None = None,
    ) -> int:
        """Keep one answer, committed before this returns; its row number. ``lesson`` is a
        lesson id or a Practise topic, ``generator`` the skill (a generator or curated item),
        ``item_kind`` a ``lessons.quiz.Kind`` value. Raises ValueError for a bad field or a
        quiz run that is not this learner's, StoreUnavailable."""
        values = checked_answer(
            lesson=lesson,
            item_kind=item_kind,
            generator=generator,
            answer=answer,
            correct=correct,
            seed=seed,
            time_taken_ms=time_taken_ms,
            answered_at=answered_at,
        )
        with self.writing() as connection:
            learner = values["learner_id"] = self.ensured_learner_id(connection, token)
            if quiz_run is not None:
                owner = connection.scalar(
                    select(quiz_runs.c.learner_id).where(quiz_runs.c.id == quiz_run)
                )
                if owner != learner:
                    raise ValueError(f"quiz run {quiz_run!r} is not one of this learner's")
            values["quiz_run_id"] = quiz_run
            return inserted_id(connection.execute(insert(answers).values(**values)))

    def record_step(
        self, token: str, lesson: str, step: str, finished_at: datetime | None = None
    ) -> None:
        """Keep that a lesson step was finished (the first time counts)."""
        values = {
            "lesson": checked_text("lesson", lesson),
            "step": checked_text("step", step),
            "finished_at": utc(finished_at) if finished_at else now(),
        }
        with self.writing() as connection:
            values["learner_id"] = self.ensured_learner_id(connection, token)
            self.insert_ignoring_duplicates(connection, lesson_steps, values)

    def record_hand(
        self,
        token: str,
        kind: str,
        code: str,
        result: dict[str, Any],
        finished_at: datetime | None = None,
    ) -> int:
        """Keep a finished Play hand or game (``kind="play"``) or guided hand."""
        if not isinstance(code, str) or not code:
            raise ValueError(f"a hand's code must be a non-empty text, not {code!r}")
        values = {
            "kind": checked_hand_kind(kind),
            "code": code,
            "result": dict(result),
            "finished_at": utc(finished_at) if finished_at else now(),
        }
        with self.writing() as connection:
            values["learner_id"] = self.ensured_learner_id(connection, token)
            return inserted_id(connection.execute(insert(hands).values(**values)))

    def save_quiz_position(self, token: str, lesson: str, seed: int, state: dict[str, Any]) -> None:
        """Keep where the learner is in ``lesson``'s quiz (replacing what was kept)."""
        values = {
            "lesson": checked_text("lesson", lesson),
            "seed": seed,
            "state": dict(state),
            "updated_at": now(),
        }
        with self.writing() as connection:
            values["learner_id"] = self.ensured_learner_id(connection, token)
            self.insert_ignoring_duplicates(
                connection, quiz_positions, values, update_columns=("seed", "state", "updated_at")
            )

    def load_quiz_position(self, token: str, lesson: str) -> QuizPosition | None:
        with self.reading() as connection:
            row = connection.execute(
                select(quiz_positions.c.seed, quiz_positions.c.state).where(
                    quiz_positions.c.learner_id == self.find_learner_id(connection, token),
                    quiz_positions.c.lesson == lesson,
                )
            ).first()
        return None if row is None else QuizPosition(row.seed, row.state)

    def clear_quiz_position(self, token: str, lesson: str) -> None:
        with self.writing() as connection:
            connection.execute(
                delete(quiz_positions).where(
                    quiz_positions.c.learner_id == self.find_learner_id(connection, token),
                    quiz_positions.c.lesson == lesson,
                )
            )

    # ---- reading -----------------------------------------------------------------------

    def answer_rows(self, token: str, lesson: str | None = None) -> list[dict[str, Any]]:
        """The learner's answers, oldest first, as ``ANSWER_COLUMNS`` values (quiz runs
        numbered 1, 2, ... for this learner); only ``lesson``'s when it is given."""
        with self.reading() as connection:
            return csv_io.answer_rows(connection, self.find_learner_id(connection, token), lesson)

    def answers(self, token: str) -> pd.DataFrame:
        """All the learner's answers, oldest first (``answered_at`` in UTC)."""
        return _frame(self.answer_rows(token))

    def recent_answers(self, token: str, limit: int = 20, offset: int = 0) -> pd.DataFrame:
        """The learner's ``limit`` newest answers after the ``offset`` newest, newest first
        (one page, read as such: never every answer)."""
        with self.reading() as connection:
            rows = summaries.recent_answers(
                connection, self.find_learner_id(connection, token), limit, offset
            )
        return _frame(rows)

    def answer_count(self, token: str) -> int:
        """How many answers the learner has."""
        with self.reading() as connection:
            return summaries.answer_total(connection, self.find_learner_id(connection, token))

    def answer_counts(self, token: str) -> list[summaries.AnswerCount]:
        """The learner's answers counted per skill per quarter hour (UTC), oldest first."""
        with self.reading() as connection:
            return summaries.answer_counts(connection, self.find_learner_id(connection, token))

    def attempts(self, token: str, most: int = ATTEMPTS_READ) -> list[Attempt]:
        """The learner's newest ``most`` answers, oldest first, as the spaced-repetition
        scheduler reads them."""
        with self.reading() as connection:
            rows = connection.execute(
                select(answers.c.generator, answers.c.correct, answers.c.answered_at)
                .where(answers.c.learner_id == self.find_learner_id(connection, token))
                .order_by(answers.c.answered_at.desc(), answers.c.id.desc())
                .limit(most)
            ).all()
            return [
                Attempt(row.generator, row.correct, utc(row.answered_at)) for row in reversed(rows)
            ]

    def steps_done(self, token: str) -> dict[str, set[str]]:
        """The finished steps, by lesson."""
        with self.reading() as connection:
            rows = connection.execute(
                select(lesson_steps.c.lesson, lesson_steps.c.step).where(
                    lesson_steps.c.learner_id == self.find_learner_id(connection, token)
                )
            )
            done: dict[str, set[str]] = {}
            for row in rows:
                done.setdefault(row.lesson, set()).add(row.step)
            return done

    def hands(self, token: str, kind: str | None = None) -> list[PlayedHand]:
        """The learner's finished hands and games, oldest first."""
        with self.reading() as connection:
            query = (
                select(hands.c.kind, hands.c.code, hands.c.result, hands.c.finished_at)
                .where(hands.c.learner_id == self.find_learner_id(connection, token))
                .order_by(hands.c.finished_at, hands.c.id)
            )
            if kind is not None:
                query = query.where(hands.c.kind == checked_hand_kind(kind))
            return [
                PlayedHand(row.kind, row.code, row.result, utc(row.finished_at))
                for row in connection.execute(query)
            ]

    def quiz_run(self, token: str, run: int) -> QuizRun | None:
        """The learner's quiz run ``run`` replayed from its answers (its length held to
        the lesson's quiz); None if not theirs."""
        with self.reading() as connection:
            learner = self.find_learner_id(connection, token)
            found = connection.execute(
                select(quiz_runs.c.lesson, quiz_runs.c.length).where(
                    quiz_runs.c.learner_id == learner, quiz_runs.c.id == run
                )
            ).first()
            if found is None:
                return None
            replayed = QuizRun.start(max(1, min(found.length, quiz_length_limit(found.lesson))))
            for correct in connection.scalars(
                select(answers.c.correct)
                .where(answers.c.learner_id == learner, answers.c.quiz_run_id == run)
                .order_by(answers.c.answered_at, answers.c.id)
            ):
                if replayed.finished:
                    break
                replayed = replayed.answer(correct)
        return replayed

    def lesson_progress(self, token: str) -> dict[str, LessonProgress]:
        """Stars and mastery per lesson, from the best of the learner's recorded runs,
        counted by the database (one row a lesson comes back)."""
        with self.reading() as connection:
            return summaries.lesson_progress(connection, self.find_learner_id(connection, token))

    # ---- export, import, reset ---------------------------------------------------------

    def export_csv(self, token: str, file: IO[str]) -> int:
        """Write the learner's answers as CSV (a header line first); how many rows."""
        return csv_io.write_rows(file, self.answer_rows(token))

    def import_csv(self, token: str, text: str) -> ImportReport:
        """Add the answers of an exported CSV text. Each row is checked: bad rows are named
        in the report, good ones kept, all of them in one transaction (all or nothing);
        rows the learner already has are not added twice. A file over a bound (its size,
        its rows) or not readable as CSV is refused whole: ``ImportReport.refused``."""
        parsed = csv_io.parse(text)
        if not parsed.rows:
            return ImportReport(0, parsed.bad_rows, refused=parsed.refused)
        with self.writing() as connection:
            learner = self.ensured_learner_id(connection, token)
            added, already = csv_io.insert_rows(connection, learner, parsed.rows)
        return ImportReport(added, parsed.bad_rows, already)

    def export_all_csv(self, file: IO[str]) -> int:
        """Every learner's answers as CSV, a learner number instead of the token (the
        teacher's command-line export); how many rows."""
        with self.reading() as connection:
            return csv_io.write_rows(
                file, csv_io.all_answer_rows(connection), columns=("learner", *csv_io.COLUMNS)
            )

    def reset(self, token: str) -> None:
        """Forget all of the learner's progress (the token and name stay)."""
        with self.writing() as connection:
            learner = self.find_learner_id(connection, token)
            for table in (answers, quiz_runs, lesson_steps, hands, quiz_positions, mistakes):
                connection.execute(delete(table).where(table.c.learner_id == learner))


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame(rows, columns=list(ANSWER_COLUMNS))
    frame["answered_at"] = pd.to_datetime(frame["answered_at"], utc=True)
    frame["correct"] = frame["correct"].astype(bool)
    for column in ("seed", "time_taken_ms", "quiz_run", "quiz_length"):
        frame[column] = frame[column].astype("Int64")
    return frame
