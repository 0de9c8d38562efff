"""Page tests that read or write progress get a progress store of their own: a fresh
SQLite file per test (the store keeps one engine per address, so the path is new each
time), named by ``EUCHRE_TUTORIAL_DB`` before the app runs."""

from __future__ import annotations

import pytest

from tutorial_app.store import ENV_VAR, Store, new_learner_token, open_store


@pytest.fixture
def fresh_store(tmp_path, monkeypatch) -> Store:
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    monkeypatch.setenv(ENV_VAR, url)
    return open_store(url)


@pytest.fixture
def token() -> str:
    return new_learner_token()
