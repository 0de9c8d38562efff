"""The noisy-neighbour benchmark's parts against the real app, on tiny sizes: the odds
run goes through the worker pool (a progress bar, then the charts), the CSV is uploaded
and imported, the forged link is refused, and a short run of quiet and noisy windows
gives figures for both. No timing is asserted."""

from __future__ import annotations

import asyncio
import sys
import time
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import noisy_neighbour  # noqa: E402
from app_server import serve  # noqa: E402


def in_a_loop_of_its_own(coroutine, seconds: float = 300):
    """Playwright's sync API may hold this thread's event loop: run in another thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, seconds)).result()


def test_each_neighbour_does_its_part(tmp_path):
    async def scenario():
        noise = noisy_neighbour.Noise(think=0)
        async with serve(ROOT, [], tmp_path / "server.log") as server:
            deadline = time.monotonic() + 200
            await noisy_neighbour.odds_neighbour(
                server.base_url, deadline, noise, hands=100, level="random", most=2
            )
            await noisy_neighbour.import_neighbour(
                server.base_url, deadline, noise, noisy_neighbour.largest_csv(20, 10_000), most=1
            )
            await noisy_neighbour.forged_neighbour(
                server.base_url, deadline, noise, noisy_neighbour.forged_game_link(), most=2
            )
        return noise

    noise = in_a_loop_of_its_own(scenario())
    assert noise.errors == []
    assert noise.done["odds_run"] == 2 and noise.done["import"] == 1
    assert noise.done["forged_link"] == 2


def test_the_largest_csv_stays_within_the_upload_bounds():
    from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES

    data = noisy_neighbour.largest_csv(MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES)
    assert data.count(b"\n") == MAX_IMPORT_ROWS + 1 and len(data) <= MAX_UPLOAD_BYTES
    with pytest.raises(ValueError, match="more than"):
        noisy_neighbour.largest_csv(50, 1000)


def test_a_short_run_of_quiet_and_noisy_windows_gives_both_figures(tmp_path):
    from tutorial_app.limits.numbers import MAX_UPLOAD_BYTES

    args = Namespace(
        app_dir=ROOT,
        server_arg=[],
        think=0.2,
        timeout=60,
        seed=1,
        ramp=1,
        duration=6,  # one quiet window and one noisy
        neighbour_think=0.2,
        odds_hands=10,
        only=["odds", "import", "forged"],
        csv=noisy_neighbour.largest_csv(50, MAX_UPLOAD_BYTES),
        forged=noisy_neighbour.forged_game_link(),
    )
    row = in_a_loop_of_its_own(
        noisy_neighbour.run(3, args, tmp_path / "server.log", noisy=True, window=3)
    )
    assert row["errors"] == 0, row["tally"].notes
    assert row["quiet windows"]["interactions"] and row["noisy windows"]["interactions"]
    assert row["noise"].errors == []
    assert row["noise"].done["forged_link"] and row["noise"].done["import"]
    assert "quiet" in " ".join(noisy_neighbour.describe(row))
