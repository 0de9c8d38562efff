"""The words of a live class: its short code, the teacher's secret key, a member's display
name, and the one error family every refusal belongs to.

A class code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L), read
aloud or typed from a projector; case, spaces and dashes are forgiven. The teacher key is
32 random bytes (256 bits) in URL-safe base64; the database keeps only its SHA-256.

>>> parse_class_code(" abc-2de ")
'ABC2DE'
>>> parse_class_code("ABCDE0")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
tutorial_app.store.class_codes.ClassError: 'ABCDE0' is not a class code: a code is 6 letters and
digits (no 0, O, 1, I or L), such as 'K7WQ3M'
>>> len(new_class_code()), all(c in CODE_ALPHABET for c in new_class_code())
(6, True)
>>> checked_display_name("  Sam   Jones ")
'Sam Jones'
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from enum import Enum

from tutorial_app.limits.display_names import (
    DISPLAY_NAME_MAX,
    DisplayNameError,
    display_name,
    look_alike_key,
)

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # 31 signs: no 0/O, 1/I/L
CODE_LENGTH = 6
TEACHER_KEY_BYTES = 32
TEACHER_PASS_BYTES = 16
NAME_LIMIT = DISPLAY_NAME_MAX  # the one name rule's bound (limits/display_names.py)
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_KEY = re.compile(r"[A-Za-z0-9_-]{22,128}")  # a key (43 signs) or a teacher-link code (22)


class Reason(Enum):
    """Why a live-class request was refused (machine-readable; ``ClassError.reason``)."""

    NO_SUCH_CLASS = "no_such_class"
    CLASS_ENDED = "class_ended"
    BAD_NAME = "bad_name"
    NAME_TAKEN = "name_taken"
    NOT_TEACHER = "not_teacher"
    NOT_A_MEMBER = "not_a_member"
    NO_QUESTION = "no_question"
    QUESTION_CHANGED = "question_changed"
    ALREADY_REVEALED = "already_revealed"
    BAD_ANSWER = "bad_answer"
    BAD_SOURCE = "bad_source"
    CLASS_FULL = "class_full"
    TOO_MANY_QUESTIONS = "too_many_questions"
    NO_SUCH_MEMBER = "no_such_member"
    BAD_TEACHER_LINK = "bad_teacher_link"
    REPORT_GONE = "report_gone"
    TIME_UP = "time_up"
    NO_SET = "no_set"
    SET_DONE = "set_done"
    NO_SUCH_SET = "no_such_set"
    BAD_SET = "bad_set"

    def __repr__(self) -> str:
        return f"Reason.{self.name}"


class ClassError(ValueError):
    """A live-class request refused: ``reason`` says why for code, ``message`` for people
    (it may quote what they typed: show it as text, never as HTML)."""

    def __init__(self, reason: Reason, message: str):
        super().__init__(message)
        self.reason, self.message = reason, message


def new_class_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def parse_class_code(text: object) -> str:
    """The class code in ``text`` (upper-cased, spaces and dashes dropped); raises
    ClassError(NO_SUCH_CLASS) for text that cannot be a code."""
    code = re.sub(r"[\s-]", "", str(text or "")).upper()
    if not _CODE.fullmatch(code):
        # Quoted as typed, less what cannot be shown (a pasted control character).
        shown = "".join(ch for ch in str(text or "") if ch.isprintable()).strip()[:20]
        raise ClassError(
            Reason.NO_SUCH_CLASS,
            f"{repr(shown) if shown else 'That'} is not a class code: a code is "
            f"{CODE_LENGTH} letters and digits (no 0, O, 1, I or L), such as 'K7WQ3M'",
        )
    return code


def new_teacher_pass() -> str:
    """A fresh one-time teacher-link code (128 bits): spent on use, short-lived."""
    return secrets.token_urlsafe(TEACHER_PASS_BYTES)


def new_teacher_key() -> str:
    """A fresh teacher key (256 bits): the only proof of being the class's teacher."""
    return secrets.token_urlsafe(TEACHER_KEY_BYTES)


def teacher_key_hash(key: object) -> str:
    """The SHA-256 of a teacher key or teacher-link code, as stored ("" for text that
    cannot be one)."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        return ""
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def is_teacher_key(key: object, stored_hash: str) -> bool:
    """Whether ``key`` is the key whose hash is ``stored_hash`` (a constant-time compare)."""
    hashed = teacher_key_hash(key)
    return bool(hashed) and hmac.compare_digest(hashed, stored_hash)


def checked_display_name(text: object) -> str:
    """A display name by the app's one rule (``display_names.display_name``: NFKC, at
    most NAME_LIMIT characters, few combining marks); raises ClassError(BAD_NAME)."""
    try:
        return display_name(text)
    except DisplayNameError as error:
        raise ClassError(Reason.BAD_NAME, str(error)) from None


def name_key(name: str) -> str:
    """What two names must differ in to both be in one class: "Sam", "SAM" and "Ѕаm"
    (Cyrillic letters) clash (``display_names.look_alike_key``)."""
    return look_alike_key(name)
