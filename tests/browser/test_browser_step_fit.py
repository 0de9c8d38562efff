"""In headless Chromium at 1280x720: every step of every lesson fits the screen without
scrolling, and the Glossary is one click away on every page.

A step fits when the lowest button on the page (the step buttons "◀ Previous step" /
"Next step ▶" and the card table's own buttons, inside the component) ends above
y=715 with the main panel scrolled to the top, as a step opens. The test walks each
lesson by clicking "Next step ▶" and names every step that does not fit, with its
bottom edge. Screenshots: test-artifacts/screenshots/fit-<lesson>-step-<n>.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from lessons.glossary import glossary, term_slug
from lessons.loader import load_all
from test_browser_pages import wait_for_app
from tutorial_app.navigation import all_pages

pytestmark = pytest.mark.browser

SCREEN = {"width": 1280, "height": 720}
LOWEST = 715   # a button's bottom edge must be above this line
# A drawn card's name: "jack of diamonds (left bower)", "North led the king of spades".
CARD_NAME = re.compile(r"\b(?:clubs|diamonds|hearts|spades)\b|Joker")


def open_at_720(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=SCREEN).new_page()
    page.goto(url)
    wait_for_app(page)
    return page


def lowest_button(page: Page) -> tuple[float, str]:
    """(bottom edge, name) of the lowest visible button in the main panel, after
    scrolling it to the top. Playwright's locators reach into the table component."""
    main = page.locator("[data-testid=stMain]")
    main.evaluate("main => main.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    lowest = (0.0, "")
    for button in main.get_by_role("button").all():
        box = button.bounding_box() if button.is_visible() else None
        if box and box["y"] + box["height"] > lowest[0]:
            lowest = (box["y"] + box["height"], button.inner_text().strip()[:30])
    return lowest


@pytest.mark.parametrize("lesson", load_all(), ids=lambda lesson: lesson.id)
def test_every_step_fits_1280x720(browser: Browser, app_url, screenshots, lesson):
    page = open_at_720(browser, f"{app_url}/{lesson.id}?step=1")
    too_low = {}
    for number in range(1, len(lesson.steps) + 1):
        expect(page.get_by_text(f"Step {number} of {len(lesson.steps)}")).to_be_visible()
        expect(page.locator("[data-testid=stException]")).to_have_count(0)
        bottom, name = lowest_button(page)
        assert name, f"{lesson.id} step {number}: no button found"
        if bottom > LOWEST:
            too_low[f"step {number} ({lesson.steps[number - 1].id})"] = (name, round(bottom))
        page.screenshot(path=screenshots / f"fit-{lesson.id}-step-{number}.png")
        if number < len(lesson.steps):
            page.get_by_role("button", name="Next step ▶", exact=True).click()
            wait_for_app(page)
    page.context.close()
    assert not too_low, f"{lesson.id}: lowest button below y={LOWEST}: {too_low}"


# Measured: once a trick or a hand is stepped through, the engine's reasons fill 3 or 4
# lines of the table's message and push the step buttons 3 to 70 pixels below the line
# (the worst: lesson 4's left-bower lead and lesson 7's loner-starts-last, at 786). Short
# words alone cannot win that back; the table's message needs a fixed height or a place
# beside the cards. Strict: the day it fits, this fails and the marker goes.
@pytest.mark.xfail(strict=True, reason="the step-through message grows below 720 pixels")
@pytest.mark.parametrize("lesson", [lesson for lesson in load_all() if lesson.number > 1],
                         ids=lambda lesson: lesson.id)
def test_stepping_through_a_table_keeps_every_button_on_screen(browser: Browser, app_url,
                                                               lesson):
    """The table's message grows as the moves are explained (the trick, the score):
    at every move of every step-through table, the lowest button stays above the line."""
    too_low = {}
    page = None
    for number, step in enumerate(lesson.steps, 1):
        if step.show not in ("bidding", "trick", "hand"):
            continue
        page = page or open_at_720(browser, f"{app_url}/{lesson.id}?step={number}")
        if f"step={number}" not in page.url:
            page.goto(f"{app_url}/{lesson.id}?step={number}")
            wait_for_app(page)
        table = page.get_by_role("region", name="Card table")
        forward = table.get_by_role("button", name=re.compile(r"^Next (move|card) ▶$"))
        moves = 0
        while forward.is_enabled():
            forward.click()
            wait_for_app(page)
            moves += 1
            bottom, name = lowest_button(page)
            if bottom > LOWEST:
                too_low.setdefault(f"step {number} ({step.id})", []).append((moves, round(bottom)))
    if page is not None:
        page.context.close()
    assert not too_low, f"{lesson.id}: (move, lowest button) below y={LOWEST}: {too_low}"


@pytest.mark.parametrize("spec", all_pages(), ids=lambda spec: spec.url_path or "home")
def test_the_glossary_link_shows_in_the_sidebar_of_every_page(browser: Browser, app_url,
                                                              spec):
    page = open_at_720(browser, f"{app_url}/{spec.url_path}")
    link = page.locator("[data-testid=stSidebar]").get_by_role("link", name="Glossary")
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], box  # no scrolling
    link.click()
    wait_for_app(page)
    expect(page.locator("h1")).to_contain_text("Glossary")
    page.context.close()


def test_the_glossary_draws_every_term_on_cards(browser: Browser, app_url, screenshots):
    page = open_at_720(browser, f"{app_url}/glossary")
    page.screenshot(path=screenshots / "glossary.png")
    for term in glossary():
        block = page.locator(f".st-key-term-{term_slug(term)}")
        card = block.locator(".ct").get_by_role("img", name=CARD_NAME)
        card.first.scroll_into_view_if_needed()
        expect(card.first).to_be_visible()
    page.context.close()


def test_a_term_link_opens_that_term(browser: Browser, app_url, screenshots):
    page = open_at_720(browser, f"{app_url}/glossary?term=left-bower")
    expect(page.get_by_role("heading", name="Left bower")).to_be_visible()
    expect(page.get_by_role("button", name="jack of diamonds")).to_have_count(0)  # not clickable
    expect(page.locator(".ct").get_by_role("img", name=re.compile("jack of diamonds"))
           ).to_be_visible()
    page.screenshot(path=screenshots / "glossary-left-bower.png")
    page.context.close()
