"""How long the test suite takes, and how fast the machine was while it ran.

    .venv/bin/python benchmarks/suite_time.py [--workers N] [--loop N] [--fault-mb N]
        [pytest args]

The suite's goal is five minutes on two quiet cores (issue 18). On the shared machine it
is measured on, the same commit has taken 352 s and, hours later, 708 s: a figure alone
says little. So the machine's pace is measured before and after the run (best of five):
a fixed pure Python loop on one core and on every core at once, and the time to touch
fresh memory page by page, which the loop does not show (on 2026-12-04 the loop ran at
its usual pace while the suite took twice its time). Two runs compare only when their
paces agree within a tenth.

The suite runs as ``make test`` runs it: N pytest-xdist workers (default: one per core
and one more), ``--dist loadgroup``, Hypothesis's "ci" profile, bytecode kept, the
compiled engine required (``make test`` or ``make engine-build`` builds it); any further
arguments go to pytest (a folder, ``-m "not browser"``). For the README's figure run it in
a fresh clone whose ``.venv`` is built (no mypy cache, as CI has none).

Prints the suite's seconds and their ratio to the goal, the CPU seconds the whole machine
spent meanwhile (/proc/stat) and how busy its cores were, and the paces. The last line
holds the figures as name=value pairs. A figure, never a test.
"""

from __future__ import annotations

import argparse
import mmap
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_S = 300.0
LOOP = 5_000_000  # additions: 0.2-0.3 s on one core of the machine the goal is kept on
FAULT_MB = 256  # fresh memory touched page by page: 0.4 s on 2026-12-04's slow machine
ROUNDS = 5


def count_up(n: int) -> float:
    """Seconds a plain Python loop of ``n`` additions takes here."""
    start = time.perf_counter()
    total = 0
    for i in range(n):
        total += i
    return time.perf_counter() - start


def loop_ms(n: int, cores: int) -> float:
    """The best of ROUNDS rounds of the loop on ``cores`` processes at once (each round's
    figure: its slowest process), in ms. The best, as a busy neighbour slows some rounds
    by half."""
    with ProcessPoolExecutor(cores) as pool:
        rounds = [max(pool.map(count_up, [n] * cores)) for _ in range(ROUNDS)]
    return min(rounds) * 1000


def fault_ms(megabytes: int) -> float:
    """The best of ROUNDS times to touch ``megabytes`` of fresh memory, one byte a page, in
    ms: what a new process pays for its memory. On 2026-12-04 the loop above ran at its
    usual pace while every page fault cost 6.5 microseconds, and the suite, whose browsers
    and servers fault in hundreds of megabytes each, took twice its time."""
    page, size = mmap.PAGESIZE, megabytes << 20
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        with mmap.mmap(-1, size) as memory:
            for offset in range(0, size, page):
                memory[offset] = 1
        rounds.append(time.perf_counter() - start)
    return min(rounds) * 1000


def busy_seconds() -> float:
    """CPU seconds every core has spent on anything but idling, since boot."""
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    idle, iowait = fields[3], fields[4]
    return (sum(fields) - idle - iowait) / os.sysconf("SC_CLK_TCK")


def pace(n: int, megabytes: int = FAULT_MB) -> dict[str, float]:
    cores = os.cpu_count() or 1
    return {"one": loop_ms(n, 1), "all": loop_ms(n, cores), "faults": fault_ms(megabytes)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument(
        "--workers", type=int, default=(os.cpu_count() or 1) + 1, help="pytest-xdist workers"
    )
    parser.add_argument("--loop", type=int, default=LOOP, help="additions in the pace loop")
    parser.add_argument(
        "--fault-mb", type=int, default=FAULT_MB, help="megabytes touched for the fault pace"
    )
    args, pytest_args = parser.parse_known_args(argv)
    if args.workers < 0 or args.loop < 1 or args.fault_mb < 1:
        parser.error("--workers must be 0 or more, --loop and --fault-mb at least 1")
    cores = os.cpu_count() or 1
    # A run started from inside pytest (this script's own test) must not look like a worker;
    # bytecode is kept, as the Makefile's ``unexport PYTHONDONTWRITEBYTECODE`` does.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PYTEST_") and key != "PYTHONDONTWRITEBYTECODE"
    }
    env.update(EUCHRE_REQUIRE_COMPILED="1", HYPOTHESIS_PROFILE="ci")
    command = [sys.executable, "-m", "pytest", "-n", str(args.workers), "--dist", "loadgroup"]

    before = pace(args.loop, args.fault_mb)
    busy, start = busy_seconds(), time.perf_counter()
    status = subprocess.run([*command, *pytest_args], cwd=ROOT, env=env).returncode
    suite_s, busy = time.perf_counter() - start, busy_seconds() - busy
    after = pace(args.loop, args.fault_mb)

    figures: dict[str, float] = {
        "suite_s": suite_s,
        "goal_s": GOAL_S,
        "ratio": suite_s / GOAL_S,
        "busy_cpu_s": busy,
        "cores_busy_pct": 100 * busy / (suite_s * cores),
        "loop_one_ms_before": before["one"],
        "loop_one_ms_after": after["one"],
        "loop_all_ms_before": before["all"],
        "loop_all_ms_after": after["all"],
        "fault_ms_before": before["faults"],
        "fault_ms_after": after["faults"],
    }
    print(
        f"suite: {suite_s:.1f} s with {args.workers} workers on {cores} cores "
        f"(goal {GOAL_S:.0f} s, ratio {suite_s / GOAL_S:.2f}); pytest exit status {status}"
    )
    print(f"machine: {busy:.0f} CPU seconds, cores {figures['cores_busy_pct']:.0f}% busy")
    print(
        f"pace ({args.loop:,} additions, best of {ROUNDS}): one core {before['one']:.0f} ms "
        f"before, {after['one']:.0f} after; every core at once {before['all']:.0f} ms "
        f"before, {after['all']:.0f} after"
    )
    print(
        f"page faults ({args.fault_mb} MB of fresh memory touched, best of {ROUNDS}): "
        f"{before['faults']:.0f} ms before, {after['faults']:.0f} after"
    )
    if any(max(before[k], after[k]) > 1.1 * min(before[k], after[k]) for k in ("one", "faults")):
        print("the machine's pace changed by over a tenth during the run: compare with care")
    print(" ".join(f"{name}={value:.3g}" for name, value in figures.items()), f"exit={status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
