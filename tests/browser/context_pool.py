"""Browser contexts kept warm across a worker's tests, each as good as new when lent.

A fresh Chromium context fetches and compiles Streamlit's scripts again: about 2.6 CPU
seconds a page load, against 1.6 in a context that already ran them while one of its
pages stays open (its renderer process and compiled code stay alive). So
``browser.new_context(**options)`` lends an idle context made with the same options but
the viewport, and its ``close()`` gives it back: its pages closed, its cookies and every
origin's storage cleared (sessionStorage goes with the pages). A lent context's pages
are sized to the viewport asked for (``page.set_viewport_size`` sizes the screen too, as
the option does). Keyed by their viewports as well, the layer's three workers warmed 41
contexts (a class of five learners on two screen sizes, then a laptop's page...), each a
renderer started and Streamlit's scripts run cold; keyed this way, 18. Two contexts lent
at once are two browsers, as before. A context whose state a test changed in a way
clearing does not undo (init scripts, routes, permissions, headers...) is really closed
on return.

Each context keeps a keeper page at http://127.0.0.1/ (answered by a route, never by a
server): the same site as every test server, so new pages share its renderer process.

Pages are kept too: a Playwright page costs about 0.4 CPU seconds to open (its target,
its session, the scripts Playwright injects), more than a page load. A context given
back keeps one of its pages, emptied: its session storage cleared, at about:blank with
no history behind it. The next ``new_page()`` on that
context returns it. A page a test changed for good (listeners, routes, init scripts,
media...) is closed instead.
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
# Page methods whose effect outlives the test that called them.
PAGE_LASTING = (
    "on",
    "once",
    "add_init_script",
    "add_locator_handler",
    "route",
    "route_from_har",
    "route_web_socket",
    "expose_binding",
    "expose_function",
    "set_extra_http_headers",
    "set_default_timeout",
    "set_default_navigation_timeout",
    "emulate_media",
)
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, when none is asked
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


def pool_key(options: dict[str, Any]) -> str:
    """The options a lent context must have been made with: all but the viewport (a
    page is resized to it when lent), and a device scale of 1, the default, as none."""
    made = {name: value for name, value in options.items() if name != "viewport"}
    if made.get("device_scale_factor") == 1:
        del made["device_scale_factor"]
    return json.dumps(made, sort_keys=True, default=repr)


class ContextPool:
    """Lends warm browser contexts by their options; see the module's docstring."""

    def __init__(self, browser: Browser):
        self._make: Callable[..., BrowserContext] = browser.new_context
        self._idle: dict[str, list[BrowserContext]] = {}
        self._lent: dict[int, tuple[str, BrowserContext]] = {}
        self._keepers: dict[int, Page] = {}
        self._spares: dict[int, Page] = {}  # context -> its emptied page
        self._viewports: dict[int, Any] = {}  # context -> the viewport its borrower asked for
        self._tainted: set[int] = set()  # contexts and pages changed for good
        self._lent_pages: set[int] = set()  # pages made by new_page() (not popups)

    def new_context(self, **options: Any) -> BrowserContext:
        key = pool_key(options)
        idle = self._idle.setdefault(key, [])
        context = idle.pop() if idle else self._warm(options)
        self._viewports[id(context)] = options.get("viewport", DEFAULT_VIEWPORT)
        self._lent[id(context)] = (key, context)
        context.close = lambda *args, **kwargs: self.give_back(context)  # type: ignore[method-assign]
        context.new_page = lambda: self._page(context)  # type: ignore[method-assign]
        for name in LASTING:
            setattr(context, name, self._tainting(context, name))
        return context

    def _page(self, context: BrowserContext) -> Page:
        """The context's kept page if it has one, else a new one; either watched for
        what would outlive the test."""
        page = self._spares.pop(id(context), None)
        if page is None or page.is_closed():
            page = type(context).new_page(context)
        viewport = self._viewports[id(context)]
        if page.viewport_size != viewport:
            page.set_viewport_size(viewport)
        for name in PAGE_LASTING:
            setattr(page, name, self._tainting(page, name))
        self._lent_pages.add(id(page))
        return page

    def _warm(self, options: dict[str, Any]) -> BrowserContext:
        context = self._make(**options)
        keeper = context.new_page()
        keeper.route(KEEPER_URL, lambda route: route.fulfill(body="<!doctype html><title>pool"))
        keeper.goto(KEEPER_URL)
        self._keepers[id(context)] = keeper
        return context

    def _tainting(self, thing: BrowserContext | Page, name: str) -> Callable[..., Any]:
        method = getattr(type(thing), name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self._tainted.add(id(thing))
            return method(thing, *args, **kwargs)

        return call

    def give_back(self, context: BrowserContext) -> None:
        """Close the context's pages and clear what they stored; keep it for the next
        test, or really close it when a test changed it for good (or it broke)."""
        key, _ = self._lent.pop(id(context), (None, context))
        if key is None:
            return  # given back already
        keeper = self._keepers.get(id(context))
        try:
            if id(context) in self._tainted or keeper is None or keeper.is_closed():
                raise _Discard
            spare = None
            for page in context.pages:
                if page is keeper:
                    continue
                lent = id(page) in self._lent_pages
                self._lent_pages.discard(id(page))
                if spare is None and lent and id(page) not in self._tainted and self._emptied(page):
                    spare = page
                else:
                    self._tainted.discard(id(page))
                    page.close()
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
        if spare is not None:
            self._spares[id(context)] = spare
        self._idle[key].append(context)

    def _emptied(self, page: Page) -> bool:
        """Empties ``page`` for the next test (see the module's docstring); False when it
        cannot be (it is then closed)."""
        try:
            if page.url.startswith("http"):
                page.evaluate("() => sessionStorage.clear()")
            page.goto("about:blank")
            session = page.context.new_cdp_session(page)
            session.send("Page.resetNavigationHistory")
            session.detach()
            return True
        except Exception:
            return False

    def _discard(self, context: BrowserContext) -> None:
        self._tainted.discard(id(context))
        self._keepers.pop(id(context), None)
        self._spares.pop(id(context), None)
        self._viewports.pop(id(context), None)
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
