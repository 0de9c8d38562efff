"""A learner with the keyboard alone: lesson 1's quiz answered to its end, a guided hand
and a Play hand played to their ends, with Tab, Shift+Tab, the arrow keys, Enter, Space
and Escape only (no click, no focus set by script). The answers are the engine's: the
quiz's own answers, the guided hand's right choices, and on Play the cards the engine
lifts as playable. Each key press waits for the app's rerun, never a set time.

Focus order the tests rely on (and a learner does): Tab reaches every control; a hand of
cards is one Tab stop, its cards reached with the arrow keys; Enter or Space plays a card
or presses a button; a control the rerun removes ("Next question ▶", a bid) hands focus
to the table's next card or choice (card_table.js), so the next Tab does not start over
at the top of the page.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from test_browser_lesson import question_table
from test_browser_pages import table_ready, wait_for_app

from lessons.guided import LEARNER, load_guided, paths, play_path
from lessons.loader import load_all
from lessons.quiz import Kind
from lessons.quizzes import build_quiz
from tutorial_app.card_table.table_model import action_label
from tutorial_app.quiz.scene import choice_button

# The focused control's name, inside the components' shadow roots too: its aria-label,
# its <label>, or a button's or link's text.
FOCUSED = """() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) {
    node = node.shadowRoot.activeElement;
  }
  if (!node || node === document.body) return "";
  const text = node.getAttribute("aria-label") ||
    (node.labels && node.labels.length ? node.labels[0].innerText : "") ||
    (/^(BUTTON|A|SUMMARY)$/.test(node.tagName) ? node.innerText : node.tagName);
  return text.replace(/\\s+/g, " ").trim();
}"""
# Resolves once the timers queued before it have run (timers of one delay run in order).
AFTER_TIMERS = "() => new Promise((done) => setTimeout(done, 0))"
FROM_THE_TOP = 45  # Tabs from the page's top to its last control (the sidebar's 21 links)


def focused(page: Page) -> str:
    return page.evaluate(FOCUSED)


def names(focused_name: str, name: str) -> bool:
    """The focused control is ``name``: a card button says its index first ("K♠, king of
    spades" for "king of spades"), a Streamlit button its icons' names around its text
    ("tune Game settings expand_more")."""
    return bool(re.search(rf"(^|, | ){re.escape(name)}( |$)", focused_name))


def in_hand(page: Page) -> bool:
    return bool(re.search(r" of \w+$|Joker$", focused(page)))


def tab_to(page: Page, name: str, most: int = FROM_THE_TOP, key: str = "Tab") -> int:
    """Press Tab (or ``key``) until the focused control is ``name``; the presses taken."""
    seen = []
    for presses in range(most + 1):
        if names(focused(page), name):
            return presses
        page.keyboard.press(key)
        seen.append(focused(page))
    raise AssertionError(f"{most} presses of {key} never reached {name!r}: {seen}")


def reach(page: Page, name: str, card: bool, most: int) -> int:
    """Focus ``name``: a card through the hand (Tab into it, then ArrowRight), any other
    control by Tab; the presses taken."""
    if not card:
        return tab_to(page, name, most)
    presses = 0
    while not in_hand(page):
        assert presses < most, f"{most} Tabs never reached the hand"
        page.keyboard.press("Tab")
        presses += 1
    return presses + tab_to(page, name, most=5, key="ArrowRight")


def press(page: Page, key: str = "Enter") -> None:
    """Press ``key`` and wait for the rerun it starts to be drawn."""
    page.keyboard.press(key)
    wait_for_app(page)
    table_ready(page)
    page.evaluate(AFTER_TIMERS)  # focus moved on, if the rerun removed the focused control


PACING = re.compile(r"\bpacing\b")


def go_on(page: Page) -> None:
    """The cards played since arrive one by one: Tab to "Go on ▶" and press Enter to see
    the table as they end (an arrival over before that needs nothing)."""
    table = question_table(page)
    for _ in range(8):
        if not PACING.search(table.get_attribute("class") or ""):
            break
        if names(focused(page), "Go on ▶"):
            page.keyboard.press("Enter")
            break
        page.keyboard.press("Tab")
    expect(table).not_to_have_class(PACING)


def status(page: Page) -> Locator:
    """The card table's message: the verdict, the engine's reason, the hand's result."""
    return question_table(page).get_by_role("status")


def test_lesson_one_quiz_with_the_keyboard(page: Page, app_url):
    """From the lesson's page: ArrowRight and Space choose "Take the quiz"; then each
    answer and "Next question ▶" is a few presses away (focus stays on the quiz), to the
    quiz's end with three stars."""
    lesson = load_all()[0]
    page.goto(f"{app_url}/{lesson.id}")
    wait_for_app(page)
    tab_to(page, "Learn step by step")
    page.keyboard.press("ArrowRight")  # within the segmented control, to the quiz
    press(page, "Space")  # chooses it
    expect(page).to_have_url(re.compile(r"part=quiz"))
    seed = int(re.search(r"seed=(\d+)", page.url)[1])
    questions = build_quiz(lesson, seed)
    most = FROM_THE_TOP  # the first answer may lie past the whole sidebar
    for number, question in enumerate(questions, 1):
        expect(page.get_by_text(question.prompt, exact=True)).to_be_visible()
        assert question.kind in (Kind.SINGLE, Kind.YESNO, Kind.MULTI), question.kind
        for key in question.answer:
            option = question.option(key)
            if option.card is not None:
                reach(page, option.card.name, card=True, most=most)
            else:
                reach(page, choice_button(option)["label"], card=False, most=most)
            press(page)
            most = 3  # from here on focus stays by the quiz
        if question.kind is Kind.MULTI:
            tab_to(page, "Check my answer", most)
            press(page)
        expect(status(page)).to_contain_text("Right!")
        last = number == len(questions)
        assert tab_to(page, "See your result ▶" if last else "Next question ▶", most) <= 2
        press(page)
    expect(page.get_by_text("Quiz finished")).to_be_visible()
    expect(page.get_by_text("★★★", exact=True)).to_be_visible()


def test_a_guided_hand_with_the_keyboard(page: Page, app_url):
    """The first guided hand, by its link: each right choice reached and played."""
    hand = load_guided()[0]
    choices = paths(hand)[0]
    states = [state for state, decision in play_path(hand, choices) if decision >= 0]
    page.goto(f"{app_url}/guided?hand={hand.id}")
    wait_for_app(page)
    most = FROM_THE_TOP
    for action, state in zip(choices, states, strict=True):
        if action.card is not None:
            reach(page, action.card.name, card=True, most=most)
        else:
            reach(page, action_label(action, state, LEARNER), card=False, most=most)
        press(page)
        go_on(page)
        expect(status(page)).not_to_contain_text("Not allowed")
        most = 3
    expect(status(page)).to_contain_text("The hand is over")
    expect(page.get_by_text("★★★", exact=True)).to_be_visible()


def test_a_play_hand_with_the_keyboard(page: Page, app_url):
    """The Game settings popover by keyboard (Enter opens it, the arrows and Space choose
    the fast pace, Space lifts the cards I may play, Escape closes it), then a bid and
    five cards, each one the engine lifts as playable, to the hand's score."""
    page.goto(f"{app_url}/play?seed=3")
    wait_for_app(page)
    # Tab past the page's last control leaves the page: the table never holds focus.
    page.keyboard.press("Shift+Tab")  # from the page's top, round to its last control
    last = focused(page)
    page.keyboard.press("Tab")
    page.evaluate(AFTER_TIMERS)  # a focus handler's timer has run
    assert focused(page) == "", f"Tab from {last!r} went to {focused(page)!r}"
    tab_to(page, "Game settings")
    press(page)
    tab_to(page, "Normal", most=20)  # the pace; the popover's body follows the page
    tab_to(page, "Fast: all at once", most=2, key="ArrowRight")
    press(page, "Space")
    tab_to(page, "Lift the cards I may play", most=10)
    press(page, "Space")
    page.keyboard.press("Escape")
    expect(page.get_by_role("switch", name="Lift the cards I may play")).to_be_hidden()
    table = page.get_by_role("region", name="Card table")
    reach(page, "Order up", card=False, most=8)  # South bids first on this deal
    press(page)
    expect(status(page)).not_to_contain_text("Not allowed")
    for _ in range(5):
        expect(table).not_to_have_class(re.compile(r"\bpacing\b"))
        choices = table.get_by_role("group", name=re.compile("choice")).get_by_role("button")
        if choices.count():  # after the bid: alone or with partner
            labels = choices.all_inner_texts()
            choice = "Play with partner" if "Play with partner" in labels else labels[0]
            reach(page, choice, card=False, most=8)
            press(page)
        playable = table.locator("button.card.lifted").first.get_attribute("aria-label")
        reach(page, playable.split(", ", 1)[1], card=True, most=8)
        press(page)
        expect(status(page)).not_to_contain_text("Not allowed")
    expect(table.locator(".hand button.card")).to_have_count(0)  # five cards played
    expect(status(page)).to_contain_text(re.compile(r"score \d points?"))
    expect(page.get_by_role("button", name="Deal the next hand")).to_be_visible()
