"""An SQLite file kept private and watched: made 0600 in a folder made 0700, and checked
before each transaction to be the file the app opened, so answers are never "saved"
into a file that was deleted or replaced while the app ran.

SQLite makes the WAL and shared-memory files with the database file's own mode, so
those are private too. A connection whose file has gone or been replaced is dropped, and
the store says so (StoreUnavailable) instead of making a new empty file or opening the
replacement: a file swapped under a live WAL file would be mixed with the old file's
last writes. Restarting the app opens whatever file is there then.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError

from tutorial_app.store.errors import StoreUnavailable

FOLDER_MODE, FILE_MODE = 0o700, 0o600
GONE = (
    "The progress database file was moved, replaced or deleted while the app was "
    "running. Nothing was saved; whoever runs the app should restart it."
)
_FILE_ID = "euchre_file_id"


def make_private_file(path: Path) -> None:
    """Make ``path``'s missing folders (0700) and the empty file itself (0600) unless it
    exists; raises OSError."""
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=FOLDER_MODE, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE))


def file_id(path: Path) -> tuple[int, int] | None:
    """The file's (device, inode), or None when there is no file at ``path``."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def watch(engine: Engine, path: Path) -> None:
    """Refuse connections to ``path`` once it is no longer the file there now, and drop
    pooled connections to it."""
    opened = file_id(path)

    @event.listens_for(engine, "do_connect")
    def _before_connect(_dialect: object, _record: object, _args: object, _kwargs: object) -> None:
        if file_id(path) != opened:  # gone: SQLite would make a new, empty file
            raise StoreUnavailable(GONE)

    @event.listens_for(engine, "checkout")
    def _still_there(_dbapi_connection: object, _record: object, _proxy: object) -> None:
        if file_id(path) != opened:
            # The pool closes this connection and opens another: _before_connect says why.
            raise DisconnectionError("the database file was replaced or deleted")
