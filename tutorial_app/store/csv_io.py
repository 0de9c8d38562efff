"""Answers as CSV: one row per answer, a header line first; read back row by row.

The same columns serve the learner's own export and import (``Store.export_csv`` /
``import_csv``) and the teacher's command-line export, which adds a learner number.
Quiz runs are numbered 1, 2, ... per learner in the file, so an imported file keeps
its runs apart and the stars they earned.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO, Any

from sqlalchemy import Connection, Select, insert, select

from lessons.progress import quiz_length_limit
from tutorial_app.limits.numbers import (
    FORMULA_STARTS,
    MAX_IMPORT_ROWS,
    MAX_NUMBER_DIGITS,
    MAX_UPLOAD_BYTES,
    parse_whole,
    spreadsheet_safe,
)
from tutorial_app.store.records import (
    ANSWER_LIMIT,
    SEED_MOST,
    TIME_TAKEN_MOST_MS,
    checked_answer,
    inserted_id,
    utc,
)
from tutorial_app.store.tables import answers, quiz_runs

COLUMNS = (
    "answered_at",
    "lesson",
    "item_kind",
    "generator",
    "seed",
    "answer",
    "correct",
    "time_taken_ms",
    "quiz_run",
    "quiz_length",
)
REQUIRED = ("answered_at", "lesson", "item_kind", "generator", "answer", "correct")
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no")
_EXTRA = "\0extra"  # where csv.DictReader puts the fields past the header's


def _answer_query() -> Select[*tuple[Any, ...]]:
    return (
        select(
            answers.c.learner_id,
            answers.c.answered_at,
            answers.c.lesson,
            answers.c.item_kind,
            answers.c.generator,
            answers.c.seed,
            answers.c.answer,
            answers.c.correct,
            answers.c.time_taken_ms,
            answers.c.quiz_run_id,
            quiz_runs.c.length.label("quiz_length"),
        )
        .select_from(answers.outerjoin(quiz_runs, answers.c.quiz_run_id == quiz_runs.c.id))
        .order_by(answers.c.learner_id, answers.c.answered_at, answers.c.id)
    )


def _rows(connection: Connection, query: Select[*tuple[Any, ...]]) -> list[dict[str, Any]]:
    result = [row._asdict() for row in connection.execute(query)]
    run_numbers: dict[tuple[int, int], int] = {}
    for learner, run in sorted(
        {(r["learner_id"], r["quiz_run_id"]) for r in result if r["quiz_run_id"] is not None}
    ):
        run_numbers[learner, run] = sum(1 for key in run_numbers if key[0] == learner) + 1
    for row in result:
        run = row.pop("quiz_run_id")
        row["quiz_run"] = run_numbers.get((row["learner_id"], run))
        row["learner"] = row.pop("learner_id")
        row["answered_at"] = utc(row["answered_at"])
    return result


def answer_rows(
    connection: Connection, learner: int | None, lesson: str | None = None
) -> list[dict[str, Any]]:
    """One learner's answers, oldest first (none for an unknown learner); only those of
    ``lesson`` when it is given (quiz runs are then numbered among those alone)."""
    query = _answer_query().where(answers.c.learner_id == learner)
    if lesson is not None:
        query = query.where(answers.c.lesson == lesson)
    return [{name: row[name] for name in COLUMNS} for row in _rows(connection, query)]


def all_answer_rows(connection: Connection) -> list[dict[str, Any]]:
    """Every learner's answers, by learner number then time."""
    return _rows(connection, _answer_query())


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def write_rows(
    file: IO[str], rows: Iterable[dict[str, Any]], columns: Sequence[str] = COLUMNS
) -> int:
    """The rows as CSV, a header line first; a cell a spreadsheet would run as a formula
    is written as text (``limits.numbers.spreadsheet_safe``). How many rows."""
    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(columns)
    count = 0
    for count, row in enumerate(rows, start=1):  # noqa: B007 (the last count is the answer)
        writer.writerow([spreadsheet_safe(_cell(row[name])) for name in columns])
    return count


@dataclass
class ParsedRow:
    line: int
    values: dict[str, Any]  # checked answer columns
    quiz_run: int | None  # the file's run number
    quiz_length: int | None


@dataclass
class Parsed:
    rows: list[ParsedRow] = field(default_factory=list)
    bad_rows: list[tuple[int, str]] = field(default_factory=list)
    refused: str | None = None  # why the whole file is refused: then no rows


# The longest text each text column of a file may hold (longer is refused, never cut):
# the store's own column widths, and a few characters for a date or a true or false.
# The number columns are bounded by ``parse_whole`` (digits and value).
FIELD_LIMITS = {
    "answered_at": 40,
    "lesson": 80,
    "item_kind": 20,
    "generator": 80,
    "answer": ANSWER_LIMIT,
    "correct": 5,
}
IMPORT_SEED_MOST = min(SEED_MOST, 10**MAX_NUMBER_DIGITS - 1)


SHOWN_CHARS = 32  # a message quotes this much of a cell (a whole date and time)


def _shown(text: str) -> str:
    """A cell as a message quotes it: at most ``SHOWN_CHARS`` characters."""
    return repr(text[:SHOWN_CHARS]) + ("..." if len(text) > SHOWN_CHARS else "")


def _whole(name: str, text: str, *, least: int = 0, most: int) -> int | None:
    if text.strip() == "":
        return None
    return parse_whole(text, least=least, most=most, what=f"{name} {_shown(text)}")


def _unsafe_undone(text: str) -> str:
    """A cell as exported back to its value: the apostrophe ``spreadsheet_safe`` put
    before a formula-like text is taken off again (so an export imports unchanged)."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def _checked_cells(cells: dict[str, str]) -> dict[str, str]:
    """Each text cell within its length, every cell free of NUL; raises ValueError
    naming it."""
    for name in COLUMNS:
        text = cells.get(name) or ""
        if len(text) > FIELD_LIMITS.get(name, len(text)):
            raise ValueError(
                f"{name} {_shown(text)} is longer than {FIELD_LIMITS[name]} characters"
            )
        if "\0" in text:
            raise ValueError(f"{name} {_shown(text)} holds a NUL character")
    return {
        name: _unsafe_undone(text) if isinstance(text, str) else text
        for name, text in cells.items()
    }


def _row_values(cells: dict[str, str]) -> tuple[dict[str, Any], int | None, int | None]:
    """A CSV row's checked values; raises ValueError saying what is wrong."""
    cells = _checked_cells(cells)
    try:
        answered_at = utc(datetime.fromisoformat(cells["answered_at"]))
    except (ValueError, OverflowError):
        raise ValueError(
            f"answered_at {_shown(cells['answered_at'])} is not a date and time "
            "like 2026-11-30T18:00:00+00:00"
        ) from None
    correct = cells["correct"].strip().lower()
    if correct not in _TRUE + _FALSE:
        raise ValueError(f"correct {_shown(cells['correct'])} is not true or false")
    quiz_run = _whole("quiz_run", cells.get("quiz_run", ""), least=1, most=MAX_IMPORT_ROWS)
    quiz_length = _whole(
        "quiz_length",
        cells.get("quiz_length", ""),
        least=1,
        most=quiz_length_limit(cells["lesson"]),
    )
    if quiz_run is not None and quiz_length is None:
        raise ValueError("a row in a quiz run needs its quiz_length")
    values = checked_answer(
        lesson=cells["lesson"],
        item_kind=cells["item_kind"],
        generator=cells["generator"],
        answer=cells["answer"],
        correct=correct in _TRUE,
        seed=_whole("seed", cells.get("seed", ""), most=IMPORT_SEED_MOST),
        time_taken_ms=_whole(
            "time_taken_ms", cells.get("time_taken_ms", ""), most=TIME_TAKEN_MOST_MS
        ),
        answered_at=answered_at,
    )
    return values, quiz_run, quiz_length


def _unreadable(line: int, error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return (
            f"Line {line} has a value longer than {csv.field_size_limit():,} characters, "
            "so this is not a file of answers: nothing was imported."
        )
    return f"Line {line} cannot be read as CSV ({error}): nothing was imported."


def parse(text: str) -> Parsed:
    """The rows of an answers CSV text, each checked; bad ones as (line number, reason).
    A file over ``MAX_UPLOAD_BYTES`` characters or ``MAX_IMPORT_ROWS`` rows, or one the
    csv module cannot read, is refused whole (``Parsed.refused``, no rows)."""
    if len(text) > MAX_UPLOAD_BYTES:
        return Parsed(
            refused=f"The file is larger than {MAX_UPLOAD_BYTES // 2**20} MB: nothing was imported."
        )
    parsed = Parsed()
    reader = csv.DictReader(io.StringIO(text), restkey=_EXTRA)
    line = 0
    try:
        header = reader.fieldnames or []
        missing = [name for name in REQUIRED if name not in header]
        if missing:
            parsed.bad_rows.append((1, f"the header line lacks the column(s) {', '.join(missing)}"))
            return parsed
        runs: dict[int, tuple[str, int | None]] = {}  # the file's run number -> (lesson, length)
        line = reader.line_num
        for count, cells in enumerate(reader, start=1):
            start, line = line + 1, reader.line_num
            if count > MAX_IMPORT_ROWS:
                return Parsed(
                    refused=f"The file has more than {MAX_IMPORT_ROWS:,} answers: "
                    "nothing was imported. Split it into smaller files."
                )
            try:
                if _EXTRA in cells:
                    raise ValueError(
                        f"{len(header) + len(cells[_EXTRA])} fields where the "
                        f"header has {len(header)}"
                    )
                if any(cells[name] is None for name in header):
                    raise ValueError(f"fewer fields than the header's {len(header)}")
                values, quiz_run, quiz_length = _row_values(cells)
                if quiz_run is not None:
                    seen = runs.setdefault(quiz_run, (values["lesson"], quiz_length))
                    if seen != (values["lesson"], quiz_length):
                        raise ValueError(
                            f"quiz run {quiz_run} is of lesson {seen[0]!r} with "
                            f"{seen[1]} questions on an earlier line"
                        )
            except (ValueError, OverflowError) as error:
                parsed.bad_rows.append((start, str(error)))
                continue
            parsed.rows.append(ParsedRow(start, values, quiz_run, quiz_length))
    except csv.Error as error:
        return Parsed(refused=_unreadable(line + 1, error))  # the line after the last read
    return parsed


def _same_answer(values: dict[str, Any]) -> tuple[object, ...]:
    """What makes two answer rows one answer (an import twice adds nothing)."""
    return (
        utc(values["answered_at"]).isoformat(),
        values["lesson"],
        values["generator"],
        values["answer"],
        values["correct"],
    )


def insert_rows(connection: Connection, learner: int, rows: list[ParsedRow]) -> tuple[int, int]:
    """Add the rows the learner does not have yet, in the caller's transaction; returns
    (rows added, rows already there)."""
    have = {
        _same_answer(row._asdict())
        for row in connection.execute(
            select(
                answers.c.answered_at,
                answers.c.lesson,
                answers.c.generator,
                answers.c.answer,
                answers.c.correct,
            ).where(answers.c.learner_id == learner)
        )
    }
    new_rows = []
    for row in rows:
        key = _same_answer(row.values)
        if key not in have:
            have.add(key)
            new_rows.append(row)
    run_ids: dict[int, int] = {}
    for row in new_rows:
        if row.quiz_run is not None and row.quiz_run not in run_ids:
            run_ids[row.quiz_run] = inserted_id(
                connection.execute(
                    insert(quiz_runs).values(
                        learner_id=learner,
                        lesson=row.values["lesson"],
                        seed=row.values["seed"],
                        length=row.quiz_length,
                        started_at=row.values["answered_at"],
                    )
                )
            )
    if new_rows:
        connection.execute(
            insert(answers),
            [
                {
                    **row.values,
                    "learner_id": learner,
                    "quiz_run_id": None if row.quiz_run is None else run_ids[row.quiz_run],
                }
                for row in new_rows
            ],
        )
    return len(new_rows), len(rows) - len(new_rows)
