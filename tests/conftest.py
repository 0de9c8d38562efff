"""For the whole test session: the progress store lives in a temporary folder, never in
the real per-user data directory. ``EUCHRE_TUTORIAL_DB`` points at a fresh SQLite file
(servers the tests start inherit it) and ``XDG_DATA_HOME`` at an empty folder, so a test
that clears the variable still cannot reach the learner's own file."""

from __future__ import annotations

import os

import pytest

from tutorial_app.store import ENV_VAR


@pytest.fixture(scope="session", autouse=True)
def progress_database(tmp_path_factory):
    folder = tmp_path_factory.mktemp("progress-store")
    saved = {name: os.environ.get(name) for name in (ENV_VAR, "XDG_DATA_HOME")}
    os.environ[ENV_VAR] = f"sqlite:///{folder / 'progress.sqlite3'}"
    os.environ["XDG_DATA_HOME"] = str(folder / "data-home")
    yield os.environ[ENV_VAR]
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
