"""Throwaway: screenshots of the projector view (deleted after looking)."""
import re

from playwright.sync_api import expect
from test_browser_pages import wait_for_app

from lessons.question_source import question_for, topic_source
from tutorial_app.store import dispose_engines, new_learner_token, open_classes


def test_shots(browser, app_server, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{app_server.database}")
    url = app_server.url
    for label, scale, size in (("1280", 1, (1280, 720)), ("1920x150", 1.5, (1280, 720))):
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, device_scale_factor=scale
        )
        teacher = context.new_page()
        teacher.goto(f"{url}/class")
        wait_for_app(teacher)
        teacher.get_by_role("button", name="Start a class").click()
        expect(teacher.locator(".class-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
        code = teacher.locator(".class-code").inner_text()
        wait_for_app(teacher)
        teacher.screenshot(path=f"/tmp/s6-screen-control-{label}.png")
        screen = context.new_page()
        screen.goto(f"{url}/class-screen?class={code}")
        expect(screen.locator(".pj-code")).to_have_text(code, timeout=15000)
        classes = open_classes()
        tokens = [new_learner_token() for _ in range(5)]
        for i, token in enumerate(tokens):
            classes.join(code, f"Pupil{i}", token)
        expect(screen.get_by_text("5 of 100 joined")).to_be_visible(timeout=5000)
        screen.screenshot(path=f"/tmp/s6-screen-waiting-{label}.png")
        key = teacher.evaluate(
            "(c) => JSON.parse(localStorage.getItem('euchre-teacher-key:' + c)).key", code
        )
        for n, source in enumerate((topic_source("tricks", 3, 0), topic_source("play", 3, 1))):
            qid = classes.push_question(code, key, source)
            question = question_for(source)
            expect(screen.get_by_text(f"Question {n + 1}.")).to_be_visible(timeout=5000)
            for i, token in enumerate(tokens[:4]):
                pick = question.answer if i % 2 == 0 else (question.options[-1].key,)
                classes.answer(code, token, qid, pick)
            expect(screen.get_by_text("4 of 5 answered")).to_be_visible(timeout=5000)
            screen.wait_for_timeout(500)
            screen.screenshot(path=f"/tmp/s6-screen-question{n + 1}-{label}.png")
            classes.reveal(code, key)
            expect(screen.locator(".pj-answer")).to_be_visible(timeout=5000)
            screen.wait_for_timeout(800)
            screen.screenshot(path=f"/tmp/s6-screen-reveal{n + 1}-{label}.png")
            sizes = screen.evaluate(
                "() => [...document.querySelectorAll('.pj-bar-label')].map("
                "e => parseFloat(getComputedStyle(e).fontSize))"
            )
            print(label, "bar label px", sizes)
        teacher.reload()
        wait_for_app(teacher)
        teacher.screenshot(path=f"/tmp/s6-screen-control-after-{label}.png")
        context.close()
    dispose_engines()
