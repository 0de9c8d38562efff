"""Each rule setting in a player's words: the builder's switches, and the engine's
messages, which name settings by their record keys ("benny", "no_trump"). No Streamlit.
"""

from __future__ import annotations

import re

__all__ = ["RULE_LABELS", "in_words"]

RULE_LABELS = {
    "stick_the_dealer": "stick the dealer",
    "no_trump": "no trump",
    "loner_starts_last": "loner starts last",
    "canadian_loner": "Canadian loner",
    "lone_defender": "lone defender",
    "benny": "the Benny",
    "no_first_blood": "no first blood",
    "alone_decision": "who may go alone",
    "target_points": "the points to win",
}
_SETTING = re.compile(r"\b(" + "|".join(RULE_LABELS) + r")\b")


def in_words(message: str) -> str:
    """An engine message with each setting's key said in words.

    >>> in_words("benny and no_trump cannot be combined")
    'the Benny and no trump cannot be combined'
    """
    return _SETTING.sub(lambda found: RULE_LABELS[found.group(1)], message)
