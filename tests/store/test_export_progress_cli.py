"""``euchre-tutorial export-progress``: every answer of every learner to standard output,
a header line first, a learner number instead of the token; formula-like cells as text;
a file that is not a database gives words, not a traceback."""

import csv
import io
import subprocess

from helpers.processes import PYTHON, child_env

from tutorial_app.store import ENV_VAR, new_learner_token, open_store


def export(*args, env=None):
    return subprocess.run(
        [PYTHON, "-m", "tutorial_app.cli", "export-progress", *args],
        env=env or child_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_export_progress_prints_every_answer_with_a_header_first(store_url):
    store = open_store(store_url)
    tokens = [new_learner_token() for _ in range(2)]
    for number, token in enumerate(tokens):
        for answer in ("JD", "JH", "9S")[: number + 2]:
            store.record_answer(
                token,
                lesson="bowers",
                item_kind="single",
                generator="trick_order",
                answer=answer,
                correct=True,
            )
    done = export("--db", store_url)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert done.stdout.splitlines()[0].startswith("learner,answered_at,lesson,")
    assert len(rows) == 5
    learners = [store.learner(token).number for token in tokens]
    assert [row["learner"] for row in rows] == [str(learners[0])] * 2 + [str(learners[1])] * 3
    assert [row["answer"] for row in rows] == ["JD", "JH", "JD", "JH", "9S"]
    assert not any(token in done.stdout for token in tokens)


def test_export_progress_reads_the_database_from_the_environment(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    open_store(url).record_answer(
        new_learner_token(),
        lesson="tricks",
        item_kind="yesno",
        generator="next_leader",
        answer="yes",
        correct=False,
    )
    done = export(env={**child_env(), ENV_VAR: url})
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2 and ",yes,false," in done.stdout


def test_export_progress_says_why_when_the_database_cannot_be_used():
    done = export("--db", "mysql://someone@127.0.0.1/progress")
    assert done.returncode == 1 and done.stdout == ""
    assert "runs on SQLite or PostgreSQL, not 'mysql'" in done.stderr


def test_export_progress_writes_formula_cells_as_text(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    store = open_store(url)
    formulas = ['=HYPERLINK("http://evil","click")', "+1+1", "-2+3", "@SUM(A1)"]
    for formula in formulas:
        store.record_answer(
            new_learner_token(),
            lesson=formula,
            item_kind="single",
            generator="trick_order",
            answer=formula,
            correct=True,
        )
    done = export("--db", url)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["answer"] for row in rows] == ["'" + formula for formula in formulas]
    assert [row["lesson"] for row in rows] == ["'" + formula for formula in formulas]
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row.values())


def test_export_progress_says_so_in_words_when_the_file_is_not_a_database(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"someone's notes, not a database\n" * 100)
    done = export("--db", f"sqlite:///{path}")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(
        "euchre-tutorial: The progress database file is damaged or is not a database."
    )
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_export_progress_says_so_in_words_when_a_table_is_missing(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    with open_store(url).engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE answers")
    done = export("--db", url)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "missing part of its tables" in done.stderr


def test_export_progress_says_so_in_words_when_the_address_cannot_be_used():
    for address in ("postgresql+nosuch://someone@127.0.0.1/progress", "not an address"):
        done = export("--db", address)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith("euchre-tutorial: the database address cannot be used")
