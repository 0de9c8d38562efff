"""In headless Chromium: the browser's Back button goes to the previous page in one press.

Streamlit 1.67 makes every change of the address a history entry; a choice kept in the
address (?trump=S, ?rules=pagat, a Teach hand) is not a place to go Back to, so the
app keeps one entry per page visit (``tutorial_app.shell.history``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser_pages import LOAD_MS, table_ready, wait_for_app

HOME = "Learn to play Euchre"


def entries(page: Page) -> int:
    return page.evaluate("history.length")


def go_by_sidebar(page: Page, name: str) -> None:
    page.get_by_test_id("stSidebar").get_by_role("link", name=name).click()
    wait_for_app(page)


def back(page: Page) -> None:
    page.go_back()
    wait_for_app(page)


@pytest.mark.parametrize(
    "link, heading, unfold, choice, address",
    [
        # Card ranking's choice: test_back_from_the_next_page_keeps_the_choice_made
        ("Practise", "Practise", ("Choose topics", "Topics and rules"), "Pagat", r"rules=pagat"),
    ],
)
def test_one_back_after_a_choice_returns_home(
    page: Page, app_url, link, heading, unfold, choice, address
):
    page.goto(app_url)
    wait_for_app(page)
    start = entries(page)
    go_by_sidebar(page, link)
    expect(page.locator("h1").first).to_contain_text(heading)
    if unfold:  # Practise opens on "For you": choose topics, then open the rules
        mode, popover = unfold
        page.get_by_role("radio", name=mode).click()
        wait_for_app(page)
        page.get_by_text(popover, exact=True).click()
        wait_for_app(page)  # a run the mode started may redraw the popover under the click
    page.get_by_role("radio", name=choice).click()
    wait_for_app(page)
    # The choice is in the address (its rerun may be slow on a busy machine) ...
    expect(page).to_have_url(re.compile(address), timeout=LOAD_MS)
    assert entries(page) == start + 1  # ... and the visit one entry
    back(page)
    expect(page.locator("h1").first).to_have_text(HOME)
    expect(page).to_have_url(f"{app_url}/")  # Home's own address, nothing added


def test_back_from_the_next_page_keeps_the_choice_made(page: Page, app_url):
    """Card ranking's choice is in the address and its visit one entry; Back from the
    next page returns to the choice, and one more Back to Home's own address."""
    page.goto(app_url)
    wait_for_app(page)
    start = entries(page)
    go_by_sidebar(page, "Card ranking and scoring")
    expect(page.locator("h1").first).to_contain_text("Card ranking")
    page.get_by_role("radio", name="Spades").click()
    wait_for_app(page)
    expect(page).to_have_url(re.compile(r"trump=S"), timeout=LOAD_MS)
    assert entries(page) == start + 1
    go_by_sidebar(page, "Practise")  # its first run writes its own address
    expect(page.locator("h1").first).to_have_text("Practise")
    back(page)
    expect(page).to_have_url(re.compile(r"/card-ranking\?trump=S$"))
    expect(page.get_by_role("radio", name="Spades")).to_be_checked()
    back(page)
    expect(page.locator("h1").first).to_have_text(HOME)
    expect(page).to_have_url(f"{app_url}/")


def test_moves_on_teach_are_no_history_entries(page: Page, app_url):
    page.goto(app_url)
    wait_for_app(page)
    go_by_sidebar(page, "Teach a hand")
    page.get_by_role("button", name="Deal a new hand").click()
    wait_for_app(page)
    region = page.get_by_role("region", name="Card table")
    for move in (1, 2):
        table_ready(page)
        region.get_by_role("button", name="Pass", exact=True).click()
        wait_for_app(page)
        expect(page.locator("[data-testid=stAlertContentSuccess]").first).to_contain_text(
            f"Move {move}:"
        )
    expect(page).to_have_url(re.compile(r"/teach\?hand="))
    back(page)
    expect(page.locator("h1").first).to_have_text(HOME)
