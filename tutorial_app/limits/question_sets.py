"""The bounds of a teacher's question sets and of a class's timer: how many questions a
set holds, how long its name is, how many sets one browser keeps, how long a question
may be timed, and what a set's share code looks like.

Pure rules, no Streamlit: the sets page checks them on the way in, the store again when
it writes and when it reads a set back.

>>> set_name("  Bowers   first ")
'Bowers first'
>>> timer_seconds(None), timer_seconds(30)
(None, 30)
>>> timer_seconds(3)
Traceback (most recent call last):
...
tutorial_app.limits.question_sets.SetBoundError: A timer runs from 5 to 600 seconds, not 3.
>>> share_code_in("https://school.example/class-sets?copy=ab23cd34ef56gh78jk")
'AB23CD34EF56GH78JK'
>>> parse_share_code("AB12CD34EF56GH78JK") is None  # 1 is not a sign of a code
True
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "MAX_SET_QUESTIONS",
    "SET_NAME_MAX",
    "MAX_SETS_PER_OWNER",
    "MIN_TIMER_SECONDS",
    "MAX_TIMER_SECONDS",
    "TIMER_CHOICES",
    "SHARE_CODE_LENGTH",
    "LINKS_TEXT_MAX",
    "SetBoundError",
    "set_name",
    "timer_seconds",
    "new_share_code",
    "parse_share_code",
    "share_code_in",
]

MAX_SET_QUESTIONS = 30  # questions in one set: a lesson's worth
SET_NAME_MAX = 60  # characters of a set's name
MAX_SETS_PER_OWNER = 50  # sets one browser keeps; the oldest must be deleted first
MIN_TIMER_SECONDS, MAX_TIMER_SECONDS = 5, 600  # a question's timer, when there is one
TIMER_CHOICES = (None, 10, 20, 30, 45, 60, 90, 120)  # what the pages offer (None: no timer)
SHARE_CODE_LENGTH = 18  # signs of a set's share code (90 bits: cannot be guessed)
LINKS_TEXT_MAX = 40_000  # characters of pasted question links (as the print sheet's box)
_SHARE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read from a screen
_SHARE_CODE = re.compile(f"[{_SHARE_ALPHABET}]{{{SHARE_CODE_LENGTH}}}")


class SetBoundError(ValueError):
    """A set's name, size or timer out of bounds: the message says what is accepted."""


def set_name(text: object) -> str:
    """A set's name: one line, spaces tidied, 1 to SET_NAME_MAX characters, printable."""
    name = " ".join(str(text).split()) if isinstance(text, str) else ""
    if not name:
        raise SetBoundError("Give the set a name.")
    if len(name) > SET_NAME_MAX:
        raise SetBoundError(f"A set's name is at most {SET_NAME_MAX} characters.")
    if not name.isprintable():
        raise SetBoundError("A set's name is letters, digits and spaces on one line.")
    return name


def timer_seconds(value: object) -> int | None:
    """A question's timer: None (the teacher reveals) or MIN to MAX_TIMER_SECONDS."""
    if value is None:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not MIN_TIMER_SECONDS <= value <= MAX_TIMER_SECONDS
    ):
        raise SetBoundError(
            f"A timer runs from {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds, "
            f"not {str(value)[:12]}."
        )
    return value


def new_share_code() -> str:
    return "".join(secrets.choice(_SHARE_ALPHABET) for _ in range(SHARE_CODE_LENGTH))


def parse_share_code(text: object) -> str | None:
    """A set's share code, upper-cased (None unless it is one)."""
    if not isinstance(text, str) or len(text) > 4 * SHARE_CODE_LENGTH:
        return None
    code = text.strip().upper()
    return code if _SHARE_CODE.fullmatch(code) else None


def share_code_in(text: str) -> str | None:
    """The share code in a set's link (``...?copy=CODE``) or the code alone; None if
    there is none."""
    text = text.strip()[:2000]
    if "copy=" in text:
        found = parse_qs(urlsplit(text).query if "?" in text else text).get("copy", [""])
        return parse_share_code(found[0])
    return parse_share_code(text)
