"""In headless Chromium: finding one's way. Home's start and links fit the screen; an
unknown address lands on Home with a note naming it (escaped), one below a page opens
that page. (That no known address gets the note: test_browser_pages.py. Lesson names
with their stars show in full in the sidebar: test_browser_lesson.py, where a quiz earns
them.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from screens import each_screen
from test_browser_lesson import question_table
from test_browser_pages import wait_for_app

from engine import Rules
from lessons.loader import load_all
from lessons.quiz import Kind
from lessons.quizzes import DEFAULT_PRACTICE_TOPICS, mixed_quiz, topic_generators

NOTE = "[data-testid=stAlertContentInfo] [data-testid=stMarkdownContainer]"


def test_home_fits_the_screen_and_starts_lesson_one(browser: Browser, app_url, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(app_url)
    wait_for_app(page)
    main = page.locator("[data-testid=stMain]")
    start = page.get_by_role("button", name="Start lesson 1")
    parts = [start] + [
        main.get_by_role("link", name=f"{lesson.number}. {lesson.title}") for lesson in load_all()
    ]
    parts += [
        main.get_by_role("link", name=name)
        for name in (
            "Practise on real deals",
            "Play a game against the computer",
            "Teach a hand to your class",
            "Card ranking and scoring",
        )
    ]
    for screen in each_screen(page):
        for part in parts:  # all on the first screen, none scrolled to
            box = part.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720, (screen.name, part)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (screen.name, part)
        assert start.bounding_box()["height"] >= 48  # big
        screen.shoot(screenshots / f"home-{screen.name}.png")
    # The lesson links look like links: underlined.
    decoration = (
        main.get_by_role("link", name="2. Trump and the bowers")
        .locator("p")
        .evaluate("p => getComputedStyle(p).textDecorationLine")
    )
    assert decoration == "underline"
    start.click()
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("1. Cards, seats and the deal")
    context.close()


@pytest.mark.parametrize(
    "path, shown",
    [
        ("%3Cb%3Ebold%3C%2Fb%3E", "/<b>bold</b>"),  # an address with HTML in it
        ("**x**%20:red[y]", "/**x** :red[y]"),  # Markdown and colour codes
        ("no/such/page", "/no/such/page"),  # deeper than a page: once a blank tab
    ],
)
def test_an_unknown_address_lands_on_home_with_a_note_naming_it(page: Page, app_url, path, shown):
    page.goto(f"{app_url}/{path}")
    wait_for_app(page)
    expect(page.locator("h1").first).to_have_text("Learn to play Euchre")
    note = page.locator(NOTE).first
    expect(note).to_have_text(f"There is no page at {shown}; here is the start.")
    expect(note.locator("b, strong, em, span[style]")).to_have_count(0)  # shown as text


def test_an_address_below_a_page_opens_that_page(page: Page, app_url):
    """/bowers/extra once gave a blank tab (its scripts resolved under /bowers/)."""
    page.goto(f"{app_url}/bowers/extra?step=2")
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("2. Trump and the bowers")
    expect(page.get_by_text("Step 2 of")).to_be_visible()


def test_practise_shows_the_first_question_without_scrolling(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/practise?seed=5")
    wait_for_app(page)
    main = page.locator("[data-testid=stMain]")
    # The first question: its prompt (in bold), and its cards or choices.
    first = mixed_quiz(list(topic_generators(DEFAULT_PRACTICE_TOPICS)), Rules.preset("bga"), 5, 10)[
        0
    ]
    parts = [
        main.get_by_text("Topics and rules", exact=True),
        main.get_by_text(first.prompt, exact=True),
        main.locator("[data-testid=stProgress]"),
        (
            page.get_by_role("button", name="Check my answer")
            if first.kind is Kind.POINTS
            else question_table(page)
        ),
    ]
    for part in parts:
        expect(part).to_be_visible()
    for screen in each_screen(page):
        for part in parts:
            box = part.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720, (screen.name, part)
        screen.shoot(screenshots / f"practise-{screen.name}.png")
    context.close()
