"""The teacher's control page never loses its controls: ten questions pushed,
revealed and moved on from, in a row, while learners poll the class (two protocol
clients, ``benchmarks/streamlit_client``: a learner's page without a browser) and the
projector view follows in another tab. After every click the page's next control is
there and works, and one click asks one question (before the fix, a click was now and
then delivered twice: question 17 asked, and 18 at once; that double delivery is
replayed exactly in tests/app/test_live_class_controls.py)."""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser_live_class import start_class
from test_browser_pages import wait_for_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from streamlit_client import Tab

ROUNDS = 10
LEARNERS = ("Ann", "Ben")
CONTROL_MS = 5000  # a control shows within this after a click, on a loaded machine
PROJECTED = 2  # rounds the projector view follows (each costs its page's runs)
KEY_ENTRY = "euchre-teacher-key:"  # teacher_key.js: the browser's entry per class


class PollingLearners:
    """Learners joined to class ``code`` whose pages poll it as a browser's timers do,
    on a thread of their own, until ``stop``."""

    def __init__(self, url: str, code: str):
        self.url, self.code, self.polls, self.errors = url, code, 0, []
        self._stop = threading.Event()
        self._joined = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()
        assert self._joined.wait(30), self.errors

    async def _run(self) -> None:
        tabs = []
        try:
            for name in LEARNERS:
                tab = Tab(self.url)
                await tab.open("join", f"code={self.code}")
                await tab.set(tab.need("join-name"), name)
                await tab.click(tab.need("join-button"))
                tabs.append(tab)
            self._joined.set()
            while not self._stop.is_set():
                for tab in tabs:
                    results = await tab.poll()
                    self.errors += [e for r in results for e in r.exceptions]
                    self.polls += 1
                await asyncio.sleep(min(tabs[0].auto_reruns.values(), default=1.0))
        except Exception as error:
            self.errors.append(repr(error))
            self._joined.set()
        finally:
            for tab in tabs:
                await tab.close()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(30)


def label_sizes(page: Page) -> list[float]:
    """The font size (CSS pixels) of every label and count of the projector's bars."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.pj-bar-label, .pj-bar-count')]
            .map((e) => parseFloat(getComputedStyle(e).fontSize))"""
    )


def test_ten_questions_in_a_row_keep_every_control(
    browser: Browser, class_server, screenshots: Path
):
    """The control page on a laptop; the projector view, for the first rounds, on a
    projector at 1920x1080 and 150% (a 1280x720 page) that holds the teacher key."""
    app_url = class_server.url
    teacher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    code = start_class(teacher, app_url)
    projector_link = teacher.get_by_role("link", name="Open the projector view")
    assert projector_link.get_attribute("href").endswith(f"/class-screen?class={code}")
    wait_for_app(teacher)
    screen = browser.new_context(
        viewport={"width": 1280, "height": 720}, device_scale_factor=1.5
    ).new_page()
    screen.goto(f"{app_url}/_stcore/health")  # the app's origin, to hand over the key
    entry = KEY_ENTRY + code
    stored = teacher.evaluate("(name) => localStorage.getItem(name)", entry)
    screen.evaluate("([name, value]) => localStorage.setItem(name, value)", [entry, stored])
    screen.goto(f"{app_url}/class-screen?class={code}")
    expect(screen.locator(".pj-code")).to_have_text(code)
    expect(screen.locator("[data-testid=stSidebar]")).to_be_hidden()
    assert "key=" not in screen.url
    learners = PollingLearners(app_url, code)
    try:
        expect(screen.get_by_text(f"{len(LEARNERS)} joined")).to_be_visible(timeout=CONTROL_MS)
        screen.screenshot(path=str(screenshots / "class-projector-waiting.png"))
        ask = teacher.get_by_role("button", name="Ask this question")
        reveal = teacher.get_by_role("button", name="Reveal the answer")
        for number in range(1, ROUNDS + 1):
            expect(ask).to_be_enabled(timeout=CONTROL_MS)
            ask.click()
            expect(teacher.get_by_role("heading", name=f"Question {number}")).to_be_visible(
                timeout=CONTROL_MS
            )
            if number <= PROJECTED:
                expect(screen.get_by_text(f"Question {number}.")).to_be_visible(timeout=CONTROL_MS)
            expect(reveal).to_be_enabled(timeout=CONTROL_MS)
            reveal.click()
            expect(teacher.get_by_text("The answer:").first).to_be_visible(timeout=CONTROL_MS)
            expect(reveal).to_be_disabled(timeout=CONTROL_MS)
            if number <= PROJECTED:
                expect(screen.locator(".pj-answer")).to_be_visible(timeout=CONTROL_MS)
            if number == PROJECTED:
                screen.screenshot(path=str(screenshots / "class-projector-revealed.png"))
                sizes = label_sizes(screen)
                assert sizes and min(sizes) >= 28  # read from the back of the room
                # A projector left at 100% (a 1920x1080 page): the same picture, 1.5x.
                screen.set_viewport_size({"width": 1920, "height": 1080})
                grown = label_sizes(screen)
                assert grown == pytest.approx([size * 1.5 for size in sizes], abs=0.1)
                screen.screenshot(path=str(screenshots / "class-projector-revealed-100.png"))
                screen.context.close()  # the rest is the control page's (and spares CPU)
        wait_for_app(teacher)
        expect(ask).to_be_enabled()
        expect(teacher.get_by_role("button", name="End the class")).to_be_enabled()
        assert teacher.get_by_role("heading", name=re.compile(r"^Question \d+$")).inner_text() == (
            f"Question {ROUNDS}"  # one click, one question: none asked twice
        )
    finally:
        learners.stop()
    assert not learners.errors
    assert learners.polls >= ROUNDS  # the learners kept polling all along
    teacher.context.close()
