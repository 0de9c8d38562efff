"""CSV export and import: a round trip keeps every answer and the stars; a bad file is
read row by row (bad rows named, good rows kept); a failure mid-way writes nothing."""

import csv
import io

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

from tutorial_app.store import ANSWER_COLUMNS, StoreUnavailable, new_learner_token, open_store
from tutorial_app.store.tables import answers, quiz_runs

ANSWER = dict(item_kind="single", generator="trick_order", answer="JD")


def fill(store, token):
    run = store.start_quiz_run(token, "bowers", 42, 2)
    for correct in (True, False, True):
        store.record_answer(
            token,
            lesson="bowers",
            **ANSWER,
            correct=correct,
            quiz_run=run,
            seed=42,
            time_taken_ms=900,
        )
    store.record_answer(
        token,
        lesson="tricks",
        item_kind="multi",
        generator="legal_plays",
        answer="JH,9H",
        correct=True,
    )  # a Practise answer: no quiz run
    store.record_answer(
        token,
        lesson="tricks",
        item_kind="points",
        generator="hand_result",
        answer='makers, "2"\nnew line',
        correct=False,
        seed=3,
    )


def exported(store, token) -> str:
    out = io.StringIO()
    store.export_csv(token, out)
    return out.getvalue()


def test_export_then_import_gives_the_same_answers_and_stars(store_url):
    store = open_store(store_url)
    source, target = new_learner_token(), new_learner_token()
    fill(store, source)
    text = exported(store, source)
    assert text.splitlines()[0] == ",".join(ANSWER_COLUMNS)
    assert len(list(csv.reader(io.StringIO(text)))) == 1 + 5

    report = store.import_csv(target, text)
    assert (report.imported, report.bad_rows, report.already_there) == (5, [], 0)
    assert store.answers(target).equals(store.answers(source))
    assert store.lesson_progress(target) == store.lesson_progress(source)
    assert store.lesson_progress(target)["bowers"].stars == 2
    assert exported(store, target) == text

    again = store.import_csv(target, text)  # the same file twice adds nothing
    assert (again.imported, again.already_there) == (0, 5)
    assert len(store.answers(target)) == 5


GOOD = "2026-11-30T10:00:00+00:00,bowers,single,trick_order,42,JD,true,900,1,2"
BAD_CSV = "\n".join(
    [
        ",".join(ANSWER_COLUMNS),
        GOOD,  # line 2
        "yesterday,bowers,single,trick_order,42,JD,true,900,,",  # 3
        "2026-11-30T10:01:00+00:00,bowers,single,trick_order,42,JD,maybe,,,",  # 4
        "2026-11-30T10:02:00+00:00,bowers,essay,trick_order,42,JD,true,,,",  # 5
        "2026-11-30T10:03:00+00:00,bowers,single,trick_order,42,JD,true,,,,extra",  # 6
        "2026-11-30T10:04:00+00:00,bowers,single",  # 7
        "2026-11-30T10:05:00+00:00,scoring,single,trick_order,42,JD,true,,1,2",  # 8
        "2026-11-30T10:06:00+00:00,bowers,single,trick_order,-4,JD,true,,,",  # 9
        "2026-11-30T10:07:00+00:00,bowers,single,trick_order,42,JQ,false,,1,2",  # 10
        "2026-11-30T10:08:00+00:00,,single,trick_order,42,JD,true,,,",  # 11
        "2026-11-30T10:09:00,tricks,yesno,next_leader,,yes,FALSE,,,",  # 12
    ]
)


def test_a_bad_csv_names_its_bad_rows_and_keeps_the_good_ones(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    report = store.import_csv(token, BAD_CSV)
    reasons = dict(report.bad_rows)
    assert sorted(reasons) == [3, 4, 5, 6, 7, 8, 9, 11]
    assert "answered_at 'yesterday' is not a date and time" in reasons[3]
    assert "correct 'maybe' is not true or false" in reasons[4]
    assert "item_kind 'essay' is not one of" in reasons[5]
    assert "11 fields where the header has 10" in reasons[6]
    assert "fewer fields than the header's 10" in reasons[7]
    assert "quiz run 1 is of lesson 'bowers' with 2 questions" in reasons[8]
    assert "seed '-4' must be a whole number from 0 to 999,999,999,999" in reasons[9]
    assert "lesson must be a non-empty text" in reasons[11]
    assert report.imported == 3
    frame = store.answers(token)
    assert frame["answer"].tolist() == ["JD", "JQ", "yes"]
    assert frame["correct"].tolist() == [True, False, False]
    # a time without a zone is read as UTC
    assert frame["answered_at"].iloc[2].isoformat() == "2026-11-30T10:09:00+00:00"
    # lines 2 and 10 are one run of two questions: one miss, not finished yet
    assert store.lesson_progress(token)["bowers"].stars == 0


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "the header line lacks the column(s) answered_at, lesson"),
        ("when,what\n2026-11-30,x", "the header line lacks the column(s) answered_at"),
    ],
)
def test_a_file_without_the_columns_imports_nothing_and_says_so(tmp_path, text, reason):
    store = open_store(f"sqlite:///{tmp_path}/p.db")
    token = new_learner_token()
    report = store.import_csv(token, text)
    assert report.imported == 0 and report.bad_rows[0][0] == 1
    assert report.bad_rows[0][1].startswith(reason)
    assert store.learner(token) is None


def test_a_failure_mid_way_writes_nothing(store_url):
    """The quiz runs are written first, then the answers: the database failing at the
    answers leaves no run (nor the new learner) behind."""
    store = open_store(store_url)
    source, target = new_learner_token(), new_learner_token()
    fill(store, source)
    text = exported(store, source)

    def disk_full_at_the_answers(connection, cursor, statement, parameters, context, many):
        if statement.lstrip().upper().startswith("INSERT INTO ANSWERS"):
            raise OperationalError(statement, parameters, Exception("database or disk is full"))

    sa.event.listen(store.engine, "before_cursor_execute", disk_full_at_the_answers)
    try:
        with pytest.raises(StoreUnavailable, match="disk that holds your progress is full"):
            store.import_csv(target, text)
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", disk_full_at_the_answers)
    assert store.learner(target) is None
    with store.engine.connect() as connection:
        runs = connection.scalar(sa.select(sa.func.count()).select_from(quiz_runs))
        rows = connection.scalar(sa.select(sa.func.count()).select_from(answers))
    assert (runs, rows) == (1, 5)  # the source learner's only
