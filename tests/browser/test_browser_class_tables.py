"""Tables of four in the browser (issue 23): the teacher seats a class of four learners
two to a table, as partners, with two bots at each; each learner's page turns into
their table from their own chair; they play a whole hand by clicking on the card table
(each click reaches the store once) while the bots' moves arrive by themselves (the
table's watcher); the teacher's overview follows both tables and the projector view
shows one with the reason for each move (its hands face down while they are played).
After the hand each learner finds
their decisions graded under the table, and the overview links the hand to Teach."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from test_browser_live_class import start_class
from test_browser_pages import table_ready, wait_for_app

from analysis import make_bot
from engine import Seat, seat_view
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.store import ClassTables, open_store
from tutorial_app.store.tables import class_tables, classes

WAIT_MS = 30_000
NAMES = ("Ann", "Ben", "Cat", "Dan")  # two to a table, partners: N and S
BOT = make_bot("beginner")


def new_page(browser: Browser, width: int = 1280, height: int = 720) -> Page:
    return browser.new_context(viewport={"width": width, "height": height}).new_page()


def seat_the_class(teacher: Page, code: str) -> None:
    teacher.get_by_text("Tables of four", exact=True).click()
    seat_them = teacher.get_by_role("button", name="Seat the class at tables")
    expect(seat_them).to_be_visible(timeout=WAIT_MS)
    two = teacher.get_by_role("radiogroup", name="Learners at a table").get_by_role(
        "radio", name="2, as partners"
    )
    for _ in range(3):  # a choice made while a run (a join's news) redraws the box is lost
        wait_for_app(teacher)
        two.click()
        wait_for_app(teacher)
        if two.is_checked():
            break
    expect(two).to_be_checked()
    seat_them.click()
    wait_for_app(teacher)


def click_move(page: Page, action) -> None:
    table = page.get_by_role("region", name="Card table")
    table_ready(page)
    if action.card is not None:
        table.locator(f'button.card[data-code="{action.card.code}"]').click()
    else:
        table.locator(f'[data-action="{action_id(action)}"]').click()


def your_turn(page):
    """The table's line under the felt, when it says it is this learner's turn ("Your
    turn." and what to click, or "Your turn: choose a card to play.")."""
    return page.get_by_role("status").filter(has_text=re.compile(r"^Your turn"))


def test_four_learners_and_bots_at_two_tables_play_a_hand_each(
    browser: Browser, class_server, screenshots: Path
):
    url = class_server.url
    teacher = new_page(browser, 1280, 900)
    code = start_class(teacher, url, WAIT_MS)
    learners = []
    for name in NAMES:
        page = new_page(browser)
        page.goto(f"{url}/join?code={code}")
        wait_for_app(page)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Join the class").click()
        expect(page.get_by_text("Waiting for the next question")).to_be_visible(timeout=WAIT_MS)
        learners.append(page)
    expect(teacher.get_by_text("4 learners joined (up to 100)")).to_be_visible(timeout=WAIT_MS)
    wait_for_app(teacher)  # the joins' runs are over: a click is not lost to one
    seat_the_class(teacher, code)
    for number, pair in ((1, "N Ann, E bot, S Ben, W bot"), (2, "N Cat, E bot, S Dan, W bot")):
        expect(teacher.get_by_text(f"Table {number} · {pair}")).to_be_visible(timeout=WAIT_MS)
    for page, (number, seat) in zip(
        learners, ((1, "North"), (1, "South"), (2, "North"), (2, "South")), strict=True
    ):  # each screen follows, by its watcher
        expect(page.get_by_role("heading", name=f"Table {number} · you sit {seat}")).to_be_visible(
            timeout=WAIT_MS
        )
    teacher.get_by_role("button", name="Show on the projector").first.click()
    projector = teacher.context.new_page()  # a tab of the teacher's browser: it holds the key
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"{url}/class-screen?class={code}")
    expect(projector.get_by_role("heading", name="Table 1")).to_be_visible(timeout=WAIT_MS)

    store = ClassTables(open_store(f"sqlite:///{class_server.database}"))
    with store.store.reading() as connection:
        table_ids = connection.scalars(
            select(class_tables.c.id)
            .join(classes, classes.c.id == class_tables.c.class_id)
            .where(classes.c.code == code)
            .order_by(class_tables.c.number)
        ).all()
    pages = {
        (table_ids[0], Seat.N): learners[0],
        (table_ids[0], Seat.S): learners[1],
        (table_ids[1], Seat.N): learners[2],
        (table_ids[1], Seat.S): learners[3],
    }
    rng, clicks, projected_moves = random.Random(5), 0, None
    deadline = time.monotonic() + 240
    while True:
        views = [store.table(table_id) for table_id in table_ids]
        if all(view.game.replay().finished for view in views):
            break
        assert time.monotonic() < deadline, "the hands did not finish"
        moved = False
        for view in views:
            state = view.game.replay()
            page = pages.get((view.id, state.hand.turn)) if not state.finished else None
            if page is None or not your_turn(page).is_visible():
                continue  # a bot's turn (it moves on a page's run), or the page catches up
            seat = state.hand.turn
            action = BOT.decide(seat_view(state.hand, seat), rng)
            click_move(page, action)
            wait = time.monotonic() + WAIT_MS / 1000
            while (after := store.table(view.id).game).version == view.game.version:
                assert time.monotonic() < wait, "the click never reached the table"
                page.wait_for_timeout(50)
            assert after.moves[view.game.version] == (seat, action)  # applied, once
            clicks, moved = clicks + 1, True
            if view.id == table_ids[0] and not projected_moves:  # the projector follows
                projected_moves = projector.locator("li").filter(has_text=": ")
                expect(projected_moves).not_to_have_count(0, timeout=WAIT_MS)
        if not moved:
            learners[0].wait_for_timeout(100)  # the bots move on the pages' runs
    assert clicks >= 8  # each learner bid at least twice or played their cards

    for number in (1, 2):  # the overview follows both tables, each hand a link to Teach
        line = teacher.get_by_text(re.compile(rf"^Table {number} · .* score \d+-\d+"))
        expect(line).to_be_visible(timeout=WAIT_MS)
    expect(teacher.get_by_text(re.compile(r"^Hands in Teach: 1$"))).to_have_count(
        2, timeout=WAIT_MS
    )
    expect(projector.get_by_role("region", name="Card table")).to_be_visible()
    expect(learners[0].get_by_text("Your decisions in hand 1, graded")).to_be_visible(
        timeout=WAIT_MS
    )
    graded = teacher.get_by_text("Each learner's decisions, graded")
    expect(graded).to_be_visible(timeout=WAIT_MS)  # the worker pool's grades arrive
    graded.scroll_into_view_if_needed()
    learners[0].screenshot(path=str(screenshots / "class-table-learner.png"))
    teacher.screenshot(path=str(screenshots / "class-table-teacher.png"))
    projector.screenshot(path=str(screenshots / "class-table-projector.png"))
    for page in (teacher, *learners):
        page.context.close()
