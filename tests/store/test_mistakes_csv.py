"""A learner's own mistakes carried by CSV: an export imports back unchanged for another
learner (each position and its place on the ladder), twice adds nothing, a bad row is
named and the good ones kept, an over-long file is refused whole, and an answers file is
told apart by its header."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES
from tutorial_app.store import (
    NewMistake,
    OwnMistakes,
    export_mistakes_csv,
    import_mistakes_csv,
    is_mistakes_csv,
    new_learner_token,
    open_store,
)
from tutorial_app.store.mistakes_csv import COLUMNS

MADE = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
POSITION = NewMistake(
    "play", "bga.expert.7", "v1.hand", 5, "S", "play", "play AS", "play 9S", "blunder", 1.25,
    "=Keep the ace, for later.", "advice-7-1-5", MADE,
)  # fmt: skip


@pytest.fixture
def own():
    return OwnMistakes(open_store("sqlite://"))


def exported(own, token) -> str:
    file = io.StringIO()
    export_mistakes_csv(own, token, file)
    return file.getvalue()


def test_an_export_imports_back_unchanged_and_twice_adds_nothing(own):
    ann, ben = new_learner_token(), new_learner_token()
    own.record(ann, [POSITION, replace(POSITION, step=9, grade="mistake", cost=0.5)])
    moved = own.mine(ann)[0]
    own.answer(ann, moved.id, True, MADE + timedelta(hours=1))
    text = exported(own, ann)
    assert is_mistakes_csv(text) and text.startswith(",".join(COLUMNS))
    assert "'=Keep the ace" in text  # a spreadsheet shows it as text
    report = import_mistakes_csv(own, ben, text)
    assert (report.imported, report.bad_rows, report.refused) == (2, [], None)
    mine = {(m.position, m.memory.box, m.memory.due_at) for m in own.mine(ann)}
    theirs = {(m.position, m.memory.box, m.memory.due_at) for m in own.mine(ben)}
    assert mine == theirs and any(box == 1 for _, box, _ in theirs)
    again = import_mistakes_csv(own, ben, text)
    assert (again.imported, again.already_there) == (0, 2)


def test_a_bad_row_is_named_and_the_good_ones_kept(own):
    ann, ben = new_learner_token(), new_learner_token()
    own.record(ann, [POSITION, replace(POSITION, step=9)])
    lines = exported(own, ann).splitlines()
    lines[2] = lines[2].replace(",S,", ",X,", 1)
    lines.append("2026-12-02,too,few")
    report = import_mistakes_csv(own, ben, "\n".join(lines) + "\n")
    assert report.imported == 1 and [line for line, _ in report.bad_rows] == [3, 4]
    assert "seat is N, E, S or W" in report.bad_rows[0][1]


def test_an_over_long_file_is_refused_whole(own):
    ben = new_learner_token()
    header = ",".join(COLUMNS) + "\n"
    report = import_mistakes_csv(own, ben, header + "x" * MAX_UPLOAD_BYTES)
    assert report.refused and "larger than" in report.refused and own.mine(ben) == []
    many = header + "a\n" * (MAX_IMPORT_ROWS + 1)
    report = import_mistakes_csv(own, ben, many)
    assert report.refused and "more than" in report.refused


def test_an_answers_file_is_not_a_mistakes_file():
    store = open_store("sqlite://")
    token = new_learner_token()
    store.record_answer(
        token, lesson="bowers", item_kind="single", generator="g", answer="JD", correct=True
    )
    file = io.StringIO()
    store.export_csv(token, file)
    assert not is_mistakes_csv(file.getvalue())
