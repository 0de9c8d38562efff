"""First paint: a link opened in N fresh Chromium contexts at once, from the moment all N
navigations start to the moment each page's card table is drawn (its cards in place and
its stylesheet applied), against the app started as ``make run`` starts it.

    PYTHONPATH=. .venv/bin/python benchmarks/first_paint.py [--counts 1 30]
        [--links share quiz step] [--rounds 1] [--tabs 0] [--check]

The links: ``share`` a hand's share link (Teach a hand, ``?hand=v1...``), ``quiz`` a
lesson's quiz by its seed, ``step`` a lesson step; each fresh context is a browser with
an empty cache, as a learner's phone is the first time. "Drawn" is an event: the page's
own MutationObserver (also inside the shadow roots Streamlit gives components) notes
``Date.now()`` when a ``.ct-root`` first holds a card picture under its own styles and
tells the benchmark (an exposed binding); no sleeps, no polling. For each link and N:
p50 and max in ms (goals: N=1 under 2 s, N=30 all under 5 s), the websocket bytes each
page received until then (median) and the CPU seconds the server spent on the round.

All N contexts run in one Chromium on this machine, so at N=30 the browsers' own work
(2-3.5 CPU-seconds a fresh page, to start Streamlit's frontend) competes with the server
for the same cores, which thirty learners' own devices would not: the server's CPU
figure says what the server itself needs. ``--tabs M`` plays the rest of a class as
learners without a browser (Streamlit's own protocol, ``streamlit_client``) opening the
link at the same moment, and prints when each was served its table: ``--counts 1 --tabs
29`` is one real browser among thirty learners. The last line holds the figures as
name=value pairs. A figure, not a test: a busy machine makes them worse.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_server import cpu_seconds, serve  # noqa: E402
from playwright.async_api import Browser, Page, WebSocket, async_playwright  # noqa: E402
from streamlit_client import Tab  # noqa: E402

from analysis import make_bot  # noqa: E402
from engine import HandRecord, Rules, Seat, apply, random_hand, seat_view  # noqa: E402
from tutorial_app.shell.hand_links import encode_hand  # noqa: E402

GOAL_ONE_MS, GOAL_CLASS_MS = 2000, 5000
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # the tests' flags, without their --js-flags: V8 as a learner has it
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHECK_CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
CHECK_ARGS = [*CHROMIUM_ARGS, "--js-flags=--no-opt --no-maglev"]
WAIT_MS = 600_000  # the longest wait for one table: a bound for a starved machine

# Before the page's scripts: observe the document and every shadow root as it is made;
# note when a card table first shows a card picture with its stylesheet applied.
DRAWN = """
(() => {
  window.__drawnAt = null;
  const drawn = (root) => root.querySelector(".face svg") &&
    getComputedStyle(root).containerType === "inline-size";
  const check = () => {
    if (window.__drawnAt !== null) return;
    const roots = [...document.querySelectorAll(".ct-root")];
    for (const host of window.__shadowHosts) roots.push(...host.querySelectorAll(".ct-root"));
    if (roots.some(drawn)) {
      window.__drawnAt = Date.now();
      observer.disconnect();
      window.tableDrawn(window.__drawnAt);
    }
  };
  const observer = new MutationObserver(check);
  const options = { subtree: true, childList: true, attributes: true };
  window.__shadowHosts = [];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attach.call(this, init);
    window.__shadowHosts.push(shadow);
    if (window.__drawnAt === null) observer.observe(shadow, options);
    return shadow;
  };
  observer.observe(document, options);
  // A stylesheet that arrives after the cards changes no node: check again when it loads.
  document.addEventListener("load", check, true);
})();
"""


def share_link(seed: int = 11) -> str:
    """Teach a hand at its first trick, from a hand seeded bots played out."""
    state = random_hand(Rules(), Seat.W, seed)
    bot, rng = make_bot("beginner"), random.Random(seed)
    while not state.is_over:
        turn = state.turn
        assert turn is not None  # a hand not over has a seat to act
        state = apply(state, bot.decide(seat_view(state, turn), rng), turn)
    return f"teach?hand={encode_hand(HandRecord.from_state(state))}&at=8"


LINKS = {
    "share": share_link,
    "quiz": lambda: "bowers?part=quiz&seed=4242",
    "step": lambda: "bowers?step=2",
}


@dataclass
class Round:
    link: str
    count: int
    times: list[float] = field(default_factory=list)  # ms from the start to each table drawn
    ws_bytes: list[int] = field(default_factory=list)
    server_cpu: float = 0.0
    missed: int = 0
    errors: set[str] = field(default_factory=set)
    tabs: int = 0  # learners without a browser opening the link at the same moment
    tab_times: list[float] = field(default_factory=list)  # ms to each tab's table sent


def _counter(sizes: list[int]) -> Callable[[WebSocket], None]:
    """A websocket listener adding each received frame's size to ``sizes``."""

    def received(payload: str | bytes) -> None:
        sizes.append(len(payload))

    def opened(socket: WebSocket) -> None:
        socket.on("framereceived", received)

    return opened


async def open_tab(base_url: str, link: str, start: float, found: Round) -> None:
    """A learner without a browser (Streamlit's own protocol, ``streamlit_client``): the
    link opened, its run over with the card table sent."""
    tab = Tab(base_url, timeout=WAIT_MS / 1000)
    path, _, query = link.partition("?")
    try:
        await tab.open(path, query)
        if not any('"layout"' in node.data for node in tab.elements("bidi_component")):
            raise RuntimeError("the page sent no card table")
        found.tab_times.append(time.time() * 1000 - start)
    except Exception as error:  # a tab that was never served is counted, not a crash
        found.missed += 1
        found.errors.add(f"tab {type(error).__name__}: {str(error)[:160]}")
    finally:
        await tab.close()


async def open_all(browser: Browser, base_url: str, link: str, count: int, found: Round) -> None:
    """``count`` fresh contexts, made first; then every navigation at once, and as many
    tabs without a browser as ``found.tabs``."""
    url = f"{base_url}/{link}"
    contexts = [
        await browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(count)
    ]
    pages: list[Page] = []
    received: list[list[int]] = []
    drawn: list[asyncio.Future[float]] = []
    loop = asyncio.get_running_loop()
    for context in contexts:
        future: asyncio.Future[float] = loop.create_future()
        await context.expose_binding(
            "tableDrawn",
            lambda _source, at, future=future: future.done() or future.set_result(at),
        )
        await context.add_init_script(DRAWN)
        drawn.append(future)
        page = await context.new_page()
        sizes: list[int] = []
        page.on("websocket", _counter(sizes))
        pages.append(page)
        received.append(sizes)

    async def one(page: Page, sizes: list[int], future: asyncio.Future[float]) -> None:
        try:
            await page.goto(url, wait_until="commit", timeout=WAIT_MS)
            at = await asyncio.wait_for(future, WAIT_MS / 1000)
        except Exception as error:  # a page that never drew is counted, not a crash
            found.missed += 1
            found.errors.add(f"{type(error).__name__}: {str(error)[:160]}")
            return
        found.times.append(at - start)
        found.ws_bytes.append(sum(sizes))

    start = time.time() * 1000
    await asyncio.gather(
        *(one(*each) for each in zip(pages, received, drawn, strict=True)),
        *(open_tab(base_url, link, start, found) for _ in range(found.tabs)),
    )
    for context in contexts:
        await context.close()


def report(found: Round) -> tuple[str, list[str]]:
    name = f"{found.link}_n{found.count}" + (f"_tabs{found.tabs}" if found.tabs else "")
    goal = GOAL_ONE_MS if found.count + found.tabs == 1 else GOAL_CLASS_MS
    if not found.times:
        return f"{name}: no table drawn ({found.missed} missed)", [f"{name}_missed={found.missed}"]
    p50, worst = statistics.median(found.times), max(found.times)
    kb = statistics.median(found.ws_bytes) / 1024
    tabs = ""
    if found.tab_times:
        tabs = (
            f", {found.tabs} tabs without a browser served: p50 "
            f"{statistics.median(found.tab_times):.0f} ms, max {max(found.tab_times):.0f} ms"
        )
    line = (
        f"{found.link} x{found.count}: p50 {p50:.0f} ms, max {worst:.0f} ms "
        f"({worst / goal:.2f} of the {goal} ms goal), websocket {kb:.1f} KB a page, "
        f"server {found.server_cpu:.2f} CPU-s"
        + tabs
        + (f", {found.missed} never drawn" if found.missed else "")
    )
    return line, [
        f"{name}_p50_ms={p50:.0f}",
        f"{name}_max_ms={worst:.0f}",
        f"{name}_ratio={worst / goal:.2f}",
        f"{name}_ws_kb={kb:.1f}",
        f"{name}_server_cpu_s={found.server_cpu:.2f}",
        f"{name}_missed={found.missed}",
        *(
            [
                f"{name}_tabs_p50_ms={statistics.median(found.tab_times):.0f}",
                f"{name}_tabs_max_ms={max(found.tab_times):.0f}",
            ]
            if found.tab_times
            else []
        ),
    ]


async def run(
    links: list[str], counts: list[int], rounds: int, tabs: int, chromium: str, flags: list[str]
) -> list[Round]:
    found: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="first-paint-") as folder:
        database = Path(folder) / "progress.sqlite3"
        env = {"EUCHRE_TUTORIAL_DB": f"sqlite:///{database}"}
        async with (
            serve(ROOT, [], Path(folder) / "server.log", env=env) as server,
            async_playwright() as playwright,
        ):
            browser = await playwright.chromium.launch(
                executable_path=chromium, headless=True, args=flags
            )
            for link in links:
                address = LINKS[link]()
                for count in counts:
                    one = Round(link, count, tabs=tabs)
                    for _ in range(rounds):
                        before = cpu_seconds(server.pid)
                        await open_all(browser, server.base_url, address, count, one)
                        one.server_cpu += cpu_seconds(server.pid) - before
                    one.server_cpu /= rounds
                    found.append(one)
            await browser.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 30], help="N per round")
    parser.add_argument("--links", nargs="+", choices=sorted(LINKS), default=list(LINKS))
    parser.add_argument("--rounds", type=int, default=1, help="times each N runs (default 1)")
    parser.add_argument(
        "--tabs",
        type=int,
        default=0,
        help="learners without a browser opening the link at the same moment (a class "
        "whose browsers run on their own devices: --counts 1 --tabs 29)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="the tests' Chromium (the headless shell, V8 without its optimising "
        "compilers): a check that it runs, at a third less CPU; its figures are not a "
        "learner's",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or min(args.counts) < 1 or args.tabs < 0:
        parser.error("--rounds and every count must be at least 1, --tabs at least 0")
    chromium, flags = (CHECK_CHROMIUM, CHECK_ARGS) if args.check else (CHROMIUM, CHROMIUM_ARGS)
    found = asyncio.run(run(args.links, args.counts, args.rounds, args.tabs, chromium, flags))
    print(
        f"rounds={args.rounds} chromium={chromium} cores={os.cpu_count()} "
        f"goals: N=1 {GOAL_ONE_MS} ms, N>1 all within {GOAL_CLASS_MS} ms"
    )
    pairs: list[str] = []
    for one in found:
        line, figures = report(one)
        print(line)
        for error in sorted(one.errors):
            print(f"  never drawn: {error}", file=sys.stderr)
        pairs += figures
    print(" ".join(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
