"""In headless Chromium: a learner walks lesson 2 by clicking, step by step,
then answers its quiz (seeded, so the test knows the questions) to three stars by
clicking the cards and the table's buttons; the stars show in the sidebar, every label
in full. Screenshots of each step and of the
feedback go to test-artifacts/screenshots/."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from test_browser_pages import button_name, wait_for_app

from lessons.loader import lesson_by_id
from lessons.quiz import Kind
from lessons.quizzes import build_quiz
from tutorial_app.quiz.scene import choice_button

LESSON = "bowers"
SEED = 4242  # lesson 2's quiz answered right first time: three stars

# Every sidebar label: its text box and whether it is cut (the ellipsis shows).
SIDEBAR_LABELS = """() => [...document.querySelectorAll(
    '[data-testid=stSidebar] [data-testid=stSidebarNavLink] .stMarkdownEllipsis')].map(
    (box) => ({text: box.textContent, cut: box.scrollWidth > box.clientWidth}))"""
# The worst case for every title: three stars before it, in bold (the current page).
WITH_STARS = """() => [...document.querySelectorAll(
    '[data-testid=stSidebar] [data-testid=stSidebarNavLink] .stMarkdownEllipsis')].map((box) => {
        const p = box.querySelector('p'); const text = p.textContent;
        if (!text.startsWith('★')) p.textContent = '★★★ ' + text;
        box.style.fontWeight = '700';
        const cut = box.scrollWidth > box.clientWidth;
        p.textContent = text; box.style.fontWeight = '';
        return {text, cut};
    })"""


def click(page: Page, name: str) -> None:
    page.get_by_role("button", name=button_name(name)).click()
    wait_for_app(page)


def shoot(page: Page, screenshots, name: str) -> None:
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.screenshot(path=screenshots / f"lesson-{LESSON}-{name}.png", full_page=True)


def question_table(page: Page):
    """The card-table component of the question on screen (the table, or loose cards)."""
    return page.get_by_role("region", name=re.compile(r"^(Card table|Question cards)$"))


def option_name(option) -> str:
    """The accessible name of an option on the table: a card's name, or a button's label."""
    return option.card.name if option.card is not None else choice_button(option)["label"]


def give_answer(page: Page, question, response=None) -> None:
    """Click ``response`` (default: the right answer) on the table: the cards, or the
    table's labelled buttons; a POINTS question through its Streamlit widgets."""
    response = question.answer if response is None else response
    if question.kind is Kind.POINTS:
        team = question.option(response[0]).label
        page.get_by_role("radiogroup").get_by_text(team).click()
        page.get_by_label("How many points?").fill(response[1])
        page.get_by_label("How many points?").press("Enter")
        wait_for_app(page)
        click(page, "Check my answer")
        return
    table = question_table(page)
    for key in response:
        table.get_by_role("button", name=button_name(option_name(question.option(key)))).click()
        wait_for_app(page)
    if question.kind is Kind.MULTI:
        click(page, "Check my answer")


def verdict(page: Page, question):
    """Where the verdict shows: under the table's cards, or a Streamlit alert (POINTS)."""
    if question.kind is Kind.POINTS:
        return page.locator(
            "[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]"
        )
    return question_table(page).get_by_role("status")


def assert_table_cards_drawn(page: Page) -> None:
    """Every card the table component draws on the page has its picture, at a card's size."""
    faces = page.locator(".ct .card .face svg")
    for i in range(faces.count()):
        box = faces.nth(i).bounding_box()
        assert box and box["width"] > 30 and box["height"] > 40, i


def test_answer_lesson_two_quiz_to_three_stars(page: Page, app_url, screenshots):
    questions = build_quiz(lesson_by_id(LESSON), SEED)
    page.goto(f"{app_url}/{LESSON}?part=quiz&seed={SEED}")
    wait_for_app(page)
    for number, question in enumerate(questions, 1):
        expect(page.get_by_text(question.prompt, exact=True)).to_be_visible()
        give_answer(page, question)
        feedback = verdict(page, question)
        expect(feedback).to_contain_text("Right!")
        expect(feedback).to_contain_text(question.explanation[:40])
        if number <= 2:
            shoot(page, screenshots, f"quiz-{number}-feedback")
        click(page, "Next question ▶" if number < len(questions) else "See your result ▶")
    expect(page.get_by_text("★★★", exact=True)).to_be_visible()
    # The stars also show at once in the title and beside the lesson in the sidebar.
    expect(page.locator("h1").first).to_contain_text("★★★")
    expect(page.get_by_role("link", name="★★★ 2. Trump and the bowers")).to_be_visible()
    # Each sidebar label shows in full, stars and all; so would any lesson's, with three
    # stars before it, in bold.
    labels = page.evaluate(SIDEBAR_LABELS)
    assert any(label["text"].startswith("★★★") for label in labels)
    assert not [label["text"] for label in labels if label["cut"]]
    assert not [label["text"] for label in page.evaluate(WITH_STARS) if label["cut"]]
    shoot(page, screenshots, "quiz-finished")
    # The link in the address reproduces this quiz.
    expect(page).to_have_url(re.compile(f"seed={SEED}"))


def test_walk_lesson_two_by_clicking_and_the_server_log_stays_clean(
    page: Page, app_server, screenshots
):
    """Every step by "Next step ▶", "Take the quiz", and a quiz answered wrong then
    right: the server prints no warning or error (a widget given a default and a session
    value warned here). Streamlit prints some warnings once per process, so the whole log
    since start-up is read: no page opened by any test so far may have printed anything."""
    lesson = lesson_by_id(LESSON)
    page.goto(f"{app_server.url}/{LESSON}")
    wait_for_app(page)
    for number in range(1, len(lesson.steps) + 1):
        expect(page.get_by_text(f"Step {number} of {len(lesson.steps)}")).to_be_visible()
        expect(page.locator("[data-testid=stException]")).to_have_count(0)
        assert_table_cards_drawn(page)
        shoot(page, screenshots, f"step-{number}")
        if number < len(lesson.steps):
            click(page, "Next step ▶")
    click(page, "Take the quiz ▶")
    # The address follows the rerun that drew the quiz: wait for it, as a learner would.
    expect(page).to_have_url(re.compile("part=quiz"))
    expect(page.locator("[data-testid=stProgress]")).to_contain_text("answered right")
    seed = int(page.url.split("seed=")[1].split("&")[0])
    first = build_quiz(lesson, seed)[0]
    wrong = next((o for o in first.options if o.key not in first.answer), None)
    if first.kind in (Kind.SINGLE, Kind.YESNO, Kind.MULTI) and wrong is not None:
        give_answer(page, first, (wrong.key,))
        expect(verdict(page, first)).to_contain_text("Not quite")
    else:
        give_answer(page, first)
    click(page, "Next question ▶")
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    # Streamlit logs warnings without a level word: a quiet server prints nothing at all.
    assert app_server.output_since(app_server.ready_at).strip() == ""
