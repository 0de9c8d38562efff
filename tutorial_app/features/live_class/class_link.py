"""A live class's join link and its QR code, for the teacher's projector, and the
teacher link that opens the class on another device (a one-time code, never the key).

The QR code is drawn by ``segno`` as SVG and shown as an ``<img>`` with a data URL
(``st.html`` strips inline SVG), so it scales to any size without blurring.

Both links are built by ``shell.addresses.page_url``: the join page (``JOIN_PAGE``) with
``?code=``, and the class page (``CLASS_PAGE``) with ``?class=`` and ``?teacher=``.

>>> qr_data_url("https://school.example/join?code=K7WQ3M").startswith("data:image/svg+xml")
True
"""

from __future__ import annotations

import html
from functools import lru_cache

import segno

JOIN_PAGE = "join"  # ?code=<class code>
CLASS_PAGE = "class"  # ?class=<class code>&teacher=<one-time code>
SCREEN_PAGE = "class-screen"  # ?class=<class code>: the projector view


@lru_cache(maxsize=64)
def qr_data_url(text: str) -> str:
    """A QR code of ``text`` as an SVG data URL (dark modules on white, a quiet zone);
    made once per process for each text (the teacher's page draws it at every run)."""
    return segno.make(text, error="m").svg_data_uri(
        scale=10, border=2, dark="#111111", light="#ffffff"
    )


def qr_img(text: str, size_px: int = 360, label: str = "QR code") -> str:
    """An ``<img>`` of the QR code of ``text``, ``size_px`` wide, every value escaped."""
    return (
        f'<img src="{html.escape(qr_data_url(text), quote=True)}" width="{int(size_px)}" '
        f'height="{int(size_px)}" alt="{html.escape(label, quote=True)}" '
        'style="image-rendering: pixelated; background: #fff;">'
    )


def address_html(link: str) -> str:
    """The join address as HTML, every part escaped, that may wrap before its query but
    never inside it (class ``join-query``: no wrap), so the code is read in one piece.

    >>> address_html("https://school.example/join?code=K7WQ3M")
    'https://school.example/join<wbr><span class="join-query">?code=K7WQ3M</span>'
    >>> address_html("https://school.example/<join>")
    'https://school.example/&lt;join&gt;'
    """
    path, mark, query = link.partition("?")
    if not mark:
        return html.escape(path)
    return f'{html.escape(path)}<wbr><span class="join-query">{html.escape(mark + query)}</span>'
