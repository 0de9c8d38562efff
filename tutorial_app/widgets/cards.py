"""Card pictures on a page: ``engine.svg`` drawings shown as <img> with alt text.

``st.html`` strips inline <svg>, so each drawing travels as a base64
``data:image/svg+xml`` image. The <img> keeps the drawing's text alternative
in ``alt``, which screen readers, tests and broken-image fallbacks all use.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Iterable, Sequence

import streamlit as st

from engine import Card
from engine.svg import DEFAULT_WIDTH, SvgImage, card_svg, hand_svg, trick_svg


def img_tag(svg: SvgImage) -> str:
    """An <img> element showing ``svg``, its title as alt text (escaped)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="euchre-cards" src="data:image/svg+xml;base64,{data}" '
            f'alt="{escape(svg.title, quote=True)}" style="max-width:100%;height:auto">')


def show_svg(svg: SvgImage) -> None:
    st.markdown(img_tag(svg), unsafe_allow_html=True)


def show_card(card: Card, *, width: int = DEFAULT_WIDTH, highlight: str | None = None,
              label: str | None = None) -> None:
    show_svg(card_svg(card, width=width, highlight=highlight, label=label))


def show_hand(cards: Iterable[Card | None], *, width: int = DEFAULT_WIDTH,
              highlights: Sequence[str | None] | None = None,
              labels: Sequence[str | None] | None = None, title: str | None = None) -> None:
    """A row of cards (None for a face-down card), as ``engine.svg.hand_svg`` draws it."""
    show_svg(hand_svg(cards, width=width, highlights=highlights, labels=labels, title=title))


def show_trick(plays: Iterable[tuple[object, Card | None]], *, winner: int | None = None,
               width: int = DEFAULT_WIDTH) -> None:
    show_svg(trick_svg(plays, winner=winner, width=width))
