"""Hand records in a link: ``?hand=v1.<code>``, so a teacher can share one deal.

The code is a version prefix (``v1.``) and the record's canonical JSON (HAND_RECORD.md),
zlib-compressed against a fixed dictionary of the words every record uses, then
base64url-encoded: a whole hand of twenty moves takes about 230 characters. The
dictionary belongs to the version: a change to it is a new version, and every version
the app ever wrote stays readable here. zlib's checksum catches a damaged or tampered
code; the engine's record reader then checks what the record says.

Decoding never trusts the link: size limits first, then the version, then the checksum,
then the engine. Every failure is a ``LinkError`` whose message says what is wrong and
what to do, never a traceback.

>>> from engine import HandRecord
>>> record = HandRecord.loads('{"dealer": "W", "upcard": "AD", "hands": {'
...     '"N": ["9C","TD","JH","QS","KC"], "E": ["9S","TS","QH","AC","KH"], '
...     '"S": ["9H","QC","AH","KS","TH"], "W": ["JC","JS","QD","KD","AS"]}}')
>>> code = encode_hand(record)
>>> code[:3], decode_hand(code).dumps() == record.dumps()
('v1.', True)
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from engine import STANDARD_DECK, EuchreError, HandRecord
from engine.record import ActionFormatError
from tutorial_app.shell.addresses import LinkError

__all__ = [
    "CURRENT_VERSION",
    "LinkError",
    "MAX_CODE",
    "MAX_JSON",
    "decode_hand",
    "encode_hand",
    "encode_text",
]

MAX_CODE = 2000  # characters in a link's code: a whole hand needs about 230
MAX_JSON = 20000  # bytes once decompressed: refuses "zip bombs"
CURRENT_VERSION = 1

# Version 1's dictionary: text a record is made of (keys, actions, every card code).
# Frozen: changing one byte would make every v1 link unreadable. A new dictionary is
# version 2, with its own entry in _DICTIONARIES.
_V1_DICTIONARY = (
    '{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}, {"seat": "S", "do": '
    '"play", "card": "{"seat": "W", "do": "discard", "card": ""}, {"seat": "N", "do": '
    '"call", "suit": "H"}, {"seat": "E", "do": "with_partner"}, "alone"'
    + " ".join(f'"{card.code}", ' for card in STANDARD_DECK)
    + '{"rules": {"preset": "bga"}, "dealer": "W", "hands": {"N": ["9C", "TD"], "E": '
    '["JH"], "S": ["QS"], "W": ["KC"]}, "upcard": "AD", "actions": [{"seat": "N", "do": '
    '"play", "card": "'
).encode("utf-8")
_DICTIONARIES = {1: _V1_DICTIONARY}
_VERSIONED = re.compile(r"v(\d{1,4})\.(.*)", re.DOTALL)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
# The unversioned links of old: zlib's header (0x78 0x9c) in base64 begins every one.
_ZLIB_IN_BASE64 = "eJ"


def encode_hand(record: HandRecord) -> str:
    """The link code of ``record``: ``v1.`` and the compressed canonical JSON."""
    return encode_text(record.dumps())


def encode_text(text: str) -> str:
    """Any text packed as the current version's link code (``encode_hand`` packs a
    record's JSON; tests pack what a tampered link might hold)."""
    packer = zlib.compressobj(
        9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARIES[CURRENT_VERSION]
    )
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return f"v{CURRENT_VERSION}." + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode_hand(code: str) -> HandRecord:
    """The record in a link code; raises LinkError with a reader's message."""
    if not code or not code.strip():
        raise LinkError("the link holds no hand")
    if len(code) > MAX_CODE:
        raise LinkError(
            f"the hand code in the link is {len(code):,} characters long, more "
            f"than a hand ever needs ({MAX_CODE:,}); ask for the link again"
        )
    version, body = _version(code.strip())
    text = _inflate(body, _DICTIONARIES[version])
    try:
        return HandRecord.loads(text)
    except ActionFormatError as exc:  # moves count from 1 for people
        raise LinkError(
            f"the hand in the link is not a valid hand record: move "
            f"{exc.step + 1} cannot be read: {exc.detail}"
        ) from None
    except EuchreError as exc:
        raise LinkError(f"the hand in the link is not a valid hand record: {exc}") from None


def _version(code: str) -> tuple[int, str]:
    match = _VERSIONED.fullmatch(code)
    if (
        match is None
        and code.startswith(_ZLIB_IN_BASE64)
        and _BASE64URL.fullmatch(code.rstrip("="))
    ):
        raise LinkError(
            "this link is in an older form than this version of the tutorial "
            "reads (links now begin with “v1.”); ask for a new link"
        )
    if match is None:
        raise LinkError(
            "this is not a hand code: a hand link's code begins with “v1.”. The link was "
            "perhaps changed by hand or cut short; ask for the link again"
        )
    version = int(match.group(1))
    if version > CURRENT_VERSION:
        raise LinkError(
            f"this link was made by a newer version of the tutorial (link "
            f"version {version}; this one reads up to version {CURRENT_VERSION})"
        )
    if version not in _DICTIONARIES:
        raise LinkError(
            f"link version {version} does not exist: the link was changed by "
            "hand or damaged; ask for the link again"
        )
    return version, match.group(2)


def _inflate(body: str, dictionary: bytes) -> str:
    damaged = LinkError(
        "the hand code in the link is damaged (it was perhaps cut short or "
        "changed when copied); ask for the link again"
    )
    if not body or not _BASE64URL.fullmatch(body) or len(body) % 4 == 1:
        raise damaged
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj(zdict=dictionary)
        text = inflater.decompress(data, MAX_JSON)
        if inflater.unconsumed_tail:
            raise LinkError("the hand in the link is far too large to be a hand record")
        if not inflater.eof or inflater.unused_data:
            raise damaged
        return text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error) as exc:
        if isinstance(exc, LinkError):
            raise
        raise damaged from None
