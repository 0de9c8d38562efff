"""The live-class scenario of the class-load benchmark, run briefly for real: a teacher
and three learners over the websocket join, wait, answer, read the reveal, and the
database holds every answer they were told was kept. No timing is asserted.

It runs on a saturated machine: every core but one is kept busy, which the class's own
server and clients share. Under pytest-xdist the other workers' tests keep a core each
busy, and busy loops the test starts itself spin on the cores left (none in ``make
test``, whose workers outnumber the cores; a loop beside another worker spun a core for
the whole test, 14 CPU-seconds a run, slowing that worker's tests too). The class waits
on events (every learner has seen the question, then the reveal; the learners poll until
the teacher is done and they have seen every reveal), never on a fixed time, so a busy
machine makes it slower, not wrong. (It once missed a learner's reveal: a reveal stayed
on screen a fixed ``read_seconds`` before the next question, and the learners stopped
polling a fixed time after the teacher's deadline, while the last reveal came up to
``answer_seconds`` later; a learner whose polls a busy machine slowed could miss either.
The short ``read_seconds`` here makes the old code fail nearly every time.)"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_class_load  # noqa: E402


@contextmanager
def busy_cores(count: int):
    """``count`` processes spinning on a core each, for the block's duration."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield spinners
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait(30)


def test_a_short_live_class_runs_clean(tmp_path):
    args = Namespace(
        app_dir=ROOT,
        server_arg=[],
        db=None,
        timeout=60,
        think=0.3,
        seed=1,
        ramp=1,
        idle=2,
        duration=8,  # two questions, each read and revealed
        answer_seconds=3,
        read_seconds=0.5,
        lockstep=True,
    )
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))  # each keeps a core busy
    with (
        busy_cores(max(0, (os.cpu_count() or 2) - workers)) as spinners,
        ThreadPoolExecutor(1) as pool,
    ):
        # an event loop of its own (Playwright may hold ours)
        row = pool.submit(
            asyncio.run,
            asyncio.wait_for(live_class_load.run_class(3, args, tmp_path / "server.log"), 400),
        ).result()
        assert all(spinner.poll() is None for spinner in spinners)  # busy all along
    tally = row["tally"]
    assert not tally.errors, tally.notes
    assert tally.seen["joined"] == 3 and len(tally.pushed) >= 2
    for number in tally.pushed:  # every question reached every learner
        assert len(tally.saw_question[number]) == 3, number
    for number in tally.revealed:  # and so did every reveal
        assert len(tally.saw_reveal[number]) == 3, number
    assert tally.seen["answers"] >= 3
    told_kept = sum(len(per) for per in tally.kept.values())
    assert row["report"] == {"members": 3, "answers": told_kept, "questions": len(tally.pushed)}
    summary = live_class_load.summary(row)
    assert summary["errors"] == 0 and summary["interactions"] > 0
