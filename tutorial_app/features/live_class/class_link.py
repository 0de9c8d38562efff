"""A live class's join link and its QR code, for the teacher's projector, and the
teacher link that opens the class on another device (a one-time code, never the key).

The QR code is drawn by ``segno`` as SVG and shown as an ``<img>`` with a data URL
(``st.html`` strips inline SVG), so it scales to any size without blurring.

>>> join_url("http://192.168.1.20:8501/class?class=K7WQ3M", "K7WQ3M")
'http://192.168.1.20:8501/join?code=K7WQ3M'
>>> join_url("https://school.example/euchre/class", "K7WQ3M", "euchre")
'https://school.example/euchre/join?code=K7WQ3M'
>>> qr_data_url("https://school.example/join?code=K7WQ3M").startswith("data:image/svg+xml")
True
"""

from __future__ import annotations

import html
from functools import lru_cache
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno

JOIN_PAGE = "join"
CLASS_PAGE = "class"


def join_url(page_url: str | None, code: str, base_path: str = "") -> str:
    """The join page's address for class ``code`` on the server that served ``page_url``
    (``/join?code=...`` when the address is unknown)."""
    query = urlencode({"code": code})
    base = "/" + base_path.strip("/") if base_path.strip("/") else ""
    if not page_url:
        return f"{base}/{JOIN_PAGE}?{query}"
    parts = urlsplit(page_url)
    return urlunsplit((parts.scheme, parts.netloc, f"{base}/{JOIN_PAGE}", query, ""))


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


def teacher_url(page_url: str | None, code: str, one_time: str, base_path: str = "") -> str:
    """A teacher link: the class page's address with a one-time code, never the key.

    >>> teacher_url("https://school.example/euchre/class?class=K7WQ3M", "K7WQ3M", "x" * 22,
    ...             "euchre")
    'https://school.example/euchre/class?class=K7WQ3M&teacher=xxxxxxxxxxxxxxxxxxxxxx'
    """
    query = urlencode({"class": code, "teacher": one_time})
    base = "/" + base_path.strip("/") if base_path.strip("/") else ""
    if not page_url:
        return f"{base}/{CLASS_PAGE}?{query}"
    parts = urlsplit(page_url)
    return urlunsplit((parts.scheme, parts.netloc, f"{base}/{CLASS_PAGE}", query, ""))
