"""ASGI middleware: an address deeper than one page (``/bowers/extra``) is sent to a page.

Streamlit answers any unknown path with its index page, whose scripts are linked
relative to the address (``./static/js/...``). Under ``/bowers/extra`` they resolve to
``/bowers/static/js/...``, which is the index page again, not a script: the tab stays
blank. So a page load (a document request) of a path with more than one segment is
redirected before Streamlit sees it:

- to the page named by its first segment, with the query kept (``/bowers/extra?step=2``
  opens ``/bowers?step=2``);
- else to the whole path as one segment (``/no/such`` to ``/no%2Fsuch``), where the
  router's own "There is no page at /no/such" note and Home's links answer it.

Streamlit's own routes (``/_stcore/...``, ``/static/...``, ``/media/...``, components,
``/app/static/...``) and anything that is not a page load pass through untouched.

>>> redirect_for("/bowers/extra", b"step=2")
'/bowers?step=2'
>>> redirect_for("/no/such", b"")
'/no%2Fsuch'
>>> redirect_for("/static/js/index.js", b""), redirect_for("/bowers", b"")
(None, None)
>>> redirect_for("/euchre/teach/x", b"", base="euchre")
'/euchre/teach'
>>> redirect_for("/no%2Fsuch", b"") is None
True
"""

from __future__ import annotations

from urllib.parse import unquote

from tutorial_app.navigation import PAGES

# First segments Streamlit serves itself (its routes and its static files).
STREAMLIT_ROUTES = frozenset(
    {"_stcore", "static", "media", "component", "app", "auth", "oauth2callback", "~"}
)
PAGE_PATHS = frozenset(page.url_path for page in PAGES if page.url_path)


def redirect_for(path: str, query: bytes, base: str = "") -> str | None:
    """Where a page load of ``path`` (as sent, still percent-encoded: ``raw_path``) goes
    instead; None to serve it as asked. ``base`` is the server's ``baseUrlPath``. An
    encoded slash (``%2F``) does not part segments, so the answer is never redirected."""
    prefix = "/" + base.strip("/") if base.strip("/") else ""
    if prefix and not (path == prefix or path.startswith(prefix + "/")):
        return None
    segments = [part for part in path[len(prefix) :].split("/") if part]
    if len(segments) < 2 or unquote(segments[0]) in STREAMLIT_ROUTES:
        return None
    if unquote(segments[0]) in PAGE_PATHS:
        target = f"{prefix}/{segments[0]}"
        return target + (f"?{query.decode('latin-1')}" if query else "")
    return f"{prefix}/{'%2F'.join(segments)}"


def _is_page_load(scope: dict) -> bool:
    """A browser loading a document (not a script, an image or a fetch)."""
    headers = dict(scope.get("headers") or ())
    destination = headers.get(b"sec-fetch-dest")
    if destination is not None:
        return destination == b"document"
    return b"text/html" in headers.get(b"accept", b"")


class OnePageDeep:
    """Redirects a page load deeper than one page (see the module's docstring)."""

    def __init__(self, app, base: str | None = None):
        self.app = app
        self.base = base

    async def __call__(self, scope, receive, send):
        if (
            scope["type"] == "http"
            and scope.get("method") in ("GET", "HEAD")
            and _is_page_load(scope)
        ):
            base = self.base
            if base is None:
                from streamlit import config

                base = config.get_option("server.baseUrlPath") or ""
            raw = scope.get("raw_path") or scope.get("path", "").encode("utf-8")
            target = redirect_for(raw.decode("latin-1"), scope.get("query_string", b""), base)
            if target is not None:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 302,
                        "headers": [
                            (b"location", target.encode("latin-1")),
                            (b"cache-control", b"no-cache"),
                            (b"content-length", b"0"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b""})
                return
        await self.app(scope, receive, send)
