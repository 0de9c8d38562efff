"""The teacher's control page never loses its controls: twenty questions pushed,
revealed and moved on from, in a row, while learners poll the class (two protocol
clients, ``benchmarks/streamlit_client``: a learner's page without a browser). After
every click the page's next control is there and works."""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from pathlib import Path

from playwright.sync_api import Browser, expect
from test_browser_pages import wait_for_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from streamlit_client import Tab

ROUNDS = 20
LEARNERS = ("Ann", "Ben")
CONTROL_MS = 5000  # a control shows within this after a click, on a loaded machine


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


def test_twenty_questions_in_a_row_keep_every_control(browser: Browser, app_url: str):
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    teacher.goto(f"{app_url}/class")
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Start a class").click()
    expect(teacher.locator(".class-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    learners = PollingLearners(app_url, teacher.locator(".class-code").inner_text())
    try:
        expect(teacher.get_by_text(f"{len(LEARNERS)} of 100 learners joined")).to_be_visible(
            timeout=CONTROL_MS
        )
        ask = teacher.get_by_role("button", name="Ask this question")
        reveal = teacher.get_by_role("button", name="Reveal the answer")
        for number in range(1, ROUNDS + 1):
            expect(ask).to_be_enabled(timeout=CONTROL_MS)
            ask.click()
            expect(teacher.get_by_role("heading", name=f"Question {number}")).to_be_visible(
                timeout=CONTROL_MS
            )
            expect(reveal).to_be_enabled(timeout=CONTROL_MS)
            reveal.click()
            expect(teacher.get_by_text("The answer:").first).to_be_visible(timeout=CONTROL_MS)
            expect(reveal).to_be_disabled(timeout=CONTROL_MS)
        wait_for_app(teacher)
        expect(ask).to_be_enabled()
        expect(teacher.get_by_role("button", name="End the class")).to_be_enabled()
    finally:
        learners.stop()
    assert not learners.errors
    assert learners.polls >= ROUNDS  # the learners kept polling all along
    teacher.context.close()
