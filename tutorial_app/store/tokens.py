"""Learner tokens: the only key to a learner's progress (no passwords).

A token is 32 random bytes in URL-safe base64 (256 bits), kept by the learner's
browser. The database keeps only its SHA-256: the tokens are random and long, so an
unsalted hash cannot be reversed, and a copy of the database hands out no tokens.

>>> token = new_learner_token()
>>> is_well_formed_token(token), len(token)
(True, 43)
>>> is_well_formed_token("not a token"), is_well_formed_token(None)
(False, False)
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 32
# 24 bytes (192 bits, 32 characters) is the shortest token accepted; 128 would be a
# generous upper bound for any token this app ever handed out.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32,128}")


class MalformedTokenError(ValueError):
    """A learner token that this app could not have made."""


@dataclass(frozen=True, slots=True)
class LearnerId:
    """A learner known to the store; obtained only from a token (``Store.learner``)."""

    number: int   # opaque, shown in the command-line export instead of the token


def new_learner_token() -> str:
    """A fresh random learner token (256 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_well_formed_token(text: object) -> bool:
    """Whether ``text`` looks like a token this app makes (says nothing of whether it is known)."""
    return isinstance(text, str) and _TOKEN.fullmatch(text) is not None


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` in hex, as stored; raises MalformedTokenError."""
    if not is_well_formed_token(token):
        shown = repr(token)[:24]
        raise MalformedTokenError(f"{shown} is not a learner token: a token is 32 to 128 "
                                  "letters, digits, '-' or '_'")
    return hashlib.sha256(token.encode("ascii")).hexdigest()
