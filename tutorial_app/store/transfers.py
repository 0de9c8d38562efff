"""Progress links in the progress store: one-time transfer codes that carry a learner's
token to another device without the token ever being in an address.

The owner's page asks for a code (``make``); the other device's page exchanges it for the
token (``redeem``), once, within ``TRANSFER_LIFETIME``. The database keeps the code's
SHA-256 only, and the token sealed with a key made from the code: a copy of the
database hands out no token, and a spent or expired row holds no sealed token at all.
Making a new code spends the learner's earlier one; rows are deleted a day after they
expired. Every refusal raises ``TransferRefused`` with a ``TransferProblem`` and a
sentence for the page (which never quotes the code).

>>> from tutorial_app.store import new_learner_token, open_store
>>> store = open_store("sqlite://")
>>> codes, token = TransferCodes(store), new_learner_token()
>>> code = codes.make(token)
>>> codes.redeem(code) == token
True
>>> codes.redeem(code)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
tutorial_app.store.transfers.TransferRefused: This progress link was used already, or a newer one
was made: a link works only once. Make a new link on the device that has your progress.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import datetime, timedelta
from enum import Enum

from sqlalchemy import delete, insert, literal, select, update

from tutorial_app.limits.learner_identity import (
    ASK_AGAIN,
    TRANSFER_MINUTES,
    is_transfer_code,
    is_well_formed_token,
    new_transfer_code,
)
from tutorial_app.store.records import now, utc
from tutorial_app.store.store import Store
from tutorial_app.store.tables import (
    answers,
    hands,
    learners,
    lesson_steps,
    quiz_positions,
    quiz_runs,
    transfer_codes,
)
from tutorial_app.store.tokens import token_hash

TRANSFER_LIFETIME = timedelta(minutes=TRANSFER_MINUTES)
# A spent or expired row stays this long, so that a second try is told why; then it goes.
KEEP_ROWS_FOR = timedelta(days=1)
_SEAL = b"euchre-tutorial sealed token"
_LOOKUP = b"euchre-tutorial transfer code:"


class TransferProblem(Enum):
    """Why a progress link's code was refused (``TransferRefused.reason``)."""

    MALFORMED = "malformed"
    UNKNOWN = "unknown"
    SPENT = "spent"
    EXPIRED = "expired"

    def __repr__(self) -> str:
        return f"TransferProblem.{self.name}"


_WORDS = {
    TransferProblem.MALFORMED: "This progress link was not used: its code is not one this "
    "app makes.",
    TransferProblem.UNKNOWN: "This progress link was not used: its code is not one this app "
    "made. Check that you copied the whole link.",
    TransferProblem.SPENT: "This progress link was used already, or a newer one was made: a "
    "link works only once.",
    TransferProblem.EXPIRED: f"This progress link is too old: a link works for "
    f"{TRANSFER_MINUTES} minutes.",
}


class TransferRefused(ValueError):
    """A progress link's code refused: ``reason`` for code, ``message`` for people."""

    def __init__(self, reason: TransferProblem):
        self.reason = reason
        self.message = f"{_WORDS[reason]} {ASK_AGAIN}"
        super().__init__(self.message)


def code_hash(code: str) -> str:
    """The SHA-256 (hex) a code is looked up by."""
    return hashlib.sha256(_LOOKUP + code.encode("ascii")).hexdigest()


def _pad(code: str) -> bytes:
    """24 bytes made from the code alone: the token's bytes XOR these are what is kept.
    Each code is random and used once, so each pad seals one token only."""
    return hmac.new(code.encode("ascii"), _SEAL, hashlib.sha256).digest()[:24]


def seal(token: str, code: str) -> str:
    """``token`` sealed with ``code``, as 48 hex digits."""
    raw = base64.urlsafe_b64decode(token)  # 32 characters of the alphabet: 24 bytes
    return bytes(a ^ b for a, b in zip(raw, _pad(code), strict=False)).hex()


def unseal(sealed: str, code: str) -> str:
    raw = bytes(a ^ b for a, b in zip(bytes.fromhex(sealed), _pad(code), strict=False))
    return base64.urlsafe_b64encode(raw).decode("ascii")


class TransferCodes:
    """The progress links kept in ``store``'s database."""

    def __init__(self, store: Store):
        self.store = store

    def make(self, token: str, *, at: datetime | None = None) -> str:
        """A new code for the learner with ``token`` (made on first use), good for one
        exchange until ``TRANSFER_LIFETIME`` after ``at`` (now). The learner's earlier
        codes are spent. Raises MalformedTokenError, StoreUnavailable."""
        moment = utc(at) if at else now()
        code = new_transfer_code()
        store = self.store
        with store.writing() as connection:
            learner = store.ensured_learner_id(connection, token)
            connection.execute(
                delete(transfer_codes).where(transfer_codes.c.expires_at < moment - KEEP_ROWS_FOR)
            )
            connection.execute(
                update(transfer_codes)
                .where(transfer_codes.c.learner_id == learner, transfer_codes.c.spent_at.is_(None))
                .values(spent_at=moment, sealed_token=None)
            )
            connection.execute(
                insert(transfer_codes).values(
                    code_hash=code_hash(code),
                    learner_id=learner,
                    sealed_token=seal(token, code),
                    created_at=moment,
                    expires_at=moment + TRANSFER_LIFETIME,
                )
            )
        return code

    def redeem(self, code: str, *, at: datetime | None = None) -> str:
        """The token ``code`` was made for; the code is spent. A code not of the app's
        form is refused before the database is read. Raises TransferRefused,
        StoreUnavailable."""
        if not is_transfer_code(code):
            raise TransferRefused(TransferProblem.MALFORMED)
        moment = utc(at) if at else now()
        store = self.store
        problem, token = None, None
        with store.writing() as connection:
            row = connection.execute(
                select(
                    transfer_codes.c.id,
                    transfer_codes.c.learner_id,
                    transfer_codes.c.sealed_token,
                    transfer_codes.c.expires_at,
                    transfer_codes.c.spent_at,
                ).where(transfer_codes.c.code_hash == code_hash(code))
            ).first()
            if row is None:
                problem = TransferProblem.UNKNOWN
            elif row.spent_at is not None or row.sealed_token is None:
                problem = TransferProblem.SPENT
            elif utc(row.expires_at) <= moment:
                problem = TransferProblem.EXPIRED
                connection.execute(
                    update(transfer_codes)
                    .where(transfer_codes.c.id == row.id)
                    .values(sealed_token=None)
                )
            else:
                spent = connection.execute(
                    update(transfer_codes)
                    .where(transfer_codes.c.id == row.id, transfer_codes.c.spent_at.is_(None))
                    .values(spent_at=moment, sealed_token=None)
                )
                token = unseal(row.sealed_token, code)
                owner = connection.scalar(
                    select(learners.c.token_hash).where(learners.c.id == row.learner_id)
                )
                if spent.rowcount != 1:  # another process spent it a moment ago
                    problem = TransferProblem.SPENT
                elif not is_well_formed_token(token) or owner != token_hash(token):
                    problem = TransferProblem.UNKNOWN
        if problem is not None:
            raise TransferRefused(problem)
        assert token is not None  # not refused: the token the code was made for
        return token

    def holds_progress(self, token: str) -> bool:
        """Whether the learner with ``token`` has anything kept: an answer, a step, a
        hand, a quiz run or position, or a display name. Raises StoreUnavailable."""
        store = self.store
        with store.reading() as connection:
            learner = store.find_learner_id(connection, token)
            if learner is None:
                return False
            if connection.scalar(select(learners.c.display_name).where(learners.c.id == learner)):
                return True
            return any(
                connection.scalar(
                    select(literal(1))
                    .select_from(table)
                    .where(table.c.learner_id == learner)
                    .limit(1)
                )
                for table in (answers, quiz_runs, lesson_steps, hands, quiz_positions)
            )
