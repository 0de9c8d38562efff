"""Whole numbers that arrive as text (a link's ``?seed=``, ``?step=``, ``&at=``, a seed
typed in a box): one parser for them all, ``limits.numbers.parse_whole``, so a bad one gives a
sentence saying what is accepted, never a traceback.

The notes quote what the link held: a page shows them through ``markdown_text``.
No Streamlit here.
"""

from __future__ import annotations

from lessons.quizzes import SEED_LIMIT
from tutorial_app.limits.numbers import BoundError, parse_whole

__all__ = ["SEED_LIMIT", "parse_seed", "is_seed", "seed_from_link", "number_from_link", "quoted"]

QUOTE_LIMIT = 20  # characters of a bad value a note repeats
UNSHOWABLE = "?"  # stands for a character a note cannot show


def quoted(text: str) -> str:
    """``text`` in quotes for a note, cut to ``QUOTE_LIMIT`` characters. A character that
    cannot be shown (a control or invisible one, or U+FFFD, which stands in for bytes of
    a link that were not text: ``?seed=%FF``) is shown as ``UNSHOWABLE``: a box or a
    question mark in a diamond in a note reads as the app's own fault.

    >>> quoted("9" * 30)
    '“99999999999999999999…”'
    >>> quoted("4\\ufffd2\\u200b\\x07")
    '“4?2??”'
    """
    shown = "".join(
        c if c.isprintable() and c != "\ufffd" else UNSHOWABLE for c in text[:QUOTE_LIMIT]
    )
    return "“" + shown + ("…" if len(text) > QUOTE_LIMIT else "") + "”"


def parse_seed(text: str, *, limit: int = SEED_LIMIT) -> int:
    """A seed typed or linked: a whole number from 0 to ``limit - 1``; raises BoundError
    with a sentence saying what is accepted.

    >>> parse_seed(" 42 ")
    42
    >>> parse_seed("²")
    Traceback (most recent call last):
    ...
    tutorial_app.limits.numbers.BoundError: The seed must be a whole number from 0 to 999,999,999.
    """
    return parse_whole(text, most=limit - 1, what="The seed")


def is_seed(value: object, *, limit: int = SEED_LIMIT) -> bool:
    """Whether ``value`` (read back from the store) is a seed the app would accept.

    >>> is_seed(42), is_seed(10 ** 12), is_seed(True), is_seed("42")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit


def seed_from_link(text: object, fresh: str = "a fresh quiz") -> tuple[int | None, str | None]:
    """A link's seed: (seed, None); (None, None) without one; (None, a note saying what
    was wrong, what is accepted and that ``fresh`` is shown instead).

    >>> seed_from_link("42"), seed_from_link(None), seed_from_link("")
    ((42, None), (None, None), (None, None))
    >>> print(seed_from_link("²")[1])  # doctest: +NORMALIZE_WHITESPACE
    The seed “²” in the link cannot be used. The seed must be a whole number from 0 to
    999,999,999. So this is a fresh quiz.
    """
    if text is None or text == "":
        return None, None
    try:
        return parse_seed(str(text)), None
    except BoundError as error:
        return None, (
            f"The seed {quoted(str(text))} in the link cannot be used. {error} So this is {fresh}."
        )


def number_from_link(
    text: str | None, *, least: int, most: int, what: str, instead: str
) -> tuple[int | None, str | None]:
    """A whole number from a link: (number, None); (None, None) without one; (None, a
    note naming what the link held, what is accepted and ``instead``, what is shown).

    >>> number_from_link("3", least=1, most=5, what="step", instead="Showing step 1.")
    (3, None)
    >>> print(number_from_link("²", least=1, most=5, what="step", instead="Showing step 1.")[1])
    There is no step “²” here: the step must be a whole number from 1 to 5. Showing step 1.
    """
    if text is None or text == "":
        return None, None
    try:
        return parse_whole(text, least=least, most=most, what=f"the {what}"), None
    except BoundError as error:
        return None, f"There is no {what} {quoted(text)} here: {error} {instead}"
