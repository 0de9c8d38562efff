"""A live class in real browsers: the teacher's context and three learners' contexts on
the worker's live-class server (conftest.class_server). They join, the teacher asks, each
answers on the card table, the answers come in on the teacher's screen (count and chart), the reveal
reaches every learner without a reload, and the report lists them. Screenshots of the
projector and of a learner's screen go to test-artifacts/screenshots."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from test_browser_pages import table_ready, wait_for_app

from lessons.loader import load_all
from lessons.question_source import lesson_source, question_for
from tutorial_app.quiz.scene import choice_button

NAMES = ("<b>Ann</b>", "Ben", "Cat")
# The teacher's default choice: the first lesson's quiz number 1, question 1.
QUESTION = question_for(lesson_source(load_all()[0].id, 1, 0))


def new_page(browser: Browser, width: int = 1280, height: int = 1000) -> Page:
    return browser.new_context(viewport={"width": width, "height": height}).new_page()


def start_class(teacher: Page, url: str, timeout: float = 5000) -> str:
    """The teacher opens /class and starts a class; returns its code once shown."""
    teacher.goto(f"{url}/class")
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Start a class").click()
    code_box = teacher.locator(".class-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=timeout)
    return code_box.inner_text()


def pick_option(page: Page, label: str, text: str) -> None:
    """Choose the option ``text`` starts in the selectbox ``label``: typed, the list opens
    filtered, and Enter takes its first option."""
    box = page.get_by_role("combobox", name=label)
    box.click()
    box.press_sequentially(text)
    expect(box).to_have_attribute("aria-expanded", "true")
    box.press("Enter")
    wait_for_app(page)


def option_button(page: Page, key: str):
    label = choice_button(QUESTION.option(key))["label"]
    return page.get_by_role("button", name=label, exact=True)


def test_a_class_with_three_learners(browser: Browser, class_server, screenshots: Path):
    teacher = new_page(browser, 1280, 1400)
    code = start_class(teacher, class_server.url)
    qr = teacher.get_by_role("img", name=re.compile("QR code of"))
    expect(qr).to_be_visible()
    assert qr.bounding_box()["width"] >= 280  # large enough for the back row
    assert f"class={code}" in teacher.url and "key=" not in teacher.url
    # The page was opened as 127.0.0.1: its join link names the teacher's own computer.
    assert "127.0.0.1" in class_server.url
    expect(teacher.get_by_text("This address only works on this computer")).to_be_visible()

    learners = []
    for name in NAMES:
        page = new_page(browser, 390, 844)  # a phone
        page.goto(f"{class_server.url}/join?code={code}")
        wait_for_app(page)
        page.get_by_label("Your name").fill(name)
        if name == NAMES[0]:  # a phone's Go key (Enter) joins, as the button does
            page.get_by_label("Your name").press("Enter")
        else:
            page.get_by_role("button", name="Join the class").click()
        expect(page.get_by_text("Waiting for the next question")).to_be_visible()
        learners.append(page)
    expect(learners[0].get_by_text("<b>Ann</b>", exact=True)).to_be_visible()  # shown as typed
    expect(teacher.get_by_text("3 learners joined (up to 100)")).to_be_visible(timeout=15000)
    expect(teacher.get_by_text("<b>Ann</b>, Ben, Cat")).to_be_visible()  # never as HTML
    teacher.screenshot(path=str(screenshots / "live-class-teacher-waiting.png"))

    teacher.get_by_role("button", name="Ask this question").click()
    wait_for_app(teacher)
    teacher.get_by_text("Who answered what", exact=True).click()  # open while they answer
    for page in learners:  # the question arrives by polling: no reload
        expect(page.get_by_text(QUESTION.prompt)).to_be_visible(timeout=15000)
    right = QUESTION.answer[0]
    wrong = next(o.key for o in QUESTION.options if o.key != right)
    for page, key in zip(learners, (right, right, wrong), strict=False):
        table_ready(page)
        option_button(page, key).click()
        expect(page.get_by_text("Your answer is in")).to_be_visible()
    learners[1].screenshot(path=str(screenshots / "live-class-learner-answered.png"))

    expect(teacher.get_by_text("3 answered")).to_be_visible(timeout=15000)
    most_missed = teacher.locator(".st-key-class-most-missed")  # the grid follows, no reload
    expect(most_missed).to_contain_text("3 of 3 have answered, 1 wrong so far", timeout=15000)
    teacher.get_by_text("Show the answers as a chart").click()
    expect(teacher.locator(".js-plotly-plot")).to_be_visible(timeout=10000)
    teacher.screenshot(path=str(screenshots / "live-class-teacher-answers.png"))

    teacher.get_by_role("button", name="Reveal the answer").click()
    for page, verdict in zip(learners, ("Right!", "Right!", "Not quite"), strict=False):
        expect(page.get_by_text(verdict)).to_be_visible(timeout=15000)
        expect(page.get_by_text(QUESTION.explanation[:40])).to_be_visible()
    learners[2].screenshot(path=str(screenshots / "live-class-learner-revealed.png"))
    expect(teacher.get_by_text(f"The answer: {QUESTION.answer_text}.")).to_be_visible()

    teacher.get_by_text("Report", exact=True).click()
    expect(teacher.get_by_role("button", name="Download the learners (CSV)")).to_be_visible()
    report = teacher.locator("[data-testid=stDataFrame]")
    expect(report).to_have_count(3)  # per question, per learner, and who answered what
    teacher.screenshot(path=str(screenshots / "live-class-teacher-report.png"))
    # Both CSVs are offered; what they hold is checked without a browser
    # (tests/store/test_live_class_bounds.py, tests/app/test_live_class_teacher_tools.py).
    # Clicking one here was flaky: Streamlit gives a deferred download a new id on each full
    # run, and a click that lands between a rerun and its new id can leave the button
    # disabled (to be solved in the product, not worked around here).
    for name in ("Download the questions (CSV)", "Download the learners (CSV)"):
        expect(teacher.get_by_role("button", name=name)).to_be_enabled()
    for page in (teacher, *learners):
        page.context.close()


STORED_KEYS = """() => Object.entries(localStorage)
    .filter(([name]) => name.startsWith("euchre-teacher-key:"))
    .map(([name, entry]) => [name.split(":")[1], JSON.parse(entry).key])"""


def stored_keys(page: Page) -> dict[str, str]:
    return dict(page.evaluate(STORED_KEYS))


def stored_key(page: Page, code: str, other_than: str = "") -> str:
    """Class ``code``'s key in this browser's storage, once the page has stored one (and
    one other than ``other_than``): the component stores it after the page has drawn."""
    page.wait_for_function(
        """([code, old]) => {
            const entry = localStorage.getItem("euchre-teacher-key:" + code);
            return entry !== null && JSON.parse(entry).key !== old;
        }""",
        arg=[code, other_than],
    )
    return stored_keys(page)[code]


def assert_no_secret(page: Page, *secrets: str) -> None:
    """No secret in the address, the page's source or its title."""
    source = page.content()
    for secret in secrets:
        assert secret not in page.url and secret not in source and secret not in page.title()
    assert "key=" not in page.url and "teacher=" not in page.url


def class_shown(page: Page, code: str) -> None:
    wait_for_app(page)
    expect(page.locator(".class-code")).to_have_text(code, timeout=10000)


def test_the_teacher_key_never_shows(browser: Browser, class_server):
    """The key is in no address, history entry or page source; a reload finds it in the
    browser; an old ?key= address opens the class once (then the key changes); a teacher
    link opens it on another device once."""
    teacher = new_page(browser)
    code = start_class(teacher, class_server.url)
    wait_for_app(teacher)
    key = stored_key(teacher, code)
    assert len(key) == 43
    assert teacher.url.endswith(f"/class?class={code}")
    assert_no_secret(teacher, key)
    teacher.reload()  # the key comes back from storage
    class_shown(teacher, code)
    expect(teacher.get_by_role("button", name="End the class")).to_be_visible()
    assert_no_secret(teacher, key)

    # A teacher link, for a phone: one-time, and gone from the phone's address at once.
    teacher.get_by_text("Teacher key and other devices").click()
    teacher.get_by_role("button", name="Make a teacher link").click()
    wait_for_app(teacher)
    link = teacher.locator("[data-testid=stCode]").last.inner_text().strip()
    assert f"class={code}&teacher=" in link and key not in link
    phone = new_page(browser, 390, 844)
    phone.goto("about:blank")
    phone.goto(link)
    class_shown(phone, code)
    expect(phone.get_by_role("button", name="End the class")).to_be_visible()
    one_time = link.rsplit("teacher=", 1)[1]
    phone_key = stored_key(phone, code, other_than=key)
    assert phone_key != key
    assert_no_secret(phone, key, one_time, phone_key)
    phone.go_back()  # no history entry holds the link
    expect(phone).to_have_url("about:blank")
    again = new_page(browser)
    again.goto(link)
    wait_for_app(again)
    expect(again.get_by_text("used already or is too old")).to_be_visible()
    assert code not in stored_keys(again)

    # An old address with the key: opens the class once, then that key opens nothing.
    old = new_page(browser)
    old.goto("about:blank")
    old.goto(f"{class_server.url}/class?class={code}&key={key}")
    class_shown(old, code)
    fresh = stored_key(old, code, other_than=key)
    assert fresh != key
    assert_no_secret(old, key, fresh)
    old.go_back()
    expect(old).to_have_url("about:blank")
    teacher.reload()  # the first device's key was changed
    wait_for_app(teacher)
    expect(teacher.get_by_text(f"does not hold class {code}'s teacher key")).to_be_visible()
    for page in (teacher, phone, again, old):
        page.context.close()


def test_a_question_asked_brings_the_teachers_page_to_its_top(browser: Browser, class_server):
    """A teacher far down the page (the set box, the report) who asks the next question
    finds its Reveal button in sight: the join code folds away above them, and the page
    goes back to its top instead of leaving them in the middle. The question asked is the
    one the Question box shows after the lesson was changed (it kept the first lesson's
    words while choosing from the second)."""
    teacher = new_page(browser, 1280, 720)
    start_class(teacher, class_server.url)
    wait_for_app(teacher)
    pick_option(teacher, "Lesson", load_all()[1].title)
    lesson = teacher.get_by_role("combobox", name="Lesson")
    expect(lesson).to_have_value(f"2. {load_all()[1].title}")
    second = question_for(lesson_source(load_all()[1].id, 1, 0)).prompt
    box = teacher.get_by_role("combobox", name="Question")
    assert box.input_value().startswith(f"1. {second[:40]}"), box.input_value()
    main = teacher.locator("[data-testid=stMain]")
    teacher.get_by_role("button", name="End the class").scroll_into_view_if_needed()
    assert main.evaluate("main => main.scrollTop") > 300
    ask = teacher.get_by_role("button", name="Ask this question")
    ask.evaluate("button => button.click()")  # pressed without scrolling to it first
    expect(teacher.get_by_role("heading", name="Question 1", exact=True)).to_be_visible()
    expect(main).to_contain_text(second[:40])
    reveal = teacher.get_by_role("button", name="Reveal the answer")
    expect(reveal).to_be_in_viewport()
    expect(teacher.locator(".st-key-class-count")).to_contain_text("answered")
    expect(teacher.locator(".st-key-class-count")).to_be_in_viewport()
