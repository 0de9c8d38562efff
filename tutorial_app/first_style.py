"""The app's first style, in the page's ``<head>`` from its first paint: ASGI middleware
that adds ``FIRST_STYLE`` to the index page Streamlit serves for every page load.

A style drawn by the router (``st.html``) takes effect only once Streamlit's code for
that element has loaded, which on a tab's very first load can be after the page's
first elements: Play's words, meant to wait for the cards, showed for a moment. In the
``<head>`` it holds before anything is drawn. The router draws the same style too, for
the page tests that run it without this server.

The index page's validators (ETag, Last-Modified) are dropped with the change, so a
browser never revalidates a copy holding an older style: the page is 8 kB and is
never cached anyway (Streamlit sends ``no-cache``).

>>> with_first_style(b"<html><head><title>x</title></head><body></body></html>")[:59]
b'<html><head><title>x</title><style id="euchre-first-style">'
>>> with_first_style(b"no head here")
b'no head here'
"""

from __future__ import annotations

import gzip
from typing import Any

from tutorial_app.page_paths import STREAMLIT_ROUTES

__all__ = ["FIRST_STYLE", "FirstStyle", "with_first_style"]

# Less empty space above every page (Streamlit's default is 6rem), so what a learner
# acts on fits a 720-pixel-high screen. The sidebar's header and section gaps are smaller
# too, so every page of the navigation, the Glossary last, shows without scrolling the
# sidebar. Play's words wait for the cards (features/play/page.py, after_the_cards):
# hidden from the start. On a phone Streamlit's header is opaque: a page that starts
# higher (Teach, Build) would show its title cut under it.
FIRST_STYLE = (
    "[data-testid=stMainBlockContainer] { padding-top: 3.75rem; padding-bottom: 2rem; } "
    "[data-testid=stSidebarHeader] { height: 2.5rem; } "
    "[data-testid=stSidebarNavItems] > div { margin-top: 0.5rem; } "
    '[class*="st-key-play-wait-"] { display: none !important; } '
    "@media (max-width: 640px) { [data-testid=stMainBlockContainer] "
    "{ padding-top: 3.75rem !important; } }"
)
_TAG = f'<style id="euchre-first-style">{FIRST_STYLE}</style>'.encode()
_DROPPED = {b"content-length", b"content-encoding", b"etag", b"last-modified"}


def with_first_style(page: bytes) -> bytes:
    """``page`` with the first style at the end of its ``<head>`` (unchanged without one)."""
    at = page.find(b"</head>")
    return page if at < 0 else page[:at] + _TAG + page[at:]


def is_page_load(scope: dict) -> bool:
    """Whether a request asks for a page (not Streamlit's files, media or routes: a quiz
    sheet to download is an HTML file too, and is never touched).

    >>> is_page_load({"type": "http", "method": "GET", "path": "/euchre/bowers"})
    True
    >>> is_page_load({"type": "http", "method": "GET", "path": "/media/sheet.html"})
    False
    """
    segments = scope.get("path", "").split("/")
    return (
        scope["type"] == "http"
        and scope.get("method") == "GET"
        and not any(segment in STREAMLIT_ROUTES for segment in segments)
    )


class FirstStyle:
    """ASGI middleware: the answer to a page load, when it is a ``text/html`` page of
    200 (the index page, whatever the page asked), is read whole, unzipped if Streamlit
    zipped it, and sent with the first style."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if not is_page_load(scope):
            await self.app(scope, receive, send)
            return
        start: dict | None = None
        body: list[bytes] = []

        async def send_with_style(message: dict) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers") or ())
                if message.get("status") == 200 and headers.get(b"content-type", b"").startswith(
                    b"text/html"
                ):
                    start = message  # held until the whole page is read
                    return
            elif start is not None and message["type"] == "http.response.body":
                body.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                page = with_first_style(_unzipped(start, b"".join(body)))
                kept = [(k, v) for k, v in start.get("headers") or () if k.lower() not in _DROPPED]
                length = (b"content-length", str(len(page)).encode())
                await send({**start, "headers": [*kept, length]})
                await send({"type": "http.response.body", "body": page})
                return
            await send(message)

        await self.app(scope, receive, send_with_style)


def _unzipped(start: dict, raw: bytes) -> bytes:
    encoding = dict(start.get("headers") or ()).get(b"content-encoding", b"")
    return gzip.decompress(raw) if encoding.lower() == b"gzip" else raw
