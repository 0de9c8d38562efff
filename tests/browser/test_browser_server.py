"""The live server, as ``make run`` starts it: small websocket messages are not held
back by Nagle's algorithm, and every response (page, static file, health check, the
websocket's handshake) forbids framing, referrers and content sniffing and hands a
browser without one the affinity cookie a proxy routes on.

TCP_NODELAY: Streamlit 1.67 does not set it itself, but the asyncio transports
under its uvicorn server do on every accepted connection (as uvloop would). This
test reads the option from the server's own socket, so a Streamlit or server
change that loses it fails here, and then a launcher hook is the fix.
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import socket
import urllib.request

import pytest
from websockets.sync.client import connect

from tutorial_app.serve import AFFINITY_COOKIE

SYS_PIDFD_GETFD = 438  # the same number on every Linux architecture


def _server_socket_for(pid: int, peer: tuple) -> socket.socket:
    """A duplicate of the server process's socket whose far end is ``peer``."""
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                    continue
            except FileNotFoundError:
                continue
            local = libc.syscall(SYS_PIDFD_GETFD, pidfd, int(fd), 0)
            if local < 0:
                code = ctypes.get_errno()
                if code in (errno.EPERM, errno.ENOSYS):
                    pytest.skip(f"this machine forbids pidfd_getfd ({os.strerror(code)})")
                continue
            sock = socket.socket(fileno=local)
            try:
                if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.getpeername() == peer:
                    return sock
            except OSError:
                pass
            sock.close()
    finally:
        os.close(pidfd)
    raise AssertionError(f"no socket of the server process is connected to {peer}")


def test_websocket_connections_are_served_with_tcp_nodelay(app_server):
    host_port = app_server.url.removeprefix("http://")
    with connect(
        f"ws://{host_port}/_stcore/stream", subprotocols=["streamlit"], origin=app_server.url
    ) as websocket:
        peer = websocket.socket.getsockname()
        served = _server_socket_for(app_server.process.pid, peer)
        with served:
            assert served.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


EXPECTED_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def _get(url: str, cookie: str = "") -> tuple[bytes, object]:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read(), response.headers


def _static_asset(app_url: str) -> str:
    """The path of the main script bundle that the app's page loads."""
    page, _ = _get(app_url + "/")
    found = re.search(rb'src="\./(static/js/[^"]+\.js)"', page)
    assert found, "the app's page names no script bundle"
    return "/" + found.group(1).decode()


def _affinity_cookies(headers) -> list[str]:
    return [
        value
        for value in headers.get_all("Set-Cookie") or ()
        if value.startswith(AFFINITY_COOKIE + "=")
    ]


@pytest.mark.parametrize(
    "path", ["/", "/_stcore/health", "static", "/progress", "/_stcore/host-config"]
)
def test_every_response_forbids_framing_referrers_and_sniffing(app_url, path):
    path = _static_asset(app_url) if path == "static" else path
    _, headers = _get(app_url + path)
    assert {name: headers.get_all(name) for name in EXPECTED_HEADERS} == {
        name: [value] for name, value in EXPECTED_HEADERS.items()
    }


def test_the_websocket_handshake_carries_the_headers_too(app_url):
    with connect(
        f"ws://{app_url.removeprefix('http://')}/_stcore/stream",
        subprotocols=["streamlit"],
        origin=app_url,
    ) as websocket:
        headers = websocket.response.headers
    assert {name: headers.get(name) for name in EXPECTED_HEADERS} == EXPECTED_HEADERS


def test_a_browser_without_the_affinity_cookie_gets_one_and_keeps_it(app_url):
    _, first = _get(app_url + "/")
    _, other = _get(app_url + "/")
    (cookie,), (another,) = _affinity_cookies(first), _affinity_cookies(other)
    name_value, *attributes = [part.strip() for part in cookie.split(";")]
    assert re.fullmatch(AFFINITY_COOKIE + "=[0-9a-f]{32}", name_value)
    assert sorted(attributes) == ["HttpOnly", "Path=/", "SameSite=Lax"]
    assert another.split(";")[0] != name_value, "each browser gets its own random value"
    _, again = _get(app_url + "/_stcore/health", cookie=name_value)
    assert _affinity_cookies(again) == [], "a browser that has one keeps it"


def test_a_tab_that_failed_to_load_part_of_the_page_says_so_and_reloads_itself(page, app_url):
    """While the server restarts, a tab cannot fetch the code of an element it had not
    drawn yet, and Streamlit's loader fires "vite:preloadError" (then shows a raw
    TypeError). That event is sent here by hand while the health check fails: the tab
    says it will reload, and does once the server answers (the mark set in the old page
    is gone)."""
    from playwright.sync_api import expect
    from test_browser_pages import wait_for_app

    page.goto(f"{app_url}/bowers?step=2")
    wait_for_app(page)
    page.evaluate("window.__beforeReload = true")
    page.route("**/_stcore/health", lambda route: route.abort())  # the server is away
    page.evaluate("window.dispatchEvent(new Event('vite:preloadError', {cancelable: true}))")
    expect(page.locator("#euchre-restart-note")).to_contain_text("reloads by itself")
    with page.expect_navigation():
        page.unroute("**/_stcore/health")  # back
    wait_for_app(page)
    assert page.evaluate("window.__beforeReload") is None
    expect(page.get_by_text("Step 2 of")).to_be_visible()  # the same place, reloaded
