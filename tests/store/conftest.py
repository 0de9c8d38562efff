"""Store tests run on SQLite and on a real PostgreSQL: the throwaway cluster of
``tests/helpers/postgres.py``, made for this session and stopped at the end."""

from __future__ import annotations

import pytest
from helpers.postgres import new_database, postgres_cluster  # noqa: F401

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
