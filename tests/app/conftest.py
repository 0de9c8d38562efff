"""Page tests that read or write progress get a progress store of their own: a fresh
SQLite file per test (the store keeps one engine per address, so the path is new each
time; a copy of one migrated once: ``helpers.migrated_sqlite``), named by
``EUCHRE_TUTORIAL_DB`` before the app runs."""

from __future__ import annotations

import pytest
from helpers.migrated_sqlite import copy_of

from tutorial_app.store import ENV_VAR, Store, new_learner_token, open_store


@pytest.fixture
def fresh_store(tmp_path, monkeypatch, migrated_sqlite) -> Store:
    url = copy_of(migrated_sqlite, tmp_path / "p.sqlite3")
    monkeypatch.setenv(ENV_VAR, url)
    return open_store(url)


@pytest.fixture
def token() -> str:
    return new_learner_token()


@pytest.fixture(autouse=True)
def no_worker_processes(monkeypatch):
    """Pages send heavy work to the worker pool (a finished hand's grading at Play and
    at class tables, replays, simulations): here a FakePool that only records it, so no
    page test starts worker processes in the test process (their exit hooks once
    printed "Bad file descriptor" at a worker's end). A test that wants a job run sets
    its own pool (InlinePool, a FakePool it finishes, or a real one)."""
    from fake_pool import FakePool

    from tutorial_app.features.live_class import table_seat
    from tutorial_app.features.play import mistakes_kept
    from tutorial_app.work import pool as work_pool

    pool = FakePool()
    monkeypatch.setattr(mistakes_kept, "shared_pool", lambda: pool)
    monkeypatch.setattr(table_seat, "shared_pool", lambda: pool)
    monkeypatch.setattr(work_pool, "shared_pool", lambda: pool)
    return pool
