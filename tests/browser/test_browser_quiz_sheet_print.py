"""In headless Chromium, printed to PDF (``page.pdf``, A4 as the sheet's ``@page`` asks):
a quiz sheet holds at least four questions a page, for every lesson's quiz and for the
longest Practise set of every topic; a sheet of one copy per learner starts each copy on
pages of its own (the file's answer keys: tests/app/test_quiz_sheet.py).

The layout test needs no app server (the sheets are the downloads' HTML, set into a blank
page); the last test downloads the sheet, then a copy per learner, from the Print page,
each file made only when the teacher clicks (Streamlit's deferred download)."""

from __future__ import annotations

import math
import re

from playwright.sync_api import Browser, Page, expect
from test_browser_pages import wait_for_app

from lessons.loader import load_all
from lessons.quizzes import PRACTICE_TOPICS
from tutorial_app.features.quiz_sheet.copies import copies_html
from tutorial_app.features.quiz_sheet.sheet import quiz_sheet_html
from tutorial_app.features.quiz_sheet.sources import SeededSet, lesson_questions

PDF_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")  # a page object; /Pages is the tree
QUESTIONS_A_PAGE = 4


def printed_pages(page: Page, sheet: str, keys: bool = True) -> int:
    """The pages ``sheet`` prints on (without its answer keys unless ``keys``)."""
    page.set_content(sheet)
    if not keys:
        page.add_style_tag(content=".key { display: none; }")
    return len(PDF_PAGE.findall(page.pdf(prefer_css_page_size=True)))


def test_a_sheet_prints_four_questions_a_page_and_each_learner_gets_a_copy(browser: Browser):
    context = browser.new_context()
    page = context.new_page()
    sets = {lesson.id: lesson_questions(lesson.id, 42) for lesson in load_all()}
    sets["practise"] = SeededSet(topics=tuple(PRACTICE_TOPICS), length=40).questions(7)
    pages = {}
    for name, questions in sets.items():
        pages[name] = printed_pages(page, quiz_sheet_html(questions, "Quiz"), keys=False)
        most = math.ceil(len(questions) / QUESTIONS_A_PAGE)
        assert pages[name] <= most, (name, len(questions), pages[name])

    bowers = SeededSet(lesson_id="bowers")
    copies = copies_html(bowers, [("Ann", 42), (None, 43)], "Quiz")
    second = printed_pages(page, quiz_sheet_html(bowers.questions(43), "Quiz"), keys=False)
    # Each copy on pages of its own: the copies print on as many pages as apart.
    assert printed_pages(page, copies, keys=False) == pages["bowers"] + second
    context.close()


def test_the_print_page_downloads_the_sheet_and_a_copy_per_learner_with_every_key(
    browser: Browser, app_url, tmp_path
):
    """The sheet: every question (its cards drawn) and its key, which starts a page of its
    own when printed. Then a copy per learner: each named, each with its own key."""
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    page.goto(f"{app_url}/print")
    wait_for_app(page)
    button = page.get_by_role("button", name=re.compile(r"Download the sheet \((\d+) questions"))
    count = int(re.search(r"\((\d+) questions", button.inner_text()).group(1))
    with page.expect_download() as caught:
        button.click()
    caught.value.save_as(tmp_path / "sheet.html")
    sheet = context.new_page()
    sheet.goto((tmp_path / "sheet.html").as_uri())
    expect(sheet.locator("section.question")).to_have_count(count)
    expect(sheet.locator("section.key li")).to_have_count(count)
    expect(sheet.locator("section.question svg").first).to_be_visible()  # cards drawn
    sheet.emulate_media(media="print")
    assert (
        sheet.locator("section.key").evaluate("key => getComputedStyle(key).breakBefore") == "page"
    )

    wait_for_app(page)
    page.get_by_role("radio", name="A copy per learner").click()
    wait_for_app(page)
    page.get_by_label("Learners' names").fill("Ann\nBilal <b>")
    page.get_by_label("Learners' names").press("Control+Enter")
    wait_for_app(page)
    button = page.get_by_role("button", name="Download 2 copies and their answer keys (HTML)")
    with page.expect_download() as caught:
        button.click()
    caught.value.save_as(tmp_path / "copies.html")
    sheet.goto((tmp_path / "copies.html").as_uri())
    expect(sheet.locator("section.copy")).to_have_count(2)
    expect(sheet.locator("section.copy .name").nth(1)).to_have_text("Name: Bilal <b>")
    expect(sheet.locator("section.key section.copy-key h2")).to_have_text(
        [re.compile(r"^Ann: Lesson 1\..*quiz number 42$"), re.compile(r"^Bilal <b>: .*43$")]
    )
    context.close()
