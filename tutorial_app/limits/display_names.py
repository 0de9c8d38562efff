"""The one rule for a name a learner types (a live class's member, the name on the
progress page): what is accepted, and when two names look the same.

A name is NFKC-normalised (fullwidth, mathematical and other "compatibility" letters
become the plain ones), its spaces tidied, and then it must be at most
``DISPLAY_NAME_MAX`` characters of one printable line, with at most
``MAX_MARKS_IN_A_ROW`` combining marks on any letter (counted decomposed: "é" has one;
enough for every accent of a real name, not for a stack of marks that paints over the
lines above and below).

Two names clash when their ``look_alike_key`` is equal: the same letters ignoring case,
where Cyrillic and Greek letters that look like Latin ones count as those Latin letters
(Cyrillic "а" as "a", Greek "Ο" as "O"), and a dotless "ı" as "i". Digits, other
scripts and accents are kept as they are ("José" and "Jose" are two names).

No Streamlit here: the store and the pages use it. Pages show a name escaped.

>>> display_name("  Ｓａｍ   Jones ")
'Sam Jones'
>>> look_alike_key("Sam") == look_alike_key("Ѕаm") == look_alike_key("SAM")
True
>>> display_name("Z" + "\\u0301" * 3)
Traceback (most recent call last):
...
tutorial_app.limits.display_names.DisplayNameError: A name can have at most 2 accents on one letter.
"""

from __future__ import annotations

import unicodedata

__all__ = [
    "DISPLAY_NAME_MAX",
    "NAME_BOX_MAX",
    "MAX_MARKS_IN_A_ROW",
    "DisplayNameError",
    "display_name",
    "optional_display_name",
    "look_alike_key",
]

DISPLAY_NAME_MAX = 30  # characters after NFKC: fits every name column (String(40))
# A name box's own limit: a browser drops a pasted text longer than the box takes, and
# the learner would see an empty box; a longer name is kept and ``display_name`` says
# how long it is and what is allowed.
NAME_BOX_MAX = 200
MAX_MARKS_IN_A_ROW = 2  # combining marks on one letter (Vietnamese and Thai need 2)
KEY_MAX = 40  # the look-alike key's column (class_members.name_key)

# Letters of other scripts that look like a Latin letter, by their look (upper and lower
# case apart: Greek "Ν" looks like N, "ν" like v). Mapped before case is folded.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals and small letters
        "А": "A",
        "В": "B",
        "Е": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "У": "Y",
        "Х": "X",
        "Ѕ": "S",
        "І": "I",
        "Ј": "J",
        "Һ": "H",
        "Ԛ": "Q",
        "Ԝ": "W",
        "Ӏ": "I",
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "ԁ": "d",
        "һ": "h",
        "ԛ": "q",
        "ԝ": "w",
        "ӏ": "l",
        "ү": "y",
        # Greek capitals and small letters
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        "ο": "o",
        "ν": "v",
        "ι": "i",
        "α": "a",
        "ρ": "p",
        "υ": "u",
        "ϲ": "c",
        "Ϲ": "C",
        "ϳ": "j",
        # Latin letters that look like another
        "ı": "i",
    }
)
_MARKS = ("Mn", "Me")  # combining marks that stack on the letter before them


class DisplayNameError(ValueError):
    """A name that cannot be used; the message says what was wrong and what is accepted."""


def display_name(text: object) -> str:
    """The name in ``text``, NFKC-normalised, spaces tidied. Raises DisplayNameError for
    an empty name, one longer than DISPLAY_NAME_MAX, one with a line break, tab or
    invisible character, or more than MAX_MARKS_IN_A_ROW marks on a letter.

    >>> display_name("x" * 31)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    tutorial_app.limits.display_names.DisplayNameError:
    A name has at most 30 letters; this one has 31.
    """
    name = " ".join(unicodedata.normalize("NFKC", str(text or "")).split())
    if not name:
        raise DisplayNameError("Type a name first.")
    if len(name) > DISPLAY_NAME_MAX:
        raise DisplayNameError(
            f"A name has at most {DISPLAY_NAME_MAX} letters; this one has {len(name)}."
        )
    if not name.isprintable():
        raise DisplayNameError(
            "A name is one line of printable characters: no line breaks, tabs or hidden characters."
        )
    run = 0
    for character in unicodedata.normalize("NFD", name):  # "ệ" is e and 2 marks
        if unicodedata.category(character) in _MARKS:
            run += 1
            if run > MAX_MARKS_IN_A_ROW:
                raise DisplayNameError(
                    f"A name can have at most {MAX_MARKS_IN_A_ROW} accents on one letter."
                )
        else:
            run = 0
    if unicodedata.category(name[0]) in _MARKS:
        raise DisplayNameError("A name starts with a letter, not an accent.")
    return name


def optional_display_name(text: object) -> str | None:
    """``display_name`` for a name that may be left blank (None for blank); raises
    DisplayNameError as it does.

    >>> optional_display_name("   ") is None, optional_display_name(" Ａnn ")
    (True, 'Ann')
    """
    if not " ".join(unicodedata.normalize("NFKC", str(text or "")).split()):
        return None
    return display_name(text)


def look_alike_key(name: str) -> str:
    """What two names must differ in to both be used in one class: ``name``'s letters
    with Cyrillic and Greek look-alikes read as Latin, case folded, accents composed.

    >>> look_alike_key("Οlivia") == look_alike_key("olivia"), look_alike_key("Zoë")
    (True, 'zoë')
    """
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    folded = decomposed.translate(_LOOK_ALIKES).casefold()
    return unicodedata.normalize("NFC", folded)[:KEY_MAX]
