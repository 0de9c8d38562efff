"""``python -m tutorial_app.serve run ...``: Streamlit's own command line, after a
socket fix and a warm-up.

The warm-up: the app's modules (pandas, the engine, the lessons, the widgets) are
imported and the lessons read before the server starts, so the first learner of
the day gets a page in a blink rather than waiting a second for the imports.

The socket fix: Streamlit 1.67 binds its server socket without naming the TCP protocol,
so asyncio does not set TCP_NODELAY on the connections it accepts, and a small
websocket message can wait ~40 ms for the browser's delayed ACK (Nagle's
algorithm). Linux copies TCP_NODELAY from a listening socket to every socket it
accepts, so setting it as a TCP socket starts to listen fixes every connection.

The response headers: ``tutorial_app/asgi.py`` serves the router through Streamlit's
own ASGI app (``st.App``) with ``ResponseHeaders`` around it, so every HTTP response
(pages, static files, health, component assets, the websocket's handshake) says the
app may not be framed (clickjacking), sends no referrer (a learner's address may hold
a token) and must not be content-sniffed; and it sets the cookie a proxy in front of
several replicas hashes on to keep a browser on one replica (docs/nginx/euchre.conf).

Remove the socket fix (and point ``tutorial_app.cli`` at ``-m streamlit``) once
tests/browser/test_browser_server.py passes without it.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import secrets
import socket

_STREAM_FAMILIES = (socket.AF_INET, socket.AF_INET6)


def install_nodelay_on_listen() -> None:
    """Make every TCP socket of this process set TCP_NODELAY when it starts listening."""
    listen = socket.socket.listen
    if getattr(listen, "sets_nodelay", False):
        return  # installed already

    def listen_with_nodelay(self: socket.socket, *args: int) -> None:
        if self.family in _STREAM_FAMILIES and self.type == socket.SOCK_STREAM:
            self.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listen(self, *args)

    # A deliberate patch of the standard library, marked so that it is made once.
    listen_with_nodelay.sets_nodelay = True  # type: ignore[attr-defined]
    socket.socket.listen = listen_with_nodelay  # type: ignore[method-assign, assignment]


# Sent with every response: no page of another site may frame the app (it frames
# nothing itself: its components are inline, no iframe); no address, which may hold a
# learner's token, leaks to another site as a referrer; no guessing of content types.
SECURITY_HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)
# The proxy in front of several replicas hashes on this cookie (docs/nginx/euchre.conf):
# a random value per browser, so a school behind one address still spreads over the
# replicas. No hyphen: nginx reads it as $cookie_euchreroute.
AFFINITY_COOKIE = "euchreroute"
# A request without the cookie was routed by a fresh random key the proxy sends here
# (nginx's $request_id): the cookie takes that key, so the browser's later requests
# (the websocket, uploads) hash to the replica that answered its first.
ROUTE_HEADER = b"x-euchre-route"
_ROUTE_KEY = re.compile(r"[0-9a-f]{32}")
# Set in tests only: each response names the replica that served it.
REPLICA_VARIABLE, REPLICA_HEADER = "EUCHRE_TUTORIAL_REPLICA", b"x-euchre-replica"
_STARTS = ("http.response.start", "websocket.accept", "websocket.http.response.start")


def affinity_cookie_of(headers: list[tuple[bytes, bytes]]) -> str:
    """The value of the request's affinity cookie ("" when it has none)."""
    for name, value in headers:
        if name.lower() != b"cookie":
            continue
        for pair in value.decode("latin-1").split(";"):
            key, _, found = pair.strip().partition("=")
            if key == AFFINITY_COOKIE and found:
                return found
    return ""


def new_affinity_cookie(headers: list[tuple[bytes, bytes]], secure: bool) -> bytes:
    """A ``Set-Cookie`` value for a request without the cookie: the proxy's route key
    if it sent one (32 hex digits), else a fresh random one; for this browser session,
    the whole site, unreadable by scripts, sent on same-site requests and top-level
    links (SameSite=Lax: a link from an e-mail still lands on one replica)."""
    proposed = dict(headers).get(ROUTE_HEADER, b"").decode("latin-1")
    key = proposed if _ROUTE_KEY.fullmatch(proposed) else secrets.token_hex(16)
    cookie = f"{AFFINITY_COOKIE}={key}; Path=/; HttpOnly; SameSite=Lax"
    return (cookie + ("; Secure" if secure else "")).encode("latin-1")


def _came_over_tls(scope: dict) -> bool:
    forwarded = dict(scope.get("headers") or ()).get(b"x-forwarded-proto", b"")
    return scope.get("scheme") in ("https", "wss") or forwarded.lower() == b"https"


class ResponseHeaders:
    """ASGI middleware: ``SECURITY_HEADERS`` on every HTTP response and websocket
    handshake, and a new affinity cookie on any response to a request without one."""

    def __init__(self, app, replica: str | None = None):
        self.app = app
        replica = os.environ.get(REPLICA_VARIABLE, "") if replica is None else replica
        self.fixed = SECURITY_HEADERS + (((REPLICA_HEADER, replica.encode()),) if replica else ())
        self.replaced = {name for name, _ in self.fixed}

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        added = self.fixed
        headers = scope.get("headers") or []
        if not affinity_cookie_of(headers):
            added += ((b"set-cookie", new_affinity_cookie(headers, _came_over_tls(scope))),)

        async def send_with_headers(message):
            if message["type"] in _STARTS:
                kept = [
                    (name, value)
                    for name, value in message.get("headers") or ()
                    if name.lower() not in self.replaced
                ]
                message = {**message, "headers": kept + list(added)}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# Run as scripts by Streamlit, not imported: the router, the launchers (and the pages,
# navigation.is_page_script).
NOT_PRELOADED = (
    "tutorial_app.streamlit_app",
    "tutorial_app.cli",
    "tutorial_app.serve",
    "tutorial_app.asgi",
)


def preload_app() -> list[str]:
    """Import every module of the app that its pages import, and read the lessons.
    Returns the modules' names."""
    import tutorial_app
    from lessons.loader import load_all
    from tutorial_app.navigation import is_page_script

    names = [
        module.name
        for module in pkgutil.walk_packages(tutorial_app.__path__, "tutorial_app.")
        if not module.name.startswith(NOT_PRELOADED) and not is_page_script(module.name)
    ]
    # streamlit.emojis: the page icon is looked up in its catalogue (a large regex).
    for name in ("pandas", "plotly.graph_objects", "analysis", "streamlit.emojis", *names):
        importlib.import_module(name)
    load_all()
    # Streamlit inspects the call stack once, as the first element is drawn; inspect then
    # finds the file of every loaded module (~0.5 s). Fill inspect's cache now.
    inspect.stack()
    return names


def main() -> None:
    install_nodelay_on_listen()
    preload_app()
    from streamlit.web.cli import main as streamlit_main

    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
