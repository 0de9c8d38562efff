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
from typing import Any

from engine import Card, NoTrump, Seat, Suit, parse_seat
from tutorial_app.card_table.model_types import Button, CardFace, CardsModel, HandCard, Message
from tutorial_app.card_table.table_model import (
    POSITIONS,
    card_back,
    card_face,
    printed_label,
    suit_icon,
)
from tutorial_app.card_table.table_options import MARK_SIGNS, Mark, check_mark

__all__ = ["cards_model"]


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
    actions: Sequence[Button] = (),
    message: Message | None = None,
    label: str = "The cards",
    title: str | None = None,
    heading: str | None = None,
    four_colour: bool = False,
    size: str | None = None,
    face_down: int = 0,
) -> CardsModel:
    """Cards in the order given (not sorted: a question's options keep their order).

    ``marks`` maps a card (or code) to a kind of ``table_model.MARK_SIGNS`` or to
    (kind, text); ``notes`` to a word drawn on an unmarked card ("left bower").
    ``trick`` is (seat, card) in play order, drawn where each seat sits from South's
    chair; ``winner`` marks the winning seat. ``rows`` are (heading, cards, notes)
    drawn below, not clickable. ``actions`` are buttons with ``id`` and ``label`` (and
    optionally ``disabled``, ``pressed``, ``primary``, ``suit``); ``message`` is a
    ``table_options.table_message``. ``heading`` is shown above the cards (whose
    they are: "East's cards"). ``size`` "deck" draws many small cards (a whole
    deck to deal from), "projector" large ones (a class's projector). ``face_down``
    cards are drawn after the others, backs up.
    Raises ValueError for an unknown mark kind or size.
    """
    if size not in (None, "deck", "projector"):
        raise ValueError(f'a size of loose cards is "deck", "projector" or None, not {size!r}')
    svgs: dict[str, str] = {"back": card_back()}

    def face(card: Card, highlight: str | None) -> CardFace:
        key = card.code + (f"|{highlight}" if highlight else "")
        svgs.setdefault(key, card_face(card, highlight, four_colour))
        label = printed_label(card, highlight)
        return {"code": card.code, "name": card.name, "label": label, "svg": key}

    def lookup(mapping: Mapping[Card | str, Any] | None, card: Card) -> Any:
        return None if not mapping else mapping.get(card, mapping.get(card.code))

    hand: list[HandCard] = []
    for card in cards:
        given = lookup(marks, card)
        if given is not None:
            check_mark(card, given)
        mark = (given, given) if isinstance(given, str) else given
        note = lookup(notes, card) or ""
        text = MARK_SIGNS[mark[0]] + mark[1] if mark else None
        hand.append(
            {
                **face(card, text or note or None),
                "legal": False,
                "clickable": clickable,
                "lifted": False,
                "note": note,
                "mark": None if mark is None or text is None else {"kind": mark[0], "text": text},
            }
        )
    won = None if winner is None else _seat(winner)
    plays = [(_seat(seat), card) for seat, card in trick]
    model: CardsModel = {
        "layout": "cards",
        "title": title,
        "hand_label": label,
        "hand_heading": heading,
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
        "actions": [{**action} for action in actions],
        "message": message,
        "lift": False,
        "four_colour": four_colour,
        "suit_icons": {suit.letter: suit_icon(suit, four_colour) for suit in Suit},
        "svgs": svgs,
    }
    if size:
        model["size"] = size
    if face_down:
        model["hand_backs"] = face_down
    return model


def _seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else parse_seat(str(seat))


def _position(seat: Seat) -> str:
    return POSITIONS[(seat.index - Seat.S.index) % 4]
