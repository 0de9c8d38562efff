"""In headless Chromium: every page loads without an error and without an accessibility
violation of its own (axe-core), its cards are really drawn (on the card table, the one
widget that draws cards), and its sidebar links to the Glossary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_check import axe_violations, describe
from playwright.sync_api import Page, expect

from tutorial_app.navigation import all_pages

CARDS = ".ct .card"
ROWS = ".ct .row"


LOAD_MS = 90_000  # ms: the longest a page may take to load on a starved machine


# Every card table on the page is drawn: its script draws once its stylesheet (a file of
# its own, card_table.js) has loaded, a moment after Streamlit's run has ended.
TABLES_DRAWN = """() => [...document.querySelectorAll('[data-testid=stBidiComponentIsolated]')]
    .every((host) => !host.shadowRoot
        || !host.shadowRoot.querySelector('link[href*="card_table.css"]')
        || host.shadowRoot.querySelector('.ct-root'))"""


# Watches the page's websocket for the runs a click asks for (see the file).
RUN_WATCH = (Path(__file__).parent / "run_watch.js").read_text(encoding="utf-8")


def wait_for_app(page: Page) -> None:
    """Streamlit is connected, every run asked for has ended and been drawn, the page
    shows no skeleton, and every card table is drawn. Each wait ends on its event; the
    bound (LOAD_MS) only matters on a starved machine, where a page's first run can take
    many seconds. A page's first run needs no watch: its run state reads "initial" until
    that run has started."""
    page.wait_for_selector(
        "[data-testid=stApp][data-test-connection-state=CONNECTED]", timeout=LOAD_MS
    )
    page.evaluate(RUN_WATCH)  # once per document: later calls find it installed
    page.wait_for_function("() => window.__runWatch.settled()", timeout=LOAD_MS)
    expect(page.locator("[data-testid=stSkeleton]")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_function(TABLES_DRAWN, timeout=LOAD_MS)


# The card table sends one trigger per 300 ms for the same button (card_table.js,
# REPEAT_MS): a second click on it sooner is a double click, and dropped.
REPEAT_MS = 300


def table_ready(page: Page) -> None:
    """Every card table on the page takes the next click: its last trigger is over
    REPEAT_MS old. Waits on that condition (checked each frame), not for a set time."""
    roots = page.locator(".ct-root").element_handles()
    page.wait_for_function(
        "([roots, repeat]) => roots.every((r) => !r._sentAt || Date.now() - r._sentAt > repeat)",
        arg=[roots, REPEAT_MS],
        timeout=LOAD_MS,
    )


def button_name(name: str) -> re.Pattern:
    """A button named exactly ``name``, or a card button whose name starts with what the
    card's face prints: "K♠, king of spades", "J♦ left bower, jack of diamonds"
    (card_table.js, label in name) for "king of spades", "jack of diamonds"."""
    return re.compile(rf"^(\S+( [^,]+)?, )?{re.escape(name)}$")


def starts_with(prefix: str) -> re.Pattern:
    return re.compile("^" + re.escape(prefix))


def assert_cards_drawn(page: Page) -> None:
    """Every card on the page's tables is drawn (an SVG picture of some size) and named:
    each scrolled into view and measured, all in one round trip."""
    cards = page.locator(CARDS).evaluate_all(
        """cards => cards.map((card) => {
             card.scrollIntoView({block: "nearest", behavior: "instant"});
             const box = card.getBoundingClientRect();
             return [card.getAttribute("aria-label"), box.width, box.height,
                     card.querySelectorAll("svg").length];
           })"""
    )
    for name, width, height, pictures in cards:
        assert name
        assert width > 30 and height > 40, (name, width, height)
        assert pictures >= 1, name


def card_names(row) -> list[str]:
    return [card.get_attribute("aria-label") for card in row.locator(".card").all()]


# A page load on a busy machine: every wait below is for an event, however long it takes
# up to this (a failure, not a sleep: each returns as soon as its condition holds).


def wait_for_page(page: Page, title: str | None) -> None:
    """A page load is over: connected, its first run drew the page's title (``title``,
    or any heading for the home page), the run ended, no skeleton is left and every card
    table is drawn."""
    page.wait_for_selector(
        "[data-testid=stApp][data-test-connection-state=CONNECTED]", timeout=LOAD_MS
    )
    heading = page.locator("h1").first
    if title is None:
        expect(heading).to_be_visible(timeout=LOAD_MS)
    else:
        expect(heading).to_contain_text(title, timeout=LOAD_MS)
    page.wait_for_selector("[data-test-script-state=notRunning]", timeout=LOAD_MS)
    expect(page.locator("[data-testid=stSkeleton]")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_function(TABLES_DRAWN, timeout=LOAD_MS)


# Pages that must draw at least this many cards (any other page may draw none).
CARDS_AT_LEAST = {"": 1, "card-ranking": 4}


@pytest.mark.parametrize("spec", all_pages(), ids=lambda spec: spec.url_path or "home")
def test_page_loads_with_cards_and_no_error(page: Page, app_url, screenshots, spec):
    """With no accessibility violation of the app's own (axe-core: axe_check.py). Then
    the Glossary link shows in its sidebar, leading to the Glossary (followed from the
    home page); a page reached by a link only (the projector view) shows no sidebar."""
    page.goto(f"{app_url}/{spec.url_path}")
    wait_for_page(page, None if spec.default else spec.title)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    expect(page.get_by_text("There is no page at")).to_have_count(0)  # a known address
    violations = axe_violations(page)
    assert not violations, describe(violations)
    if at_least := CARDS_AT_LEAST.get(spec.url_path):
        expect(page.locator(CARDS).first).to_be_visible()
        assert page.locator(CARDS).count() >= at_least
    assert_cards_drawn(page)
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.screenshot(path=screenshots / f"{spec.url_path or 'home'}.png", full_page=True)

    if spec.hidden:  # the projector view: the class alone on the wall, no sidebar
        expect(page.locator("[data-testid=stSidebar]")).to_be_hidden()
        return
    link = page.locator("[data-testid=stSidebar]").get_by_role("link", name="Glossary")
    link.scroll_into_view_if_needed()  # the sidebar scrolls once it lists many pages
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", re.compile(r"/glossary$"))
    if spec.default:  # one click shows the link opens it (the same sidebar on every page)
        link.click()
        wait_for_app(page)
        expect(page.locator("h1")).to_contain_text("Glossary")


def test_picking_a_trump_redraws_the_cards_and_the_link(page: Page, app_url, screenshots):
    page.goto(f"{app_url}/card-ranking")
    wait_for_app(page)
    first_row = page.locator(ROWS).first
    expect(first_row).to_have_attribute("aria-label", starts_with("Trump: hearts"))
    page.get_by_role("radio", name="Spades").click()
    wait_for_app(page)
    expect(first_row).to_have_attribute("aria-label", "Trump: spades (7 cards, highest first)")
    assert card_names(first_row)[:2] == [
        "jack of spades (right bower)",
        "jack of clubs (left bower)",
    ]
    expect(page).to_have_url(re.compile(r"trump=S\b"))
    page.screenshot(path=screenshots / "card-ranking-spades.png", full_page=True)
