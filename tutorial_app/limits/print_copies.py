"""How many copies of a quiz sheet one download may hold, and the learners' names on them.

A teacher prints "one copy per learner": each copy its own quiz number (seed), headed
with a learner's name or a copy number, and all the answer keys at the end of the same
file. ``MAX_COPIES`` bounds the file (a copy of ten questions is about 45 KB of HTML and
25 ms to build); each name is a display name (``display_names.display_name``). The page
checks what is typed (``learner_names``, ``copy_count``), and the sheet checks the list
it is given again (``checked_copies``).

>>> learner_names("  Ann \\n\\nＢｏｂ\\n")
['Ann', 'Bob']
>>> copy_count(41)
Traceback (most recent call last):
...
tutorial_app.limits.numbers.BoundError: A sheet holds 1 to 40 copies, not 41.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.limits.display_names import DISPLAY_NAME_MAX, DisplayNameError, display_name
from tutorial_app.limits.numbers import BoundError

__all__ = ["MAX_COPIES", "NAMES_MAX_CHARS", "checked_copies", "copy_count", "learner_names"]

MAX_COPIES = 40  # a class of 30 and some to spare; 40 copies are ~2 MB of HTML
NAMES_MAX_CHARS = MAX_COPIES * (DISPLAY_NAME_MAX + 2)  # the names box: a name a line


def copy_count(count: int) -> int:
    """``count`` if a sheet may hold that many copies. Raises BoundError."""
    if not 1 <= count <= MAX_COPIES:
        raise BoundError(f"A sheet holds 1 to {MAX_COPIES} copies, not {count}.")
    return count


def learner_names(text: str) -> list[str]:
    """The names in ``text``, one a line (blank lines skipped), each a display name.
    Raises BoundError naming the line of a name that cannot be used, or when there are
    more names than copies allowed."""
    if len(text) > NAMES_MAX_CHARS:
        raise BoundError(f"The list of names is longer than {NAMES_MAX_CHARS:,} characters.")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_COPIES:
        raise BoundError(
            f"A sheet holds at most {MAX_COPIES} copies: give {MAX_COPIES} names or fewer."
        )
    names = []
    for number, line in lines:
        try:
            names.append(display_name(line))
        except DisplayNameError as error:
            raise BoundError(f"Line {number}: {error}") from None
    return names


def checked_copies(names: Sequence[str | None]) -> list[str | None]:
    """The names of a sheet's copies (None for a numbered copy) checked again where the
    sheet is built. Raises BoundError."""
    copy_count(len(names))
    try:
        return [None if name is None else display_name(name) for name in names]
    except DisplayNameError as error:
        raise BoundError(str(error)) from None
