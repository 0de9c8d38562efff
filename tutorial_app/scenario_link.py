"""Hand records in a link: ``?hand=<code>``, so a teacher can share one deal.

The code is the record's canonical JSON, compressed and base64url-encoded.
Decoding never trusts the link: size limits first, then the engine's own
record reader, which says what is wrong.

>>> from engine import HandRecord
>>> record = HandRecord.loads('{"dealer": "W", "upcard": "AD", "hands": {'
...     '"N": ["9C","TD","JH","QS","KC"], "E": ["9S","TS","QH","AC","KH"], '
...     '"S": ["9H","QC","AH","KS","TH"], "W": ["JC","JS","QD","KD","AS"]}}')
>>> decode_hand(encode_hand(record)).dumps() == record.dumps()
True
"""

from __future__ import annotations

import base64
import binascii
import zlib

from engine import EuchreError, HandRecord
from engine.record import ActionFormatError

MAX_CODE = 6000       # characters in the link: a whole hand needs well under 1,000
MAX_JSON = 20000      # bytes once decompressed: refuses "zip bombs"


class LinkError(ValueError):
    """A hand link that cannot be read: the message says what is wrong."""


def encode_hand(record: HandRecord) -> str:
    data = zlib.compress(record.dumps().encode("utf-8"), 9)
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode_hand(code: str) -> HandRecord:
    """The record in a link code; raises LinkError with a reader's message."""
    if not code:
        raise LinkError("the link holds no hand")
    if len(code) > MAX_CODE:
        raise LinkError(f"the hand code in the link is {len(code):,} characters long, more "
                        f"than a hand ever needs ({MAX_CODE:,})")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_JSON)
        if inflater.unconsumed_tail:
            raise LinkError("the hand in the link is far too large")
        if not inflater.eof:
            raise zlib.error("truncated")
        text = text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error) as exc:
        if isinstance(exc, LinkError):
            raise
        raise LinkError("the hand code in the link is damaged (it was perhaps cut short "
                        "when copied); ask for the link again") from None
    try:
        return HandRecord.loads(text)
    except ActionFormatError as exc:  # moves count from 1 for people
        raise LinkError(f"the hand in the link is not a valid hand record: move "
                        f"{exc.step + 1} cannot be read: {exc.detail}") from None
    except EuchreError as exc:
        raise LinkError(f"the hand in the link is not a valid hand record: {exc}") from None
