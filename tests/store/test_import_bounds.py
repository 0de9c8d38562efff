"""Imports are bounded where they enter and where they are read back: the file's size and
rows, every field to its own length, numbers through ``limits.numbers.parse_whole``, quiz lengths to
the lesson's own. A CSV the csv module cannot read, or a row whose date overflows, gives
words, never a traceback; nothing of a refused file is kept. Exports write formula-like
cells as text, and such an export imports unchanged."""

from __future__ import annotations

import csv
import io
import logging
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from lessons.progress import LessonProgress, quiz_length_limit
from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES
from tutorial_app.store import ANSWER_COLUMNS, new_learner_token, open_store
from tutorial_app.store.records import ANSWER_LIMIT
from tutorial_app.store.tables import answers, quiz_runs

HEADER = ",".join(ANSWER_COLUMNS)


def row(
    minute: int = 0,
    *,
    lesson: str = "bowers",
    answer: str = "JD",
    seed: str = "42",
    time_taken: str = "900",
    quiz_run: str = "",
    quiz_length: str = "",
    when: str | None = None,
    correct: str = "true",
) -> str:
    when = when or f"2026-11-30T10:{minute % 60:02d}:{minute // 60 % 60:02d}+00:00"
    return ",".join(
        [
            when,
            lesson,
            "single",
            "trick_order",
            seed,
            answer,
            correct,
            time_taken,
            quiz_run,
            quiz_length,
        ]
    )


def csv_text(*rows: str) -> str:
    return "\n".join([HEADER, *rows]) + "\n"


@pytest.fixture
def store(tmp_path):
    return open_store(f"sqlite:///{tmp_path}/p.db")


def nothing_kept(store, token) -> bool:
    return store.learner(token) is None


@pytest.mark.parametrize("length", ["2000000000", "40000000", "11", "0", "²", "1" * 5000])
def test_a_quiz_length_beyond_the_lessons_own_is_a_bad_row(store, length):
    token = new_learner_token()
    report = store.import_csv(token, csv_text(row(0), row(1, quiz_run="1", quiz_length=length)))
    assert report.imported == 1 and [line for line, _ in report.bad_rows] == [3]
    reason = report.bad_rows[0][1]
    assert reason.startswith("quiz_length '")
    assert f"must be a whole number from 1 to {quiz_length_limit('bowers')}." in reason
    assert len(reason) < 100  # a 5,000-digit number is not quoted whole


def test_a_quiz_length_of_the_lessons_own_is_kept_and_earns_stars(store):
    token = new_learner_token()
    length = quiz_length_limit("house-rules")
    rows = [
        row(i, lesson="house-rules", quiz_run="1", quiz_length=str(length)) for i in range(length)
    ]
    report = store.import_csv(token, csv_text(*rows))
    assert (report.imported, report.bad_rows) == (length, [])
    assert store.lesson_progress(token) == {"house-rules": LessonProgress(3, True)}


@pytest.mark.parametrize(
    "change, words",
    [
        (
            {"answer": "x" * (ANSWER_LIMIT + 1)},
            f"answer '{'x' * 32}'... is longer than {ANSWER_LIMIT} characters",
        ),
        ({"lesson": "L" * 81}, f"lesson '{'L' * 32}'... is longer than 80 characters"),
        ({"answer": "J\0D"}, "answer 'J\\x00D' holds a NUL character"),
        (
            {"seed": "9" * 13},
            "seed '9999999999999' must be a whole number from 0 to 999,999,999,999",
        ),
        ({"seed": "4²"}, "seed '4²' must be a whole number"),
        (
            {"time_taken": "99999999999"},
            "time_taken_ms '99999999999' must be a whole number from 0 to 2,147,483,647",
        ),
        (
            {"quiz_run": "5001", "quiz_length": "2"},
            "quiz_run '5001' must be a whole number from 1 to 5,000",
        ),
        # a date that overflows once put in UTC (OverflowError)
        (
            {"when": "0001-01-01T00:00:00+05:00"},
            "answered_at '0001-01-01T00:00:00+05:00' is not a date and time",
        ),
        ({"when": "9999-12-31T23:59:59-05:00"}, "is not a date and time"),
    ],
)
def test_a_field_outside_its_bound_is_a_bad_row_named_in_words(store, change, words):
    token = new_learner_token()
    report = store.import_csv(token, csv_text(row(0), row(1, **change)))
    assert report.imported == 1 and report.refused is None
    ((line, reason),) = report.bad_rows
    assert line == 3 and words in reason


def test_a_file_with_more_rows_than_the_cap_is_refused_whole(store):
    token = new_learner_token()
    rows = [row(i, answer=f"a{i}") for i in range(MAX_IMPORT_ROWS + 1)]
    report = store.import_csv(token, csv_text(*rows))
    assert report.imported == 0 and f"more than {MAX_IMPORT_ROWS:,} answers" in report.refused
    assert nothing_kept(store, token)
    report = store.import_csv(token, csv_text(*rows[:MAX_IMPORT_ROWS]))  # the cap itself
    assert report.imported == MAX_IMPORT_ROWS and report.refused is None


def test_a_text_larger_than_the_upload_cap_is_refused_whole(store):
    token = new_learner_token()
    text = csv_text(row(0)) + "#" * MAX_UPLOAD_BYTES
    report = store.import_csv(token, text)
    assert report.imported == 0 and "larger than 2 MB" in report.refused
    assert nothing_kept(store, token)


def test_a_field_too_big_for_the_csv_module_refuses_the_file_in_words(store):
    """csv.Error (a field over csv.field_size_limit) used to escape as a traceback."""
    token = new_learner_token()
    report = store.import_csv(token, csv_text(row(0), row(1, answer="x" * 200_000), row(2)))
    assert report.imported == 0
    assert report.refused.startswith("Line 3 has a value longer than 131,072 characters")
    assert nothing_kept(store, token)


def test_a_quiz_run_stored_longer_than_its_lesson_is_counted_as_the_lessons_quiz(store_url, caplog):
    """A row from before the bound (2,000,000,000 questions) is clamped as it is read, with
    a warning in the log: ten right answers finish a quiz of bowers."""
    store = open_store(store_url)
    token = new_learner_token()
    learner = store.ensure_learner(token).number
    now = datetime(2026, 11, 30, 10, tzinfo=UTC)
    with store.engine.begin() as connection:
        run = connection.execute(
            sa.insert(quiz_runs).values(
                learner_id=learner, lesson="bowers", seed=1, length=2_000_000_000, started_at=now
            )
        ).inserted_primary_key[0]
        connection.execute(
            sa.insert(answers),
            [
                dict(
                    learner_id=learner,
                    lesson="bowers",
                    item_kind="single",
                    generator="trick_order",
                    answer="JD",
                    correct=True,
                    quiz_run_id=run,
                    answered_at=now.replace(minute=i),
                )
                for i in range(10)
            ],
        )
    with caplog.at_level(logging.WARNING, logger="tutorial_app.store.summaries"):
        assert store.lesson_progress(token) == {"bowers": LessonProgress(3, True)}
    assert "2000000000 questions" in caplog.text and "counted as 10" in caplog.text
    replayed = store.quiz_run(token, run)
    assert replayed.finished and replayed.total == 10
    assert len(store.answers(token)) == 10  # the answers themselves read as ever


def test_a_quiz_run_longer_than_its_lesson_is_not_started(store):
    with pytest.raises(ValueError, match="a quiz of 'bowers' has from 1 to 10 questions"):
        store.start_quiz_run(new_learner_token(), "bowers", 1, 40_000_000)


FORMULAS = ['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)"]


def test_the_learners_export_writes_formula_cells_as_text_and_imports_them_back(store):
    token, other = new_learner_token(), new_learner_token()
    for number, formula in enumerate(FORMULAS):
        store.record_answer(
            token,
            lesson="tricks",
            item_kind="single",
            generator=formula[:1] + "g",
            answer=formula,
            correct=True,
            answered_at=datetime(2026, 11, 30, 10, number, tzinfo=UTC),
        )
    out = io.StringIO()
    store.export_csv(token, out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [r["answer"] for r in rows] == ["'" + formula for formula in FORMULAS]
    assert all(r["generator"].startswith("'") for r in rows)
    assert not any(cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r.values())
    report = store.import_csv(other, out.getvalue())
    assert (report.imported, report.bad_rows) == (len(FORMULAS), [])
    assert store.answers(other)["answer"].tolist() == FORMULAS
