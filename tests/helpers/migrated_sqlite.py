"""Fresh SQLite progress databases at the newest schema, each a copy of one migrated once
per test process: the nine migrations cost a new database about 70 ms of CPU, a copy
about 2 (240 page and store tests open one each). The migrations' own tests
still start from an empty file (``tests/store/conftest.py``: ``empty_store_url``)."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from tutorial_app.store.database import make_engine, upgrade


def migrate_template(path: Path) -> Path:
    """A new SQLite database at ``path``, brought to the newest schema as the store
    brings one (``upgrade``), its connections closed."""
    engine = make_engine(f"sqlite:///{path}")
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    return path


def copy_of(template: Path, path: Path) -> str:
    """A copy of ``template`` at ``path`` (a new file, private as the store makes its own),
    by SQLite's backup, which copies what a write-ahead log still holds too; its URL."""
    os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as target:
        source.backup(target)
    return f"sqlite:///{path}"
