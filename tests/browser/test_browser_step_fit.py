"""In headless Chromium at 1280x720: every step of every lesson fits the screen without
scrolling, and so does every step-through table at every move where its message is longest.
Every step as it opens fits a phone (390x844) too: phone_fit.py says what would not.

A step fits when the lowest button on the page (the step buttons "◀ Previous step" /
"Next step ▶" and the card table's own buttons, inside the component) ends above
y=715 with the main panel scrolled to the top, as a step opens. The test walks each
lesson by clicking "Next step ▶" and names every step that does not fit, with its
bottom edge; a step that does not fit leaves a screenshot,
test-artifacts/screenshots/fit-<lesson>-step-<n>.png. On a step with a step-through
table it goes (by the table's jumps and "Next ... ▶") to where the table's message (the
engine's reasons) is longest and to the end, and measures again at each. (That the
Glossary is linked from every page's sidebar, and that its cards are drawn, is checked
where every page loads: test_browser_pages.py; that each term has its cards, in
tests/app/test_glossary_page.py.)
"""

from __future__ import annotations

import re

import pytest
from phone_fit import PHONE, phone_problems
from playwright.sync_api import Browser, Page, expect
from screens import SCREEN
from test_browser_pages import LOAD_MS, TABLES_DRAWN, table_ready, wait_for_app

from lessons.loader import load_all
from tutorial_app.features.learn.walk import chapters, message, walk_of

# A page opened wide keeps its sidebar open when narrowed; a phone shows it folded away.
NO_SIDEBAR = "[data-testid=stSidebar] { display: none; }"
LOWEST = 715  # a button's bottom edge must be above this line
STEPPED = ("bidding", "trick", "hand")  # the steps shown on a step-through table
# Card tables' felts drawn with nothing on them (a question of labelled choices only
# once showed an empty green bar above its buttons).
EMPTY_FELTS = """() => [...document.querySelectorAll('[data-testid=stBidiComponentIsolated]')]
    .flatMap((host) => host.shadowRoot ? [...host.shadowRoot.querySelectorAll('.felt')] : [])
    .filter((felt) => getComputedStyle(felt).display !== 'none' && !felt.children.length)
    .length"""


def open_at_720(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=SCREEN).new_page()
    page.goto(url)
    wait_for_app(page)
    return page


def run_over(page: Page) -> None:
    """The run that a change already seen on the page started is over, and drew all."""
    page.wait_for_selector("[data-test-script-state=notRunning]", timeout=LOAD_MS)
    expect(page.locator("[data-testid=stSkeleton]")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_function(TABLES_DRAWN, timeout=LOAD_MS)


def lowest_button(page: Page) -> tuple[float, str]:
    """(bottom edge, name) of the lowest visible button in the main panel, after
    scrolling it to the top. Playwright's locators reach into the table component; one
    round trip measures them all."""
    main = page.locator("[data-testid=stMain]")
    main.evaluate("main => main.scrollTo({top: 0, behavior: 'instant'})")
    page.wait_for_function("() => document.querySelector('[data-testid=stMain]').scrollTop === 0")
    boxes = main.get_by_role("button").evaluate_all(
        """buttons => buttons.filter((b) => b.offsetParent !== null || b.getClientRects().length)
             .map((b) => [b.getBoundingClientRect().bottom, b.innerText.trim().slice(0, 30)])"""
    )
    return max(((bottom, name) for bottom, name in boxes), default=(0.0, ""))


def longest_messages(step, most: int = 1) -> set[int]:
    """The positions of a stepped step whose message (the engine's reasons, drawn under
    the felt) is longest: where the page is tallest. The last position too."""
    walk = walk_of(step)
    length = {}
    for position in range(walk.start + 1, walk.count + 1):
        title, text = message(walk, position)
        length[position] = len(text) + len(title or "")
    return set(sorted(length, key=length.get)[-most:]) | {walk.count}


def route_to(walk, start: int, target: int) -> list[tuple[str, int]]:
    """The clicks from ``start`` to ``target`` (after it): a jump to the last chapter
    ("Trick 2", "⏭ End") at or before it when that is nearer, then "Next" clicks; each
    with the position it reaches."""
    marks = [(label, at) for label, at in chapters(walk) if start < at <= target]
    if target == walk.count and target - start > 1:
        marks.append(("⏭ End", walk.count))
    clicks = []
    if marks and max(at for _, at in marks) - start > 1:
        label, start = max(marks, key=lambda mark: mark[1])
        clicks.append((label, start))
    return clicks + [(f"Next {walk.noun} ▶", at) for at in range(start + 1, target + 1)]


def click_until(page: Page, click, arrived, unchanged) -> None:
    """``click()`` until ``arrived(timeout)`` holds. A click that lands while a run redraws
    its button is lost (seen once in a few hundred walks): it is tried again, three times
    at most, only while the run is over and ``unchanged()`` still holds. The caller then
    waits, within its own bound, for where the click leads."""
    for _ in range(3):
        click()
        try:
            arrived(20_000)
            return
        except AssertionError:
            run_over(page)
            if not unchanged():
                return


def click_the_table(page: Page, button, status) -> None:
    """Click a step-through table's ``button`` until its line under the felt changes."""
    before = status.all_inner_texts()

    def click() -> None:
        table_ready(page)
        button.click()

    click_until(
        page,
        click,
        lambda timeout: expect(status).not_to_have_text(
            before, use_inner_text=True, timeout=timeout
        ),
        lambda: status.all_inner_texts() == before,
    )


def step_through_the_table(page: Page, step) -> dict[int, float]:
    """Go through the step's table from where it opens to where its message is longest
    and to its end, by the table's own jumps and "Next" buttons; {move: lowest button's
    bottom edge} at those moves."""
    walk = walk_of(step)
    table = page.get_by_role("region", name="Card table")
    status = table.get_by_role("status")
    bottoms, position = {}, walk.start
    for target in sorted(longest_messages(step)):
        for label, reached in route_to(walk, position, target):
            click_the_table(page, table.get_by_role("button", name=label, exact=True), status)
            expect(status).to_contain_text(message(walk, reached)[0] or "", timeout=LOAD_MS)
        position = target
        run_over(page)
        bottoms[target], _ = lowest_button(page)
    return bottoms


def next_step(page: Page, number: int, count: int) -> None:
    """Click "Next step ▶" until step ``number`` opens (again only while the page still
    shows the step before: ``click_until``)."""
    arrived = page.get_by_text(f"Step {number} of {count}")
    still_before = page.get_by_text(f"Step {number - 1} of {count}")
    click_until(
        page,
        page.get_by_role("button", name="Next step ▶", exact=True).click,
        lambda timeout: expect(arrived).to_be_visible(timeout=timeout),
        still_before.is_visible,
    )
    expect(arrived).to_be_visible(timeout=LOAD_MS)


@pytest.mark.parametrize("lesson", load_all(), ids=lambda lesson: lesson.id)
def test_every_step_fits_1280x720_and_a_phone(browser: Browser, app_url, screenshots, lesson):
    """Each step as it opens; then, on a step-through table, where the table's message
    is longest (it grows as the moves are explained: the trick, the score) and at its
    end: the lowest button stays above the line. Each step as it opens fits a phone too
    (phone_fit.py), measured on the same page resized to 390x844 and back."""
    page = open_at_720(browser, f"{app_url}/{lesson.id}?step=1")
    too_low, too_low_stepping, on_a_phone = {}, {}, {}
    for number, step in enumerate(lesson.steps, 1):
        expect(page.get_by_text(f"Step {number} of {len(lesson.steps)}")).to_be_visible(
            timeout=LOAD_MS
        )
        run_over(page)
        expect(page.locator("[data-testid=stException]")).to_have_count(0)
        bottom, name = lowest_button(page)
        assert name, f"{lesson.id} step {number}: no button found"
        assert not page.evaluate(EMPTY_FELTS), f"{lesson.id} step {number}: an empty felt"
        if bottom > LOWEST:  # a picture of each step that does not fit, to see why
            too_low[f"step {number} ({step.id})"] = (name, round(bottom))
            page.screenshot(path=screenshots / f"fit-{lesson.id}-step-{number}.png")
        page.set_viewport_size(PHONE)  # the same step on a phone: laid out again, no rerun
        if problems := phone_problems(page):
            on_a_phone[f"step {number} ({step.id})"] = problems
            page.screenshot(
                path=screenshots / f"fit-phone-{lesson.id}-step-{number}.png", style=NO_SIDEBAR
            )
        page.set_viewport_size(SCREEN)
        if step.show in STEPPED and step.opens_at != "end":
            for position, bottom in step_through_the_table(page, step).items():
                if bottom > LOWEST:
                    too_low_stepping.setdefault(f"step {number} ({step.id})", []).append(
                        (position, round(bottom))
                    )
        if number < len(lesson.steps):
            next_step(page, number + 1, len(lesson.steps))
    page.context.close()
    assert not (too_low or too_low_stepping or on_a_phone), (
        f"{lesson.id}: lowest button below y={LOWEST}: {too_low}; "
        f"stepping through a table, (move, lowest button) below it: {too_low_stepping}; "
        f"at 390x844: {on_a_phone}"
    )


def test_a_term_link_opens_that_term(browser: Browser, app_url, screenshots):
    page = open_at_720(browser, f"{app_url}/glossary?term=left-bower")
    expect(page.get_by_role("heading", name="Left bower")).to_be_visible()
    expect(page.get_by_role("button", name="jack of diamonds")).to_have_count(0)  # not clickable
    expect(
        page.locator(".ct").get_by_role("img", name=re.compile("jack of diamonds"))
    ).to_be_visible()
    page.screenshot(path=screenshots / "glossary-left-bower.png")
    page.context.close()
