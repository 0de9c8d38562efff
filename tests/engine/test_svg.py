"""engine.svg: every card draws as well-formed SVG with a text alternative."""

import xml.etree.ElementTree as ET

import pytest

from engine import JOKER, Seat, deck, parse_card
from engine.svg import DEFAULT_WIDTH, SvgImage, back_svg, card_svg, card_text, hand_svg, trick_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    return root


def title_of(root: ET.Element) -> str:
    title = root.find(SVG + "title")
    assert title is not None
    assert title.text == root.get("aria-label")
    return title.text


@pytest.mark.parametrize("card", deck(benny=True), ids=lambda c: c.code)
def test_every_card_draws_with_its_name(card):
    root = parse(card_svg(card))
    assert title_of(root) == card.name
    # ``width`` is the card's own width; the drawing adds a thin margin for outlines.
    assert DEFAULT_WIDTH <= float(root.get("width")) <= 1.1 * DEFAULT_WIDTH
    assert float(root.get("height")) > 1.3 * DEFAULT_WIDTH  # portrait


@pytest.mark.parametrize(
    "code, name",
    [
        ("JD", "jack of diamonds"),
        ("TH", "ten of hearts"),
        ("9C", "nine of clubs"),
        ("JOKER", "the Joker"),
    ],
)
def test_text_alternative_in_words(code, name):
    assert title_of(parse(card_svg(parse_card(code)))) == name


def test_face_down_card():
    assert title_of(parse(back_svg())) == "face-down card"
    assert card_text(None) == "face-down card"


def test_highlight_is_drawn_and_spoken():
    svg = card_svg(parse_card("JD"), highlight="left bower")
    root = parse(svg)
    assert title_of(root) == "jack of diamonds (left bower)"
    assert "LEFT BOWER" in "".join(root.itertext())


def face_text(root: ET.Element) -> str:
    """The words a face shows, as a page reads them (its text nodes in order, no title)."""
    title = root.find(SVG + "title")
    return " ".join("".join(t for t in root.itertext() if t != title.text).split())


@pytest.mark.parametrize(
    "code, highlight, text",
    [("KS", None, "K"), ("TH", None, "10"), ("JOKER", None, "JOKER"), ("JD", "wins", "J WINS")],
)
def test_a_face_writes_its_index_once(code, highlight, text):
    """The upside-down corner is drawn by reference, not written again: a card button's
    visible text is "K", which its name "K♠, king of spades" holds (label in name), not
    "KK"; a band's word is apart from the index ("J WINS", not "JWINS")."""
    root = parse(card_svg(parse_card(code), highlight=highlight))
    assert face_text(root) == text
    copies = root.findall(f".//{SVG}use")
    if highlight is None:  # a band takes the bottom corner's place
        (copy,) = copies
        corner = root.find(f".//{SVG}g[@id='{copy.get('href')[1:]}']")
        assert corner is not None and corner.find(SVG + "text").text == text
        assert copy.get("aria-hidden") == "true" and "rotate(180" in copy.get("transform")
    else:
        assert not copies


def test_ten_shows_as_10():
    texts = list(parse(card_svg(parse_card("TS"))).itertext())
    assert "10" in texts


def test_width_scales_the_drawing():
    big = parse(card_svg(parse_card("AS"), width=240))
    small = parse(card_svg(parse_card("AS"), width=120))
    assert float(big.get("width")) == pytest.approx(2 * float(small.get("width")))
    assert big.get("viewBox") == small.get("viewBox")


def test_everything_interpolated_is_escaped():
    nasty = "<script>alert(\"x\")</script> & 'quote'"
    svg = hand_svg([parse_card("AH"), None], highlights=[nasty], labels=[nasty, "b"], title=nasty)
    root = parse(svg)
    assert "<script>" not in svg
    assert title_of(root) == nasty
    assert nasty in list(root.itertext())
    assert root.find(f".//{SVG}script") is None


def test_hand_row_grows_with_cards_and_labels():
    one = parse(hand_svg([parse_card("AH")]))
    three = parse(hand_svg([parse_card(c) for c in ("AH", "KH", "QH")]))
    labelled = parse(hand_svg([parse_card("AH")], labels=["North"]))
    assert float(three.get("width")) > 2.5 * float(one.get("width"))
    assert float(labelled.get("height")) > float(one.get("height"))
    assert title_of(three) == "ace of hearts; king of hearts; queen of hearts"


def test_empty_hand_is_still_valid():
    assert title_of(parse(hand_svg([]))) == "no cards"


def test_trick_names_seats_and_winner():
    plays = [(Seat.N, parse_card("9C")), (Seat.E, parse_card("JS")), (Seat.S, JOKER)]
    root = parse(trick_svg(plays, winner=2))
    title = title_of(root)
    assert title.startswith("Trick: North: nine of clubs; East: jack of spades")
    assert title.endswith("South wins the trick")
    texts = list(root.itertext())
    assert {"North", "East", "South", "WINS"} <= set(texts)


def test_trick_rejects_a_winner_outside_it():
    with pytest.raises(IndexError):
        trick_svg([(Seat.N, parse_card("9C"))], winner=1)


@pytest.mark.parametrize("bad", ["JD", None, 3])
def test_card_svg_needs_a_card(bad):
    with pytest.raises(TypeError):
        card_svg(bad)


def test_notebook_hooks():
    card = parse_card("QS")
    assert card._repr_svg_() == card_svg(card)
    image = hand_svg([card])
    assert isinstance(image, SvgImage) and image._repr_svg_() == str(image)
    assert image.title == "queen of spades"


def test_a_wrong_mark_is_red_and_a_right_mark_gold():
    from engine.notation import parse_card
    from engine.svg import MARK, WRONG, WRONG_PREFIX, card_svg

    black_card = parse_card("9C")  # no red ink of its own
    right = card_svg(black_card, highlight="right")
    wrong = card_svg(black_card, highlight=WRONG_PREFIX + "your pick")
    assert MARK in right and WRONG not in right
    assert WRONG in wrong and MARK not in wrong


@pytest.mark.parametrize(
    "code, ink", [("9C", "#0a6628"), ("9D", "#1542a8"), ("9H", "#b3101e"), ("9S", "#111111")]
)
def test_a_four_colour_deck_gives_every_suit_its_own_ink(code, ink):
    card = parse_card(code)
    four = card_svg(card, four_colour=True)
    parse(four)
    assert f'fill="{ink}"' in four
    plain_ink = "#b3101e" if code[1] in "DH" else "#111111"
    assert f'fill="{plain_ink}"' in card_svg(card)  # two colours unless asked
