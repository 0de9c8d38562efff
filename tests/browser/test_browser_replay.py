"""In headless Chromium: the teacher's replay steps forward and back through a share link
opened in a fresh browser context (the address follows the move shown, and a reload
opens that move again); plays on by itself; in presentation mode the sidebar and menus
are gone, the arrow keys and a clicker's PageUp / PageDown step, and the hand's own
arrow-key navigation between cards still works; screenshots at 1920x1080; and every
control needed to act lies inside a 1280x720 screen, on the replay view and the builder.
"""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_pages import table_ready, wait_for_app

from analysis import make_bot
from engine import HandRecord, Phase, Rules, Seat, apply, random_hand, seat_view
from tutorial_app.features.build.draft import Draft, check
from tutorial_app.shell.hand_links import encode_hand


def whole_hand(seed: int = 11) -> HandRecord:
    state = random_hand(Rules(), Seat.W, seed)
    bot, rng = make_bot("beginner"), random.Random(seed)
    while not state.is_over:
        state = apply(state, bot.decide(seat_view(state, state.turn), rng), state.turn)
    return HandRecord.from_state(state)


FULL = whole_hand()
CODE = encode_hand(FULL)
# A move before which South is to play a card: its cards are buttons when face up.
SOUTH_PLAYS = next(
    n
    for n in range(len(FULL.actions))
    if (lambda state: state.turn is Seat.S and state.phase is Phase.PLAY)(
        HandRecord(FULL.rules, FULL.deal, FULL.actions[:n]).replay()
    )
)


def table(page: Page) -> Locator:
    return page.get_by_role("region", name="Card table")


def reason(page: Page) -> Locator:
    return page.locator(".st-key-teach-reason [data-testid=stAlertContainer]").first


def on_table(page: Page, name: str) -> None:
    """Click a button of the card table (it takes one click per 300 ms) and wait."""
    table_ready(page)
    table(page).get_by_role("button", name=name, exact=True).click()
    wait_for_app(page)


def key(page: Page, name: str) -> None:
    table_ready(page)
    page.keyboard.press(name)
    wait_for_app(page)


def open_teach(page: Page, app_url: str, query: str) -> None:
    page.goto(f"{app_url}/teach?{query}")
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)


def test_a_share_link_steps_forward_and_back_in_a_fresh_browser(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_teach(page, app_url, f"hand={CODE}&at=0")
    expect(reason(page)).to_contain_text("The deal.")
    for number in (1, 2, 3):
        on_table(page, "Next ▶")
        expect(reason(page)).to_contain_text(f"Move {number}:")
    on_table(page, "◀ Back")
    expect(reason(page)).to_contain_text("Move 2:")
    # The address follows, in place: the card table writes it once it has drawn the
    # move, a moment after the run is over.
    expect(page).to_have_url(re.compile(r"[?&]at=2(&|$)"))
    page.screenshot(path=screenshots / "replay-share-link.png")
    page.reload()  # the link in the address opens move 2
    wait_for_app(page)
    expect(reason(page)).to_contain_text("Move 2:")
    page.get_by_role("button", name="3", exact=True).click()  # the jump to trick 3
    wait_for_app(page)
    expect(table(page).get_by_role("status")).to_contain_text("to lead")  # trick 3 is due
    page.get_by_role("button", name="End ⏭").click()
    wait_for_app(page)
    expect(reason(page)).to_contain_text(f"Move {len(FULL.actions)}:")
    expect(table(page).get_by_role("button", name="Next ▶")).to_be_disabled()
    context.close()


def test_play_on_steps_by_itself_and_pauses(browser: Browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_teach(page, app_url, f"hand={CODE}&at=0")
    page.get_by_role("radio", name="Fast").click()
    wait_for_app(page)
    page.get_by_role("button", name="▶ Play on").click()
    expect(reason(page)).to_contain_text("Move 2:", timeout=8000)  # a move a second
    page.get_by_role("button", name="⏸ Pause").click()
    wait_for_app(page)
    shown = reason(page).inner_text()
    # "Nothing more happens" has no event to wait on: watch for two and a half moves' time.
    page.wait_for_timeout(2500)
    assert reason(page).inner_text() == shown  # paused: no more moves
    context.close()


def test_presentation_mode_keys_step_and_cards_keep_their_arrows(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    open_teach(page, app_url, f"hand={CODE}&at=0&present=1")
    expect(page.locator("[data-testid=stSidebar]")).to_be_hidden()
    expect(page.locator("[data-testid=stHeader]")).to_be_hidden()
    expect(page.locator("[data-testid=stToolbar]")).to_be_hidden()
    page.locator("h1").click()  # focus on the page, not on a control
    key(page, "ArrowRight")
    expect(reason(page)).to_contain_text("Move 1:")
    key(page, "ArrowRight")
    expect(reason(page)).to_contain_text("Move 2:")
    key(page, "ArrowLeft")
    expect(reason(page)).to_contain_text("Move 1:")
    key(page, "PageDown")  # a presenter's clicker
    expect(reason(page)).to_contain_text("Move 2:")
    key(page, "PageUp")
    expect(reason(page)).to_contain_text("Move 1:")
    page.screenshot(path=screenshots / "present-1920x1080-bidding.png")

    # A position where South plays, every hand face up: the arrows move between South's
    # cards while one has focus, and step the hand again once focus leaves the cards.
    page.goto(f"{app_url}/teach?hand={CODE}&at={SOUTH_PLAYS}&present=1")
    wait_for_app(page)
    page.get_by_role("button", name="Show every hand").click()
    wait_for_app(page)
    page.screenshot(path=screenshots / "present-1920x1080-every-hand.png")
    south = table(page).get_by_role("group", name="South's cards").get_by_role("button")
    expect(south.first).to_be_visible()
    moves = reason(page).inner_text()
    south.first.focus()
    key(page, "ArrowRight")
    assert reason(page).inner_text() == moves  # no step: the card focus moved instead
    focused = page.evaluate(
        "() => document.activeElement.shadowRoot ? "
        "document.activeElement.shadowRoot.activeElement?.getAttribute("
        "'aria-label') : document.activeElement.getAttribute('aria-label')"
    )
    assert focused == south.nth(1).get_attribute("aria-label")
    page.locator("h1").click()
    key(page, "ArrowRight")
    expect(reason(page)).to_contain_text(f"Move {SOUTH_PLAYS + 1}:")
    # The projector's sizes: a hand card at least 100 pixels wide, the reason in large type
    # (1.6 times the page's, 27 pixels on a 1920x1080 screen: a trick's reason under the
    # move's then fits beside the table, with the seats' controls above them).
    card = table(page).locator(".hand .card").first.bounding_box()
    assert card["width"] >= 100, card
    size = reason(page).locator("p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)")
    assert size >= 26, size
    context.close()


# A dealt hand whose third trick's lead has long reasons: West to lead with its cards face
# down (the table says to turn them up beside it), under a trick won by a plain ace.
LONG_REASONS = (
    "v1.ePnXW4wdpZRLCoAwDEQv5CUEF6U7idCVR-ndzQ8sKakDrptF3rxM_21MvvHmQZsfiWRg0CF15IjVQEc2Tc8SNQNmU2S"
    "-zCrRHDqtWhKPMYsCZbEqyfxIq8f2Va-W3zhaL-bPCha1spkULIxWgv-Bk9J1pwUKPLrjWNcBY_GpoVh8ZP3uDxBDyKs"
)


def test_presenting_at_150_percent_keeps_the_seats_controls_and_both_reasons_on_screen(
    browser: Browser, app_url
):
    """A 1920x1080 projector at 150% (a 1280x720 page), at a trick's lead: the move's
    reason and the trick's, and above them the seats' controls that the table's words
    point to ("turn them up beside the table"), all on the screen (the reasons pushed the
    controls below it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    page = context.new_page()
    open_teach(page, app_url, f"hand={LONG_REASONS}&present=1")
    page.get_by_role("button", name="3", exact=True).click()
    wait_for_app(page)
    expect(page.locator(".st-key-teach-reason [data-testid=stAlertContainer]")).to_have_count(2)
    expect(page.get_by_role("button", name="Show every hand", exact=True)).to_be_in_viewport()
    expect(page.get_by_text("Cards face up")).to_be_in_viewport()
    expect(page.locator(".st-key-teach-reason")).to_be_in_viewport(ratio=1)
    context.close()


def assert_inside(page: Page, controls: dict[str, Locator]) -> None:
    """Each control is visible and wholly inside the viewport, the page at its top."""
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.wait_for_function("() => document.querySelector('[data-testid=stMain]').scrollTop === 0")
    view = page.viewport_size
    for name, part in controls.items():
        expect(part).to_be_visible()
        box = part.bounding_box()
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5, (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5, (name, box)


def test_every_replay_control_fits_1280x720_and_the_presentation_switch(
    browser: Browser, app_url, screenshots
):
    """Every control inside a 1280x720 screen; the same with the switch turned to
    presentation mode (no sidebar, present=1 in the address), and turned back."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    open_teach(page, app_url, f"hand={CODE}&at={SOUTH_PLAYS}")
    region = table(page)
    controls = {
        "table": region,
        "message": region.get_by_role("status"),
        "back": region.get_by_role("button", name="◀ Back"),
        "next": region.get_by_role("button", name="Next ▶"),
        "reason": reason(page),
        **{
            name: page.get_by_role("button", name=name, exact=True)
            for name in ("⏮ Deal", "Trick 1", "2", "3", "4", "5", "End ⏭", "▶ Play on")
        },
        "speed": page.get_by_role("radio", name="Fast"),
        "face up": page.get_by_role("toolbar", name="Cards face up"),
        "every hand": page.locator(".st-key-teach-every button"),
        "bots": page.get_by_role("button", name="Bots play on"),
        "presentation": page.get_by_text("Presentation mode"),
    }
    sidebar = page.locator("[data-testid=stSidebar]")
    expect(sidebar).to_be_visible()
    assert_inside(page, controls)
    page.screenshot(path=screenshots / "replay-1280x720-present-0.png")

    page.get_by_text("Presentation mode").click()
    wait_for_app(page)
    expect(sidebar).to_be_hidden()
    assert parse_qs(urlsplit(page.url).query).get("present") == ["1"]
    assert_inside(page, controls)
    page.screenshot(path=screenshots / "replay-1280x720-present-1.png")
    page.get_by_text("Presentation mode").click()
    wait_for_app(page)
    expect(sidebar).to_be_visible()
    context.close()


# The widest hand in the builder's card boxes: four tens and a queen (a random deal gives
# some seat three or four tens about one time in fifteen).
WIDEST = check(
    Draft(
        {"preset": "bga"},
        "W",
        {
            "N": ("TC", "TD", "TH", "TS", "QD"),
            "E": ("9C", "9D", "9H", "9S", "QC"),
            "S": ("JC", "JD", "JH", "JS", "QH"),
            "W": ("KC", "KD", "KH", "KS", "QS"),
        },
        "AC",
    )
).record


def test_every_builder_control_fits_1280x720(browser: Browser, app_url, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/build?hand={encode_hand(WIDEST)}")
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    region = table(page)
    controls = {
        "rules": page.get_by_role("button", name="Rules"),
        "dealer": page.locator(".st-key-build-dealer"),
        "upcard": page.locator(".st-key-build-upcard"),
        "random deal": page.get_by_role("button", name="Random deal"),
        **{f"{seat} cards": page.locator(f".st-key-build-hand-{seat}") for seat in "NESW"},
        "table": region,
        "message": region.get_by_role("status"),
        "pass": region.get_by_role("button", name="Pass"),
        "moves": page.locator(".st-key-build-moves textarea"),
        "question": page.locator(".st-key-build-ask"),
        "share": page.get_by_role("button", name="Share"),
    }
    assert_inside(page, controls)
    page.screenshot(path=screenshots / "build-1280x720.png")
    # Share opens the links on the first screen: the Teach link holds this hand.
    controls["share"].click()
    link = page.locator("[data-testid=stPopoverBody] [data-testid=stCode]").first
    expect(link).to_contain_text(f"/teach?hand={encode_hand(WIDEST)}")
    page.keyboard.press("Escape")
    expect(link).to_be_hidden()
    # A click on the table adds a move to the moves box (West deals first: North bids).
    table_ready(page)
    region.get_by_role("button", name="Pass", exact=True).click()
    wait_for_app(page)
    expect(page.locator(".st-key-build-moves textarea")).to_have_value("N pass")
    expect(region.get_by_role("status")).to_contain_text("East to bid")
    context.close()


# A built scenario: North led a club, East played; South follows (a question link's hand).
BUILT_SCENARIO = (
    '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
    '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
    '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": [{"seat": "N", "do": "pass"}, '
    '{"seat": "E", "do": "order_up"}, {"seat": "E", "do": "with_partner"}, '
    '{"seat": "W", "do": "discard", "card": "JS"}, '
    '{"seat": "N", "do": "play", "card": "9C"}, '
    '{"seat": "E", "do": "play", "card": "AC"}]}'
)


def test_a_question_link_is_answered_on_the_card_table(browser: Browser, app_url, screenshots):
    """A built scenario's question in a fresh browser: South's cards on the table, the
    right card picked, the engine's verdict under them."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/question?hand={encode_hand(HandRecord.loads(BUILT_SCENARIO))}&ask=legal")
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    region = page.get_by_role("region", name="Card table")
    table_ready(page)
    region.get_by_role("button", name="queen of clubs").click()
    wait_for_app(page)
    table_ready(page)
    region.get_by_role("button", name="Check my answer").click()
    wait_for_app(page)
    expect(region.get_by_role("status")).to_contain_text("Right!")
    expect(region.get_by_role("status")).to_contain_text("South must follow clubs")
    page.screenshot(path=screenshots / "question-answered-1280x720.png")
    context.close()
