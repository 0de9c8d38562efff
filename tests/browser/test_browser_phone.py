"""A phone (390x844) in headless Chromium: every action screen outside the lessons' steps
fits its first screen (tests/browser/phone_fit.py: nothing wider than the screen, no
overlapping cards, the controls needed to act on screen and not covered), with a
screenshot of each in test-artifacts/screenshots/phone-*.png (every lesson step is
measured by the lesson-step walk, test_browser_step_fit.py, on its page resized); and
the checker itself names each kind of misfit on a page made to have it.

One page (one context) visits every screen: a page load costs about two CPU-seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

from phone_fit import PHONE, phone_problems
from playwright.sync_api import Browser, Page, expect
from test_browser_pages import table_ready, wait_for_app
from test_browser_replay import BUILT_SCENARIO, CODE, FULL

from engine import HandRecord, Seat
from lessons.loader import load_all
from lessons.question_source import lesson_source, question_for
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import dispose_engines, open_classes

NO_SIDEBAR = "[data-testid=stSidebar] { display: none; }"
SCENARIO = encode_hand(HandRecord.loads(BUILT_SCENARIO))


def west_led_and_won() -> int:
    """The move of the replayed hand after which the first trick West led and won lies
    finished in the middle: its longest caption, "West led ✓", beside South's card."""
    for moves in range(len(FULL.actions) + 1):
        tricks = HandRecord(FULL.rules, FULL.deal, FULL.actions[:moves]).replay().tricks
        if tricks and tricks[-1].leader is Seat.W and tricks[-1].winner is Seat.W:
            return moves
    raise AssertionError("West never led and won a trick in this hand")


def open_here(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)


def ask_a_class(database: Path) -> tuple[str, str]:
    """A live class started and asked lesson 1's first question, through the server's
    own store (as the teacher's page does): its code and the question's prompt."""
    classes = open_classes(f"sqlite:///{database}")
    try:
        code, key = classes.start_class()
        source = lesson_source(load_all()[0].id, 1, 0)
        classes.push_question(code, key, source)
    finally:
        dispose_engines()
    return code, question_for(source).prompt


def test_every_action_screen_fits_a_phone(browser: Browser, app_server, screenshots):
    """Guided hands (the list, then a hand opened from it), Practise (and a question
    three lines long), Play before and after the bid, Teach with a finished trick in the
    middle (its "West led ✓" caption covered South's card before captions wrapped on a
    phone), Build, a question link, the live class's learner page with a question and
    the teacher's page with its class code: each fits 390x844 as it opens."""
    url = app_server.url
    page = browser.new_context(viewport=PHONE).new_page()
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        table_ready(page)
        found[name] = phone_problems(page)
        page.screenshot(path=screenshots / f"phone-{name}.png")

    open_here(page, f"{url}/guided")
    check("guided-list")
    page.get_by_role("button", name=re.compile("Play$")).first.click()
    wait_for_app(page)
    expect(page.get_by_role("region", name="Card table")).to_be_visible()
    check("guided-hand")
    open_here(page, f"{url}/practise")
    check("practise")
    # A three-line question (its house rule said first): For you's first question is of
    # this kind, on a random deal, so the longest is opened too.
    open_here(page, f"{url}/practise?topics=play&seed=56")
    expect(page.get_by_text("At this table no first blood is off.")).to_be_visible()
    check("practise-three-lines")
    open_here(page, f"{url}/play?seed=3")  # South bids before anyone orders up
    check("play")
    table_ready(page)
    page.locator(".ct .actions button").first.click()
    wait_for_app(page)
    check("play-after-the-bid")
    open_here(page, f"{url}/teach?hand={CODE}&at={west_led_and_won()}")
    check("teach-a-finished-trick")
    open_here(page, f"{url}/build")
    check("build")
    open_here(page, f"{url}/question?hand={SCENARIO}&ask=legal")
    check("question")
    code, prompt = ask_a_class(app_server.database)
    open_here(page, f"{url}/join?code={code}")
    page.get_by_label("Your name").fill("Sam")
    page.get_by_role("button", name="Join the class").click()
    expect(page.get_by_text(prompt)).to_be_visible()
    check("join")
    open_here(page, f"{url}/class")  # a teacher starting a class from a phone: its code
    page.get_by_role("button", name="Start a class").click()  # ran off the screen
    expect(page.locator(".class-code")).to_be_visible()
    wait_for_app(page)
    check("teacher")
    page.context.close()
    assert not any(found.values()), {name: found[name] for name in found if found[name]}


# ---- the checker names each misfit ---------------------------------------------------------

# A page shaped like the app's: a main panel, and a card table in a shadow root.
MADE_UP = """
<style>body { margin: 0; } #main { height: 100vh; overflow: auto; }</style>
<div data-testid="stMain" id="main">
  <div id="host"></div>
  <div id="below" style="height: %(gap)dpx"></div>
  <button id="next" style="display: block; height: 30px">Next step ▶</button>
  <div id="wide" style="width: %(width)dpx; height: 4px"></div>
  <div id="row" style="width: 200px; overflow-x: auto; white-space: nowrap">%(row)s</div>
</div>
<script>
  document.getElementById("host").attachShadow({mode: "open"}).innerHTML = `<style>
      .card { position: absolute; width: 50px; height: 70px; }
    </style>
    <section class="ct" style="position: relative; width: 300px; height: 200px">
      <div class="hand">
        <span class="card" aria-label="jack of hearts" style="left: 10px"></span>
        <span class="card" aria-label="ace of spades" style="left: %(second)dpx"></span>
      </div>
      <button class="action" style="position: absolute; top: 150px">Pass</button>
      %(cover)s
    </section>`;
</script>
"""


def made_up(page: Page, **changes: object) -> list[str]:
    shape: dict[str, object] = {"gap": 100, "width": 10, "second": 100, "cover": "", "row": "ok"}
    page.set_content(MADE_UP % {**shape, **changes})
    return phone_problems(page)


def test_the_checker_names_each_misfit(browser: Browser):
    page = browser.new_context(viewport=PHONE).new_page()
    assert made_up(page) == []  # the shape as it is fits
    assert made_up(page, width=500) == ["the page is 500 px wide, wider than the 390 px screen"]
    assert made_up(page, second=40) == [
        'cards "jack of hearts" and "ace of spades" overlap (20x70 px)'
    ]
    assert made_up(page, second=280) == [
        'card "ace of spades" is cut off at the side (x 280..330, table 0..300)'
    ]
    assert made_up(page, gap=900) == [
        '"Next step ▶" ends at y=1130, below the first screen (844 px)'
    ]
    cover = '<div style="position: absolute; top: 140px; width: 300px; height: 60px">x</div>'
    assert made_up(page, cover=cover) == ['"Pass" is covered by "x"']
    row = '<span style="display: inline-block; width: 300px">Choose topics</span>'
    assert made_up(page, row=row) == ['"Choose topics" scrolls sideways: 300 px in 200']
    page.context.close()


# The top of what sticks to the screen's foot: the lesson's step buttons on a phone.
STUCK_TOP = """() => Math.min(innerHeight, ...[...document.querySelectorAll('*')]
    .filter((e) => getComputedStyle(e).position === 'sticky' && e.offsetHeight)
    .map((e) => e.getBoundingClientRect().top))"""


def test_a_pressed_table_button_stays_in_sight_as_the_reasons_grow(browser: Browser, app_url):
    """Lesson 5's first step on a phone: each "Next move ▶" lengthens the reason under
    the felt, which pushed the button under the step buttons stuck to the screen's foot
    (a learner had to scroll before each press). After each press it is in sight."""
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_here(page, f"{app_url}/going-alone?step=1")
    table = page.get_by_role("region", name="Card table")
    hidden = []
    for press in range(1, 5):
        shown = table.inner_text()
        table_ready(page)
        table.get_by_role("button", name="Next move ▶", exact=True).click()
        expect(table).not_to_have_text(shown)  # the move is drawn
        wait_for_app(page)
        button = table.get_by_role("button", name="Next move ▶", exact=True)
        expect(button).to_be_visible()  # drawn by the table's script, a moment after the run
        box = button.bounding_box()
        assert box is not None
        if box["y"] + box["height"] > page.evaluate(STUCK_TOP):
            hidden.append((press, round(box["y"] + box["height"])))
    page.context.close()
    assert not hidden, f"(press, the button's bottom) under the stuck step buttons: {hidden}"
