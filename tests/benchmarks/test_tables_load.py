"""The tables scenario of the class-load benchmark, run briefly for real: three learners
and a bot at one table, over the websocket, seated by the teacher's click; each learner
plays on their turn, the others see every card, and every hand of the table comes back
``ok`` from the referee. No timing is asserted: the run ends on an event (the learners'
fifth move), so a busy machine makes it slower, not different."""

from __future__ import annotations

import asyncio
import sys
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import tables_load  # noqa: E402


def test_a_short_run_at_one_table_plays_clean_and_the_referee_accepts_every_hand(tmp_path):
    args = Namespace(
        app_dir=ROOT,
        server_arg=[],
        db=None,
        timeout=60,
        think=0.1,
        seed=1,
        ramp=1,
        duration=180,  # a bound: the run ends on its event, the learners' fifth move
        moves=5,
    )
    with ThreadPoolExecutor(1) as pool:  # an event loop of its own (Playwright may hold ours)
        row = pool.submit(
            asyncio.run, asyncio.wait_for(tables_load.run_tables(3, args, tmp_path / "s.log"), 300)
        ).result()
    tally, records = row["tally"], row["records"]
    assert not tally.errors, tally.notes
    assert row["seated"] == 3 and records["tables"] == 1
    assert sum(tally.moves.values()) == 5  # the learners played, and the run ended there
    assert records["moves"] > sum(tally.moves.values())  # and the bot between them
    assert records["ok"] >= 1 and "refused" not in records
    seen = tally.click_to_seen()
    # each clicked move but the last seen by another learner (the next to play, at least)
    assert len(seen) >= sum(tally.moves.values()) - 1
    assert all(delay > 0 for delay in seen)
    assert tables_load.summary(row)["errors"] == 0
