"""Playing cards drawn as SVG: one card, a face-down card, a hand, a trick.

Pure functions returning SVG text (no Streamlit), in the spirit of
python-chess's ``chess.svg``. Every drawing is one ``<svg role="img">`` with a
``<title>`` and an ``aria-label`` saying in words what it shows, and every
piece of text put into it is escaped. Cards are drawn in a 100 x 140 unit box
and scaled to ``width`` pixels, so one drawing routine serves single cards
and rows of cards alike. Suit symbols are paths, not font glyphs, so they
never turn into colour emoji or empty boxes.

>>> from engine.cards import JOKER, Card, Rank, Suit
>>> svg = card_svg(Card(Rank.JACK, Suit.DIAMONDS), highlight="left bower")
>>> 'aria-label="jack of diamonds (left bower)"' in svg
True
>>> card_text(JOKER), card_text(None)
('the Joker', 'face-down card')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, TypeVar

from engine.cards import Card, Colour, Rank, Suit

if TYPE_CHECKING:
    from engine.state import HandState

_T = TypeVar("_T")

__all__ = [
    "DEFAULT_WIDTH",
    "SvgImage",
    "back_svg",
    "card_svg",
    "card_text",
    "hand_svg",
    "hand_text",
    "state_svg",
    "suit_colour",
    "trick_svg",
]

DEFAULT_WIDTH = 120  # pixels: big enough to read from the back of a classroom

# Card geometry in drawing units; a card is CARD_W wide whatever its pixel width.
CARD_W, CARD_H = 100, 140
GAP = 8  # between cards in a row
MARGIN = 3  # room for the highlight outline
LABEL_H = 26  # caption strip under each card

RED = "#b3101e"  # 6.4:1 contrast on white
BLACK = "#111111"
GREEN = "#0a6628"  # four-colour deck: clubs, 7.1:1 on white
BLUE = "#1542a8"  # four-colour deck: diamonds, 8.8:1 on white
OUTLINE = "#444444"
MARK = "#f2b600"  # highlight outline and band: gold, with black text on it
WRONG = "#b3101e"  # a highlight starting with WRONG_PREFIX: red, with white text
WRONG_PREFIX = "✗ "  # e.g. "✗ your pick": marks a card as a mistake, not a right answer
BACK_BLUE = "#1d3f8a"
JOKER_PURPLE = "#5b1a8c"
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"

RANK_TEXT = {
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}

# Suit shapes in a 100 x 100 box, drawn as paths so no font is needed.
_HEART = (
    "M50 94 C24 74 3 54 3 31 C3 13 16 3 29 3 C40 3 47 10 50 20 "
    "C53 10 60 3 71 3 C84 3 97 13 97 31 C97 54 76 74 50 94 Z"
)
_DIAMOND = "M50 2 L88 50 L50 98 L12 50 Z"
_SPADE = (
    "M50 3 C78 27 97 43 97 62 C97 78 85 86 73 86 C63 86 56 81 53 73 "
    "C54 85 59 92 68 98 L32 98 C41 92 46 85 47 73 C44 81 37 86 27 86 "
    "C15 86 3 78 3 62 C3 43 22 27 50 3 Z"
)
_CLUB = (
    "M50 3 A21 21 0 1 1 50 45 A21 21 0 1 1 50 3 Z "
    "M26 36 A21 21 0 1 1 26 78 A21 21 0 1 1 26 36 Z "
    "M74 36 A21 21 0 1 1 74 78 A21 21 0 1 1 74 36 Z "
    "M40 40 L60 40 L60 64 L40 64 Z "
    "M47 60 C47 80 43 90 33 98 L67 98 C57 90 53 80 53 60 Z"
)
_STAR = "M50 4 L61 38 L97 38 L68 59 L79 94 L50 73 L21 94 L32 59 L3 38 L39 38 Z"
SUIT_PATHS = {Suit.HEARTS: _HEART, Suit.DIAMONDS: _DIAMOND, Suit.SPADES: _SPADE, Suit.CLUBS: _CLUB}
# The four-colour deck some players find easier to read: every suit its own ink.
FOUR_COLOURS = {Suit.CLUBS: GREEN, Suit.DIAMONDS: BLUE, Suit.HEARTS: RED, Suit.SPADES: BLACK}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink a suit is printed in: red or black, or its own colour in a four-colour deck.

    >>> suit_colour(Suit.CLUBS), suit_colour(Suit.CLUBS, four_colour=True)
    ('#111111', '#0a6628')
    """
    if four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit.colour is Colour.RED else BLACK


class SvgImage(str):
    """SVG text that notebooks (Jupyter, IPython) display as a picture.

    ``title`` is the drawing's text alternative, ready for an ``alt`` attribute.
    """

    # Shadows str.title() on purpose: the drawing's text alternative, which the app reads.
    title: str  # type: ignore[assignment]

    def __new__(cls, svg: str, title: str = "") -> SvgImage:
        image = super().__new__(cls, svg)
        image.title = title
        return image

    def _repr_svg_(self) -> str:
        return str(self)


def card_text(card: Card | None, highlight: str | None = None) -> str:
    """A card in words, for screen readers and alt text: 'jack of diamonds (left bower)'."""
    text = "face-down card" if card is None else card.name
    return f"{text} ({highlight})" if highlight else text


def hand_text(
    cards: Sequence[Card | None],
    highlights: Sequence[str | None] | None = None,
    labels: Sequence[str | None] | None = None,
) -> str:
    """A row of cards in words: 'North: nine of clubs; East: face-down card'."""
    parts = []
    for i, card in enumerate(cards):
        text = card_text(card, _at(highlights, i))
        label = _at(labels, i)
        parts.append(f"{label}: {text}" if label else text)
    return "; ".join(parts) if parts else "no cards"


def card_svg(
    card: Card,
    *,
    width: int = DEFAULT_WIDTH,
    highlight: str | None = None,
    label: str | None = None,
    title: str | None = None,
    four_colour: bool = False,
) -> SvgImage:
    """One card face. ``highlight`` puts a gold outline and a band with that text on
    it (e.g. "left bower"); ``label`` is a caption under the card; ``four_colour``
    prints clubs green and diamonds blue.

    Raises TypeError if ``card`` is not a Card.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_svg needs a Card, not {card!r}; use back_svg for a face-down card")
    return hand_svg(
        [card],
        width=width,
        highlights=[highlight],
        labels=[label],
        title=title or card_text(card, highlight),
        four_colour=four_colour,
    )


def back_svg(
    *, width: int = DEFAULT_WIDTH, label: str | None = None, title: str | None = None
) -> SvgImage:
    """A face-down card."""
    return hand_svg([None], width=width, labels=[label], title=title or card_text(None))


def hand_svg(
    cards: Iterable[Card | None],
    *,
    width: int = DEFAULT_WIDTH,
    highlights: Sequence[str | None] | None = None,
    labels: Sequence[str | None] | None = None,
    title: str | None = None,
    four_colour: bool = False,
) -> SvgImage:
    """A row of cards, left to right; ``None`` draws a face-down card.

    ``highlights`` and ``labels`` run parallel to ``cards`` (None for none);
    ``width`` is the pixel width of each card; ``four_colour`` gives every suit its
    own ink. Raises TypeError for a non-card.
    """
    cards = list(cards)
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
    has_labels = any(_at(labels, i) for i in range(len(cards)))
    units_w = 2 * MARGIN + len(cards) * CARD_W + max(len(cards) - 1, 0) * GAP
    units_h = 2 * MARGIN + CARD_H + (LABEL_H if has_labels else 0)
    body = []
    for i, card in enumerate(cards):
        x, y = MARGIN + i * (CARD_W + GAP), MARGIN
        body.append(_card_group(card, x, y, _at(highlights, i), four_colour))
        label = _at(labels, i)
        if label:
            body.append(
                _text(label, x + CARD_W / 2, y + CARD_H + 20, 17, BLACK, max_width=CARD_W + GAP - 2)
            )
    scale = width / CARD_W
    text = title if title is not None else hand_text(cards, highlights, labels)
    return _svg(units_w, units_h, scale, text, "".join(body))


def trick_svg(
    plays: Iterable[tuple[object, Card | None]],
    *,
    winner: int | None = None,
    width: int = DEFAULT_WIDTH,
    title: str | None = None,
) -> SvgImage:
    """The cards of a trick in the order played, captioned with who played them.

    ``plays`` holds ``(seat, card)`` pairs; a seat may be a ``Seat`` (its word is
    shown) or any text. ``winner`` is the index of the winning play, marked
    "wins". Raises IndexError if ``winner`` is not one of the plays.
    """
    plays = list(plays)
    if winner is not None and not 0 <= winner < len(plays):
        raise IndexError(f"winner {winner} is not one of the {len(plays)} plays")
    labels = [getattr(seat, "word", None) or str(seat) for seat, _ in plays]
    cards = [card for _, card in plays]
    highlights = [("wins" if i == winner else None) for i in range(len(plays))]
    if title is None:
        title = "Trick: " + hand_text(cards, labels=labels)
        if winner is not None:
            title += f". {labels[winner]} wins the trick"
    return hand_svg(cards, width=width, highlights=highlights, labels=labels, title=title)


def state_svg(state: HandState, *, width: int = 60) -> SvgImage:
    """A whole hand in progress, every card face up (for notebooks and teachers):
    one row per seat with its cards, then the upcard and the trick on the table.

    ``state`` is an ``engine.HandState``; imported lazily to keep this module light.
    """
    from engine.seats import SEATS

    rows: list[tuple[str, SvgImage]] = []
    for seat in SEATS:
        notes = []
        if seat is state.dealer:
            notes.append("dealer")
        if seat in state.alone:
            notes.append("alone")
        if seat in state.sitting_out:
            notes.append("sits out")
        heading = seat.word + (f" ({', '.join(notes)})" if notes else "")
        rows.append((heading, hand_svg(state.hand_of(seat), width=width)))
    trump = "not made yet" if state.trump is None else state.trump.plural
    rows.append((f"Upcard · trump: {trump}", hand_svg([state.upcard], width=width)))
    if state.trick and state.leader is not None:  # a trick on the table has a leader
        rows.append((f"Trick ({state.leader.word} led)", trick_svg(state.trick, width=width)))
    title = f"Euchre hand, {state.phase.value}: " + "; ".join(
        f"{heading}: {image.title}" for heading, image in rows
    )
    # Laid out in pixels (scale 1): each row's drawing nests at its own pixel size.
    y, widest, body = 0.0, 0.0, []
    for heading, image in rows:
        body.append(_text(heading, 4, y + 18, 15, BLACK, anchor="start"))
        y += 24
        body.append(image.replace("<svg ", f'<svg x="0" y="{_n(y)}" ', 1))
        y += _size(image, "height") + 8
        widest = max(widest, _size(image, "width"), 8.5 * len(heading))
    return _svg(widest, y, 1.0, title, "".join(body))


def _size(svg: str, attribute: str) -> float:
    """The pixel width or height written on a drawing's outer <svg>."""
    return float(svg.split(f'{attribute}="', 1)[1].split('"', 1)[0])


# --- drawing -------------------------------------------------------------------------


def _svg(units_w: float, units_h: float, scale: float, title: str, body: str) -> SvgImage:
    label = escape(title, quote=True)
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}" '
        f'width="{_n(units_w * scale)}" height="{_n(units_h * scale)}" '
        f'viewBox="0 0 {_n(units_w)} {_n(units_h)}" font-family="{FONT}">'
        f"<title>{label}</title>{body}</svg>",
        title,
    )


def _card_group(
    card: Card | None, x: float, y: float, highlight: str | None, four_colour: bool = False
) -> str:
    if card is None:
        inner = _back()
    elif card.is_joker:
        inner = _joker_face(not highlight)
    else:
        inner = _face(card, not highlight, four_colour)
    wrong = bool(highlight and highlight.startswith(WRONG_PREFIX))
    colour = WRONG if wrong else MARK
    if highlight:  # a space between the face's words: its text reads "J LEFT BOWER"
        inner += " " + _band(highlight, colour, "#ffffff" if wrong else BLACK)
    stroke, stroke_w = (colour, 6) if highlight else (OUTLINE, 1.5)
    frame = (
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
        f'fill="none" stroke="{stroke}" stroke-width="{stroke_w}"/>'
    )
    return f'<g transform="translate({_n(x)} {_n(y)})">{inner}{frame}</g>'


def _base(fill: str = "#ffffff") -> str:
    return f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" fill="{fill}"/>'


def _face(card: Card, bottom_corner: bool, four_colour: bool = False) -> str:
    suit = card.suit
    assert suit is not None  # the Joker has a face of its own
    colour = suit_colour(suit, four_colour)
    corner = _text(RANK_TEXT[card.rank], 8, 35, 34, colour, anchor="start") + _pip(
        suit, 9, 41, 19, colour
    )
    ident = f"ix-{card.code}-{colour.lstrip('#')}"  # one per drawing of this corner
    parts = [_base(), f'<g id="{ident}">{corner}</g>', _pip(suit, 29, 49, 42, colour)]
    if bottom_corner:
        parts.append(_upside_down(ident))
    return "".join(parts)


def _joker_face(bottom_corner: bool) -> str:
    word = _text("JOKER", CARD_W / 2, 30, 22, JOKER_PURPLE)
    parts = [_base(), f'<g id="ix-joker">{word}</g>', _shape(_STAR, 22, 42, 56, JOKER_PURPLE)]
    if bottom_corner:
        parts.append(_upside_down("ix-joker"))
    return "".join(parts)


def _upside_down(ident: str) -> str:
    """The usual upside-down copy of a corner, so the card reads from both ends: drawn by
    reference, so the face's text holds its index once ("K♠" is said and matched once, not
    "K K"). Copies of one card share the id; they draw the same corner."""
    return (
        f'<use href="#{ident}" aria-hidden="true" '
        f'transform="rotate(180 {_n(CARD_W / 2)} {_n(CARD_H / 2)})"/>'
    )


def _back() -> str:
    parts = [
        _base(BACK_BLUE),
        f'<rect x="8" y="8" width="{CARD_W - 16}" height="{CARD_H - 16}" rx="5" '
        'fill="none" stroke="#ffffff" stroke-width="2"/>',
    ]
    # A lattice of small diamonds, computed to sit wholly inside the inner frame.
    for row in range(7):
        for col in range(5):
            cx, cy = 18 + col * 16, 22 + row * 16
            parts.append(
                f'<path d="M{cx} {cy - 6} L{cx + 6} {cy} L{cx} {cy + 6} '
                f'L{cx - 6} {cy} Z" fill="#ffffff" fill-opacity="0.35"/>'
            )
    return "".join(parts)


def _band(text: str, fill: str, ink: str) -> str:
    return f'<rect x="1" y="110" width="{CARD_W - 2}" height="29" fill="{fill}"/>' + _text(
        text.upper(), CARD_W / 2, 130, 15, ink, max_width=CARD_W - 10
    )


def _pip(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    return _shape(SUIT_PATHS[suit], x, y, size, colour)


def _shape(path: str, x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(size / 100)})" '
        f'd="{path}" fill="{colour}"/>'
    )


def _text(
    text: str,
    x: float,
    y: float,
    size: float,
    colour: str,
    *,
    anchor: str = "middle",
    max_width: float | None = None,
) -> str:
    # Shrink long text to fit (bold capitals average about 0.75 em wide), and let
    # textLength squeeze it if the font turns out wider than that guess.
    text = str(text)
    fit = ""
    if max_width is not None and len(text) * 0.75 * size > max_width:
        size = max(8.0, max_width / (len(text) * 0.75))
        fit = f' textLength="{_n(max_width)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="bold" '
        f'text-anchor="{anchor}" fill="{colour}"{fit}>{escape(text, quote=True)}</text>'
    )


def _at(values: Sequence[_T] | None, i: int) -> _T | None:
    return values[i] if values is not None and i < len(values) else None


def _n(value: float) -> str:
    """A number for an attribute: no trailing zeros, no exponent."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
