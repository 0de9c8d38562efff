"""Who the learner is, without passwords: a random private learner token, the progress
link that carries it to another device, and an optional display name.

Pure (no Streamlit): the browser side is ``tutorial_app.widgets.learner_token``, and the
progress store checks tokens with these same functions.

A token is ``secrets.token_urlsafe(24)``: 24 random bytes (192 bits) written as exactly
32 characters of the URL-safe base64 alphabet (letters, digits, ``-`` and ``_``), so it
goes in a link, a cookie or localStorage as it is. A well-formed token nobody was given
is simply a learner with no progress yet: knowing one learner's token tells nothing
about another's.
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import urlencode, urlsplit, urlunsplit

__all__ = ["DISPLAY_NAME_MAX", "LINK_PARAMETER", "TOKEN_LENGTH", "InvalidDisplayNameError",
           "display_name", "is_well_formed_token", "link_token_problem", "new_learner_token",
           "progress_link", "token_from_browser", "token_problem"]

TOKEN_BYTES = 24                     # 192 bits: well past the 128 a guess must beat
TOKEN_LENGTH = 32                    # len(token_urlsafe(24)): 4 characters per 3 bytes, no "="
_TOKEN = re.compile(r"[A-Za-z0-9_-]{%d}" % TOKEN_LENGTH)
ACCEPTED = f"A learner code is exactly {TOKEN_LENGTH} letters, digits, - or _."
LINK_PARAMETER = "learner"           # the progress link: ?learner=<token>
DISPLAY_NAME_MAX = 30


def new_learner_token() -> str:
    """A fresh random learner token (192 bits, 32 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_well_formed_token(text: object) -> bool:
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
    nothing. The text itself is never repeated (it came from a URL).

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


def link_token_problem(values: list[str]) -> str | None:
    """The sentence a learner sees when a progress link's ``?learner=`` values are no
    usable token (None when there is exactly one, well-formed).

    >>> print(link_token_problem(["abc"]))
    This progress link was not used: its learner code has 3 characters. A learner code \
is exactly 32 letters, digits, - or _. This browser keeps its own progress, or starts \
fresh if it has none.
    """
    if len(values) == 1 and is_well_formed_token(values[0]):
        return None
    what = (f"it has {len(values)} learner codes" if len(values) > 1
            else f"its learner code {token_problem(values[0] if values else '')}")
    return (f"This progress link was not used: {what}. {ACCEPTED} This browser keeps its "
            "own progress, or starts fresh if it has none.")


def progress_link(page_url: str, base_path: str, token: str) -> str:
    """The address of the app's start page carrying ``token``, built from the address
    of the page the learner is on (scheme and host) and the server's base path.

    >>> progress_link("http://127.0.0.1:8501/bowers?step=2", "", "T" * 32)
    'http://127.0.0.1:8501/?learner=TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT'
    >>> progress_link("https://school.example/euchre/play", "euchre", "T" * 32)[:36]
    'https://school.example/euchre/?learn'
    """
    if not is_well_formed_token(token):
        raise ValueError(f"not a learner token: it {token_problem(token)}")
    parts = urlsplit(page_url)
    base = base_path.strip("/")
    path = f"/{base}/" if base else "/"
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode({LINK_PARAMETER: token}), ""))


class InvalidDisplayNameError(ValueError):
    """A display name that cannot be used; the message says why and what is accepted."""


def display_name(text: str) -> str | None:
    """The display name a learner typed, trimmed; None for none. It is plain text: show
    it escaped (``markdown_text``, or ``html.escape`` in HTML).

    Raises InvalidDisplayNameError when it is longer than 30 characters or holds a
    character that does not print (a line break, a tab, a control code).

    >>> display_name("  Sam <b>  "), display_name("   ")
    ('Sam <b>', None)
    >>> display_name("x" * 31)
    Traceback (most recent call last):
    ...
    tutorial_app.learner_identity.InvalidDisplayNameError: A display name has at most 30 characters; this one has 31.
    """
    name = text.strip()
    if not name:
        return None
    if len(name) > DISPLAY_NAME_MAX:
        raise InvalidDisplayNameError(f"A display name has at most {DISPLAY_NAME_MAX} "
                                      f"characters; this one has {len(name)}.")
    if not name.isprintable():
        raise InvalidDisplayNameError("A display name is one line of printable characters: "
                                      "no line breaks, tabs or control codes.")
    return name
