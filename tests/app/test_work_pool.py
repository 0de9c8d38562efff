"""The worker pool (``tutorial_app.work.pool``) with real worker processes, no Streamlit:
results come back, failures come back as words, the queue and the one-job-per-session
bounds hold, progress is seen, a job can be stopped, and a dead worker or a killed
server leaves no pool broken and no process behind.

Long jobs are the odds lab's own simulation with random bots and many hands: they
report progress often, so a stop takes effect within a fraction of a second. No test
sleeps a fixed time: each waits on the job, or polls a condition up to a deadline."""

from __future__ import annotations

import operator
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analysis.hand_simulation import MAX_HANDS, simulate_hands
from engine import Rules
from tutorial_app.features.odds import jobs
from tutorial_app.work import pool as work_pool
from tutorial_app.work.pool import BUSY, JobFailed, OwnerBusy, PoolBusy, WorkPool

ROOT = Path(__file__).resolve().parents[2]
BGA = (("preset", "bga"),)
WAIT = 120  # seconds: generous for a busy machine


def eventually(condition, seconds: float = WAIT, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)


@pytest.fixture
def pool():
    made = WorkPool(workers=1, waiting=1, preload=work_pool.PRELOAD)
    yield made
    made.close()


def long_run(seed: int) -> tuple:
    """Arguments of ``simulate_hands`` for seconds of work, progress every 2,000 hands."""
    return (Rules.preset("bga"), "random", MAX_HANDS, seed, work_pool.report_progress)


def test_a_job_runs_in_another_process_and_its_result_comes_back(pool):
    job = pool.submit("ann", ("odds", 1), jobs.simulate, ((BGA, "beginner", 100, 3),))
    assert job.wait(WAIT)
    assert job.outcome() == simulate_hands(Rules.preset("bga"), "beginner", 100, 3)
    worker = pool.submit("ann", "pid", os.getpid)
    assert worker.wait(WAIT) and worker.outcome() != os.getpid()
    niceness = pool.submit("ann", "nice", os.nice, (0,))
    assert niceness.wait(WAIT) and niceness.outcome() >= work_pool.WORKER_NICE


def test_a_failure_comes_back_in_words(pool):
    bad = pool.submit("ann", "bad level", jobs.simulate, ((BGA, "grandmaster", 100, 1),))
    assert bad.wait(WAIT)
    with pytest.raises(JobFailed, match="unknown bot level 'grandmaster'"):
        bad.outcome()
    crash = pool.submit("ann", "crash", operator.truediv, (1, 0))
    assert crash.wait(WAIT)
    with pytest.raises(JobFailed, match="Something went wrong") as failed:
        crash.outcome()
    assert isinstance(failed.value.cause, ZeroDivisionError)
    assert pool.result("crash") is None  # failures are not kept


def test_a_full_pool_refuses_saying_the_server_is_busy(pool):
    running = pool.submit("ann", "long 1", simulate_hands, long_run(1))
    waiting = pool.submit("bob", "long 2", simulate_hands, long_run(2))
    assert pool.live() == pool.capacity == 2
    with pytest.raises(PoolBusy) as refused:
        pool.submit("cy", "long 3", simulate_hands, long_run(3))
    assert str(refused.value) == BUSY == "The server is busy, try again in a minute."
    assert pool.submit("cy", "long 1", simulate_hands, long_run(1)) is running
    for owner in ("ann", "bob", "cy"):
        pool.cancel(owner)
    assert running.wait(WAIT) and waiting.wait(WAIT)
    eventually(lambda: pool.live() == 0, what="the stopped jobs free their places")
    again = pool.submit("cy", "short", jobs.simulate, ((BGA, "random", 100, 1),))
    assert again.wait(WAIT) and len(again.outcome()) == 100


def test_one_job_per_session_and_a_stopped_job_makes_way(pool):
    first = pool.submit("ann", "long 1", simulate_hands, long_run(1))
    assert pool.submit("ann", "long 1", simulate_hands, long_run(1)) is first
    with pytest.raises(OwnerBusy):
        pool.submit("ann", "long 2", simulate_hands, long_run(2))
    eventually(lambda: 0 < first.progress() < 1, what="the job reports progress")
    assert pool.running("ann") is first
    pool.cancel("ann")
    assert first.wait(WAIT)
    with pytest.raises(JobFailed, match="stopped before it finished"):
        first.outcome()
    eventually(lambda: pool.running("ann") is None, what="the stop is seen")
    second = pool.submit("ann", "short", jobs.simulate, ((BGA, "random", 100, 2),))
    assert second.wait(WAIT) and len(second.outcome()) == 100


def test_the_same_job_asked_twice_runs_once_and_its_result_is_kept(pool):
    run = ((BGA, "beginner", 100, 9),)
    ann = pool.submit("ann", ("odds", 9), jobs.simulate, run)
    bob = pool.submit("bob", ("odds", 9), jobs.simulate, run)
    assert ann is bob and pool.live() == 1
    pool.cancel("ann")  # bob still wants it: it goes on
    assert bob.wait(WAIT) and len(bob.outcome()) == 100
    eventually(lambda: pool.result(("odds", 9)) is not None, what="the result is kept")
    later = pool.submit("cy", ("odds", 9), jobs.simulate, run)
    assert later.done() and later.outcome() == bob.outcome() and pool.live() == 0


def test_a_dead_worker_fails_its_job_and_the_pool_goes_on(pool):
    dead = pool.submit("ann", "exit", os._exit, (3,))
    assert dead.wait(WAIT)
    with pytest.raises(JobFailed, match="stopped unexpectedly"):
        dead.outcome()
    after = pool.submit("ann", "after", jobs.simulate, ((BGA, "random", 100, 1),))
    assert after.wait(WAIT) and len(after.outcome()) == 100


SERVER = """
import os, sys
from tutorial_app.features.odds import jobs
from tutorial_app.work.pool import WorkPool
pool = WorkPool(workers=1, waiting=0)
job = pool.submit("ann", "pid", os.getpid)
job.wait(120)
print(job.outcome(), flush=True)
pool.submit("ann", "long", jobs.simulate, ((("preset", "bga"),), "random", 5000, 1))
sys.stdin.read()
"""


def test_workers_leave_when_the_server_is_killed():
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    try:
        worker = int(server.stdout.readline())
        assert Path(f"/proc/{worker}").exists()
        server.send_signal(signal.SIGKILL)
        server.wait(WAIT)

        def gone() -> bool:
            try:
                return (
                    "zombie" in Path(f"/proc/{worker}/status").read_text()
                    or " Z " in Path(f"/proc/{worker}/stat").read_text()
                )
            except OSError:
                return True

        eventually(gone, what=f"worker {worker} leaves")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        server.stdin.close()
        server.stdout.close()


def test_a_worker_never_runs_the_streamlit_script_that_started_it(tmp_path, monkeypatch):
    """Streamlit installs each page as a stand-in ``__main__`` whose __file__ is the app
    script; a worker started then must not import (run) it."""
    import types

    marker = tmp_path / "ran"
    script = tmp_path / "streamlit_app.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n")
    stand_in = types.ModuleType("__main__")
    stand_in.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", stand_in)
    made = WorkPool(workers=1, waiting=0)
    try:
        job = made.submit("ann", "pid", os.getpid)
        assert job.wait(WAIT) and job.outcome() != os.getpid()
    finally:
        made.close()
    assert not marker.exists()
