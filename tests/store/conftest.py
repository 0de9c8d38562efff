"""Store tests run on SQLite and on a real PostgreSQL: the throwaway cluster of
``tests/postgres.py``, made for this session and stopped at the end."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from postgres import PG_MISSING, new_database, postgres_cluster  # noqa: E402,F401

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path):
    """A fresh, empty progress database on each backend."""
    from tutorial_app.store import dispose_engines

    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'progress.sqlite3'}"
        dispose_engines()
        return
    with new_database(request.getfixturevalue("postgres_cluster")) as url:
        yield url


def child_env() -> dict[str, str]:
    """The environment for a child Python process that imports this project."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


PYTHON = sys.executable
