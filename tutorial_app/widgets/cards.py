"""Card pictures on a page: ``engine.svg`` drawings shown as <img> with alt text.

``st.html`` strips inline <svg>, so each drawing travels as a base64
``data:image/svg+xml`` image. The <img> keeps the drawing's text alternative
in ``alt``, which screen readers, tests and broken-image fallbacks all use.

Drawings are pure functions of their arguments, so the finished <img> tags are
kept in a process-wide cache: a class of learners on the same quiz draws each
card once, not once per learner and click.
"""

from __future__ import annotations

import base64
from functools import lru_cache
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


def _show_tag(tag: str) -> None:
    st.markdown(tag, unsafe_allow_html=True)


@lru_cache(maxsize=4096)
def _card_tag(card: Card, width: int, highlight: str | None, label: str | None) -> str:
    return img_tag(card_svg(card, width=width, highlight=highlight, label=label))


@lru_cache(maxsize=4096)
def _hand_tag(cards: tuple, width: int, highlights: tuple | None, labels: tuple | None,
              title: str | None) -> str:
    return img_tag(hand_svg(cards, width=width, highlights=highlights, labels=labels,
                            title=title))


@lru_cache(maxsize=4096)
def _trick_tag(plays: tuple, winner: int | None, width: int) -> str:
    return img_tag(trick_svg(plays, winner=winner, width=width))


def _tuple(items: Iterable | None) -> tuple | None:
    return None if items is None else tuple(items)


def show_card(card: Card, *, width: int = DEFAULT_WIDTH, highlight: str | None = None,
              label: str | None = None) -> None:
    _show_tag(_card_tag(card, width, highlight, label))


def show_hand(cards: Iterable[Card | None], *, width: int = DEFAULT_WIDTH,
              highlights: Sequence[str | None] | None = None,
              labels: Sequence[str | None] | None = None, title: str | None = None) -> None:
    """A row of cards (None for a face-down card), as ``engine.svg.hand_svg`` draws it."""
    _show_tag(_hand_tag(tuple(cards), width, _tuple(highlights), _tuple(labels), title))


def show_trick(plays: Iterable[tuple[object, Card | None]], *, winner: int | None = None,
               width: int = DEFAULT_WIDTH) -> None:
    _show_tag(_trick_tag(tuple(tuple(play) for play in plays), winner, width))
