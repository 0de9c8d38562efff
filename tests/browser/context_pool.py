"""Browser contexts kept warm across a worker's tests, each as good as new when lent.

A fresh Chromium context fetches and compiles Streamlit's scripts again: about 2.6 CPU
seconds a page load, against 1.6 in a context that already ran them while one of its
pages stays open (its renderer process and compiled code stay alive). So
``browser.new_context(**options)`` lends an idle context made with the same options,
and its ``close()`` gives it back: its pages closed, its cookies and every origin's
storage cleared (sessionStorage goes with the pages). Two contexts lent at once are two
browsers, as before. A context whose state a test changed in a way clearing does not
undo (init scripts, routes, permissions, headers...) is really closed on return.

Each context keeps a keeper page at http://127.0.0.1/ (answered by a route, never by a
server): the same site as every test server, so new pages share its renderer process.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

KEEPER_URL = "http://127.0.0.1/context-pool-keeper"
# What a page may store for an origin (the HTTP cache, kept on purpose, is not in it).
STORED = "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql"
# Context methods whose effect outlives the test that called them.
LASTING = (
    "add_init_script",
    "route",
    "route_from_har",
    "route_web_socket",
    "expose_binding",
    "expose_function",
    "grant_permissions",
    "set_extra_http_headers",
    "set_geolocation",
    "set_offline",
    "set_default_timeout",
    "set_default_navigation_timeout",
)


class ContextPool:
    """Lends warm browser contexts by their options; see the module's docstring."""

    def __init__(self, browser: Browser):
        self._make: Callable[..., BrowserContext] = browser.new_context
        self._idle: dict[str, list[BrowserContext]] = {}
        self._lent: dict[int, tuple[str, BrowserContext]] = {}
        self._keepers: dict[int, Page] = {}
        self._tainted: set[int] = set()

    def new_context(self, **options: Any) -> BrowserContext:
        key = json.dumps(options, sort_keys=True, default=repr)
        idle = self._idle.setdefault(key, [])
        context = idle.pop() if idle else self._warm(options)
        self._lent[id(context)] = (key, context)
        context.close = lambda *args, **kwargs: self.give_back(context)  # type: ignore[method-assign]
        for name in LASTING:
            setattr(context, name, self._tainting(context, name))
        return context

    def _warm(self, options: dict[str, Any]) -> BrowserContext:
        context = self._make(**options)
        keeper = context.new_page()
        keeper.route(KEEPER_URL, lambda route: route.fulfill(body="<!doctype html><title>pool"))
        keeper.goto(KEEPER_URL)
        self._keepers[id(context)] = keeper
        return context

    def _tainting(self, context: BrowserContext, name: str) -> Callable[..., Any]:
        method = getattr(type(context), name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self._tainted.add(id(context))
            return method(context, *args, **kwargs)

        return call

    def give_back(self, context: BrowserContext) -> None:
        """Close the context's pages and clear what they stored; keep it for the next
        test, or really close it when a test changed it for good (or it broke)."""
        key, _ = self._lent.pop(id(context), (None, context))
        if key is None:
            return  # given back already
        keeper = self._keepers.get(id(context))
        try:
            for page in context.pages:
                if page is not keeper:
                    page.close()
            if id(context) in self._tainted or keeper is None or keeper.is_closed():
                raise _Discard
            origins = [entry["origin"] for entry in context.storage_state()["origins"]]
            context.clear_cookies()
            context.clear_permissions()
            if origins:
                session = context.new_cdp_session(keeper)
                for origin in origins:
                    session.send(
                        "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED}
                    )
                session.detach()
        except Exception:  # tainted, or broken by its test: never lend it again
            self._discard(context)
            return
        self._idle[key].append(context)

    def _discard(self, context: BrowserContext) -> None:
        self._tainted.discard(id(context))
        self._keepers.pop(id(context), None)
        with suppress(Exception):  # closed already, with its browser
            type(context).close(context)

    def give_back_all(self) -> None:
        """After each test: what it did not close goes back too."""
        for _, context in list(self._lent.values()):
            self.give_back(context)

    def close(self) -> None:
        self.give_back_all()
        for contexts in self._idle.values():
            for context in contexts:
                self._discard(context)
        self._idle.clear()


class _Discard(Exception):
    """A lent context that must not be lent again."""
