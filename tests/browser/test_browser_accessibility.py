"""axe-core in headless Chromium (axe_check.py) in states beyond a page's first load; the
first load of every page is checked where every page loads (test_browser_pages.py).
"""

from __future__ import annotations

from axe_check import axe_violations, describe
from playwright.sync_api import Page
from test_browser_pages import table_ready, wait_for_app


def test_a_quiz_answered_and_a_game_under_way_have_no_violation(page: Page, app_url):
    """States beyond first load: Practise after a card is answered (marks and feedback
    drawn), Play after the first choice (the table redrawn, bots' cards laid)."""
    found = {}
    page.goto(f"{app_url}/practise")
    wait_for_app(page)
    table_ready(page)
    page.locator(".ct button.card").first.click()
    wait_for_app(page)
    found["practise, answered"] = axe_violations(page)
    page.goto(f"{app_url}/play?seed=3")  # a deal where South bids before anyone orders up
    wait_for_app(page)
    table_ready(page)
    page.locator(".ct .actions button").first.click()
    wait_for_app(page)
    table_ready(page)
    found["play, after a choice"] = axe_violations(page)
    found = {state: violations for state, violations in found.items() if violations}
    assert not found, "\n\n".join(f"{state}:\n{describe(v)}" for state, v in found.items())
