"""tutorial_app.page_paths.OnePageDeep, driven as an ASGI server drives it (no server): a
page load deeper than one page is redirected (to that page, else to Home's "no page"
note); Streamlit's own files, scripts and fetches pass through. The browser tests show
the tab it once left blank (test_browser_navigation)."""

from __future__ import annotations

import pytest
from test_response_headers import run_apart

from tutorial_app.page_paths import OnePageDeep


def answer(path: str, query: bytes = b"", dest: bytes | None = b"document", base: str = ""):
    """(status, location) of the first response to a GET of ``path``."""
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def send(message):
        sent.append(message)

    headers = [(b"sec-fetch-dest", dest)] if dest is not None else [(b"accept", b"text/html")]
    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "headers": headers,
    }
    run_apart(OnePageDeep(app, base=base)(scope, None, send))
    start = sent[0]
    return start["status"], dict(start["headers"]).get(b"location")


@pytest.mark.parametrize(
    "path, query, base, location",
    [
        ("/bowers/extra", b"step=2", "", b"/bowers?step=2"),
        ("/teach/a/b/", b"", "", b"/teach"),
        ("/no/such", b"x=1", "", b"/no%2Fsuch"),
        ("/euchre/play/more", b"", "euchre", b"/euchre/play"),
    ],
)
def test_a_page_load_deeper_than_a_page_is_redirected(path, query, base, location):
    assert answer(path, query, base=base) == (302, location)
    assert answer(path, query, dest=None, base=base) == (302, location)  # no Sec-Fetch


@pytest.mark.parametrize(
    "path, dest",
    [
        ("/bowers", b"document"),
        ("/no%2Fsuch", b"document"),  # the redirect's answer: never redirected again
        ("/static/js/index.js", b"document"),
        ("/_stcore/health", b"document"),
        ("/component/x/y.js", b"document"),
        ("/bowers/static/js/index.js", b"script"),
        ("/bowers/extra", b"empty"),  # a fetch
    ],
)
def test_streamlits_own_paths_and_other_requests_pass(path, dest):
    assert answer(path, dest=dest) == (200, None)
