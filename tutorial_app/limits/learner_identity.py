"""Who the learner is, without passwords: a random private learner token, the one-time
transfer code that carries it to another device, and an optional display name.

Pure (no Streamlit): the browser side is ``tutorial_app.learner.learner_token``, and the
progress store checks tokens and codes with these same functions.

A token is ``secrets.token_urlsafe(24)``: 24 random bytes (192 bits) written as exactly
32 characters of the URL-safe base64 alphabet (letters, digits, ``-`` and ``_``), so it
goes in a cookie or localStorage as it is. A well-formed token nobody was given is
simply a learner with no progress yet: knowing one learner's token tells nothing about
another's.

The token never travels in an address. To carry on elsewhere, the learner asks for a
progress link: ``?transfer=<code>``, a 12-character code (60 random bits) that the
server exchanges once, within 15 minutes, for the token (``store.transfers``). The old
links, ``?learner=<token>``, are refused with a note saying what to do now.
"""

from __future__ import annotations

import re
import secrets
from typing import TypeGuard

__all__ = [
    "FREE_WRONG_TRIES",
    "LONGEST_WAIT_SECONDS",
    "OLD_LINK_NOTE",
    "OLD_LINK_PARAMETER",
    "TOKEN_LENGTH",
    "TRANSFER_CODE_LENGTH",
    "TRANSFER_MINUTES",
    "TRANSFER_PARAMETER",
    "TransferCodeError",
    "is_transfer_code",
    "is_well_formed_token",
    "new_learner_token",
    "new_transfer_code",
    "parse_transfer_code",
    "seconds_to_wait",
    "token_from_browser",
    "token_problem",
]

TOKEN_BYTES = 24  # 192 bits: well past the 128 a guess must beat
TOKEN_LENGTH = 32  # len(token_urlsafe(24)): 4 characters per 3 bytes, no "="
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}")
ACCEPTED = f"A learner code is exactly {TOKEN_LENGTH} letters, digits, - or _."

TRANSFER_PARAMETER = "transfer"  # the progress link: ?transfer=<code>
OLD_LINK_PARAMETER = "learner"  # the old progress link, ?learner=<token>: refused
# Crockford's base 32 in lower case: no i, l, o or u, so a code read aloud or typed from
# another screen has no look-alikes. 12 signs are 60 bits: with 15 minutes to live and
# one try per page load, guessing one is hopeless.
TRANSFER_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
TRANSFER_CODE_LENGTH = 12
TRANSFER_MINUTES = 15
_TRANSFER_CODE = re.compile(f"[{TRANSFER_ALPHABET}]{{{TRANSFER_CODE_LENGTH}}}")
ASK_AGAIN = "Make a new link on the device that has your progress."
OLD_LINK_NOTE = (
    "This is an old progress link. Old links no longer work, so nothing changed "
    "here. To carry on with your progress here, open Home on the device that "
    'has it, press "Your progress link", make a link and open it here.'
)

# Wrong codes from one session: the first few are free, then each try waits longer.
FREE_WRONG_TRIES = 3
LONGEST_WAIT_SECONDS = 60


def new_learner_token() -> str:
    """A fresh random learner token (192 bits, 32 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_well_formed_token(text: object) -> TypeGuard[str]:
    """Whether ``text`` has a learner token's form: 32 characters of ``A-Z a-z 0-9 - _``.

    >>> is_well_formed_token("A" * 32), is_well_formed_token("A" * 31)
    (True, False)
    >>> is_well_formed_token("A" * 31 + "="), is_well_formed_token(None)
    (False, False)
    """
    return isinstance(text, str) and _TOKEN.fullmatch(text) is not None


def token_from_browser(stored: object, offered: str | None) -> str:
    """The token a browser's report settles on: what it stores when that is well-formed,
    else the token offered to it (a new one if none was).

    >>> token_from_browser("B" * 32, "C" * 32)
    'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'
    >>> token_from_browser("B" * 31, "C" * 32)
    'CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC'
    """
    if is_well_formed_token(stored):
        return stored
    return offered if is_well_formed_token(offered) else new_learner_token()


def token_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a learner token, in a few words after "it"; None if
    nothing. The text itself is never repeated (it may come from a file or a URL).

    >>> token_problem("abc")
    'has 3 characters'
    >>> token_problem("a" * 31 + "!")
    'has characters other than letters, digits, - and _'
    >>> token_problem(new_learner_token()) is None
    True
    """
    if is_well_formed_token(text):
        return None
    if not text:
        return "is empty"
    if len(text) != TOKEN_LENGTH:
        return f"has {len(text)} characters"
    return "has characters other than letters, digits, - and _"


# ---- the progress link: a one-time transfer code -----------------------------------------


class TransferCodeError(ValueError):
    """A progress link's code that cannot be used; the message says why and what to do."""


def new_transfer_code() -> str:
    """A fresh random transfer code: 12 signs of ``TRANSFER_ALPHABET`` (60 bits)."""
    return "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(TRANSFER_CODE_LENGTH))


def is_transfer_code(text: object) -> bool:
    """Whether ``text`` is a transfer code as this app writes it (lower case).

    >>> is_transfer_code("0123456789ab"), is_transfer_code("0123456789AB")
    (True, False)
    >>> is_transfer_code("0123456789ai"), is_transfer_code("0123456789a")
    (False, False)
    """
    return isinstance(text, str) and _TRANSFER_CODE.fullmatch(text) is not None


def parse_transfer_code(values: list[str]) -> str:
    """The one code of a progress link's ``?transfer=`` values, in lower case. Checked
    for its length and alphabet before anything else reads it (a long value costs
    nothing: only its length is looked at). The code itself is never repeated.

    Raises TransferCodeError when there is not exactly one, or it is not 12 letters
    and digits of the code's alphabet.

    >>> parse_transfer_code(["0123456789AB"])
    '0123456789ab'
    >>> parse_transfer_code(["x" * 5000])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    tutorial_app.limits.learner_identity.TransferCodeError:
    This progress link was not used: its code has 5000 characters.
    A code is 12 letters and digits. Make a new link on the device that has your
    progress.
    """
    if len(values) != 1:
        problem = f"it has {len(values)} codes"
    else:
        text = values[0]
        if not text:
            problem = "its code is empty"
        elif len(text) != TRANSFER_CODE_LENGTH:
            problem = f"its code has {len(text)} characters"
        elif not is_transfer_code(text.lower()):
            problem = "its code has letters or signs that a code never has"
        else:
            return text.lower()
    raise TransferCodeError(
        f"This progress link was not used: {problem}. A code is "
        f"{TRANSFER_CODE_LENGTH} letters and digits. {ASK_AGAIN}"
    )


def seconds_to_wait(wrong_tries: int) -> int:
    """How long a session waits before its next code, after ``wrong_tries`` wrong ones:
    nothing for the first ``FREE_WRONG_TRIES``, then 2, 4, 8, ... seconds, at most
    ``LONGEST_WAIT_SECONDS``.

    >>> [seconds_to_wait(n) for n in (0, 2, 3, 4, 5, 9, 10_000)]
    [0, 0, 2, 4, 8, 60, 60]
    """
    extra = wrong_tries - FREE_WRONG_TRIES + 1
    if extra <= 0:
        return 0
    return min(2 ** min(extra, 16), LONGEST_WAIT_SECONDS)
