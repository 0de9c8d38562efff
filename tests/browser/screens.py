"""The two screens every fit test measures, on one page: a laptop's 1280x720, and a
projector's 1920x1080 at 150% zoom (the same 1280x720 CSS pixels at device scale 1.5).

The page is laid out at the projector's scale by Chromium's device-metrics override (a
CDP session of the test's own), with no reload and no rerun: one page load, and one walk
through a page's states, measures both screens. Detaching the session ends the override,
so the page is back at the scale its context was made with.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import CDPSession, Page, TimeoutError

SCREEN = {"width": 1280, "height": 720}  # a laptop; a projector at 150% has the same CSS size
SCREENS = (("1280x720", 1.0), ("1920x1080-at-150", 1.5))


class Screen:
    """The page at one screen's scale: ``shoot`` saves what that screen shows."""

    def __init__(self, page: Page, name: str, session: CDPSession | None):
        self.page, self.name, self._session = page, name, session

    def shoot(self, path: Path) -> None:
        if self._session is None:
            self.page.screenshot(path=path)
            return
        shot = self._session.send("Page.captureScreenshot", {"format": "png"})
        Path(path).write_bytes(base64.b64decode(shot["data"]))


def each_screen(page: Page) -> Iterator[Screen]:
    """The page at 1280x720, then at 1920x1080 and 150% zoom; back at 1280x720 after.
    For each screen, the test measures what it needs before asking for the next."""
    size = page.viewport_size
    assert size == SCREEN, size
    laid_out_at(page, size)
    yield Screen(page, SCREENS[0][0], None)
    name, scale = SCREENS[1]
    session = page.context.new_cdp_session(page)
    try:
        session.send(
            "Emulation.setDeviceMetricsOverride",
            {**size, "deviceScaleFactor": scale, "mobile": False},
        )
        page.wait_for_function(f"() => window.devicePixelRatio === {scale}")
        yield Screen(page, name, session)
    finally:
        session.detach()
    laid_out_at(page, size)


def laid_out_at(page: Page, size: dict) -> None:
    """The page laid out at ``size`` and device scale 1, as its context was made: set
    again through Playwright and waited for in the page itself, so that nothing is
    measured at a size the page does not have. Playwright sends no size equal to the
    last it sent (it compares with what it sent, not with what the page has), so a size
    a pixel wider goes first: the wanted one is always sent. (Once, a lent page whose
    last test had used this module stayed at another size for 30 s.)"""
    page.set_viewport_size({**size, "width": size["width"] + 1})
    page.set_viewport_size(size)
    try:
        page.wait_for_function(
            "([w, h]) => innerWidth === w && innerHeight === h && devicePixelRatio === 1",
            arg=[size["width"], size["height"]],
        )
    except TimeoutError as error:
        now = page.evaluate("[innerWidth, innerHeight, devicePixelRatio]")
        raise AssertionError(
            f"the page stays at {now} (width, height, scale), not {size}"
        ) from error
