"""The one error a page shows when the progress database cannot be used."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError

# Words from the driver's message -> what the learner reads.
_PLAIN_WORDS = (
    (("locked", "busy"), "The progress database is busy: another program is writing to it. "
                         "Nothing was saved; try again in a moment."),
    (("disk is full", "no space", "database or disk is full"),
     "The disk that holds your progress is full. Nothing was saved; free some space and "
     "try again."),
    (("readonly", "read-only", "permission denied", "unable to open"),
     "The progress database cannot be written (no permission to its file). Nothing was saved."),
    (("connection refused", "could not connect", "connection failed", "timeout",
      "server closed", "could not translate host", "terminating connection"),
     "The progress database server cannot be reached. Nothing was saved; the page still works."),
)


class StoreUnavailable(RuntimeError):
    """The progress database cannot be read or written just now; ``message`` says why in
    plain words (the driver's error is the ``__cause__``)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def plain_words(error: OperationalError) -> str:
    """What the learner reads for a database error."""
    text = str(error.orig if error.orig is not None else error).lower()
    for words, message in _PLAIN_WORDS:
        if any(word in text for word in words):
            return message
    return ("The progress database cannot be used just now. Nothing was saved; "
            "the page still works.")
