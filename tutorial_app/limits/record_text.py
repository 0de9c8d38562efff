"""The bound on a hand record pasted into a box (Teach's "paste a hand record").

The box itself takes whatever the browser sends (Streamlit's own message limit, 200 MB,
bounds that): a box with a character cap drops a longer paste without a word. So the
bound is checked here instead, at once when the box changes and again when the record
is opened, and a text over it is refused whole with its size said: nothing of it is
kept or opened.

>>> too_long("x" * 1_048_576)[:50]
'The record is 1,049 KB; at most 20 KB is accepted.'
>>> too_long('{"dealer": "W"}') is None
True
"""

from __future__ import annotations

__all__ = ["MAX_RECORD_CHARS", "too_long"]

# A whole hand record with every move is under 2,000 characters; ten times that is room
# for spaces and line breaks, and bounds what the referee reads.
MAX_RECORD_CHARS = 20_000


def _kilobytes(size: int) -> str:
    return f"{-(-size // 1000):,} KB"  # rounded up: 1 byte is "1 KB", not "0 KB"


def too_long(text: str) -> str | None:
    """Why ``text`` is refused as a pasted record (its size and the bound), or None."""
    if len(text) <= MAX_RECORD_CHARS:
        return None
    size = len(text.encode("utf-8", "replace"))
    return (
        f"The record is {_kilobytes(size)}; at most {_kilobytes(MAX_RECORD_CHARS)} is "
        "accepted. Nothing of it was kept: a whole hand needs under 2 KB."
    )
