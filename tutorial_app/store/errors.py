"""The one error a page shows when the progress database cannot be used, and the plain
words for each kind of database trouble."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

# What the store turns into StoreUnavailable: any error of the database or its driver (a
# lost server, a file that is not a database, a missing table, a timeout) and a pool with
# no free connection in time. (IntegrityError, a DBAPIError too, is let through first:
# the store's callers handle a duplicate themselves.)
database_trouble = (DBAPIError, PoolTimeoutError)

# Words from the driver's message -> what the learner reads.
_PLAIN_WORDS = (
    (
        ("locked", "busy"),
        "The progress database is busy: another program is writing to it. "
        "Nothing was saved; try again in a moment.",
    ),
    (
        ("disk is full", "no space", "database or disk is full"),
        "The disk that holds your progress is full. Nothing was saved; free some space and "
        "try again.",
    ),
    (
        ("readonly", "read-only", "permission denied", "unable to open"),
        "The progress database cannot be written (no permission to its file). Nothing was saved.",
    ),
    (
        ("queuepool",),
        "The progress database is busy with many learners at once. Nothing was "
        "saved; try again in a moment.",
    ),
    (
        ("statement timeout", "canceling statement", "lock timeout"),
        "The progress database took too long to answer. Nothing was saved; try again in a moment.",
    ),
    (
        (
            "connection refused",
            "could not connect",
            "connection failed",
            "timeout",
            "server closed",
            "could not translate host",
            "terminating connection",
            "connection is closed",
            "consuming input failed",
        ),
        "The progress database server cannot be reached. Nothing was saved; the page still works.",
    ),
    (
        ("not a database", "malformed", "disk image", "file is encrypted"),
        "The progress database file is damaged or is not a database. Nothing was saved; "
        "the page still works. Whoever runs the app can restore it from a backup.",
    ),
    (
        ("no such table", "no such column", "undefinedtable", "undefinedcolumn"),
        "The progress database is missing part of its tables (it was changed by hand or made "
        "by another program). Nothing was saved; the page still works.",
    ),
)


class StoreUnavailable(RuntimeError):
    """The progress database cannot be read or written just now; ``message`` says why in
    plain words (the driver's error is the ``__cause__``)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def plain_words(error: BaseException) -> str:
    """What the learner reads for a database error (a ``database_trouble``).

    >>> import sqlite3
    >>> from sqlalchemy.exc import DatabaseError
    >>> not_a_database = sqlite3.DatabaseError("file is not a database")
    >>> plain_words(DatabaseError("SELECT 1", {}, not_a_database))[:44]
    'The progress database file is damaged or is '
    """
    original = getattr(error, "orig", None)
    text = f"{type(original or error).__name__} {original or error}".lower()
    for words, message in _PLAIN_WORDS:
        if any(word in text for word in words):
            return message
    return "The progress database cannot be used just now. Nothing was saved; the page still works."
