"""Tables of four in the browser (issue 23): the teacher seats a class of two learners
(with two bots); each learner's page turns into their table from their own chair, the
bots' moves arrive by themselves (the table's watcher), and a learner plays by clicking
on the card table: the move reaches the store once, and both screens show it."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from test_browser_pages import table_ready, wait_for_app

from engine import Seat, legal_actions
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.store import ClassTables, open_store
from tutorial_app.store.tables import class_tables, classes

WAIT_MS = 30_000


def new_page(browser: Browser, width: int = 1280, height: int = 900) -> Page:
    return browser.new_context(viewport={"width": width, "height": height}).new_page()


def test_two_learners_and_two_bots_play_at_a_table(
    browser: Browser, class_server, screenshots: Path
):
    url = class_server.url
    teacher = new_page(browser)
    teacher.goto(f"{url}/class")
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Start a class").click()
    expect(teacher.locator(".class-code")).to_have_text(
        re.compile(r"^[A-Z2-9]{6}$"), timeout=WAIT_MS
    )
    code = teacher.locator(".class-code").inner_text()
    learners = []
    for name in ("Ann", "Ben"):
        page = new_page(browser, 1280, 720)
        page.goto(f"{url}/join?code={code}")
        wait_for_app(page)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Join the class").click()
        expect(page.get_by_text("Waiting for the next question")).to_be_visible(timeout=WAIT_MS)
        learners.append(page)
    expect(teacher.get_by_text("2 of 100 learners joined")).to_be_visible(timeout=WAIT_MS)
    wait_for_app(teacher)  # the joins' runs are over: a click is not lost to one
    teacher.get_by_text("Tables of four", exact=True).click()
    seat_them = teacher.get_by_role("button", name="Seat the class at tables")
    expect(seat_them).to_be_visible(timeout=WAIT_MS)
    wait_for_app(teacher)
    seat_them.click()
    wait_for_app(teacher)
    expect(teacher.get_by_text(re.compile(r"Table 1 · N Ann, E Ben"))).to_be_visible(
        timeout=WAIT_MS
    )
    for page, seat in zip(learners, ("North", "East"), strict=True):  # each screen follows
        expect(page.get_by_role("heading", name=f"Table 1 · you sit {seat}")).to_be_visible(
            timeout=WAIT_MS
        )
    tables = ClassTables(open_store(f"sqlite:///{class_server.database}"))
    with tables.store.reading() as connection:
        (table_id,) = connection.scalars(
            select(class_tables.c.id)
            .join(classes, classes.c.id == class_tables.c.class_id)
            .where(classes.c.code == code)
        ).all()
    clicks, bots_deadline = 0, time.monotonic() + 120
    while clicks < 3:  # each learner moves once, the bots between them by themselves
        view = tables.table(table_id)
        hand = view.game.replay().hand
        turn = hand.turn
        if turn not in (Seat.N, Seat.E):
            assert time.monotonic() < bots_deadline, "the bots stopped moving"
            learners[0].wait_for_timeout(100)  # the bots move on the pages' runs
            continue
        page = learners[0 if turn is Seat.N else 1]
        expect(page.get_by_text("Your turn.")).to_be_visible(timeout=WAIT_MS)
        action = legal_actions(hand)[0]
        table = page.get_by_role("region", name="Card table")
        table_ready(page)
        if action.card is not None:
            table.locator(f'button.card[data-code="{action.card.code}"]').click()
        else:
            table.locator(f'[data-action="{action_id(action)}"]').click()
        deadline = time.monotonic() + WAIT_MS / 1000
        while (after := tables.table(table_id).game).version == view.game.version:
            assert time.monotonic() < deadline, "the click never reached the table"
            page.wait_for_timeout(50)
        assert after.moves[view.game.version] == (turn, action)  # applied, once
        clicks += 1
    learners[0].screenshot(path=str(screenshots / "class-table-learner.png"))
    teacher.screenshot(path=str(screenshots / "class-table-teacher.png"))
    for page in (teacher, *learners):
        page.context.close()
