"""Opening the store: where the database is, SQLite's settings, one engine per database."""

import socket
import sqlite3

import pytest

from tutorial_app.store import (ENV_VAR, StoreUnavailable, database_url, default_sqlite_path,
                                new_learner_token, open_store)


@pytest.fixture(autouse=True)
def no_database_in_environment(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)


def test_the_url_comes_from_the_argument_then_the_environment_then_the_data_folder(
        monkeypatch, tmp_path):
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
    open_store().record_answer(token, lesson="bowers", item_kind="single",
                               generator="trick_order", answer="JD", correct=True)
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
        assert pragma("synchronous") == 2   # FULL


def test_one_engine_per_database_per_process(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    assert open_store(url).engine is open_store(url).engine
    assert open_store(f"sqlite:///{tmp_path}/q.db").engine is not open_store(url).engine


def test_another_kind_of_database_is_refused_with_what_to_change():
    with pytest.raises(ValueError, match="SQLite or PostgreSQL, not 'mysql'"):
        open_store("mysql://someone@127.0.0.1/progress")


def test_an_unreachable_server_is_a_store_unavailable_in_plain_words():
    with socket.socket() as probe:   # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StoreUnavailable) as error:
        open_store(f"postgresql+psycopg://nobody@127.0.0.1:{port}/progress")
    assert error.value.message.startswith("The progress database server cannot be reached")


def test_a_data_folder_that_cannot_be_made_is_a_store_unavailable(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder would go")
    with pytest.raises(StoreUnavailable, match="cannot be made"):
        open_store(f"sqlite:///{blocker}/euchre-tutorial/progress.sqlite3")
