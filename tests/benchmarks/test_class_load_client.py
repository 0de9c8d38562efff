"""The class-load benchmark's protocol client against the real app (no browser): one
learner, no think time, a few clicks that must land. No timing is asserted."""

from __future__ import annotations

import asyncio
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import class_load  # noqa: E402
from app_server import serve  # noqa: E402
from class_load import table_choices  # noqa: E402
from streamlit_client import Tab  # noqa: E402


def step(tab: Tab) -> str:
    return " ".join(tab.texts("progress"))


async def lesson_and_quiz(base_url: str) -> class_load.Tally:
    tally = class_load.Tally()
    learner = class_load.Learner(0, base_url, tally, think=0, timeout=60, seed=1)
    assert await learner.load("bowers")
    tab = learner.tab
    assert tab.path == "bowers" and tab.query == "step=1"
    assert re.fullmatch(r"Step 1 of \d+", step(tab)), step(tab)

    await tab.click(tab.widget(key="step-next"))
    assert step(tab).startswith("Step 2 of"), "the Next step click did not land"
    assert tab.query == "step=2", "the address follows the page, as in a browser"

    await tab.set(tab.widget(key="bowers-part"), ["Take the quiz"])
    assert "answered right" in step(tab), "the quiz did not open"
    assert re.fullmatch(r"part=quiz&seed=\d+", tab.query), tab.query

    assert await learner.answer(), "the question's widgets could not be used"
    assert class_load.quiz_verdict(tab) in ("right", "wrong"), "the answer was not judged"

    before = tab.signature()
    await tab.click(tab.widget(key="next"))
    assert tab.signature() != before and not tab.widget(key="next"), "no next question"
    assert not tab.elements("exception")
    await learner.close()
    return tally


async def learner_plays(base_url: str, tally: class_load.Tally) -> None:
    learner = class_load.Learner(5, base_url, tally, think=0, timeout=60, seed=1)
    assert learner.plan == "play"
    await learner.load("play", "seed=5", kind="first_load")  # a seeded game: the same deals
    learner.rng.random = lambda: 0.0  # always ask for a hint before moving
    learner.illegal_click_rate = 0.0  # then click a card (or bid) the engine allows
    await learner.play()
    for _ in range(60):  # then play on to a card the engine refuses
        if table_choices(learner.tab.widget(key="play-table")).get("illegal"):
            break
        await learner.play()
    learner.illegal_click_rate = 1.0
    await learner.play()
    await learner.close()


def test_clicks_land_over_the_websocket(tmp_path):
    async def scenario():
        async with serve(ROOT, [], tmp_path / "server.log") as server:
            tally = await lesson_and_quiz(server.base_url)
            await learner_plays(server.base_url, tally)
            return tally

    # A thread of its own: Playwright's sync API may hold this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        tally = pool.submit(asyncio.run, asyncio.wait_for(scenario(), 300)).result()
    assert tally.seen["hints"] >= 1 and tally.seen["moves"] >= 1, (tally.seen, tally.notes)
    assert tally.seen["refusals"] == 1, (tally.seen, tally.notes)
    assert not tally.errors, tally.notes  # no exception drawn, no timeout, nothing missing
    assert len(tally.times["first_load"]) == 1 and len(tally.times["hint"]) >= 1
