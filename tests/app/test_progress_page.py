"""AppTest: the /progress page. Empty for a new learner; with answers, three charts, the
latest answers as a table, an export; an import that names each bad row by its line
(shown as text); a reset only after "Yes, delete my progress"."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from app_driver import APP, open_page
from fake_pool import FakePool, InlinePool
from progress_helpers import record_quiz
from streamlit.testing.v1 import AppTest

from tutorial_app.features.progress import jobs
from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES
from tutorial_app.store import ANSWER_COLUMNS, new_learner_token
from tutorial_app.store.tables import answers, quiz_runs
from tutorial_app.work import pool as work_pool

PAGE = "features/progress/page.py"
EMPTY = "Nothing yet: answer a question in any lesson and it shows here."


@pytest.fixture(autouse=True)
def pool(monkeypatch) -> FakePool:
    """Imports run in the worker pool; here a pool that runs them at once, in-process."""
    inline = InlinePool()
    monkeypatch.setattr(work_pool, "shared_pool", lambda: inline)
    return inline


def some_history(store, token) -> None:
    record_quiz(store, token, "bowers", length=3, misses=1)
    for days, skill, correct in (
        (2, "legal_plays", False),
        (1, "legal_plays", True),
        (0, "makers", True),
    ):
        store.record_answer(
            token,
            lesson="practise:play",
            item_kind="single",
            generator=skill,
            answer="JD",
            correct=correct,
            seed=7,
            time_taken_ms=4200,
            answered_at=datetime.now(UTC) - timedelta(days=days),
        )


def charts(at) -> dict[str, dict]:
    """The plotly figures drawn, by key, as their JSON specs."""
    return {chart.key: json.loads(chart.proto.spec) for chart in at.get("plotly_chart")}


def test_a_new_learner_sees_the_empty_state_and_no_chart(fresh_store):
    at = open_page(PAGE)
    assert "Your progress" in at.title[0].value
    assert [info.value for info in at.info] == [EMPTY]
    assert not at.get("plotly_chart") and not at.dataframe


def test_charts_table_and_export_show_the_learners_answers(fresh_store, token):
    some_history(fresh_store, token)
    at = open_page(PAGE, token=token)
    figures = charts(at)
    assert set(figures) == {"progress-accuracy", "progress-lessons", "progress-calendar"}
    lines = {trace["name"] for trace in figures["progress-accuracy"]["data"]}
    assert {"cards you may play", "who the makers are"} <= lines
    bars = figures["progress-lessons"]["data"][0]
    assert bars["x"][[i for i, t in enumerate(bars["y"]) if "Bower" in t or "bower" in t][0]] == 2
    assert figures["progress-calendar"]["data"][0]["type"] == "heatmap"
    table = at.dataframe[0].value
    assert len(table) == 3 + 4 and table["Right?"].iloc[0] == "✓ right"  # newest first
    assert {m.label: m.value for m in at.metric}["Answers"] == "7"
    (export,) = at.get("download_button")
    assert export.proto.label.startswith("Download my answers") and not export.proto.disabled
    # Its click runs no script: a rerun would revoke the file the click is fetching.
    assert export.proto.ignore_rerun and export.proto.deferred_file_id
    assert any("7 answers, one a line" in c.value for c in at.caption)


def test_an_import_keeps_good_rows_and_names_each_bad_row_as_text(fresh_store, token):
    source = new_learner_token()
    some_history(fresh_store, source)
    import io

    text = io.StringIO()
    fresh_store.export_csv(source, text)
    lines = text.getvalue().splitlines()
    bad = lines[1].split(",")
    bad[2] = "<b>nonsense</b>"  # item_kind
    csv_text = "\n".join([lines[0], ",".join(bad), *lines[2:]]) + "\n"
    at = open_page(PAGE, token=token)
    at.file_uploader(key="progress-import-file").set_value(
        ("mine.csv", csv_text.encode(), "text/csv")
    )
    at.run()
    at.button(key="progress-import").click().run()
    assert not at.exception
    assert any("Imported 6 answers" in s.value for s in at.success)
    (warning,) = [w.value for w in at.warning if "could not be imported" in w.value]
    assert "Line 2:" in warning and "<b>" not in warning and "&lt;b&gt;" in warning
    assert len(fresh_store.answer_rows(token)) == 6
    assert at.get("plotly_chart")  # the charts show them at once


def test_an_import_of_a_file_that_is_not_text_says_so(fresh_store, token):
    at = open_page(PAGE, token=token)
    at.file_uploader(key="progress-import-file").set_value(
        ("photo.csv", b"\xff\xd8\xff\xe0 not text", "text/csv")
    )
    at.run()
    at.button(key="progress-import").click().run()
    assert not at.exception
    assert any("not a CSV text file" in e.value for e in at.error)
    assert fresh_store.answer_rows(token) == []


def test_reset_needs_the_confirmation_then_deletes_everything(fresh_store, token):
    some_history(fresh_store, token)
    at = open_page(PAGE, token=token)
    assert at.button(key="progress-reset").disabled
    at.checkbox(key="progress-reset-sure").check().run()
    assert not at.button(key="progress-reset").disabled
    at.button(key="progress-reset").click().run()
    assert not at.exception
    assert any("progress is deleted" in s.value for s in at.success)
    assert EMPTY in [info.value for info in at.info]
    assert fresh_store.answer_rows(token) == [] and fresh_store.lesson_progress(token) == {}
    assert not at.checkbox(key="progress-reset-sure").value


def test_a_display_name_is_shown_as_text(fresh_store, token):
    fresh_store.set_display_name(token, "<i>Sam</i> *x*")
    some_history(fresh_store, token)
    at = open_page(PAGE, token=token)
    (shown,) = [m.value for m in at.markdown if "Progress of" in m.value]
    assert "<i>" not in shown and "&lt;i&gt;" in shown and r"\*x\*" in shown


def test_a_name_is_kept_shown_as_text_and_a_bad_one_refused(fresh_store, token):
    at = open_page(PAGE, token=token)
    at.text_input(key="progress-display-name").input("Sam <b>*star*</b>").run()
    assert not at.exception
    assert fresh_store.display_name(token) == "Sam <b>*star*</b>"
    shown = next(md.value for md in at.markdown if md.value.startswith("Progress of"))
    assert "<b>" not in shown and "\\*star\\*" in shown  # escaped, not markup
    at.text_input(key="progress-display-name").input("Sa\u0007m").run()  # a control code
    assert fresh_store.display_name(token) == "Sam <b>*star*</b>"  # nothing lost
    assert any("printable characters" in w.value for w in at.warning)


# ---- bounds: uploads, unreadable files and rows, a long history -----------------------


def upload(at, name: str, data: bytes):
    at.file_uploader(key="progress-import-file").set_value((name, data, "text/csv"))
    at.run()
    at.button(key="progress-import").click().run()
    assert not at.exception, at.exception


def csv_rows(count: int, answer: str = "JD") -> bytes:
    header = ",".join(ANSWER_COLUMNS)
    start = datetime(2026, 11, 1, tzinfo=UTC)
    lines = [
        f"{(start + timedelta(seconds=i)).isoformat()},tricks,single,legal_plays,7,"
        f"{answer},true,1500,,"
        for i in range(count)
    ]
    return ("\n".join([header, *lines]) + "\n").encode()


def test_an_upload_over_the_size_cap_is_refused_before_it_is_read(fresh_store, token):
    at = open_page(PAGE, token=token)
    (uploader,) = at.get("file_uploader")
    assert uploader.proto.max_upload_size_mb == MAX_UPLOAD_BYTES // 2**20
    data = csv_rows(MAX_UPLOAD_BYTES // 60)  # valid rows, a little over 2 MB
    assert len(data) > MAX_UPLOAD_BYTES
    upload(at, "big.csv", data)
    assert any("bigger than 2 MB" in e.value for e in at.error)
    assert fresh_store.answer_rows(token) == []


def test_an_upload_over_the_row_cap_is_refused_whole(fresh_store, token):
    at = open_page(PAGE, token=token)
    upload(at, "many.csv", csv_rows(MAX_IMPORT_ROWS + 1))
    assert any(f"more than {MAX_IMPORT_ROWS:,} answers" in e.value for e in at.error)
    assert fresh_store.answer_rows(token) == []


def test_a_file_the_csv_module_cannot_read_gives_words_not_a_traceback(fresh_store, token):
    at = open_page(PAGE, token=token)
    data = (
        csv_rows(2)
        + b"2026-11-02T10:00:00+00:00,tricks,single,legal_plays,7,"
        + b"x" * 200_000
        + b",true,,,\n"
    )
    upload(at, "odd.csv", data)
    assert any("Line 4 has a value longer than 131,072 characters" in e.value for e in at.error)
    assert fresh_store.answer_rows(token) == []


def test_a_row_whose_date_overflows_is_named_not_a_traceback(fresh_store, token):
    at = open_page(PAGE, token=token)
    data = csv_rows(1) + b"0001-01-01T00:00:00+05:00,tricks,single,legal_plays,7,JD,true,,,\n"
    upload(at, "old.csv", data)
    (warning,) = [w.value for w in at.warning if "could not be imported" in w.value]
    assert "Line 3: answered\\_at" in warning and "is not a date and time" in warning
    assert len(fresh_store.answer_rows(token)) == 1


class RowsFetched:
    """Every SELECT the app runs on ``store``'s engine, and how many rows each returned
    (counted afterwards by running it again inside a count)."""

    def __init__(self, store):
        self.engine, self.statements = store.engine, []
        sa.event.listen(self.engine, "after_cursor_execute", self.seen)

    def seen(self, _connection, _cursor, statement, parameters, _context, _many):
        if statement.lstrip().upper().startswith(("SELECT", "WITH")):
            self.statements.append((statement, parameters))

    def total(self) -> int:
        sa.event.remove(self.engine, "after_cursor_execute", self.seen)
        with self.engine.connect() as connection:
            raw = connection.connection.driver_connection
            return sum(
                raw.execute(f"SELECT count(*) FROM ({statement})", parameters).fetchone()[0]
                for statement, parameters in self.statements
            )


def long_history(store, token, days: int = 100, per_day: int = 200) -> int:
    """``days`` x ``per_day`` answers (a short session a day, 5 s apart, four skills),
    in quiz runs of bowers of 10; put in as one insert, as an import would."""
    learner = store.ensure_learner(token).number
    start = datetime.now(UTC).replace(hour=9, minute=0) - timedelta(days=days - 1)
    with store.engine.begin() as connection:
        runs = [
            connection.execute(
                sa.insert(quiz_runs).values(
                    learner_id=learner, lesson="bowers", seed=n, length=10, started_at=start
                )
            ).inserted_primary_key[0]
            for n in range(days * per_day // 10)
        ]
        connection.execute(
            sa.insert(answers),
            [
                dict(
                    learner_id=learner,
                    lesson="bowers",
                    item_kind="single",
                    generator=("legal_plays", "makers", "trick_winner", "bowers/x")[n % 4],
                    answer="JD",
                    correct=n % 7 != 0,
                    quiz_run_id=runs[n // 10],
                    answered_at=start + timedelta(days=n // per_day, seconds=5 * (n % per_day)),
                )
                for n in range(days * per_day)
            ],
        )
    return days * per_day


def test_a_long_history_draws_from_counts_and_one_page_of_answers(fresh_store, token):
    """20,000 answers: the page reads counts and 20 answers, not every answer (the CSV
    is built only when the download is pressed)."""
    total = long_history(fresh_store, token)
    assert total == 20_000
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["learner-token"] = token
    at.run()
    fetched = RowsFetched(fresh_store)
    at.switch_page(PAGE).run()
    rows = fetched.total()
    assert not at.exception, at.exception
    assert rows < 2_000, rows
    assert {m.label: m.value for m in at.metric}["Answers"] == "20000"
    assert len(at.dataframe[0].value) == 20
    assert {"cards you may play", "who the makers are"} <= {
        t["name"] for t in charts(at)["progress-accuracy"]["data"]
    }
    (export,) = at.get("download_button")
    assert export.proto.deferred_file_id or not export.proto.url  # no data in the page
    assert any("Answers 1 to 20 of 20,000" in c.value for c in at.caption)
    at.button(key="progress-older").click().run()
    assert any("Answers 21 to 40 of 20,000" in c.value for c in at.caption)
    assert at.button(key="progress-older").disabled is False
    assert at.button(key="progress-newer").disabled is False


def test_a_row_the_page_cannot_read_gives_a_warning_and_keeps_the_reset(fresh_store, token):
    some_history(fresh_store, token)
    learner = fresh_store.learner(token).number
    with fresh_store.engine.begin() as connection:  # as a hand-edited or damaged file has it
        connection.exec_driver_sql(
            "INSERT INTO answers (learner_id, lesson, item_kind, generator, answer, correct, "
            "answered_at) VALUES (?, 'x', 'single', 'g', 'a', 1, 'not a date')",
            (learner,),
        )
    at = open_page(PAGE, token=token)
    assert any("could not be read" in w.value for w in at.warning)
    at.checkbox(key="progress-reset-sure").check().run()
    at.button(key="progress-reset").click().run()
    assert not at.exception, at.exception
    assert any("progress is deleted" in s.value for s in at.success)
    assert EMPTY in [info.value for info in at.info]
    assert fresh_store.answer_rows(token) == []


def test_stars_that_cannot_be_read_give_a_warning_and_every_page_draws(
    fresh_store, token, monkeypatch
):
    """Whatever one learner's rows raise when their stars are counted, the pages draw
    (stars read as none) and the sidebar says why; /progress keeps its reset."""
    from tutorial_app.store import Store

    def unreadable(self, token):
        raise ValueError("a stored row this version cannot read")

    some_history(fresh_store, token)
    monkeypatch.setattr(Store, "lesson_progress", unreadable)
    at = open_page("features/home/page.py", token=token)
    assert any("could not be read" in w.value for w in at.sidebar.warning)
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    assert at.get("plotly_chart")  # the answers still show
    at.checkbox(key="progress-reset-sure").check().run()
    at.button(key="progress-reset").click().run()
    assert not at.exception, at.exception
    assert fresh_store.answer_rows(token) == []


def test_an_import_is_read_and_written_in_the_worker_pool(fresh_store, token, monkeypatch):
    waiting = FakePool()  # a pool whose worker has not finished yet
    monkeypatch.setattr(work_pool, "shared_pool", lambda: waiting)
    at = open_page(PAGE, token=token)
    upload(at, "mine.csv", csv_rows(3))
    ((key, function, args),) = waiting.asked
    assert function is jobs.import_answers and args[1] == token
    assert fresh_store.answer_rows(token) == []  # nothing done in the page's thread
    assert not at.success and "Bringing back your answers" in at.get("progress")[0].proto.text
    waiting.finish(key, jobs.import_answers(*args))  # what the worker does
    at.run()
    assert not at.exception
    assert any("Imported 3 answers" in s.value for s in at.success)
    assert len(fresh_store.answer_rows(token)) == 3
