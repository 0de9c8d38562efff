"""tutorial_app.first_style.FirstStyle, driven as an ASGI server drives it (no server):
the index page gets the app's first style in its <head>, zipped or not, in one piece or
several; anything else (a quiz sheet to download, a script, a websocket) passes as it was."""

import gzip

import pytest
from test_response_headers import run_apart

from tutorial_app.first_style import FIRST_STYLE, FirstStyle

PAGE = b"<html><head><title>Euchre</title></head><body><div id=root></div></body></html>"


def served(path: str, body: bytes, headers: list, chunks: int = 1, scope_type: str = "http"):
    """The messages an app sending ``body`` (in ``chunks`` pieces) for ``path`` gets out
    through the middleware."""
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        size = -(-len(body) // chunks)
        pieces = [body[i : i + size] for i in range(0, len(body), size)]
        for n, piece in enumerate(pieces, 1):
            await send({"type": "http.response.body", "body": piece, "more_body": n < len(pieces)})

    async def send(message):
        sent.append(message)

    scope = {"type": scope_type, "method": "GET", "path": path, "headers": []}
    run_apart(FirstStyle(app)(scope, None, send))
    return sent


def html_headers(body: bytes, zipped: bool = False) -> list:
    return [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"etag", b'"e929"'),
        (b"cache-control", b"no-cache"),
        *([(b"content-encoding", b"gzip")] if zipped else []),
    ]


@pytest.mark.parametrize("zipped", [False, True])
@pytest.mark.parametrize("chunks", [1, 3])
def test_a_page_load_gets_the_first_style_in_its_head(zipped, chunks):
    body = gzip.compress(PAGE) if zipped else PAGE
    start, *bodies = served("/euchre/play", body, html_headers(body, zipped), chunks)
    page = b"".join(message["body"] for message in bodies)
    assert page.index(FIRST_STYLE.encode()) < page.index(b"</head>") < page.index(b"<body>")
    assert page.replace(page[page.index(b"<style") : page.index(b"</head>")], b"") == PAGE
    headers = dict(start["headers"])
    assert headers[b"content-length"] == str(len(page)).encode()
    assert b"content-encoding" not in headers and b"etag" not in headers  # no stale copy
    assert headers[b"cache-control"] == b"no-cache"


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/media/4f2a.html", b"text/html"),  # a quiz sheet to download: the learner's file
        ("/euchre/media/4f2a.html", b"text/html"),
        ("/static/js/index.js", b"text/javascript"),
        ("/play", b"application/json"),
    ],
)
def test_anything_but_a_page_passes_as_it_was(path, content_type):
    headers = [(b"content-type", content_type), (b"content-length", str(len(PAGE)).encode())]
    start, body = served(path, PAGE, headers)
    assert start["headers"] == headers and body["body"] == PAGE
