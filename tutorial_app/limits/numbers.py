"""The bounds on everything that enters the app, and the two checks every entry shares.

Whatever arrives from outside (a query parameter, a link, an uploaded file, a form) is
checked against a bound here on the way in, and again where it is read back (the store,
a replayed record), so one bad value can cost neither memory nor time. ``docs/limits.md``
lists every bound and why it is what it is.

No Streamlit here: the store, the pages and the command line all use these.
"""

from __future__ import annotations

# A number typed or linked is at most this many ASCII digits: enough for any seed
# (2**32 has 10) and any count the app accepts, and int() of it is instant.
MAX_NUMBER_DIGITS = 12

# An uploaded progress CSV: a learner's whole history is ~100 bytes a row, so 2 MiB and
# 5,000 rows hold years of practice while bounding what one upload can cost.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_IMPORT_ROWS = 5_000

# A cell that a spreadsheet would run as a formula starts with one of these.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class BoundError(ValueError):
    """A value outside its documented bound; the message says what is accepted."""


def parse_whole(text: str, *, least: int = 0, most: int, what: str) -> int:
    """``text`` as a whole number from ``least`` to ``most``: ASCII digits only, at most
    ``MAX_NUMBER_DIGITS`` of them, surrounding spaces ignored. Raises BoundError with a
    sentence naming ``what`` and the accepted range.

    >>> parse_whole(" 42 ", most=100, what="The seed")
    42
    >>> parse_whole("²", most=100, what="The seed")
    Traceback (most recent call last):
    ...
    tutorial_app.limits.numbers.BoundError: The seed must be a whole number from 0 to 100.
    >>> parse_whole("9" * 5000, most=100, what="The step")
    Traceback (most recent call last):
    ...
    tutorial_app.limits.numbers.BoundError: The step must be a whole number from 0 to 100.
    """
    cleaned = text.strip()
    problem = BoundError(f"{what} must be a whole number from {least:,} to {most:,}.")
    # isdigit() alone accepts "²" and other Unicode digits that int() refuses.
    if not (0 < len(cleaned) <= MAX_NUMBER_DIGITS and cleaned.isascii() and cleaned.isdigit()):
        raise problem
    number = int(cleaned)
    if not least <= number <= most:
        raise problem
    return number


def spreadsheet_safe(cell: object) -> object:
    """``cell`` as a CSV export writes it: text that a spreadsheet would run as a formula
    gets a leading apostrophe (OWASP's advice), anything else is unchanged.

    >>> spreadsheet_safe("=HYPERLINK(\\"http://x\\")")
    '\\'=HYPERLINK("http://x")'
    >>> spreadsheet_safe("-3"), spreadsheet_safe(-3), spreadsheet_safe("Ann")
    ("'-3", -3, 'Ann')
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
