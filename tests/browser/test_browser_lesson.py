"""In headless Chromium: a learner walks lesson 2 by clicking, step by step,
then answers its quiz (seeded, so the test knows the questions) to three stars.
Screenshots of each step and of the feedback go to test-artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lessons.loader import lesson_by_id
from lessons.quiz import Kind
from lessons.quizzes import build_quiz
from test_browser_pages import assert_cards_drawn, wait_for_app

pytestmark = pytest.mark.browser

LESSON = "bowers"
SEED = 4242


def click(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_for_app(page)


def shoot(page: Page, screenshots, name: str) -> None:
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.screenshot(path=screenshots / f"lesson-{LESSON}-{name}.png", full_page=True)


def give_answer(page: Page, question) -> None:
    label = {o.key: (o.card.label if o.card else o.label) for o in question.options}
    if question.kind in (Kind.SINGLE, Kind.YESNO):
        click(page, label[question.answer[0]])
        return
    if question.kind is Kind.MULTI:
        for key in question.answer:
            page.locator("[data-testid=stCheckbox]").filter(has_text=label[key]).click()
            wait_for_app(page)
    elif question.kind is Kind.ORDER:
        for key in question.answer:
            click(page, label[key])
    else:
        page.get_by_role("radiogroup").get_by_text(label[question.answer[0]]).click()
        page.get_by_label("How many points?").fill(question.answer[1])
        page.get_by_label("How many points?").press("Enter")
        wait_for_app(page)
    click(page, "Check my answer")


def test_walk_lesson_two_by_clicking(page: Page, app_url, screenshots):
    lesson = lesson_by_id(LESSON)
    page.goto(f"{app_url}/{LESSON}")
    wait_for_app(page)
    for number in range(1, len(lesson.steps) + 1):
        expect(page.get_by_text(f"Step {number} of {len(lesson.steps)}")).to_be_visible()
        expect(page.locator("[data-testid=stException]")).to_have_count(0)
        assert_cards_drawn(page)
        shoot(page, screenshots, f"step-{number}")
        if number < len(lesson.steps):
            click(page, "Next step ▶")
    click(page, "Take the quiz ▶")
    assert "part=quiz" in page.url


def test_answer_lesson_two_quiz_to_three_stars(page: Page, app_url, screenshots):
    questions = build_quiz(lesson_by_id(LESSON), SEED)
    page.goto(f"{app_url}/{LESSON}?part=quiz&seed={SEED}")
    wait_for_app(page)
    for number, question in enumerate(questions, 1):
        expect(page.locator("h4").filter(has_text=question.prompt)).to_be_visible()
        give_answer(page, question)
        feedback = page.locator("[data-testid=stAlertContentSuccess]")
        expect(feedback).to_contain_text("Right!")
        expect(feedback).to_contain_text(question.explanation[:40])
        if number <= 2:
            shoot(page, screenshots, f"quiz-{number}-feedback")
        click(page, "Next question" if number < len(questions) else "See your result")
    expect(page.get_by_text("★★★", exact=True)).to_be_visible()
    # The stars also show at once in the title and beside the lesson in the sidebar.
    expect(page.locator("h1").first).to_contain_text("★★★")
    expect(page.get_by_role("link", name="★★★ 2. Trump and the bowers")).to_be_visible()
    shoot(page, screenshots, "quiz-finished")
    # The link in the address reproduces this quiz.
    assert f"seed={SEED}" in page.url
