"""A learner's own mistakes as CSV: one row per kept position with its place on the
ladder, a header line first; read back row by row, each row held to the bounds of
``mistakes.checked`` and the ladder's own (a box from 0 to 2, counts and dates that
make sense). The file is told from an answers file by its header line.

The same bounds as an answers file hold for the whole file: at most
``MAX_UPLOAD_BYTES`` characters and ``MAX_IMPORT_ROWS`` rows, else it is refused whole.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO

from lessons.mistake_schedule import RETIRING_BOX, MistakeMemory
from tutorial_app.limits.numbers import (
    FORMULA_STARTS,
    MAX_IMPORT_ROWS,
    MAX_UPLOAD_BYTES,
    parse_whole,
)
from tutorial_app.store.csv_io import write_rows
from tutorial_app.store.mistakes import (
    KeptMistake,
    MistakeError,
    NewMistake,
    OwnMistakes,
    checked,
)
from tutorial_app.store.records import ImportReport, utc

__all__ = ["COLUMNS", "ParsedMistakes", "export_csv", "import_csv", "is_mistakes_csv", "parse"]

POSITION_COLUMNS = tuple(NewMistake.__dataclass_fields__)
LADDER_COLUMNS = ("box", "due_at", "rights", "wrongs", "answered_at", "retired_at")
COLUMNS = POSITION_COLUMNS + LADDER_COLUMNS
COUNT_MOST = 10**6  # answers to one position: more is not a learner's file
CELL_MOST = 4000  # characters in any cell (the longest, a hand code, is at most 2,000)


def is_mistakes_csv(text: str) -> bool:
    """Whether the text's header line is a mistakes file's."""
    first = text[: 2 * len(",".join(COLUMNS))].split("\n", 1)[0].strip().lstrip("\ufeff")
    return first == ",".join(COLUMNS)


def export_csv(own: OwnMistakes, token: str, file: IO[str]) -> int:
    """The learner's kept positions as CSV; how many rows."""
    return write(file, own.mine(token))


def import_csv(own: OwnMistakes, token: str, text: str) -> ImportReport:
    """Add the positions of an exported mistakes CSV text, each with its place on the
    ladder; bad rows named in the report, good ones kept (all in one transaction), a
    position the learner has already left as it is."""
    parsed = parse(text)
    if not parsed.rows:
        return ImportReport(0, parsed.bad_rows, refused=parsed.refused)
    added, already = own.keep_with_ladder(token, parsed.rows)
    return ImportReport(added, parsed.bad_rows, already)


def write(file: IO[str], kept: Iterable[KeptMistake]) -> int:
    """The positions as CSV (a header line first); how many rows."""
    rows = []
    for mistake in kept:
        memory = mistake.memory
        rows.append(
            {
                **{name: getattr(mistake.position, name) for name in POSITION_COLUMNS},
                "box": memory.box,
                "due_at": memory.due_at,
                "rights": memory.rights,
                "wrongs": memory.wrongs,
                "answered_at": memory.answered_at,
                "retired_at": memory.retired_at,
            }
        )
    return write_rows(file, rows, COLUMNS)


@dataclass
class ParsedMistakes:
    rows: list[tuple[NewMistake, MistakeMemory]] = field(default_factory=list)
    bad_rows: list[tuple[int, str]] = field(default_factory=list)
    refused: str | None = None


def _moment(name: str, text: str, optional: bool = False) -> datetime | None:
    if optional and not text.strip():
        return None
    try:
        moment = datetime.fromisoformat(text)
    except (ValueError, OverflowError):
        raise ValueError(f"{name} {text[:32]!r} is not a date and time") from None
    if moment.tzinfo is None:
        raise ValueError(f"{name} {text[:32]!r} has no time zone")
    return utc(moment)


def _row(cells: dict[str, str]) -> tuple[NewMistake, MistakeMemory]:
    """A row's position and ladder, checked; raises ValueError saying what is wrong."""
    for name in COLUMNS:
        text = cells.get(name)
        if text is None:
            raise ValueError(f"no {name}")
        if len(text) > CELL_MOST or "\0" in text:
            raise ValueError(f"{name} is longer than {CELL_MOST} characters or holds a NUL")
        if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
            cells[name] = text[1:]  # as exported: spreadsheet_safe's apostrophe comes off
    made_at = _moment("made_at", cells["made_at"])
    assert made_at is not None
    try:
        cost = float(cells["cost"])
    except ValueError:
        raise ValueError(f"cost {cells['cost'][:32]!r} is not a number") from None
    position = checked(
        NewMistake(
            cells["source"],
            cells["game"],
            cells["hand"],
            parse_whole(cells["step"], least=0, most=99, what=f"step {cells['step'][:8]!r}"),
            cells["seat"],
            cells["phase"],
            cells["chosen"],
            cells["best"],
            cells["grade"],
            cost,
            cells["why"],
            cells["advice"],
            made_at,
        )
    )
    box = parse_whole(cells["box"], least=0, most=RETIRING_BOX, what=f"box {cells['box'][:8]!r}")
    counts = [
        parse_whole(cells[name], least=0, most=COUNT_MOST, what=f"{name} {cells[name][:8]!r}")
        for name in ("rights", "wrongs")
    ]
    due_at = _moment("due_at", cells["due_at"])
    assert due_at is not None
    memory = MistakeMemory(
        box,
        due_at,
        made_at,
        counts[0],
        counts[1],
        _moment("answered_at", cells["answered_at"], optional=True),
        _moment("retired_at", cells["retired_at"], optional=True),
    )
    return position, memory


def parse(text: str) -> ParsedMistakes:
    """The rows of a mistakes CSV text, each checked; bad ones as (line, reason)."""
    if len(text) > MAX_UPLOAD_BYTES:
        return ParsedMistakes(
            refused=f"The file is larger than {MAX_UPLOAD_BYTES // 2**20} MB: nothing was imported."
        )
    parsed = ParsedMistakes()
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    line = 0
    try:
        line = reader.line_num
        for count, cells in enumerate(reader, start=1):
            start, line = line + 1, reader.line_num
            if count > MAX_IMPORT_ROWS:
                return ParsedMistakes(
                    refused=f"The file has more than {MAX_IMPORT_ROWS:,} rows: "
                    "nothing was imported."
                )
            try:
                if None in cells:
                    raise ValueError("more fields than the header's")
                parsed.rows.append(_row(dict(cells)))
            except (ValueError, MistakeError) as error:
                parsed.bad_rows.append((start, str(error)))
    except csv.Error as error:
        return ParsedMistakes(
            refused=f"Line {line + 1} cannot be read as CSV ({error}): nothing was imported."
        )
    return parsed
