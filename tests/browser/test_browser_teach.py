"""In headless Chromium: a teacher deals and plays a few moves on the card table, the
share link opens the same hand for a student in a fresh browser (only the link travels),
an illegal card is refused with the engine's reason, and the table, the reason and the
controls fit a 1280x720 screen and 1920x1080 at 150% zoom (screens.py: one walk measures
both) without scrolling."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Locator, Page, expect
from screens import each_screen
from test_browser_pages import LOAD_MS, TABLES_DRAWN, table_ready, wait_for_app

from engine import HandRecord
from tutorial_app.shell.hand_links import encode_hand

# West dealt the ace of diamonds; East ordered it up and plays with partner, West
# discarded, North led the nine of clubs: East, holding the ace of clubs, must follow.
EAST_TO_FOLLOW = {
    "rules": {"preset": "bga"},
    "dealer": "W",
    "upcard": "AD",
    "hands": {
        "N": ["9C", "TD", "JH", "QS", "KC"],
        "E": ["9S", "TS", "QH", "AC", "KH"],
        "S": ["9H", "QC", "AH", "KS", "TH"],
        "W": ["JC", "JS", "QD", "KD", "AS"],
    },
    "actions": [
        {"seat": "N", "do": "pass"},
        {"seat": "E", "do": "order_up"},
        {"seat": "E", "do": "with_partner"},
        {"seat": "W", "do": "discard", "card": "JS"},
        {"seat": "N", "do": "play", "card": "9C"},
    ],
}
LINK = "teach?hand=" + encode_hand(HandRecord.loads(json.dumps(EAST_TO_FOLLOW)))


def click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_for_app(page)


def on_table(page: Page, button: Locator) -> None:
    """Click a button of the card table, which takes one click per 300 ms (it drops the
    second click of a double click), and wait for the page to redraw."""
    table_ready(page)
    button.click()
    wait_for_app(page)


def table(page: Page) -> Locator:
    return page.get_by_role("region", name="Card table")


def reason(page: Page) -> Locator:
    return page.locator("[data-testid=stAlertContentSuccess]").first


def face_up(page: Page, seat: str) -> Locator:
    """The switch that turns ``seat``'s cards face up (multi-select pills are buttons)."""
    return page.get_by_role("toolbar", name="Cards face up").get_by_role("button", name=seat)


def controls(page: Page) -> dict[str, Locator]:
    """What a teacher at the projector needs on screen at once."""
    region = table(page)
    return {
        "table": region,
        "the table's message": region.get_by_role("status"),
        "the last move's reason": reason(page),
        "back": region.get_by_role("button", name="◀ Back"),
        # Where the record ends before the hand, Next asks a bot for the move.
        "next": region.get_by_role("button", name=re.compile(r"^(Next|Bot's move) ▶$")),
        "back to the deal": page.get_by_role("button", name="⏮ Deal"),
        "trick 1": page.get_by_role("button", name="Trick 1"),
        "to the end": page.get_by_role("button", name="End ⏭"),
        "play on": page.get_by_role("button", name="▶ Play on"),
        "bots": page.get_by_role("button", name="Bots play on"),
        "presentation mode": page.get_by_text("Presentation mode"),
        "cards face up": face_up(page, "West"),
        "show every hand": page.locator(".st-key-teach-every button"),  # either label
    }


def assert_all_on_screen(page: Page) -> None:
    """Every control lies wholly inside the viewport, the page scrolled to its top:
    nothing needs scrolling, and nothing overlaps the table. Measured once the run the
    last click started is over (its first words can show while the rest still comes)."""
    page.wait_for_selector("[data-test-script-state=notRunning]", timeout=LOAD_MS)
    expect(page.locator("[data-testid=stSkeleton]")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_function(TABLES_DRAWN, timeout=LOAD_MS)
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.wait_for_function("() => document.querySelector('[data-testid=stMain]').scrollTop === 0")
    view = page.viewport_size
    boxes = {}
    for name, part in controls(page).items():
        expect(part).to_be_visible()
        box = part.bounding_box()
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5, (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5, (name, box)
        boxes[name] = box
    felt = boxes["table"]
    for name in (
        "back to the deal",
        "trick 1",
        "play on",
        "bots",
        "cards face up",
        "show every hand",
    ):
        box = boxes[name]  # beside the table, not on it
        assert box["x"] >= felt["x"] + felt["width"] or box["y"] >= felt["y"] + felt["height"]


def fits_both_screens(page: Page, screenshots, name: str) -> None:
    """Everything fits at each screen (assert_all_on_screen); a picture of each,
    test-artifacts/screenshots/<name>-<screen>.png."""
    for screen in each_screen(page):
        assert_all_on_screen(page)
        screen.shoot(screenshots / f"{name}-{screen.name}.png")


def test_share_link_opens_the_same_hand_for_a_student(
    page: Page, browser: Browser, app_url, screenshots
):
    page.goto(f"{app_url}/teach")
    wait_for_app(page)
    click(page, "Deal a new hand")
    for move in (1, 2, 3):  # the three players before the dealer pass, on the table
        on_table(page, table(page).get_by_role("button", name="Pass", exact=True))
        expect(reason(page)).to_contain_text(f"Move {move}:")
    shared = page.url
    assert "hand=" in shared
    teacher_moves = reason(page).inner_text()
    page.screenshot(path=screenshots / "teach-teacher.png", full_page=True)

    student = browser.new_context(viewport={"width": 1280, "height": 1400}).new_page()
    student.goto(shared)
    wait_for_app(student)
    expect(student.locator("[data-testid=stException]")).to_have_count(0)
    expect(reason(student)).to_have_text(teacher_moves)
    # The class sees South's cards only: North's, East's and West's lie face down.
    expect(table(student).locator("button.seat-card")).to_have_count(0)
    expect(table(student).locator(".fan .face:not(.back)")).to_have_count(0)
    student.screenshot(path=screenshots / "teach-student.png", full_page=True)
    student.context.close()


def test_an_illegal_card_is_refused_and_everything_fits_the_screen(
    browser: Browser, app_url, screenshots
):
    """At 1280x720 and at 1920x1080/150% in each state (fits_both_screens)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/{LINK}")
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    region = table(page)
    expect(region.get_by_role("status")).to_contain_text("East's cards are face down")
    fits_both_screens(page, screenshots, "teach")

    face_up(page, "East").click()  # turn East's cards face up
    wait_for_app(page)
    east = region.get_by_role("group", name="East's cards")
    expect(east.get_by_role("button")).to_have_count(5)
    on_table(page, east.get_by_role("button", name="nine of spades"))
    message = region.get_by_role("status")
    expect(message).to_contain_text("Not allowed")
    expect(message).to_contain_text("East must follow clubs")
    expect(east.get_by_role("button")).to_have_count(5)  # nothing changed
    expect(reason(page)).to_contain_text("Move 5: North plays the nine of clubs")
    fits_both_screens(page, screenshots, "teach-refused")

    on_table(page, east.get_by_role("button", name="ace of clubs"))
    expect(reason(page)).to_contain_text("Move 6: East plays the ace of clubs")
    expect(message).not_to_contain_text("Not allowed")
    expect(message).to_contain_text("South to play")
    on_table(
        page,
        region.get_by_role("group", name="South's cards").get_by_role(
            "button", name="queen of clubs"
        ),
    )  # South follows clubs with its only club
    expect(reason(page)).to_contain_text("Move 7: South plays the queen of clubs")

    click(page, "Show every hand")
    expect(region.locator(".fan .face:not(.back)")).to_have_count(4 + 4 + 5)  # N, E, W
    expect(region.get_by_role("group", name="West's cards").get_by_role("button")).to_have_count(5)
    fits_both_screens(page, screenshots, "teach-every-hand")
    on_table(page, region.get_by_role("button", name="◀ Back"))  # the record's step back
    expect(reason(page)).to_contain_text("Move 6:")
    on_table(page, region.get_by_role("button", name="Next ▶"))  # and on again: kept
    expect(reason(page)).to_contain_text("Move 7: South plays the queen of clubs")
    context.close()
