"""Quizzes and lesson steps on the card table, in headless Chromium: a question is
answered by clicking its cards, and the question, its cards and every control needed
to act are on screen together at 1280x720, at 1920x1080 with 150% zoom (the same
1280x720 CSS pixels at device scale 1.5), and fit a phone's width.

"On screen" means inside the viewport and below Streamlit's header bar, measured from
the elements' bounding boxes, as the page opens, with no scrolling: a question on loose
cards, a try step and a step-through on the whole table.
Screenshots of each go to test-artifacts/screenshots/quiz-*.png.
"""

from __future__ import annotations

import re

import pytest
from phone_fit import PHONE
from playwright.sync_api import Browser, Locator, Page, expect
from screens import SCREEN, each_screen, laid_out_at
from test_browser_pages import LOAD_MS, button_name, wait_for_app

from lessons.loader import lesson_by_id, load_all
from lessons.quizzes import build_quiz
from tutorial_app.features.learn.walk import message as message_of
from tutorial_app.features.learn.walk import seconds_at, walk_of


def question_table(page: Page) -> Locator:
    return page.get_by_role("region", name=re.compile(r"^(Card table|Question cards)$"))


def open_at(browser: Browser, app_url: str, path: str, viewport: dict, scale: float) -> Page:
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    page = context.new_page()
    page.goto(f"{app_url}/{path}")
    wait_for_app(page)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    return page


def click(page: Page, scope, name: str) -> None:
    scope.get_by_role("button", name=button_name(name)).click()
    wait_for_app(page)


def header_bottom(page: Page) -> float:
    """Where the page's own content starts to show: under Streamlit's fixed header."""
    box = page.locator("[data-testid=stHeader]").bounding_box()
    return box["y"] + box["height"] if box else 0


def assert_on_screen(page: Page, *parts: Locator) -> None:
    """Every element matched by ``parts`` (each must match at least one) lies wholly in
    the viewport, below the header."""
    view, top = page.viewport_size, header_bottom(page)
    for part in parts:
        # A table's component may still be on its way when the run has ended (seen once
        # on a busy machine): wait for the first match, then measure them all.
        expect(part.first).to_be_attached(timeout=LOAD_MS)
        elements = part.all()
        assert elements, f"nothing matches {part}"
        for element in elements:
            box = element.bounding_box()
            assert box is not None, element
            name = element.get_attribute("aria-label") or element.inner_text()[:40]
            assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5, (name, box)
            assert top - 0.5 <= box["y"], (name, box, "under the header")
            assert box["y"] + box["height"] <= view["height"] + 0.5, (name, box, view)


def step_buttons(page: Page) -> list[Locator]:
    """The lesson's own ◀ Previous / Next ▶ (or "Take the quiz ▶" on the last step)."""
    return [
        page.get_by_role("button", name="◀ Previous step", exact=True),
        page.get_by_role("button", name=re.compile(r"^(Next step|Take the quiz) ▶$")),
    ]


def assert_within_width(page: Page, *parts: Locator) -> None:
    width = page.viewport_size["width"]
    for part in parts:
        for element in part.all():
            box = element.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box


# ---- a quiz question --------------------------------------------------------------------


def test_a_lesson_two_quiz_question_fits_and_is_answered_by_clicking_its_cards(
    browser: Browser, app_url, screenshots
):
    """Lesson 2, quiz 4242, question 1: "which of these cards are trumps?" (choose all)."""
    question = build_quiz(lesson_by_id("bowers"), 4242)[0]
    assert question.kind.value == "multi" and question.options[0].card is not None
    page = open_at(browser, app_url, "bowers?part=quiz&seed=4242", SCREEN, 1)
    table = question_table(page)
    prompt = page.get_by_text(question.prompt, exact=True)
    check = table.get_by_role("button", name="Check my answer")
    # As the page opens, with no scrolling: the question, every card and the buttons.
    for screen in each_screen(page):
        assert_on_screen(
            page, prompt, table, table.locator(".hand > .card"), table.get_by_role("status"), check
        )
        screen.shoot(screenshots / f"quiz-bowers-question-{screen.name}.png")

    wrong = next(o for o in question.options if o.key not in question.answer)
    for option in (wrong, *(question.option(key) for key in question.answer)):
        click(page, table, option.card.name)  # a click picks the card ...
    click(page, table, wrong.card.name)  # ... and a second takes it back
    picked = table.locator(".card.mark-picked")
    expect(picked).to_have_count(len(question.answer))
    for card in picked.all():
        expect(card).to_contain_text("picked")  # the pick is said in words too
    click(page, table, "Check my answer")
    message = table.get_by_role("status")
    expect(message).to_contain_text("Right!")
    expect(message).to_contain_text(question.explanation[:40])
    right = table.locator(".card.mark-right")
    expect(right).to_have_count(len(question.answer))
    expect(right.first).to_contain_text("✓ picked")
    next_button = page.get_by_role("button", name="Next question ▶")
    for screen in each_screen(page):
        assert_on_screen(page, prompt, table, message, next_button)
        screen.shoot(screenshots / f"quiz-bowers-feedback-{screen.name}.png")
    page.context.close()


def test_a_try_step_fits_and_one_click_on_a_card_answers(browser: Browser, app_url, screenshots):
    """Lesson 1's try step "which is your highest heart?": as the page opens, the step's
    question, its cards and the step buttons are on screen; a click is the answer."""
    lesson = lesson_by_id("cards-and-deal")
    number, step = next(
        (i, s)
        for i, s in enumerate(lesson.steps, 1)
        if s.show == "try" and s.question.options[0].card is not None
    )
    question = step.question
    page = open_at(browser, app_url, f"{lesson.id}?step={number}", SCREEN, 1)
    table = question_table(page)
    for screen in each_screen(page):
        assert_on_screen(
            page,
            page.get_by_text(question.prompt, exact=True),
            table,
            table.locator(".hand > .card"),
            table.get_by_role("status"),
            *step_buttons(page),
        )
        screen.shoot(screenshots / f"quiz-try-cards-{screen.name}.png")
    wrong = next(o for o in question.options if o.key not in question.answer)
    click(page, table, wrong.card.name)
    message = table.get_by_role("status")
    expect(message).to_contain_text("Not quite")
    expect(message).to_contain_text(question.explanation[:40])
    expect(table.locator(".card.mark-wrong")).to_contain_text("✗ your pick")
    expect(table.locator(".card.mark-right")).to_contain_text("✓ correct")
    expect(table.get_by_role("button", name=wrong.card.name)).to_have_count(0)  # answered
    page.screenshot(path=screenshots / "quiz-try-wrong-1280x720.png")
    click(page, page, "Try it again")
    click(page, table, question.option(question.answer[0]).card.name)
    expect(message).to_contain_text("Right!")
    page.context.close()


@pytest.mark.parametrize("lesson", [lesson.id for lesson in load_all()])
def test_every_lessons_first_quiz_question_and_its_verdict_fit(
    browser: Browser, app_url, screenshots, lesson
):
    """Quiz 42 of each lesson at 1280x720: the question's table and buttons as it opens;
    after an answer (the first card or choice, then Check if asked), the verdict and
    "Next question ▶" too, with no scrolling."""
    page = open_at(browser, app_url, f"{lesson}?part=quiz&seed=42", SCREEN, 1)
    if build_quiz(lesson_by_id(lesson), 42)[0].kind.value == "points":
        # A team and a number: Streamlit's own widgets, and the verdict in an alert.
        team = page.locator("[data-testid=stRadio]").get_by_role("radio").first
        check = page.get_by_role("button", name="Check my answer")
        assert_on_screen(page, team, page.get_by_role("spinbutton"), check)
        team.check(force=True)
        wait_for_app(page)
        page.get_by_role("spinbutton").fill("1")
        page.get_by_role("spinbutton").press("Enter")
        wait_for_app(page)
        check.click()
        wait_for_app(page)
        verdict = page.get_by_role("alert")
    else:
        table = question_table(page)
        assert_on_screen(page, table, table.locator(".action"))
        cards = table.locator("button.card:not([disabled])")
        (cards if cards.count() else table.locator("button.action:not([disabled])")).first.click()
        wait_for_app(page)
        check = table.get_by_role("button", name="Check my answer")
        if check.count():
            check.click()
            wait_for_app(page)
        verdict = table.get_by_role("status")
    expect(verdict).to_contain_text(re.compile("Right!|Not quite"))
    assert_on_screen(page, verdict, page.get_by_role("button", name="Next question ▶"))
    page.screenshot(path=screenshots / f"quiz-first-question-{lesson}.png")
    page.context.close()


# ---- a lesson's try step and step-through, on the table -----------------------------------


def test_a_try_step_on_the_table_fits_with_the_step_buttons(browser: Browser, app_url, screenshots):
    """Lesson 4's try step: "which cards may you play?" on the table, South to play."""
    lesson = lesson_by_id("following-suit")
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.show == "try")
    question = step.question
    page = open_at(browser, app_url, f"{lesson.id}?step={number}", SCREEN, 1)
    table = question_table(page)
    prompt = page.get_by_text(question.prompt, exact=True)
    steps = step_buttons(page)
    for screen in each_screen(page):
        assert_on_screen(
            page,
            prompt,
            table,
            table.locator(".hand > .card"),
            table.locator(".trick-card"),
            table.get_by_role("status"),
            table.get_by_role("button", name="Check my answer"),
            *steps,
        )
        screen.shoot(screenshots / f"quiz-try-table-{screen.name}.png")
    on_a_phone_too(page, screenshots, "try-table")
    for key in question.answer:
        click(page, table, question.option(key).card.name)
    click(page, table, "Check my answer")
    expect(table.get_by_role("status")).to_contain_text("Right!")
    for screen in each_screen(page):
        assert_on_screen(
            page,
            table.get_by_role("status"),
            page.get_by_role("button", name="Try it again"),
            *steps,
        )
        screen.shoot(screenshots / f"quiz-try-table-feedback-{screen.name}.png")
    page.context.close()


def test_stepping_through_a_trick_keeps_buttons_and_cards_together(
    browser: Browser, app_url, screenshots
):
    """Lesson 2's trick step: ◀ ▶ under the table, the trick stays once it is complete."""
    lesson = lesson_by_id("bowers")
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.show == "trick")
    walk = walk_of(step)
    page = open_at(browser, app_url, f"{lesson.id}?step={number}", SCREEN, 1)
    table = page.get_by_role("region", name="Card table")
    back = table.get_by_role("button", name="◀ Back")
    forward = table.get_by_role("button", name="Next card ▶")
    play = table.get_by_role("button", name="▶ Play")
    message = table.get_by_role("status")
    expect(back).to_be_disabled()
    on_a_phone_too(page, screenshots, "step-through")
    for shown in range(1, walk.count + 1):
        forward.click()
        wait_for_app(page)
        expect(message).to_contain_text(message_of(walk, shown)[0])  # the move, at once
    expect(forward).to_be_disabled()
    trick = table.locator(".trick-card")
    expect(trick).to_have_count(walk.count)  # the whole trick stays on the table
    expect(table.locator(".trick-card.won")).to_have_count(1)
    for screen in each_screen(page):
        assert_on_screen(
            page, table.locator(".hand > .card"), trick, back, forward, message, *step_buttons(page)
        )
        screen.shoot(screenshots / f"quiz-step-through-{screen.name}.png")
    back.click()
    wait_for_app(page)
    expect(message).to_contain_text(message_of(walk, walk.count - 1)[0])
    expect(trick).to_have_count(walk.count - 1)
    expect(play).to_be_enabled()
    page.context.close()


def test_a_step_through_plays_itself_pauses_and_jumps(browser: Browser, app_url, screenshots):
    """Lesson 5's lone hand: ▶ Play moves on by itself, each move after its reading time;
    ⏸ Pause gives the ▶ Play back; "Trick 3" shows that trick with its winner; ⏭ End
    the result, the last trick's button pressed."""
    lesson = lesson_by_id("going-alone")
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.id == "lone-hand")
    walk = walk_of(step)
    page = open_at(browser, app_url, f"{lesson.id}?step={number}", SCREEN, 1)
    table = page.get_by_role("region", name="Card table")
    status = table.get_by_role("status")
    table.get_by_role("button", name="▶ Play").click()
    first, second = (message_of(walk, walk.start + n)[0] for n in (1, 2))
    wait = 1000 * (seconds_at(walk, walk.start) + seconds_at(walk, walk.start + 1)) + 10_000
    expect(status).to_contain_text(first, timeout=wait)  # by itself, no click
    expect(status).to_contain_text(second, timeout=wait)
    pause = table.get_by_role("button", name="⏸ Pause")
    pause.click()
    expect(table.get_by_role("button", name="▶ Play")).to_be_visible()  # it waits for you
    table.get_by_role("button", name="Trick 3").click()
    final = step.record.replay()
    expect(status).to_contain_text(f"{final.tricks[2].winner.word} wins the trick")
    expect(table.locator(".trick-card.won")).to_have_count(1)
    page.screenshot(path=screenshots / "step-through-trick-3.png")
    table.get_by_role("button", name="⏭ End").click()
    expect(status).to_contain_text("4 points")
    expect(table.get_by_role("button", name="Trick 5")).to_have_attribute("aria-pressed", "true")
    page.context.close()


# ---- a phone ---------------------------------------------------------------------------------


def assert_fits_a_phone(page: Page, screenshots, name: str, steps: bool) -> None:
    """390x844: nothing wider than the screen, the hand in at most two rows, and the
    table's buttons (and the lesson's step buttons if ``steps``) on screen without
    scrolling; test-artifacts/screenshots/quiz-phone-<name>.png."""
    table = page.locator(".ct")
    expect(table.first).to_be_visible()
    assert_within_width(page, table, page.locator(".ct .card"), page.locator(".ct .action"))
    rows = {round(card.bounding_box()["y"]) for card in page.locator(".ct .hand > .card").all()}
    assert 1 <= len(rows) <= 2, rows
    controls = [page.locator(".ct .action")] + (step_buttons(page) if steps else [])
    assert_on_screen(page, *controls)
    page.screenshot(path=screenshots / f"quiz-phone-{name}.png")


def on_a_phone_too(page: Page, screenshots, name: str) -> None:
    """A lesson step open at 1280x720 fits a phone (assert_fits_a_phone), laid out again
    at 390x844 without a rerun; then back at 1280x720."""
    page.set_viewport_size(PHONE)
    assert_fits_a_phone(page, screenshots, name, steps=True)
    laid_out_at(page, SCREEN)


def test_on_a_phone_a_quiz_question_and_its_hand_are_on_the_first_screen(
    browser: Browser, app_url, screenshots
):
    """A quiz question opened on a phone. (A try step and a step-through on a phone:
    on_a_phone_too in their tests above.)"""
    page = open_at(browser, app_url, "bowers?part=quiz&seed=4242", PHONE, 3)
    assert_fits_a_phone(page, screenshots, "question", steps=False)
    page.context.close()


def test_practise_a_seat_question_answered_wrong_fits_with_next_question(
    browser: Browser, app_url, screenshots
):
    """Practise, Choose topics: "Who leads the next trick?" answered with a wrong seat.
    The verdict, the judged seats and "Next question ▶" fit without scrolling (they
    were pushed 80 px below 720 by the lines above the question)."""
    from lessons.quizzes import mixed_quiz_plan, topic_generators

    seed = next(
        s
        for s in range(1, 100)
        if mixed_quiz_plan(topic_generators(["tricks"]), s, 1)[0][0] == "next_leader"
    )
    page = open_at(browser, app_url, f"practise?topics=tricks&seed={seed}", SCREEN, 1)
    table = question_table(page)
    seats = table.locator("button.action:not([disabled])")
    expect(seats).to_have_count(4)
    assert_on_screen(page, table, seats)
    seats.nth(1).click()  # East: right or wrong, the verdict and the judged seats show
    wait_for_app(page)
    verdict = table.get_by_role("status")
    expect(verdict).to_contain_text(re.compile("Right!|Not quite"))
    next_button = page.get_by_role("button", name="Next question ▶")
    for screen in each_screen(page):
        assert_on_screen(page, verdict, table.locator("button.action"), next_button)
        screen.shoot(screenshots / f"quiz-practise-seat-{screen.name}.png")
    page.context.close()


def test_a_missed_lesson_question_goes_to_its_step_and_back_to_the_quiz(
    browser: Browser, app_url, screenshots
):
    """Lesson 3's quiz 4242 asks "Which team are the makers?"; answered wrong, "See step 5
    again" sits beside "Next question ▶" on the first screen. It opens the makers step
    with "Back to the quiz ▶", which returns to the same question, still answered."""
    lesson = lesson_by_id("making-trump")
    question = build_quiz(lesson, 4242)[0]
    number = lesson.step_teaching(question)
    wrong = next(o for o in question.options if o.key not in question.answer)
    page = open_at(browser, app_url, f"{lesson.id}?part=quiz&seed=4242", SCREEN, 1)
    click(page, question_table(page), wrong.label)
    review = page.get_by_role("button", name=f"See step {number} again")
    next_button = page.get_by_role("button", name="Next question ▶")
    for screen in each_screen(page):
        assert_on_screen(page, review, next_button)
        screen.shoot(screenshots / f"quiz-missed-review-{screen.name}.png")
    review.click()
    wait_for_app(page)
    expect(page.get_by_text(f"Step {number} of {len(lesson.steps)}")).to_be_visible()
    back = page.get_by_role("button", name="Back to the quiz ▶")
    assert_on_screen(page, back, *step_buttons(page))
    back.click()
    wait_for_app(page)
    expect(question_table(page).get_by_role("status")).to_contain_text("Not quite")
    assert_on_screen(page, next_button)
    page.context.close()
