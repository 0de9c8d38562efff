"""CPU cost of a first load and of a guided-hand click: the server's CPU-ms and the
browser's (every Chromium process this script started, read from /proc), for judging a
change on a busy machine, where wall times (``click_latency.py``) say little.

    PYTHONPATH=. .venv/bin/python benchmarks/cpu_cost.py [--pages glossary,odds] [--rounds 3]

First load: each page opened in a fresh browser context (an empty cache) until its run
is over, after one warm-up load of each page. A click: each decision of the first
``--hands`` guided hands played right with the mouse, then a pause of 1.5 s (no polling
meanwhile) before the CPU is read. Medians; the last line holds them as name=value pairs.
A figure, not a test: Chromium's processes are counted at a 10 ms tick.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_server import cpu_seconds, stop_server  # noqa: E402
from click_latency import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    WATCH,
    open_page,
    right_button,
    settled,
    start_server,
)
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from lessons.guided import load_guided  # noqa: E402

PAUSE_S = 1.5  # after a click: the update and the table's pacing are over by then


def browser_cpu_ms() -> float:
    """CPU ms of the live processes descended from this one (the browser's)."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    mine, todo = set(), [os.getpid()]
    while todo:
        parent = todo.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in mine]
        mine.update(children)
        todo += children
    return sum(ticks[pid] for pid in mine) * 1000 / os.sysconf("SC_CLK_TCK")


def load_costs(browser: Browser, base_url: str, path: str, server: int) -> tuple[float, float]:
    """(server CPU-ms, browser CPU-ms) of one first load of ``path``."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(WATCH)
    page = context.new_page()
    served, drawn = cpu_seconds(server), browser_cpu_ms()
    open_page(page, base_url, path)
    costs = ((cpu_seconds(server) - served) * 1000, browser_cpu_ms() - drawn)
    context.close()
    return costs


def click_costs(
    browser: Browser, base_url: str, hands: int, server: int
) -> list[tuple[float, float]]:
    """(server CPU-ms, browser CPU-ms) of each right decision of the first guided hands."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(WATCH)
    page = context.new_page()
    costs = []
    for hand in load_guided()[:hands]:
        open_page(page, base_url, f"guided?hand={hand.id}")
        for decision in hand.decisions:
            box = right_button(page, decision).bounding_box()
            assert box is not None, f"{hand.id}: the button for {decision.right[0]} is not drawn"
            served, drawn = cpu_seconds(server), browser_cpu_ms()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            time.sleep(PAUSE_S)  # no polling of the page meanwhile: it would cost CPU too
            costs.append(((cpu_seconds(server) - served) * 1000, browser_cpu_ms() - drawn))
            settled(page)
    context.close()
    return costs


def medians(costs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(c[0] for c in costs), statistics.median(c[1] for c in costs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="glossary,odds", help="addresses, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="first loads of each page")
    parser.add_argument("--hands", type=int, default=4, help="guided hands clicked through")
    args = parser.parse_args(argv)
    pages = args.pages.split(",")  # "" is the home page
    pairs: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cpu-cost-") as folder:
        server, base_url = start_server(Path(folder) / "server.log", Path(folder) / "p.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for path in pages:  # warm: the server's imports and caches
                    load_costs(browser, base_url, path, server.pid)
                for path in pages:
                    loads = [
                        load_costs(browser, base_url, path, server.pid) for _ in range(args.rounds)
                    ]
                    served, drawn = medians(loads)
                    name = path.split("?")[0] or "home"
                    print(f"first load /{path}: server {served:.0f} CPU-ms, browser {drawn:.0f}")
                    pairs += [f"{name}_server_ms={served:.0f}", f"{name}_browser_ms={drawn:.0f}"]
                clicks = click_costs(browser, base_url, args.hands, server.pid)
                served, drawn = medians(clicks)
                n = len(clicks)
                print(f"guided click (N {n}): server {served:.0f} CPU-ms, browser {drawn:.0f}")
                pairs += [f"click_server_ms={served:.0f}", f"click_browser_ms={drawn:.0f}"]
                browser.close()
        finally:
            stop_server(server)
    print(" ".join(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
