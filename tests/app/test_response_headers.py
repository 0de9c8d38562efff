"""tutorial_app.serve.ResponseHeaders, driven as an ASGI server drives it (no server):
which headers each kind of response gets, and when the affinity cookie is set."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from tutorial_app.serve import (
    AFFINITY_COOKIE,
    REPLICA_HEADER,
    ROUTE_HEADER,
    SECURITY_HEADERS,
    ResponseHeaders,
    affinity_cookie_of,
)


def run_apart(coroutine) -> None:
    """Run ``coroutine`` to its end on an event loop of its own thread: the browser tests'
    Playwright leaves a loop running in this thread, where asyncio.run() is refused."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, coroutine).result()


def answered(
    scope_type: str, headers: list, replica: str = "", app_headers: list | None = None
) -> dict[bytes, list[bytes]]:
    """The headers of the first message an app behind the middleware sends."""
    start = {"http": "http.response.start", "websocket": "websocket.accept"}[scope_type]
    sent = []

    async def app(scope, receive, send):
        await send({"type": start, "status": 200, "headers": app_headers or []})

    async def send(message):
        sent.append(message)

    scope = {"type": scope_type, "scheme": "http", "headers": headers}
    run_apart(ResponseHeaders(app, replica=replica)(scope, None, send))
    found: dict[bytes, list[bytes]] = {}
    for name, value in sent[0]["headers"]:
        found.setdefault(name, []).append(value)
    return found


@pytest.mark.parametrize("scope_type", ["http", "websocket"])
def test_security_headers_replace_any_the_app_set(scope_type):
    headers = answered(
        scope_type,
        [],
        app_headers=[(b"x-content-type-options", b"nosniff"), (b"content-type", b"text/html")],
    )
    for name, value in SECURITY_HEADERS:
        assert headers[name] == [value]
    assert headers[b"content-type"] == [b"text/html"]


def test_a_request_with_the_cookie_gets_no_new_one_among_others():
    cookie = (b"cookie", f"_streamlit_xsrf=abc; {AFFINITY_COOKIE}=f00d; other=1".encode())
    assert b"set-cookie" not in answered("http", [cookie])
    assert affinity_cookie_of([cookie]) == "f00d"


@pytest.mark.parametrize(
    "headers", [[], [(b"cookie", f"{AFFINITY_COOKIE}=".encode())], [(b"cookie", b"xeuchreroute=1")]]
)
def test_a_request_without_a_value_gets_a_fresh_cookie(headers):
    (cookie,) = answered("http", headers)[b"set-cookie"]
    assert cookie.startswith(f"{AFFINITY_COOKIE}=".encode()) and b"Secure" not in cookie


def test_the_cookie_takes_the_proxys_route_key_when_well_formed():
    key = "0123456789abcdef" * 2
    (cookie,) = answered("http", [(ROUTE_HEADER, key.encode())])[b"set-cookie"]
    assert cookie.startswith(f"{AFFINITY_COOKIE}={key};".encode())
    for bad in (key.upper(), key + "0", "x" * 32, "; Path=/evil"):
        (cookie,) = answered("http", [(ROUTE_HEADER, bad.encode())])[b"set-cookie"]
        assert bad.encode() not in cookie


def test_the_cookie_is_secure_behind_a_tls_proxy():
    (cookie,) = answered("http", [(b"x-forwarded-proto", b"https")])[b"set-cookie"]
    assert cookie.endswith(b"; Secure")


def test_the_replica_header_only_when_named():
    assert REPLICA_HEADER not in answered("http", [])
    assert answered("http", [], replica="two")[REPLICA_HEADER] == [b"two"]


def test_lifespan_messages_pass_untouched():
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["type"])

    run_apart(ResponseHeaders(app)({"type": "lifespan"}, None, None))
    assert seen == ["lifespan"]
