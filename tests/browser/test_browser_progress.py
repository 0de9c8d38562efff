"""In headless Chromium at 1280x720: an answer given on Practise is kept (in the server's
own temporary store) and the /progress page, reached through the sidebar in the same
session, draws its charts and table; an imported CSV with a bad row says which line
and why; the download, built when pressed, holds every answer; Practise opens on For
you; a reload resumes a lesson quiz where it was left.
Screenshots: progress-*.png and practise-*.png in test-artifacts/screenshots/."""

from __future__ import annotations

import io
import re

from playwright.sync_api import Browser, expect
from test_browser_lesson import give_answer, verdict
from test_browser_pages import LOAD_MS, wait_for_app

from engine import Rules
from lessons.loader import lesson_by_id
from lessons.quizzes import (
    DEFAULT_PRACTICE_TOPICS,
    build_quiz,
    mixed_quiz,
    mixed_quiz_plan,
    topic_generators,
)
from tutorial_app.store import new_learner_token, open_store

CHART = "[data-testid=stPlotlyChart]"
SEED = 4242


def exported_with_a_bad_row(tmp_path) -> bytes:
    """A CSV as the page exports it (three answers from another learner's store), its
    second data line damaged."""
    store = open_store(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    token = new_learner_token()
    for skill, correct in (("makers", True), ("legal_plays", False), ("trick_winner", True)):
        store.record_answer(
            token,
            lesson="practise:play",
            item_kind="single",
            generator=skill,
            answer="N",
            correct=correct,
            seed=3,
        )
    text = io.StringIO()
    store.export_csv(token, text)
    lines = text.getvalue().splitlines()
    lines[2] = lines[2].replace(",single,", ",<b>odd</b>,")
    return ("\n".join(lines) + "\n").encode()


def test_an_answer_shows_on_the_progress_page_with_its_charts(
    browser: Browser, app_server, screenshots, tmp_path
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_server.url}/practise?seed=5")
    wait_for_app(page)
    first = mixed_quiz(list(topic_generators(DEFAULT_PRACTICE_TOPICS)), Rules.preset("bga"), 5, 10)[
        0
    ]
    give_answer(page, first)
    expect(verdict(page, first)).to_contain_text("Right!")
    # Kept in the server's store (its own temporary file, never the user's data folder).
    everything = io.StringIO()
    open_store(f"sqlite:///{app_server.database}").export_all_csv(everything)
    skill, own_seed = mixed_quiz_plan(topic_generators(DEFAULT_PRACTICE_TOPICS), 5, 10)[0]
    assert any(
        f",{skill},{own_seed}," in line and ",true," in line
        for line in everything.getvalue().splitlines()
    )

    page.get_by_role("link", name="Your progress").click()
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("Your progress")
    expect(page.locator(CHART)).to_have_count(3)
    for index in range(3):  # each chart really drew its plot
        expect(page.locator(CHART).nth(index).locator(".main-svg").first).to_be_visible()
    expect(page.locator("[data-testid=stDataFrame]")).to_be_visible()
    expect(page.locator("[data-testid=stMetricValue]").first).to_have_text("1")
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    page.screenshot(path=screenshots / "progress-1280x720.png")

    page.locator("input[type=file]").set_input_files(
        files=[
            {
                "name": "mine.csv",
                "mimeType": "text/csv",
                "buffer": exported_with_a_bad_row(tmp_path),
            }
        ]
    )
    wait_for_app(page)
    page.get_by_role("button", name="Import").click()
    wait_for_app(page)
    main = page.locator("[data-testid=stMain]")
    # The import runs in the worker pool: the page polls for it, however long it takes.
    expect(main.get_by_text("Imported 2 answers")).to_be_visible(timeout=LOAD_MS)
    expect(main.get_by_text("Line 3:", exact=False)).to_be_visible()
    expect(main.get_by_text("<b>odd</b>", exact=False)).to_be_visible()  # as text
    assert main.locator("b", has_text="odd").count() == 0
    expect(page.locator("[data-testid=stMetricValue]").first).to_have_text("3")
    main.get_by_text("Line 3:", exact=False).scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "progress-1280x720-import-report.png")
    main.evaluate("main => main.scrollTo(0, 0)")
    page.screenshot(path=screenshots / "progress-1280x720-imported.png")

    # The CSV is built when the button is pressed (a deferred download), not on each run.
    with page.expect_download() as download:
        page.get_by_role("button", name="Download my answers (CSV)").click()
    lines = download.value.path().read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("answered_at,lesson,") and len(lines) == 1 + 3
    context.close()


def test_practise_opens_on_for_you_with_why_and_the_question_in_view(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/practise")
    wait_for_app(page)
    main = page.locator("[data-testid=stMain]")
    expect(main.get_by_role("radio", name="For you")).to_be_checked()
    why = main.get_by_text("0 of 10 answered right · New for you", exact=True)
    progress = main.locator("[data-testid=stProgress]")
    page.screenshot(path=screenshots / "practise-for-you-1280x720.png")
    for part in (why, progress):
        expect(part).to_be_visible()
        box = part.bounding_box()
        assert box and box["y"] + box["height"] <= 720, part
    expect(main.get_by_text("start a daily streak", exact=False)).to_be_visible()
    page.screenshot(path=screenshots / "practise-for-you-1280x720.png")
    main.get_by_role("radio", name="Daily deal").click()
    wait_for_app(page)
    expect(main.get_by_text("Daily deal,", exact=False)).to_be_visible()
    expect(main.locator("[data-testid=stProgress]")).to_be_in_viewport()
    expect(page).to_have_url(re.compile("mode=daily"))
    page.screenshot(path=screenshots / "practise-daily-deal-1280x720.png")
    context.close()


def test_a_reload_keeps_the_quiz_place_and_another_browser_starts_fresh(
    browser: Browser, app_url, screenshots
):
    """With the learner-token component: answer two questions, reload (the token comes
    back from the browser's cookie), and the quiz resumes at the third; a browser without
    the token starts at the first."""
    questions = build_quiz(lesson_by_id("bowers"), SEED)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/bowers?part=quiz&seed={SEED}")
    wait_for_app(page)
    progress = page.locator("[data-testid=stMain] [data-testid=stProgress]")
    for number in range(2):
        give_answer(page, questions[number])
        expect(verdict(page, questions[number])).to_contain_text("Right!")
        page.get_by_role("button", name="Next question ▶", exact=True).click()
        wait_for_app(page)
    expect(progress).to_contain_text("2 of 10 answered right")
    page.reload()
    wait_for_app(page)
    expect(progress).to_contain_text("2 of 10 answered right")
    expect(page.get_by_text(questions[2].prompt, exact=True)).to_be_visible()
    page.screenshot(path=screenshots / "progress-quiz-after-reload-1280x720.png")
    other = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        stranger = other.new_page()
        stranger.goto(f"{app_url}/bowers?part=quiz&seed={SEED}")
        wait_for_app(stranger)
        expect(stranger.locator("[data-testid=stMain] [data-testid=stProgress]")).to_contain_text(
            "0 of 10 answered right"
        )
    finally:
        other.close()
        context.close()
