"""A page whose progress database fails shows words and carries on (AppTest): a server
that accepts and never answers, a file that is not a database (on /join too)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from app_driver import open_page
from helpers.silent_server import silent_server

from tutorial_app.learner import current as learner
from tutorial_app.store import ENV_VAR, database


@pytest.fixture
def database_at(monkeypatch):
    """Point the app at a database address, with no failure remembered from before."""

    def point(url: str) -> None:
        monkeypatch.setenv(ENV_VAR, url)
        learner._failures.clear()

    yield point
    learner._failures.clear()


def words(at) -> str:
    return " ".join(element.value for kind in (at.warning, at.error, at.info) for element in kind)


def test_a_silent_database_server_gives_words_in_time_not_a_hang(database_at, monkeypatch):
    # A short connect bound: the page's words are checked here, the real bound's wait in
    # tests/store/test_open_store.py.
    monkeypatch.setattr(database, "CONNECT_TIMEOUT_S", 2)
    with silent_server() as port:
        database_at(f"postgresql+psycopg://nobody@127.0.0.1:{port}/progress")
        started = time.monotonic()
        at = open_page("features/progress/page.py", timeout=database.OPEN_WAIT_S + 30)
        took = time.monotonic() - started
    assert not at.exception
    assert "The progress database server cannot be reached" in words(at)
    assert took < database.CONNECT_TIMEOUT_S * 2 + 10, took


@pytest.fixture
def not_a_database(tmp_path) -> Path:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"someone's notes, not a database\n" * 100)
    return path


def test_a_file_that_is_not_a_database_gives_words_on_the_progress_page(
    database_at, not_a_database
):
    database_at(f"sqlite:///{not_a_database}")
    at = open_page("features/progress/page.py")
    assert not at.exception
    assert "is damaged or is not a database" in words(at)


def test_a_file_that_is_not_a_database_gives_words_on_join(database_at, not_a_database):
    database_at(f"sqlite:///{not_a_database}")
    at = open_page("features/live_class/join_page.py", code="K7WQ3M")
    assert not at.exception
    assert "is damaged or is not a database" in words(at)
