"""Throwaway: screenshots (deleted after looking)."""
import re

from playwright.sync_api import expect
from test_browser_pages import wait_for_app

from engine import HandRecord
from lessons.question_source import question_for, topic_source
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import dispose_engines, new_learner_token, open_classes

DEAL = (
    '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
    '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
    '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": ['
    '{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}, '
    '{"seat": "E", "do": "with_partner"}, {"seat": "W", "do": "discard", "card": "JS"}'
)


def test_shots(browser, app_server, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{app_server.database}")
    url = app_server.url
    for label, scale in (("1280", 1), ("1920x150", 1.5)):
        context = browser.new_context(
            viewport={"width": 1280, "height": 720}, device_scale_factor=scale
        )
        page = context.new_page()
        for name, record in (
            ("east", HandRecord.loads(DEAL + ', {"seat": "N", "do": "play", "card": "9C"}]}')),
            ("lead", HandRecord.loads(DEAL + "]}")),
        ):
            page.goto(f"{url}/question?hand={encode_hand(record)}&ask=legal")
            wait_for_app(page)
            page.wait_for_timeout(800)
            page.screenshot(path=f"/tmp/s6-question-{name}-{label}.png")
        page.goto(f"{url}/class")
        wait_for_app(page)
        page.get_by_role("button", name="Start a class").click()
        expect(page.locator(".class-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
        code = page.locator(".class-code").inner_text()
        wait_for_app(page)
        key = page.evaluate(
            "(c) => JSON.parse(localStorage.getItem('euchre-teacher-key:' + c)).key", code
        )
        classes = open_classes()
        classes.join(code, "Ann", new_learner_token())
        source = next(
            topic_source("points", 11, i)
            for i in range(10)
            if question_for(topic_source("points", 11, i)).kind.value == "points"
        )
        classes.push_question(code, key, topic_source("tricks", 3, 0))
        page.wait_for_timeout(2500)
        wait_for_app(page)
        page.screenshot(path=f"/tmp/s6-control-question-{label}.png")
        classes.reveal(code, key)
        page.wait_for_timeout(2500)
        wait_for_app(page)
        page.screenshot(path=f"/tmp/s6-control-revealed-{label}.png")
        classes.push_question(code, key, source)
        learner = context.new_page()
        learner.goto(f"{url}/join?code={code}")
        wait_for_app(learner)
        learner.get_by_label("Your name").fill("Ben")
        learner.get_by_role("button", name="Join the class").click()
        learner.get_by_role("button", name="Send my answer").click()
        learner.wait_for_timeout(2500)  # two ticks of the poll
        learner.screenshot(path=f"/tmp/s6-join-points-missing-{label}.png")
        context.close()
    dispose_engines()
