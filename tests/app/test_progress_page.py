"""AppTest: the /progress page. Empty for a new learner; with answers, three charts, the
latest answers as a table, an export; an import that names each bad row by its line
(shown as text); a reset only after "Yes, delete my progress"."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from app_driver import open_page
from progress_helpers import record_quiz
from tutorial_app.store import new_learner_token

pytestmark = pytest.mark.app

PAGE = "app_pages/progress.py"
EMPTY = "Nothing yet: answer a question in any lesson and it shows here."


def some_history(store, token) -> None:
    record_quiz(store, token, "bowers", length=3, misses=1)
    for days, skill, correct in ((2, "legal_plays", False), (1, "legal_plays", True),
                                 (0, "makers", True)):
        store.record_answer(token, lesson="practise:play", item_kind="single", generator=skill,
                            answer="JD", correct=correct, seed=7, time_taken_ms=4200,
                            answered_at=datetime.now(timezone.utc) - timedelta(days=days))


def charts(at) -> dict[str, dict]:
    """The plotly figures drawn, by key, as their JSON specs."""
    return {chart.key: json.loads(chart.proto.spec)
            for chart in at.get("plotly_chart")}


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
    assert {"legal plays", "makers"} <= lines
    bars = figures["progress-lessons"]["data"][0]
    assert bars["x"][[i for i, t in enumerate(bars["y"]) if "Bower" in t or "bower" in t][0]] == 2
    assert figures["progress-calendar"]["data"][0]["type"] == "heatmap"
    table = at.dataframe[0].value
    assert len(table) == 3 + 4 and table["Right?"].iloc[0] == "✓ right"   # newest first
    assert {m.label: m.value for m in at.metric}["Answers"] == "7"
    (export,) = at.get("download_button")
    assert export.proto.label.startswith("Download my answers") and not export.proto.disabled
    assert any("7 answers, one a line" in c.value for c in at.caption)


def test_an_import_keeps_good_rows_and_names_each_bad_row_as_text(fresh_store, token):
    source = new_learner_token()
    some_history(fresh_store, source)
    import io
    text = io.StringIO()
    fresh_store.export_csv(source, text)
    lines = text.getvalue().splitlines()
    bad = lines[1].split(",")
    bad[2] = "<b>nonsense</b>"               # item_kind
    csv_text = "\n".join([lines[0], ",".join(bad), *lines[2:]]) + "\n"
    at = open_page(PAGE, token=token)
    at.file_uploader(key="progress-import-file").set_value(
        ("mine.csv", csv_text.encode(), "text/csv"))
    at.run()
    at.button(key="progress-import").click().run()
    assert not at.exception
    assert any("Imported 6 answers" in s.value for s in at.success)
    (warning,) = [w.value for w in at.warning if "could not be imported" in w.value]
    assert "Line 2:" in warning and "<b>" not in warning and "&lt;b&gt;" in warning
    assert len(fresh_store.answer_rows(token)) == 6
    assert at.get("plotly_chart")                       # the charts show them at once


def test_an_import_of_a_file_that_is_not_text_says_so(fresh_store, token):
    at = open_page(PAGE, token=token)
    at.file_uploader(key="progress-import-file").set_value(
        ("photo.csv", b"\xff\xd8\xff\xe0 not text", "text/csv"))
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
    assert "<b>" not in shown and "\\*star\\*" in shown     # escaped, not markup
    at.text_input(key="progress-display-name").input("Sa\u0007m").run()   # a control code
    assert fresh_store.display_name(token) == "Sam <b>*star*</b>"   # nothing lost
    assert any("printable characters" in w.value for w in at.warning)
