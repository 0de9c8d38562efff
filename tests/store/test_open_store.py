"""Opening the store: where the database is, SQLite's settings, one engine per database."""

import socket
import sqlite3
import threading
import time

import pytest
from helpers.postgres import new_database
from helpers.silent_server import silent_server
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.pool import NullPool

from tutorial_app.store import (
    ENV_VAR,
    StoreUnavailable,
    database,
    database_url,
    default_sqlite_path,
    new_learner_token,
    open_store,
)


@pytest.fixture(autouse=True)
def no_database_in_environment(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)


def test_the_url_comes_from_the_argument_then_the_environment_then_the_data_folder(
    monkeypatch, tmp_path
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert database_url() == f"sqlite:///{tmp_path}/data/euchre-tutorial/progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, "sqlite:///from-env.db")
    assert database_url() == "sqlite:///from-env.db"
    assert database_url("sqlite:///given.db") == "sqlite:///given.db"


def test_without_xdg_data_home_the_file_is_under_local_share(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_sqlite_path() == tmp_path / ".local/share/euchre-tutorial/progress.sqlite3"


def test_the_default_database_is_made_on_first_use_with_no_set_up(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fresh"))
    token = new_learner_token()
    open_store().record_answer(
        token,
        lesson="bowers",
        item_kind="single",
        generator="trick_order",
        answer="JD",
        correct=True,
    )
    path = tmp_path / "fresh" / "euchre-tutorial" / "progress.sqlite3"
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM answers").fetchone() == (1,)


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout_and_full_sync(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/p.db", busy_timeout_ms=1234)
    with store.engine.connect() as connection:

        def pragma(name):
            return connection.exec_driver_sql(f"PRAGMA {name}").scalar()

        assert pragma("journal_mode") == "wal"
        assert pragma("busy_timeout") == 1234
        assert pragma("foreign_keys") == 1
        assert pragma("synchronous") == 2  # FULL


def test_one_engine_per_database_per_process(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    assert open_store(url).engine is open_store(url).engine
    assert open_store(f"sqlite:///{tmp_path}/q.db").engine is not open_store(url).engine


def test_another_kind_of_database_is_refused_with_what_to_change():
    with pytest.raises(ValueError, match="SQLite or PostgreSQL, not 'mysql'"):
        open_store("mysql://someone@127.0.0.1/progress")


def test_an_unreachable_server_is_a_store_unavailable_in_plain_words():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StoreUnavailable) as error:
        open_store(f"postgresql+psycopg://nobody@127.0.0.1:{port}/progress")
    assert error.value.message.startswith("The progress database server cannot be reached")


def test_a_data_folder_that_cannot_be_made_is_a_store_unavailable(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder would go")
    with pytest.raises(StoreUnavailable, match="cannot be made") as error:
        open_store(f"sqlite:///{blocker}/euchre-tutorial/progress.sqlite3")
    assert str(tmp_path) not in error.value.message  # no server path for a learner


# ---- nothing waits without a bound -------------------------------------------------------


def silent_url(port: int) -> str:
    return f"postgresql+psycopg://nobody@127.0.0.1:{port}/progress"


def test_a_silent_server_is_a_store_unavailable_in_time_holding_up_nobody_else(
    tmp_path, monkeypatch
):
    """A server that accepts and never answers: each of two callers gets a
    StoreUnavailable in words once the connect bound is over, not sooner and not much
    later, and another database opens meanwhile."""
    # A connect bound of its own: long enough that a busy machine's first SQLite open is
    # clearly quicker than waiting for the silent server would be (under 4 of its 6
    # seconds), short enough not to hold the suite up.
    monkeypatch.setattr(database, "CONNECT_TIMEOUT_S", 6)
    outcomes: dict[str, tuple[str, float]] = {}

    def open_silent(name: str, port: int) -> None:
        started = time.monotonic()
        try:
            open_store(silent_url(port))
            outcomes[name] = ("opened", time.monotonic() - started)
        except StoreUnavailable as error:
            outcomes[name] = (error.message, time.monotonic() - started)

    with silent_server() as port:
        callers = [
            threading.Thread(target=open_silent, args=(name, port)) for name in ("first", "second")
        ]
        for caller in callers:
            caller.start()
        started = time.monotonic()
        open_store(f"sqlite:///{tmp_path}/other.db")  # while both wait on the silent one
        other_took = time.monotonic() - started
        for caller in callers:
            caller.join(timeout=database.OPEN_WAIT_S + 10)
    assert other_took < database.CONNECT_TIMEOUT_S - 2, other_took
    for name in ("first", "second"):  # the second waits on the same opening, shared
        said, waited = outcomes[name]
        assert said.startswith("The progress database server cannot be reached"), outcomes
        assert database.CONNECT_TIMEOUT_S - 1 <= waited < database.CONNECT_TIMEOUT_S + 5, outcomes


def test_a_caller_waits_for_an_opening_database_no_longer_than_the_bound(monkeypatch):
    monkeypatch.setattr(database, "OPEN_WAIT_S", 0.5)  # shorter than the connect timeout
    monkeypatch.setattr(database, "CONNECT_TIMEOUT_S", 3)  # the opening's end comes sooner
    with silent_server() as port:
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="did not answer within 0.5 seconds"):
            open_store(silent_url(port))
        assert time.monotonic() - started < database.CONNECT_TIMEOUT_S - 1
        # the opening carries on in its thread, bounded by the connect timeout, and is
        # then forgotten: the next caller tries again
        deadline = time.monotonic() + database.CONNECT_TIMEOUT_S + 10

        def still_opening() -> bool:
            return any(url == silent_url(port) for url, _ in list(database._openings))

        while still_opening() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not still_opening()


def test_postgresql_runs_every_statement_under_the_statement_timeout(postgres_cluster):
    with new_database(postgres_cluster) as url, open_store(url).engine.connect() as connection:
        shown = connection.exec_driver_sql("SHOW statement_timeout").scalar()
    assert shown == f"{database.STATEMENT_TIMEOUT_MS // 1000}s"


def test_a_statement_kept_waiting_on_postgresql_is_a_store_unavailable_in_time(
    postgres_cluster, monkeypatch
):
    monkeypatch.setattr(database, "STATEMENT_TIMEOUT_MS", 500)
    with new_database(postgres_cluster) as url:
        store = open_store(url)
        token = new_learner_token()
        store.ensure_learner(token)
        with store.engine.connect() as other:  # another program holds the table
            other.exec_driver_sql("LOCK TABLE answers IN ACCESS EXCLUSIVE MODE")
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as error:
                store.answers(token)
            waited = time.monotonic() - started
            other.rollback()
    assert error.value.message.startswith("The progress database took too long to answer")
    assert 0.4 <= waited < 5, waited


@pytest.fixture
def migration_lock_held(postgres_cluster):
    """An empty PostgreSQL database whose migration lock another program holds: its URL
    and a ``release()``; the lock is released at the end in any case."""
    with new_database(postgres_cluster) as url:
        holder = create_engine(url, poolclass=NullPool)  # closing ends the session
        connection = holder.connect()
        connection.execute(select(func.pg_advisory_lock(database._MIGRATION_LOCK)))
        try:
            yield url, connection.close
        finally:
            connection.close()  # ending the session releases its advisory lock
            holder.dispose()


def lock_waiters(watcher, waited_ms: int) -> int:
    """How many sessions have waited for an advisory lock for ``waited_ms``, as seen on
    the connection ``watcher`` (each call its own transaction: a fresh ``now()``)."""
    with watcher.begin():
        return watcher.execute(
            text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                " AND now() - waitstart > make_interval(secs => :seconds)"
            ),
            {"seconds": waited_ms / 1000},
        ).scalar_one()


def test_a_process_migrating_is_waited_for_longer_than_one_statement(
    migration_lock_held, monkeypatch
):
    """A fresh clone's race of two processes opening one database at once failed on a
    starved machine: the second waited for the first's migration under the 15 s bound of
    one statement. The lock is now waited for under its own, longer bound."""
    monkeypatch.setattr(database, "STATEMENT_TIMEOUT_MS", 300)
    url, release = migration_lock_held
    opened: list[object] = []
    opener = threading.Thread(target=lambda: opened.append(open_store(url)), daemon=True)
    opener.start()
    deadline = time.monotonic() + 30
    watching = create_engine(url, poolclass=NullPool)  # closing the connection ends it
    with watching.connect() as watcher:
        while lock_waiters(watcher, 3 * database.STATEMENT_TIMEOUT_MS) == 0:  # past the bound
            assert opener.is_alive(), "the opening gave up waiting for the migration lock"
            assert time.monotonic() < deadline, "the opening never waited for the lock"
            time.sleep(0.05)
    release()
    opener.join(timeout=database.OPEN_WAIT_S)
    assert len(opened) == 1
    with opened[0].engine.connect() as connection:  # the wait's bound ended with the migration
        assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "300ms"
    assert database.current_revision(opened[0].engine) is not None


def test_a_migration_lock_never_released_is_a_store_unavailable_in_time(
    migration_lock_held, monkeypatch
):
    monkeypatch.setattr(database, "MIGRATION_WAIT_MS", 500)
    url, release = migration_lock_held
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as error:
        open_store(url)
    waited = time.monotonic() - started
    assert error.value.message.startswith("The progress database took too long to answer")
    assert 0.4 <= waited < 10, waited
    release()
    assert database.current_revision(open_store(url).engine) is not None  # tried again
