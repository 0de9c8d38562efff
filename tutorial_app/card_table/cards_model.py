"""Loose cards as a card-table model: the same component, layout "cards".

Questions and lesson steps that show cards but no hand in progress (five cards to
sort, a trick with no deal behind it, the rank order under a trump) draw them with
``cards_model``: a row of cards (clickable when a question asks for a card), an
optional trick laid out by seat, optional rows with headings, and the table's
message and labelled choices underneath. Nothing here knows a rule: marks, notes and
winners are whatever the caller (who asked the engine) passes.

>>> from engine import Card, Suit
>>> model = cards_model([Card.parse("JD"), Card.parse("AH")], trump=Suit.HEARTS,
...                     notes={"JD": "left bower"}, clickable=True)
>>> [(c["code"], c["note"], c["clickable"]) for c in model["hand"]]
[('JD', 'left bower', True), ('AH', '', True)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine import Card, NoTrump, Seat, Suit, parse_seat
from tutorial_app.card_table.table_model import (
    MARK_SIGNS,
    POSITIONS,
    TONES,
    card_back,
    card_face,
    suit_icon,
    table_message,
)

__all__ = ["cards_model"]

Mark = str | tuple[str, str]


def cards_model(
    cards: Iterable[Card] = (),
    *,
    trump: Suit | NoTrump | None = None,
    marks: Mapping[Card | str, Mark] | None = None,
    notes: Mapping[Card | str, str] | None = None,
    clickable: bool = False,
    trick: Iterable[tuple[Seat | str, Card]] = (),
    winner: Seat | str | None = None,
    rows: Sequence[tuple[str, Sequence[Card], Sequence[str | None]]] = (),
    actions: Sequence[Mapping] = (),
    message: str | None = None,
    message_tone: str = "info",
    message_title: str | None = None,
    label: str = "The cards",
    title: str | None = None,
    four_colour: bool = False,
) -> dict:
    """Cards in the order given (not sorted: a question's options keep their order).

    ``marks`` maps a card (or code) to a kind of ``table_model.MARK_SIGNS`` or to
    (kind, text); ``notes`` to a word drawn on an unmarked card ("left bower").
    ``trick`` is (seat, card) in play order, drawn where each seat sits from South's
    chair; ``winner`` marks the winning seat. ``rows`` are (heading, cards, notes)
    drawn below, not clickable. ``actions`` are dicts with ``id`` and ``label`` (and
    optionally ``disabled``, ``pressed``, ``primary``, ``suit``).
    Raises ValueError for an unknown mark kind or message tone.
    """
    if message_tone not in TONES:
        raise ValueError(f"a message tone is one of {', '.join(TONES)}, not {message_tone!r}")
    svgs: dict[str, str] = {"back": card_back()}

    def face(card: Card, highlight: str | None) -> dict:
        key = card.code + (f"|{highlight}" if highlight else "")
        svgs.setdefault(key, card_face(card, highlight, four_colour))
        return {"code": card.code, "name": card.name, "svg": key}

    def lookup(mapping: Mapping | None, card: Card):
        return None if not mapping else mapping.get(card, mapping.get(card.code))

    hand = []
    for card in cards:
        mark = lookup(marks, card)
        if isinstance(mark, str):
            mark = (mark, mark)
        if mark is not None and mark[0] not in MARK_SIGNS:
            raise ValueError(
                f"a mark is one of {', '.join(MARK_SIGNS)}, not {mark[0]!r} ({card.name})"
            )
        note = lookup(notes, card) or ""
        text = MARK_SIGNS[mark[0]] + mark[1] if mark else None
        entry = face(card, text or note or None)
        entry.update(
            legal=False,
            clickable=clickable,
            lifted=False,
            note=note,
            mark=None if mark is None else {"kind": mark[0], "text": text},
        )
        hand.append(entry)
    won = None if winner is None else _seat(winner)
    plays = [(_seat(seat), card) for seat, card in trick]
    return {
        "layout": "cards",
        "title": title,
        "hand_label": label,
        "hand": hand,
        "trick": [
            {
                "seat": seat.value,
                "name": seat.word,
                "position": _position(seat),
                "led": i == 0,
                "won": seat is won,
                "card": face(card, None),
            }
            for i, (seat, card) in enumerate(plays)
        ],
        "rows": [
            {
                "label": heading,
                "cards": [
                    {**face(card, note), "note": note or ""}
                    for card, note in zip(
                        row_cards, list(row_notes) + [None] * len(row_cards), strict=False
                    )
                ],
            }
            for heading, row_cards, row_notes in rows
        ],
        "trump": None if trump is None else {"suit": trump.letter, "name": trump.plural},
        "actions": [dict(action) for action in actions],
        "message": table_message(message, message_tone, message_title),
        "lift": False,
        "four_colour": four_colour,
        "suit_icons": {suit.letter: suit_icon(suit, four_colour) for suit in Suit},
        "svgs": svgs,
    }


def _seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else parse_seat(str(seat))


def _position(seat: Seat) -> str:
    return POSITIONS[(seat.index - Seat.S.index) % 4]
