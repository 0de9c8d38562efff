"""Cards, hands and hand states show as pictures in Jupyter (``_repr_svg_``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine import Phase, Rules, Seat, apply, legal_actions, parse_card, parse_cards, random_hand
from engine.svg import hand_svg

SVG = "{http://www.w3.org/2000/svg}"


def _title(svg: str) -> str:
    return ET.fromstring(svg).find(f"{SVG}title").text


def test_card_shows_as_a_picture():
    assert _title(parse_card("JD")._repr_svg_()) == "jack of diamonds"


def test_a_hand_shows_as_a_picture():
    image = hand_svg(parse_cards("JH JD AS"))
    assert "jack of hearts; jack of diamonds; ace of spades" in _title(image._repr_svg_())


def test_a_hand_state_shows_every_seat_the_upcard_and_the_trick():
    state = random_hand(Rules.preset("bga"), Seat.W, 3)
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[0])
    title = _title(state._repr_svg_())
    for seat in ("North", "East", "South", "West (dealer)"):
        assert seat in title
    assert state.upcard.name in title
    assert f"Trick ({state.leader.word} led)" in title
