"""Issue 20's "Done when": a class of five browser learners and one teacher runs
questions from a prepared set with a timer, and the report grid and the learners'
summaries are right.

The teacher prepares the set on /class-sets (a Practise link pasted: ten "tricks"
questions, a two-minute timer), starts a class, uses the set and steps through it with
"Next question in the set". Five learners (separate contexts: separate identities)
answer on the card table, right or wrong by a fixed plan; the teacher reveals the first
questions once all have answered, and the last one asked (one learner silent) is
revealed by its timer (the test moves its deadline to now instead of waiting out the
two minutes). The class asks two of the set's ten: one revealed by the teacher, one by
its timer. Every question runs the same way, and each costs six pages' reruns (issue 20
was shown with all ten; the suite keeps its time).
Then the class ends: the grid is checked against the plan (read as the teacher's page
reads it), its most missed question is on the page, and each learner's own summary
gives their score.

Waits are long (WAIT_MS): six polling pages on two busy cores are slow, not wrong.

The teacher drives the control page (/class) on a laptop; the projector view
(/class-screen, at 1920x1080 and 150%) follows each question with its countdown and
the number answered, then its reveal, and says when the class has ended."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import update
from test_browser_live_class import STORED_KEYS, pick_option, start_class
from test_browser_pages import table_ready, wait_for_app
from test_browser_replay import BUILT_SCENARIO

from engine import HandRecord
from lessons.question_source import question_for, topic_source
from tutorial_app.features.live_class.class_report import grid_frame, missed_words, most_missed
from tutorial_app.quiz.scene import choice_button
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import ClassRuns, open_classes
from tutorial_app.store.records import now
from tutorial_app.store.tables import class_questions

LEARNERS = ("Ann", "Ben", "Cat", "Dan", "Eve")
SOURCES = [topic_source("tricks", 7, index) for index in range(10)]
QUESTIONS = [question_for(source) for source in SOURCES]
ASKED = 2  # of the set's ten: the class ends after these
SILENT = (4, ASKED)  # Eve does not answer the last question: its timer reveals it
# Long enough for five answers on a starved two-core machine: once, with three test
# workers on two cores, the teacher's reveal found its button gone or disabled, most
# likely because a one-minute timer had already revealed the question.
TIMER = 120
WAIT_MS = 30_000
KEY_ENTRY = "euchre-teacher-key:"  # teacher_key.js: the browser's entry per class


def answers_right(learner: int, position: int) -> bool | None:
    """The plan: right, wrong, or None (no answer)."""
    if (learner, position) == SILENT:
        return None
    return (learner + position) % 3 != 0


def choose(page: Page, position: int, right: bool) -> None:
    """Click the planned answer (its arrival is checked once all five have clicked)."""
    question = QUESTIONS[position - 1]
    key = (
        question.answer[0]
        if right
        else next(o.key for o in question.options if o.key not in question.answer)
    )
    label = choice_button(question.option(key))["label"]
    table_ready(page)
    page.get_by_role("button", name=label, exact=True).click()


def arrived(page: Page, position: int, learners: list[Page], screenshots: Path) -> None:
    """Question ``position`` is on ``page``; if not, every learner's screen is saved
    (test-artifacts/screenshots/class-set-stuck-*.png) before the failure is raised."""
    try:
        expect(page.get_by_role("heading", name=f"Question {position}", exact=True)).to_be_visible(
            timeout=WAIT_MS
        )
    except AssertionError:
        for number, other in enumerate(learners):
            other.screenshot(path=str(screenshots / f"class-set-stuck-{position}-{number}.png"))
        raise


def run_out(classes: ClassRuns, code: str) -> None:
    """The question's time runs out now: its deadline moved to this moment (the test
    does not sit through the rest of its time; every page's poll then reveals it,
    exactly as when the time ends)."""
    live = classes.current(code)
    assert live is not None and live.deadline is not None and live.seconds_left() > 0
    with classes.store.writing() as connection:
        connection.execute(
            update(class_questions).where(class_questions.c.id == live.id).values(deadline=now())
        )


def open_projector(browser: Browser, teacher: Page, url: str, code: str) -> Page:
    """The projector view (/class-screen) on a projector at 1920x1080 and 150% zoom (a
    1280x720 page), in a browser that holds the class's teacher key, as the teacher's
    own would after "Open the projector view" (the key is copied from the teacher's
    storage: it is never in an address)."""
    screen = browser.new_context(
        viewport={"width": 1280, "height": 720}, device_scale_factor=1.5
    ).new_page()
    screen.goto(f"{url}/_stcore/health")  # the app's origin, to hand over the key
    entry = KEY_ENTRY + code
    # The control page's script stores the key a moment after the class starts.
    teacher.wait_for_function("(name) => localStorage.getItem(name)", arg=entry)
    stored = teacher.evaluate("(name) => localStorage.getItem(name)", entry)
    screen.evaluate("([name, value]) => localStorage.setItem(name, value)", [entry, stored])
    screen.goto(f"{url}/class-screen?class={code}")
    expect(screen.locator(".pj-code")).to_have_text(code, timeout=WAIT_MS)
    expect(screen.locator("[data-testid=stSidebar]")).to_be_hidden()
    return screen


def asked_on_projector(screen: Page, position: int, answered: int) -> None:
    """Question ``position`` on the projector, its countdown and how many answered."""
    expect(screen.locator(".pj-prompt")).to_contain_text(f"Question {position}.", timeout=WAIT_MS)
    expect(screen.locator(".pj-clock")).to_contain_text(re.compile(r"\d left"))
    expect(screen.locator(".pj-count")).to_have_text(f"{answered} of 5 answered", timeout=WAIT_MS)


def revealed_on_projector(screen: Page, position: int, screenshots: Path) -> None:
    """The answer, its reason and the answers' bars, once question ``position`` is revealed."""
    expect(screen.locator(".pj-answer")).to_be_visible(timeout=WAIT_MS)
    expect(screen.locator(".pj-prompt")).to_contain_text(f"Question {position}.")
    expect(screen.locator(".pj-bar-row").first).to_be_visible(timeout=WAIT_MS)
    # Every bar on one scale: the tracks start at one line, none squeezed by its label.
    tracks = screen.locator(".pj-bar-track").evaluate_all(
        "els => els.map((e) => { const r = e.getBoundingClientRect(); return [r.x, r.width] })"
    )
    bars_width = screen.locator(".pj-bars").bounding_box()["width"]
    assert len({round(x) for x, _ in tracks}) == 1, tracks
    assert min(width for _, width in tracks) >= 0.4 * bars_width, (tracks, bars_width)
    if position in (1, ASKED):
        screen.screenshot(path=str(screenshots / f"class-set-projector-{position}.png"))


def prepare_set(teacher: Page, url: str) -> None:
    teacher.goto(f"{url}/class-sets")
    wait_for_app(teacher)
    teacher.get_by_label(re.compile("Or paste question links")).fill(
        f"{url}/practise?topics=tricks&rules=bga&seed=7"
    )
    teacher.get_by_role("button", name="Add these links").click()
    wait_for_app(teacher)
    expect(teacher.get_by_text("Questions: 10 of at most 30")).to_be_visible(timeout=WAIT_MS)
    teacher.get_by_label("Name of the set").fill("Who wins the trick")
    teacher.get_by_label("Name of the set").press("Enter")
    wait_for_app(teacher)
    teacher.get_by_label(re.compile("Timer for each question")).click()
    teacher.get_by_role("option", name=f"{TIMER} seconds", exact=True).click()
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Save the set").click()
    expect(teacher.get_by_text("Saved: Who wins the trick (10 questions)")).to_be_visible(
        timeout=WAIT_MS
    )


def test_five_learners_run_a_prepared_set_with_a_timer_on_the_projector_view(
    browser: Browser, class_server, screenshots: Path
):
    url = class_server.url
    log_start = class_server.log_path.stat().st_size
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    prepare_set(teacher, url)
    code = start_class(teacher, url, WAIT_MS)

    learners = []
    for number, name in enumerate(LEARNERS):
        size = {"width": 390, "height": 844} if number % 2 else {"width": 1280, "height": 800}
        page = browser.new_context(viewport=size).new_page()
        page.goto(f"{url}/join?code={code}")
        wait_for_app(page)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Join the class").click()
        expect(page.get_by_text("Waiting for the next question")).to_be_visible(timeout=WAIT_MS)
        learners.append(page)
    expect(teacher.get_by_text("5 learners joined (up to 100)")).to_be_visible(timeout=WAIT_MS)

    screen = open_projector(browser, teacher, url, code)
    classes = open_classes(f"sqlite:///{class_server.database}")
    teacher.get_by_role("button", name="Use this set").click()
    for position in range(1, ASKED + 1):
        next_in_set = teacher.get_by_role(
            "button", name=f"Next question in the set ({position} of 10)"
        )
        try:
            expect(next_in_set).to_be_visible(timeout=WAIT_MS)
        except AssertionError as missing:  # seen once, on a starved machine: keep the why
            teacher.screenshot(path=str(screenshots / f"class-set-teacher-no-next-{position}.png"))
            raise AssertionError(
                f"the teacher's page shows no next question ({position}); the class "
                f"server's log meanwhile:\n{class_server.output_since(log_start)[-3000:]}"
            ) from missing
        next_in_set.click()
        wait_for_app(teacher)
        if position in (1, ASKED):  # the countdown (each question has it: see the AppTest)
            expect(teacher.get_by_text(re.compile(r"\d+ seconds? left"))).to_be_visible(
                timeout=WAIT_MS
            )
        answering = [
            (page, right)
            for number, page in enumerate(learners)
            if (right := answers_right(number, position)) is not None
        ]
        for page in learners:  # every screen follows by itself (no reload)
            arrived(page, position, learners, screenshots)
        for page, right in answering:  # all click, then all are checked: answers overlap
            choose(page, position, right)
        for page, _ in answering:
            expect(page.get_by_text("Your answer is in")).to_be_visible(timeout=WAIT_MS)
        if position == 1:  # the answer sent is marked as picked, not with a right answer's ✓
            sent = answering[0][0].locator(".action[aria-pressed=true]")
            assert sent.evaluate("b => getComputedStyle(b, '::before').content") == '"●"'
        if position == ASKED:
            learners[1].screenshot(path=str(screenshots / "class-set-learner-timer.png"))
        asked_on_projector(screen, position, len(answering))
        if position < ASKED:
            expect(teacher.get_by_text("5 answered")).to_be_visible(timeout=WAIT_MS)
            teacher.get_by_role("button", name="Reveal the answer").click()
        else:  # nobody reveals: the timer does (its last seconds skipped: see run_out)
            expect(teacher.get_by_text("4 answered")).to_be_visible(timeout=WAIT_MS)
            run_out(classes, code)
            expect(teacher.get_by_role("button", name="Reveal the answer")).to_be_disabled(
                timeout=WAIT_MS
            )
        revealed_on_projector(screen, position, screenshots)
        for number, page in enumerate(learners):
            verdict = {True: "Right!", False: "Not quite", None: "No answer from you"}
            expect(page.get_by_text(verdict[answers_right(number, position)])).to_be_visible(
                timeout=WAIT_MS
            )
    teacher.screenshot(path=str(screenshots / "class-set-teacher-last-question.png"))

    teacher.get_by_role("button", name="End the class").click()
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Yes, end the class").click()  # asked to confirm
    wait_for_app(teacher)
    key = dict(teacher.evaluate(STORED_KEYS))[code]
    grid = classes.grid(code, key)
    shown = grid_frame(grid)
    for number, name in enumerate(LEARNERS):
        plan = [answers_right(number, position) for position in range(1, ASKED + 1)]
        marks = [cell[:1] for cell in shown.loc[name].tolist()[:ASKED]]
        assert marks == [{True: "✓", False: "✗", None: "—"}[right] for right in plan], name
        assert shown.loc[name, "right"] == f"{plan.count(True)} of {ASKED}"
    worst = most_missed(grid)[0]
    expect(
        teacher.get_by_text(f"Question {worst.position} · {missed_words(worst, 5)}")
    ).to_be_visible(timeout=WAIT_MS)
    expect(teacher.locator("[data-testid=stDataFrame]")).to_have_count(3)  # and the grid
    teacher.screenshot(path=str(screenshots / "class-set-teacher-report.png"))

    for number, page in enumerate(learners):  # each learner's own summary, not an error
        right = sum(1 for p in range(1, ASKED + 1) if answers_right(number, p))
        expect(page.get_by_text(f"Your answers: {right} of {ASKED} right")).to_be_visible(
            timeout=WAIT_MS
        )
        expect(page.locator("[data-testid=stException]")).to_have_count(0)
    learners[4].screenshot(path=str(screenshots / "class-set-learner-summary.png"))
    expect(screen.locator(".pj-ended")).to_be_visible(timeout=WAIT_MS)
    for page in (teacher, screen, *learners):
        page.context.close()


# A built scenario's question: the shared scenario before East's card (North led the nine
# of clubs, diamonds trump): East to play.
_SOUTH_TO_PLAY = HandRecord.loads(BUILT_SCENARIO).to_json()
EAST_TO_PLAY = encode_hand(
    HandRecord.from_json({**_SOUTH_TO_PLAY, "actions": _SOUTH_TO_PLAY["actions"][:-1]})
)


def whole_page_shown(screen: Page) -> None:
    """Nothing of the projector's page lies below the screen: no scrolling on a projector."""
    screen.wait_for_function(
        """() => { const main = document.querySelector('[data-testid=stMain]');
            return main.scrollHeight <= main.clientHeight + 1 }"""
    )


def test_a_scenario_and_a_lessons_table_question_fit_the_projector(
    browser: Browser, class_server, screenshots: Path
):
    """One class asks two questions drawn on a felt, each asked and revealed; both fit a
    1920x1080 projector at 150%:
    - a built scenario: its trick and the asking seat's hand (the hand's cards ran below
      the screen before);
    - a lesson's question on a whole table (lesson 4: a trick led, "which cards may you
      play?"): asked, the projector draws the table's cards larger than a page's (the
      back row reads them); revealed, the table shares the screen with the answer and
      its bars, at a page's size."""
    url = class_server.url
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    code = start_class(teacher, url)
    screen = open_projector(browser, teacher, url, code)
    teacher.get_by_role("radio", name="A built scenario").click()
    wait_for_app(teacher)
    link = teacher.get_by_label(re.compile("A link from Build a scenario"))
    link.fill(f"{url}/question?hand={EAST_TO_PLAY}&ask=legal")
    link.press("Enter")
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Ask this question").click()
    expect(screen.locator(".pj-prompt")).to_contain_text("East", timeout=WAIT_MS)
    wait_for_app(screen)
    expect(screen.locator(".pj-late")).to_contain_text(code)  # a late learner can join
    whole_page_shown(screen)
    screen.screenshot(path=str(screenshots / "class-projector-scenario.png"))
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(screen.locator(".pj-answer")).to_be_visible(timeout=WAIT_MS)
    wait_for_app(screen)
    whole_page_shown(screen)
    screen.screenshot(path=str(screenshots / "class-projector-scenario-revealed.png"))

    teacher.get_by_role("radio", name="A lesson's quiz").click()
    wait_for_app(teacher)
    pick_option(teacher, "Lesson", "4. Following")
    pick_option(teacher, "Question", "3.")
    teacher.get_by_role("button", name="Ask this question").click()
    expect(screen.locator(".pj-prompt")).to_contain_text(
        "Which cards may you play?", timeout=WAIT_MS
    )
    wait_for_app(screen)
    table_ready(screen)
    hand_card = screen.locator(".hand .card").first
    asked_width = hand_card.bounding_box()["width"]
    assert asked_width >= 0.12 * 720, asked_width  # a page's table: at most 10% of the height
    whole_page_shown(screen)
    screen.screenshot(path=str(screenshots / "class-projector-table-asked.png"))
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(screen.locator(".pj-answer")).to_be_visible(timeout=WAIT_MS)
    wait_for_app(screen)
    table_ready(screen)
    assert hand_card.bounding_box()["width"] < asked_width
    whole_page_shown(screen)
    screen.screenshot(path=str(screenshots / "class-projector-table-revealed.png"))
