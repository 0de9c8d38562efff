"""Learner tokens: the only key to a learner's progress (no passwords).

A token is made and checked by ``tutorial_app.limits.learner_identity`` (192 random bits in
32 URL-safe characters) and kept by the learner's browser. The database keeps only its
SHA-256: the tokens are random and long, so an unsalted hash cannot be reversed, and a
copy of the database hands out no tokens.

>>> token = new_learner_token()
>>> is_well_formed_token(token), len(token)
(True, 32)
>>> is_well_formed_token("not a token"), is_well_formed_token(None)
(False, False)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

# One definition of a token for the whole app: the browser side and the store agree (the
# two re-exported, "name as name").
from tutorial_app.limits.learner_identity import ACCEPTED
from tutorial_app.limits.learner_identity import is_well_formed_token as is_well_formed_token
from tutorial_app.limits.learner_identity import new_learner_token as new_learner_token


class MalformedTokenError(ValueError):
    """A learner token that this app could not have made."""


@dataclass(frozen=True, slots=True)
class LearnerId:
    """A learner known to the store; obtained only from a token (``Store.learner``)."""

    number: int  # opaque, shown in the command-line export instead of the token


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` in hex, as stored; raises MalformedTokenError."""
    if not is_well_formed_token(token):
        shown = repr(token)[:24]
        raise MalformedTokenError(f"{shown} is not a learner token. {ACCEPTED}")
    return hashlib.sha256(token.encode("ascii")).hexdigest()
