"""Store tests run on SQLite and on a real PostgreSQL: the throwaway cluster of
``tests/helpers/postgres.py``, made for this session and stopped at the end."""

from __future__ import annotations

import pytest
from helpers.migrated_sqlite import copy_of
from helpers.postgres import ReusedDatabase, new_database, postgres_cluster  # noqa: F401

BACKENDS = ("sqlite", "postgresql")


def fresh_database(request, tmp_path, migrated: bool):
    from tutorial_app.store import dispose_engines

    if request.param == "sqlite":
        path = tmp_path / "progress.sqlite3"
        if migrated:
            yield copy_of(request.getfixturevalue("migrated_sqlite"), path)
        else:
            yield f"sqlite:///{path}"
        dispose_engines()
    elif migrated:
        yield request.getfixturevalue("reused_database").url()
        dispose_engines()  # its connections closed: the next test starts as this one did
    else:
        with new_database(request.getfixturevalue("postgres_cluster")) as url:
            yield url


@pytest.fixture(scope="session")
def reused_database(request):
    """The worker's migrated PostgreSQL database, emptied for each test that asks."""
    database = ReusedDatabase(request.getfixturevalue("postgres_cluster"))
    yield database
    database.drop()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path):
    """A fresh progress database on each backend at the newest schema: on PostgreSQL the
    worker's copy of one migrated once, emptied; on SQLite a copy of the worker's
    migrated file (the migrations' own tests use ``empty_store_url``)."""
    yield from fresh_database(request, tmp_path, migrated=True)


@pytest.fixture(params=BACKENDS)
def empty_store_url(request, tmp_path):
    """A fresh, empty database on each backend: the first open runs every migration."""
    yield from fresh_database(request, tmp_path, migrated=False)
