"""Click-to-update latency in the browser: from a click (or key press) to the DOM change
it brings, in Debian's Chromium driven by Playwright, against the app started as
``make run`` starts it (a free port of 127.0.0.1, a progress store of its own).

    PYTHONPATH=. .venv/bin/python benchmarks/click_latency.py [--rounds 3] [--quick]

Each flow is clicked through as a learner would: a lesson quiz (cards, Check my answer,
Next question), guided hands (each decision), a Play hand at pace "Fast" (bids and
cards: the bots' cards arrive with the answer) and one at pace "Normal" (a card until
the learner's own card shows). The click's time is its event's ``timeStamp``; the
update's is the first mutation (a MutationObserver over the page and the card tables'
shadow roots) after which what the click must change (the main panel's text, the
tables' cards, marks and message) differs from before it. First load: each page of the
sidebar opened in a fresh browser context (an empty cache), from navigation start to
its title drawn and its script run over. Chromium runs without the tests'
``--js-flags``: V8 as a learner's browser has it.

For each flow: N, median and p95 in ms and their ratios to the goals (median 150 ms,
p95 300 ms; first load 2 s, its worst page). The last line holds the figures as
name=value pairs. A figure, not a test: a busy machine makes them worse.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_server import free_port, http_get, stop_server  # noqa: E402
from playwright.sync_api import Locator, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from lessons.guided import load_guided  # noqa: E402
from lessons.loader import lesson_by_id  # noqa: E402
from lessons.quiz import Kind, Question  # noqa: E402
from lessons.quizzes import build_quiz  # noqa: E402
from tutorial_app.card_table.table_moves import action_id  # noqa: E402
from tutorial_app.cli import streamlit_command  # noqa: E402
from tutorial_app.navigation import PAGES, PageSpec  # noqa: E402
from tutorial_app.quiz.state import CHECK, option_id  # noqa: E402

GOAL_MEDIAN_MS, GOAL_P95_MS, GOAL_LOAD_MS = 150, 300, 2000
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # the tests' flags, without their --js-flags
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 60_000  # the longest wait for one update: a bound for a starved machine
QUIZ = ("bowers", 4242)  # lesson 2's quiz, seed 4242: cards to pick, Check, Next
PLAY = "play?seed={seed}&play-level=beginner&play-pace={pace}"

# In every page, before its scripts: the click's time, and an armed watch that keeps the
# time of the first mutation after which the page's signature differs from before.
WATCH = """
(() => {
  // The card tables: in the page or in a component's shadow root.
  window.__tables = () => {
    const found = [...document.querySelectorAll(".ct-root")];
    for (const host of document.querySelectorAll("*")) {
      if (host.shadowRoot) found.push(...host.shadowRoot.querySelectorAll(".ct-root"));
    }
    return found;
  };
  window.__signature = () => {
    const main = document.querySelector("[data-testid=stMain]");
    const parts = [main ? main.textContent : ""];
    for (const root of window.__tables()) {
      parts.push(root.textContent);
      for (const el of root.querySelectorAll(".card, [aria-label]")) {
        const kind = typeof el.className === "string" ? el.className : el.className.baseVal;
        parts.push((el.getAttribute("aria-label") || "") + "|" + kind);
      }
    }
    return parts.join("\\n");
  };
  const clicked = (event) => {
    const watch = window.__watch;
    if (watch && watch.clickAt === null) watch.clickAt = event.timeStamp;
  };
  window.addEventListener("click", clicked, true);
  window.addEventListener("keydown", clicked, true);
  window.__arm = () => {
    if (window.__watch) window.__watch.observer.disconnect();
    const watch = { before: window.__signature(), clickAt: null, changedAt: null };
    watch.observer = new MutationObserver(() => {
      const now = performance.now();
      if (watch.changedAt !== null || watch.clickAt === null) return;
      if (window.__signature() !== watch.before) {
        watch.changedAt = now;
        watch.observer.disconnect();
      }
    });
    const options = { subtree: true, childList: true, characterData: true, attributes: true };
    watch.observer.observe(document.body, options);
    for (const host of document.querySelectorAll("*")) {
      if (host.shadowRoot) watch.observer.observe(host.shadowRoot, options);
    }
    window.__watch = watch;
  };
  // First load: when the first h1 with each text showed, and when each run ended.
  window.__load = { headings: [], done: [] };
  new MutationObserver(() => {
    const now = performance.now();
    const h1 = document.querySelector("[data-testid=stMain] h1");
    const log = window.__load;
    if (h1) {
      const text = h1.textContent;
      if (!log.headings.length || log.headings[log.headings.length - 1][1] !== text) {
        log.headings.push([now, text]);
      }
    }
    const app = document.querySelector("[data-test-script-state]");
    const state = app && app.getAttribute("data-test-script-state");
    if (state !== log.state) {
      log.state = state;
      if (state === "notRunning") log.done.push(now);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true,
                         attributes: true, attributeFilter: ["data-test-script-state"] });
})();
"""


class Flow:
    """The latencies of one flow, in ms, and the clicks that brought no update."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.times: list[float] = []
        self.missed = 0


def settled(page: Page) -> None:
    """The script's run is over, no table is pacing cards in, and every table takes the
    next click (its last trigger is over 300 ms old, card_table.js REPEAT_MS)."""
    page.wait_for_selector(
        "[data-testid=stApp][data-test-connection-state=CONNECTED]", timeout=WAIT_MS
    )
    page.wait_for_selector("[data-test-script-state=notRunning]", timeout=WAIT_MS)
    page.wait_for_function(
        """() => window.__tables().every((root) => !root.querySelector(".pacing") &&
                 (!root._sentAt || Date.now() - root._sentAt > 300))""",
        timeout=WAIT_MS,
    )


def timed(page: Page, flow: Flow, act: Callable[[], None]) -> None:
    """Arm the watch, act (a click or a key), wait for the update, note its latency."""
    page.evaluate("window.__arm()")
    act()
    try:
        page.wait_for_function(
            "() => window.__watch.changedAt !== null && window.__watch.clickAt !== null",
            timeout=WAIT_MS,
        )
    except PlaywrightTimeout:  # no update: counted, never a latency
        flow.missed += 1
    else:
        watch = page.evaluate("({c: window.__watch.clickAt, u: window.__watch.changedAt})")
        flow.times.append(watch["u"] - watch["c"])
    settled(page)


def table(page: Page) -> Locator:
    return page.locator(".ct-root").first


def open_page(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}/{path}")
    heading = page.locator("[data-testid=stMain] :is(h1, h2, h3)").first
    heading.wait_for(state="attached", timeout=WAIT_MS)  # a guided hand's is an h3
    settled(page)


# ---- the flows --------------------------------------------------------------------


def option_button(page: Page, question: Question, key: str) -> Locator:
    option = question.option(key)
    assert option is not None, f"{key} is not an option of {question.prompt!r}"
    if option.card is not None:
        return table(page).locator(f"button.card[data-code='{option.card.code}']")
    return table(page).locator(f"button[data-action='{option_id(key)}']")


def quiz_flow(page: Page, base_url: str, flow: Flow, questions: int) -> None:
    """Lesson 2's seeded quiz, answered right: each card, Check my answer, Next."""
    lesson_id, seed = QUIZ
    lesson = lesson_by_id(lesson_id)
    assert lesson is not None, f"no lesson {lesson_id}"
    whole = build_quiz(lesson, seed)
    quiz = whole[:questions]
    open_page(page, base_url, f"{lesson_id}?part=quiz&seed={seed}")
    for number, question in enumerate(quiz):
        prompt = page.get_by_text(question.prompt, exact=True)
        prompt.first.wait_for(timeout=WAIT_MS)
        if question.kind is Kind.POINTS:
            page.get_by_role("spinbutton").fill(str(question.answer[1]))
            page.get_by_role("spinbutton").press("Tab")
            settled(page)
            timed(page, flow, page.get_by_role("button", name="Check my answer").click)
        else:
            for key in question.answer:
                timed(page, flow, option_button(page, question, key).click)
            check = table(page).locator(f"button[data-action='{CHECK}']")
            if question.kind is Kind.MULTI and check.count():
                timed(page, flow, check.click)
        last = number == len(whole) - 1
        name = "See your result ▶" if last else "Next question ▶"
        button = page.get_by_role("button", name=name)
        if button.count():
            timed(page, flow, button.click)


def right_button(page: Page, decision) -> Locator:
    """The table's button for a guided decision's (first) right answer: a card or a bid."""
    action = decision.right[0]
    if action.card is not None:
        return table(page).locator(f"button.card[data-code='{action.card.code}']")
    return table(page).locator(f"button[data-action='{action_id(action)}']")


def guided_flow(page: Page, base_url: str, flow: Flow, hands: int, decisions: int | None) -> None:
    """Guided hands, each decision played right (a card or a bid on the table), up to
    ``decisions`` of each hand (None: all)."""
    for hand in load_guided()[:hands]:
        open_page(page, base_url, f"guided?hand={hand.id}")
        for decision in hand.decisions[:decisions]:
            button = right_button(page, decision)
            button.wait_for(timeout=WAIT_MS)
            timed(page, flow, button.click)


def lift_playable_cards(page: Page) -> None:
    """Switch on "Lift the cards I may play" (the Game settings popover), so the flow
    clicks a legal card."""
    page.get_by_role("button", name="Game settings").click()
    page.get_by_text("Lift the cards I may play").click()
    settled(page)
    page.keyboard.press("Escape")
    page.get_by_role("switch", name="Lift the cards I may play").wait_for(state="hidden")


def play_flow(
    page: Page, base_url: str, flow: Flow, pace: str, seed: int, moves: int, cards_only: bool
) -> None:
    """One Play hand: pass while bidding (or the first choice when stuck), then a legal
    card each trick, until the hand is over or ``moves`` moves are timed."""
    open_page(page, base_url, PLAY.format(seed=seed, pace=pace))
    lift_playable_cards(page)
    done = 0
    while done < moves:
        actions = table(page).locator("button.action:not([disabled])")
        lifted = table(page).locator("button.card.lifted")
        cards = table(page).locator("button.card")
        if lifted.count() or (cards.count() and not actions.count()):
            timed(page, flow, (lifted if lifted.count() else cards).first.click)
        elif actions.count() and not cards_only:
            passing = table(page).locator("button.action[data-action='pass']")
            timed(page, flow, (passing if passing.count() else actions).first.click)
        elif actions.count():  # bidding, not timed at Normal: only cards count there
            passing = table(page).locator("button.action[data-action='pass']")
            (passing if passing.count() else actions).first.click()
            page.wait_for_timeout(50)  # the click's trigger leaves before the wait below
            settled(page)
            continue
        else:
            break  # the hand is over
        done += 1


def first_loads(
    browser, base_url: str, flow: Flow, pages: Sequence[PageSpec], by_page: dict[str, list[float]]
) -> None:
    """Each page in a fresh context: navigation start to its title drawn and its run
    over, in ms, kept in ``flow`` and ``by_page`` (by address)."""
    for spec in pages:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(f"{base_url}/{spec.url_path}")
        title = None if spec.default else spec.title
        page.wait_for_function(
            """(title) => {
                 const log = window.__load;
                 const drawn = log.headings.find(([, text]) => title === null ||
                                                  text.includes(title));
                 return drawn && log.done.some((at) => at >= drawn[0]);
               }""",
            arg=title,
            timeout=WAIT_MS,
        )
        ms = page.evaluate(
            """(title) => {
                 const log = window.__load;
                 const drawn = log.headings.find(([, text]) => title === null ||
                                                  text.includes(title));
                 return Math.max(drawn[0], log.done.find((at) => at >= drawn[0]));
               }""",
            title,
        )
        flow.times.append(ms)
        by_page.setdefault(f"/{spec.url_path}", []).append(ms)
        context.close()


# ---- the server and the report ----------------------------------------------------


def start_server(log: Path, database: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, EUCHRE_TUTORIAL_DB=f"sqlite:///{database}", PYTHONPATH=str(ROOT))
    with open(log, "w") as out:
        server = subprocess.Popen(
            streamlit_command("127.0.0.1", port, []),
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while True:
        try:
            if http_get(f"{base_url}/_stcore/health", 2) == "ok":
                return server, base_url
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise RuntimeError(f"the app did not start; see {log}")
        time.sleep(0.2)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def report(flow: Flow, load: bool = False) -> tuple[str, list[str]]:
    """A line for people and the flow's name=value figures."""
    if not flow.times:
        return f"{flow.name}: no update measured ({flow.missed} missed)", [
            f"{flow.name}_n=0",
            f"{flow.name}_missed={flow.missed}",
        ]
    n, median, high = len(flow.times), statistics.median(flow.times), p95(flow.times)
    if load:
        worst = max(flow.times)
        line = (
            f"{flow.name}: N {n}, median {median:.0f} ms, p95 {high:.0f} ms, worst "
            f"{worst:.0f} ms ({worst / GOAL_LOAD_MS:.2f} of the {GOAL_LOAD_MS} ms goal)"
        )
        ratios = [
            f"{flow.name}_worst_ms={worst:.0f}",
            f"{flow.name}_ratio={worst / GOAL_LOAD_MS:.2f}",
        ]
    else:
        line = (
            f"{flow.name}: N {n}, median {median:.0f} ms ({median / GOAL_MEDIAN_MS:.2f} of "
            f"{GOAL_MEDIAN_MS}), p95 {high:.0f} ms ({high / GOAL_P95_MS:.2f} of {GOAL_P95_MS})"
            + (f", {flow.missed} clicks with no update" if flow.missed else "")
        )
        ratios = [
            f"{flow.name}_median_ratio={median / GOAL_MEDIAN_MS:.2f}",
            f"{flow.name}_p95_ratio={high / GOAL_P95_MS:.2f}",
        ]
    return line, [
        f"{flow.name}_n={n}",
        f"{flow.name}_median_ms={median:.0f}",
        f"{flow.name}_p95_ms={high:.0f}",
        *ratios,
        f"{flow.name}_missed={flow.missed}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each flow runs (default 3)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one round of a few clicks per flow (one guided decision, one Normal-pace card) "
        "and two pages: a check that it runs",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rounds = 1 if args.quick else args.rounds
    # Quick: a card's wait is mostly the bots' cards arriving at their pace, so the
    # guided hand stops after one decision and the Normal-pace hand after one card.
    questions, hands, decisions, moves, own_cards = (
        (1, 1, 1, 3, 1) if args.quick else (8, len(load_guided()), None, 30, 5)
    )
    pages = [p for p in PAGES if p.url_path in ("", "play")] if args.quick else PAGES
    flows = {name: Flow(name) for name in ("quiz", "guided", "play_fast", "play_normal_own_card")}
    loads = Flow("first_load")
    by_page: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="click-latency-") as folder:
        server, base_url = start_server(Path(folder) / "server.log", Path(folder) / "p.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for number in range(rounds):
                    context = browser.new_context(viewport={"width": 1280, "height": 720})
                    context.add_init_script(WATCH)
                    page = context.new_page()
                    quiz_flow(page, base_url, flows["quiz"], questions)
                    guided_flow(page, base_url, flows["guided"], hands, decisions)
                    play_flow(page, base_url, flows["play_fast"], "fast", number + 1, moves, False)
                    play_flow(
                        page,
                        base_url,
                        flows["play_normal_own_card"],
                        "normal",
                        number + 1,
                        own_cards,
                        True,
                    )
                    context.close()
                    first_loads(browser, base_url, loads, pages, by_page)
                browser.close()
        finally:
            stop_server(server)
    print(
        f"rounds={rounds} quick={args.quick} chromium={CHROMIUM} "
        f"goals: median {GOAL_MEDIAN_MS} ms, p95 {GOAL_P95_MS} ms, first load {GOAL_LOAD_MS} ms"
    )
    pairs: list[str] = []
    for flow in flows.values():
        line, figures = report(flow)
        print(line)
        pairs += figures
    line, figures = report(loads, load=True)
    print(line)
    print("first load by page, median and worst of the rounds:")
    for path, times in by_page.items():
        print(f"  {path}: {statistics.median(times):.0f} ms, worst {max(times):.0f} ms")
    pairs += figures
    print(" ".join(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
