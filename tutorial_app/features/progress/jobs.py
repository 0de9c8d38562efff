"""Your progress's job for the worker pool (``work.pool``): a progress CSV imported (a
file of answers, or of kept mistakes: told apart by its header line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the store (SQLAlchemy, pandas) is imported when the job runs
    from tutorial_app.store import ImportReport

__all__ = ["import_answers"]


def import_answers(database: str, token: str, text: str) -> ImportReport | str:
    """A progress CSV's answers brought back into the store at ``database`` (a URL) for
    ``token``: the store's ImportReport, or its words when the database cannot be used.
    Parsing and writing up to ``limits.numbers.MAX_IMPORT_ROWS`` rows takes a server's
    thread a good half second, so it runs in a worker, beside the pages."""
    from tutorial_app.store import (
        OwnMistakes,
        StoreUnavailable,
        import_mistakes_csv,
        is_mistakes_csv,
        open_store,
    )

    try:
        found = open_store(database)
        if is_mistakes_csv(text):
            return import_mistakes_csv(OwnMistakes(found), token, text)
        return found.import_csv(token, text)
    except StoreUnavailable as error:
        return error.message
