"""The card table in headless Chromium, on the Play page: cards are played by clicking
them and with the keyboard alone, an illegal card is refused with the engine's reason
and changes nothing, the whole table and the buttons to act fit a laptop's and a
classroom's screen without scrolling (and a phone, scrolled), and a reload finds the
same game.
"""

from __future__ import annotations

import re

from phone_fit import PHONE
from playwright.sync_api import Browser, Locator, Page, expect
from screens import SCREEN, each_screen, laid_out_at
from test_browser_pages import wait_for_app

# Seed 1 with beginner bots: everyone passes with South, and at South's first card
# South must follow hearts, holding spades it may not play.
PLAY = "play?seed=1&play-level=beginner"
MOST_OF_THE_SCREEN = 0.60  # the table leaves 40% of the height for the question and buttons


def deep_focus(page: Page) -> str | None:
    """The accessible name of the focused element, looking inside shadow roots."""
    return page.evaluate("""() => {
        let node = document.activeElement;
        while (node && node.shadowRoot && node.shadowRoot.activeElement) {
            node = node.shadowRoot.activeElement;
        }
        return node ? node.getAttribute("aria-label") : null;
    }""")


def open_table(page: Page, app_url: str) -> Locator:
    page.goto(f"{app_url}/{PLAY}")
    wait_for_app(page)
    region = page.get_by_role("region", name="Card table")
    expect(region).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    return region


def controls(page: Page) -> list[Locator]:
    """The buttons under the table that the learner acts with now (Hint, Undo, or
    Deal the next hand), each present exactly once, once the bots' cards have arrived
    (the row waits, hidden, while they do)."""
    table = page.get_by_role("region", name="Card table")
    expect(table).not_to_have_class(re.compile(r"\bpacing\b"), timeout=15_000)
    names = (
        ["Hint", "Undo"]
        if page.get_by_role("button", name="Hint").count()
        else ["Deal the next hand", "Undo"]
    )
    buttons = [page.get_by_role("button", name=name) for name in names]
    for button in buttons:
        expect(button).to_have_count(1)
    return buttons


TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def assert_fits(page: Page, region: Locator, *, scrolled: bool = False) -> None:
    """The table, its message, its buttons and the controls under it (Hint, Undo) lie
    inside the viewport, without scrolling unless ``scrolled``; the table takes at most
    60% of the height."""
    if scrolled:
        region.scroll_into_view_if_needed()
        page.evaluate(TWO_FRAMES)  # the scrolled layout drawn
    view = page.viewport_size
    parts = [region, region.get_by_role("status")]
    parts += region.get_by_role("group", name="Your choices").get_by_role("button").all()
    parts += region.locator(".hand > .card").all()
    parts += [] if scrolled else controls(page)
    for part in parts:
        box = part.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5, box
    height = region.bounding_box()["height"]
    assert height <= MOST_OF_THE_SCREEN * view["height"], (height, view)


def pass_until_cards_are_played(page: Page, region: Locator) -> None:
    for _ in range(10):
        pass_button = region.get_by_role("button", name="Pass", exact=True)
        if not pass_button.count():
            break
        pass_button.click()
        wait_for_app(page)
    expect(region.locator("button.card").first).to_be_visible()


def rows_of_cards(region: Locator) -> int:
    """How many rows the hand's cards wrap into (a hovered card is raised a little)."""
    boxes = [card.bounding_box() for card in region.locator(".hand > .card").all()]
    tops = sorted(box["y"] for box in boxes)
    return sum(
        1 for i, top in enumerate(tops) if i == 0 or top - tops[i - 1] > boxes[0]["height"] / 2
    )


def hand_names(region: Locator) -> list[str]:
    return [card.get_attribute("aria-label") for card in region.locator("button.card").all()]


def table_words(region: Locator) -> list[str]:
    """What lies in the middle of the table, as the screen reader hears it."""
    middle = region.get_by_role("group", name="Middle of the table")
    return [item.get_attribute("aria-label") for item in middle.get_by_role("img").all()]


def set_option(page: Page, label: str) -> None:
    """Switch on a toggle of the Game settings popover, then close the popover."""
    page.get_by_role("button", name="Game settings").click()
    page.get_by_text(label).click()  # the switch's label
    wait_for_app(page)
    expect(page.get_by_role("switch", name=label)).to_be_checked()
    page.keyboard.press("Escape")
    expect(page.get_by_role("switch", name=label)).to_be_hidden()


def test_cards_are_played_by_click_and_by_keyboard_and_illegal_ones_refused(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    region = open_table(page, app_url)
    assert_fits(page, region)  # the bidding: upcard, message and the choices' buttons
    expect(region.get_by_role("button", name="Order up")).to_be_visible()
    page.screenshot(path=screenshots / "card-table-bidding-1280x720.png")

    pass_until_cards_are_played(page, region)
    set_option(page, "Lift the cards I may play")

    # An illegal card: the engine's reason appears and nothing changes.
    before = hand_names(region)
    illegal = region.locator("button.card:not(.lifted)").first.get_attribute("aria-label")
    region.get_by_role("button", name=illegal, exact=True).click()
    wait_for_app(page)
    message = region.get_by_role("status")
    expect(message).to_contain_text("Not allowed")
    expect(message).to_contain_text(" You must follow")
    expect(message).to_contain_text("You may not play the ")
    # The same cards, the one tried marked so (its name says it too).
    after = hand_names(region)
    assert [name.replace(" ✗ tried", "") for name in after] == before
    assert [name for name in after if "✗ tried" in name] == [illegal.replace(", ", " ✗ tried, ", 1)]
    assert_fits(page, region)
    page.screenshot(path=screenshots / "card-table-refused-1280x720.png")

    # A legal card, by its name, is played.
    legal = region.locator("button.card.lifted").first.get_attribute("aria-label")
    region.get_by_role("button", name=legal, exact=True).click()
    wait_for_app(page)
    expect(region.get_by_role("button", name=legal, exact=True)).to_have_count(0)
    expect(message).not_to_contain_text("Not allowed")

    # Keyboard only: Tab into the hand, arrows to a card that may be played, Enter.
    page.get_by_role("button", name="Game settings").focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if deep_focus(page) in hand_names(region):
            break
    names = hand_names(region)
    assert deep_focus(page) in names, "Tab never reached the hand"
    playable = [
        card.get_attribute("aria-label") for card in region.locator("button.card.lifted").all()
    ]
    for _ in range(len(names)):
        if deep_focus(page) in playable:
            break
        before_arrow = deep_focus(page)
        page.keyboard.press("ArrowRight")
        assert len(names) == 1 or deep_focus(page) != before_arrow  # the arrow moved focus
    chosen = deep_focus(page)
    assert chosen in playable
    page.keyboard.press("Enter")
    wait_for_app(page)
    expect(region.get_by_role("button", name=chosen, exact=True)).to_have_count(0)
    if hand_names(region):
        assert deep_focus(page) in hand_names(region)  # focus stays in the hand
    page.screenshot(path=screenshots / "card-table-playing-1280x720.png")

    # Play the hand out; the result is said next to the table.
    for _ in range(5):
        lifted = region.locator("button.card.lifted")
        if not lifted.count():
            break
        region.get_by_role(
            "button", name=lifted.first.get_attribute("aria-label"), exact=True
        ).click()
        wait_for_app(page)
    expect(message).to_contain_text("tricks")
    expect(page.get_by_role("button", name="Review my decisions")).to_be_visible()
    assert_fits(page, region)
    page.screenshot(path=screenshots / "card-table-hand-over-1280x720.png")
    # Below the table: the hand summed up and the score chart.
    summary = page.get_by_role("strong").filter(has_text="Makers:")
    expect(summary).to_be_visible()
    chart = page.locator("[data-testid=stPlotlyChart]").first
    expect(chart).to_be_visible(timeout=30_000)  # the first chart loads plotly's script
    page.mouse.move(640, 400)
    page.mouse.wheel(0, 400)  # the app scrolls inside its main panel
    page.wait_for_function("() => document.querySelector('[data-testid=stMain]').scrollTop > 0")
    page.screenshot(path=screenshots / "play-hand-summary-1280x720.png")

    # The review: its "Why" is a column on a wide screen, a line of its own on a phone.
    page.get_by_role("button", name="Review my decisions").click()
    wait_for_app(page)
    review = page.locator("[class*=st-key-decision-review] table")
    expect(review).to_be_visible(timeout=30_000)  # graded in the worker pool
    assert why_lines(review) == {"beside"}
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        "(table) => table.getBoundingClientRect().width < 390", arg=review.element_handle()
    )
    assert why_lines(review) == {"below"}
    context.close()


def why_lines(table: Locator) -> set[str]:
    """Where each row's "Why" cell (its last) is: "beside" the first cell, or "below" it
    on a line of its own."""
    return set(
        table.evaluate("""(table) => [...table.querySelectorAll('tr')].map((row) => {
            const first = row.firstElementChild.getBoundingClientRect();
            const why = row.lastElementChild.getBoundingClientRect();
            return why.top >= first.bottom - 1 ? 'below' : 'beside';
        })""")
    )


def fits_every_screen(page: Page, region: Locator, screenshots, state: str) -> None:
    """The table fits 1280x720 and 1920x1080 at 150% (screens.py), then a phone
    (390x844, scrolled to the table: a phone stacks the page), with one or two rows of
    cards; a picture of each, test-artifacts/screenshots/card-table-<state>-<screen>.png.
    The page is laid out again at each size, without a rerun."""
    for screen in each_screen(page):
        assert_fits(page, region)
        assert 1 <= rows_of_cards(region) <= 2
        screen.shoot(screenshots / f"card-table-{state}-{screen.name}.png")
    page.set_viewport_size(PHONE)
    assert_fits(page, region, scrolled=True)
    assert 1 <= rows_of_cards(region) <= 2
    page.screenshot(path=screenshots / f"card-table-{state}-phone-390x844.png")
    laid_out_at(page, SCREEN)


def test_the_table_fits_the_screen(browser: Browser, app_url, screenshots):
    page = browser.new_context(viewport=SCREEN).new_page()
    region = open_table(page, app_url)
    fits_every_screen(page, region, screenshots, "bidding")
    pass_until_cards_are_played(page, region)
    region.locator("button.card").first.click()  # legal or not, the table keeps its size
    wait_for_app(page)
    fits_every_screen(page, region, screenshots, "playing")
    page.context.close()


def test_a_reload_finds_the_same_game_and_moves_add_no_history(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    region = open_table(page, app_url)
    history = page.evaluate("window.history.length")
    pass_until_cards_are_played(page, region)
    set_option(page, "Lift the cards I may play")
    legal = region.locator("button.card.lifted").first.get_attribute("aria-label")
    region.get_by_role("button", name=legal, exact=True).click()
    wait_for_app(page)
    expect(region.get_by_role("button", name=legal, exact=True)).to_have_count(0)
    code = r"2\.bga\.b\.1\.[A-Za-z0-9_-]{4}\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+"
    expect(page).to_have_url(re.compile(rf"[?&]game={code}$"))
    assert page.evaluate("window.history.length") == history  # replaced, never pushed
    expect(region).not_to_have_class(re.compile(r"\bpacing\b"))  # the bots' cards are all in
    cards, middle, address = hand_names(region), table_words(region), page.url
    assert legal not in cards and len(cards) == 4 and middle  # the next trick is led

    page.reload()
    region = page.get_by_role("region", name="Card table")
    expect(region).to_be_visible()
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    expect(page.get_by_text("This game link is damaged")).to_have_count(0)
    assert hand_names(region) == cards and table_words(region) == middle
    assert page.url == address
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
    page.screenshot(path=screenshots / "play-after-reload-1280x720.png")

    # Undo takes the card back into the hand; the address follows.
    page.get_by_role("button", name="Undo").click()
    wait_for_app(page)
    expect(region.get_by_role("button", name=legal, exact=True)).to_have_count(1)
    assert page.url != address and page.evaluate("window.history.length") == history
    context.close()


def test_a_damaged_game_link_says_so_and_deals_a_new_game(browser: Browser, app_url, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/play?game=1.bga.b.1.AAAA.B%21")
    wait_for_app(page)
    expect(page.get_by_role("region", name="Card table")).to_be_visible()
    expect(page.get_by_text("This game link is damaged")).to_contain_text("Starting a new game.")
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    page.screenshot(path=screenshots / "play-damaged-link-1280x720.png")
    context.close()
