"""Nothing lost: two processes writing at once, a process killed with SIGKILL right after
it confirmed an answer, a locked database that gives a clear message, then works; the
file private, and a file deleted, replaced, damaged or missing a table noticed in words."""

import os
import signal
import sqlite3
import stat
import subprocess
import textwrap
import time

import pytest
from helpers.processes import PYTHON, child_env

from tutorial_app.store import StoreUnavailable, dispose_engines, new_learner_token, open_store

ANSWERS_EACH = 200

# A writer: opens the store (a fresh database: both writers migrate it at once), says
# "ready", waits for "go", then records its answers one committed transaction each.
WRITER = textwrap.dedent("""
    import sys
    from tutorial_app.store import open_store
    url, token, name, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = open_store(url)
    print("ready", flush=True)
    sys.stdin.readline()
    for number in range(count):
        store.record_answer(token, lesson="tricks", item_kind="single",
                            generator="trick_winner", answer=f"{name}-{number}",
                            correct=number % 3 != 0)
    print("done", flush=True)
""")


def test_two_processes_writing_at_once_lose_nothing(empty_store_url):
    token = new_learner_token()  # both write for the same learner: made once, shared
    writers = [
        subprocess.Popen(
            [PYTHON, "-c", WRITER, empty_store_url, token, name, str(ANSWERS_EACH)],
            env=child_env(),
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        for name in ("first", "second")
    ]
    with writers[0], writers[1]:  # closes their pipes and waits for them at the end
        try:
            for writer in writers:
                assert writer.stdout.readline().strip() == "ready"
            for writer in writers:
                writer.stdin.write("go\n")
                writer.stdin.flush()
            for writer in writers:
                assert writer.stdout.readline().strip() == "done"
                assert writer.wait(timeout=60) == 0
        finally:
            for writer in writers:
                writer.kill()
    answers = open_store(empty_store_url).answers(token)["answer"].tolist()
    assert len(answers) == 2 * ANSWERS_EACH
    assert set(answers) == {
        f"{name}-{number}" for name in ("first", "second") for number in range(ANSWERS_EACH)
    }


# A page process: records an answer and confirms it, then would go on working.
CONFIRMER = textwrap.dedent("""
    import sys, time
    from tutorial_app.store import open_store
    store = open_store(sys.argv[1])
    number = store.record_answer(sys.argv[2], lesson="bowers", item_kind="single",
                                 generator="trick_order", answer="JD", correct=True)
    print("confirmed", number, flush=True)
    time.sleep(60)
""")


def test_an_answer_confirmed_before_a_sigkill_is_there_after_restart(store_url):
    token = new_learner_token()
    with subprocess.Popen(
        [PYTHON, "-c", CONFIRMER, store_url, token],
        env=child_env(),
        text=True,
        stdout=subprocess.PIPE,
    ) as page:
        try:
            line = page.stdout.readline()
            os.kill(page.pid, signal.SIGKILL)  # at once: no chance to flush or close
            assert page.wait(timeout=10) == -signal.SIGKILL
        finally:
            page.kill()
    assert line.split()[0] == "confirmed"
    dispose_engines()  # a restarted server opens it afresh
    frame = open_store(store_url).answers(token)
    assert frame["answer"].tolist() == ["JD"] and frame["correct"].tolist() == [True]


def test_a_locked_database_gives_a_clear_message_in_time_then_works(tmp_path):
    path = tmp_path / "p.db"
    store = open_store(f"sqlite:///{path}", busy_timeout_ms=300)
    token = new_learner_token()
    store.record_answer(
        token, lesson="bowers", item_kind="single", generator="g", answer="first", correct=True
    )
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        started = time.monotonic()
        with pytest.raises(StoreUnavailable) as error:
            store.record_answer(
                token,
                lesson="bowers",
                item_kind="single",
                generator="g",
                answer="blocked",
                correct=True,
            )
        waited = time.monotonic() - started
        assert error.value.message == (
            "The progress database is busy: another program is "
            "writing to it. Nothing was saved; try again in a moment."
        )
        assert 0.25 <= waited < 3, waited  # it waited for the busy timeout, no longer
        assert store.answers(token)["answer"].tolist() == ["first"]  # reading still works
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record_answer(
        token, lesson="bowers", item_kind="single", generator="g", answer="after", correct=True
    )
    assert store.answers(token)["answer"].tolist() == ["first", "after"]


# ---- the file itself: private, watched, and what it holds ---------------------------------


def answer(store, token, text="JD"):
    return store.record_answer(
        token, lesson="bowers", item_kind="single", generator="g", answer=text, correct=True
    )


def test_the_data_folder_and_files_are_made_private(tmp_path):
    folder = tmp_path / "made" / "euchre-tutorial"
    path = folder / "progress.sqlite3"
    store = open_store(f"sqlite:///{path}")
    answer(store, new_learner_token())
    with store.engine.connect() as connection:  # the WAL and shared-memory files exist
        connection.exec_driver_sql("SELECT count(*) FROM answers").scalar()
        made = {
            name: stat.S_IMODE(os.stat(folder / name).st_mode)
            for name in ("progress.sqlite3", "progress.sqlite3-wal", "progress.sqlite3-shm")
        }
    assert made == dict.fromkeys(made, 0o600), {name: oct(mode) for name, mode in made.items()}
    for made_folder in (folder, folder.parent):
        assert stat.S_IMODE(made_folder.stat().st_mode) == 0o700, made_folder


def test_a_database_file_deleted_while_the_app_runs_is_noticed(tmp_path):
    path = tmp_path / "p.db"
    store = open_store(f"sqlite:///{path}")
    token = new_learner_token()
    answer(store, token, "before")
    for name in ("p.db", "p.db-wal", "p.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    with pytest.raises(StoreUnavailable, match="replaced or deleted while the app was running"):
        answer(store, token, "into nothing")
    with pytest.raises(StoreUnavailable, match="replaced or deleted"):
        store.answers(token)
    assert not path.exists()  # no new, empty file made behind its back


def test_a_database_file_replaced_while_the_app_runs_is_noticed(tmp_path):
    path, backup = tmp_path / "p.db", tmp_path / "backup.db"
    store = open_store(f"sqlite:///{path}")
    token = new_learner_token()
    answer(store, token, "kept in the backup")
    with sqlite3.connect(path) as source, sqlite3.connect(backup) as copy:
        source.backup(copy)
    os.replace(backup, path)  # a backup put back under the running app
    with pytest.raises(StoreUnavailable, match="moved, replaced or deleted"):
        answer(store, token, "into the old file")


def test_a_file_that_is_not_a_database_is_a_store_unavailable_in_plain_words(tmp_path):
    path = tmp_path / "p.db"
    path.write_bytes(b"these are someone's notes, not a database\n" * 100)
    with pytest.raises(StoreUnavailable) as error:
        open_store(f"sqlite:///{path}")
    assert error.value.message.startswith(
        "The progress database file is damaged or is not a database."
    )


def test_a_missing_table_is_a_store_unavailable_in_plain_words(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    answer(store, token)
    with store.engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE answers")
    with pytest.raises(StoreUnavailable) as error:
        store.answers(token)
    assert error.value.message.startswith("The progress database is missing part of its tables")
    with pytest.raises(StoreUnavailable, match="missing part of its tables"):
        answer(store, token)
