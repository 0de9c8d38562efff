"""In headless Chromium: a teacher deals and plays a few moves, and the share link opens
the same hand for a student in a fresh browser (only the link travels)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from test_browser_pages import wait_for_app

pytestmark = pytest.mark.browser


def click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_for_app(page)


def test_share_link_opens_the_same_hand_for_a_student(page: Page, browser: Browser, app_url,
                                                      screenshots):
    page.goto(f"{app_url}/teach")
    wait_for_app(page)
    click(page, "Deal a new hand")
    for _ in range(3):  # the three players before the dealer pass
        click(page, "Pass")
    shared = page.url
    assert "hand=" in shared
    teacher_moves = page.locator("[data-testid=stAlertContentSuccess]").first.inner_text()
    page.screenshot(path=screenshots / "teach-teacher.png", full_page=True)

    student = browser.new_context(viewport={"width": 1280, "height": 1400}).new_page()
    student.goto(shared)
    wait_for_app(student)
    expect(student.locator("[data-testid=stException]")).to_have_count(0)
    expect(student.locator("[data-testid=stAlertContentSuccess]").first).to_have_text(
        teacher_moves)
    student.screenshot(path=screenshots / "teach-student.png", full_page=True)
    student.context.close()
