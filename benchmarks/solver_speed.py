"""Double-dummy solver speed: time to solve a full deal from the first lead.

Deals are random, bidding is random with nobody going alone (four seats in
play: the hardest case), using the ``bga`` preset. For each deal we time
``solve`` (the makers' tricks with best play) and ``card_values`` (the value
of every card the leader may lead), each with a fresh solver. Lone hands
(three seats) are timed on the side.

    PYTHONPATH=. .venv/bin/python benchmarks/solver_speed.py --deals 1000

The last line holds the headline figures as name=value pairs (milliseconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.positions import random_position
from analysis.solver import card_values, solve
from engine import Rules


def timings(deals: int, seed: int, alone_chance: float) -> tuple[list[float], list[float]]:
    """Seconds per ``solve`` and per ``card_values`` over random first-lead positions."""
    rng = random.Random(seed)
    rules = Rules.preset("bga")
    solves, values = [], []
    done = 0
    while done < deals:
        state = random_position(rules, rng, plays=0, alone_chance=alone_chance)
        if alone_chance == 0.0 and len(state.active_seats) != 4:
            continue
        if alone_chance > 0.0 and len(state.active_seats) == 4:
            continue
        start = time.perf_counter()
        solve(state)
        middle = time.perf_counter()
        card_values(state)
        end = time.perf_counter()
        solves.append(middle - start)
        values.append(end - middle)
        done += 1
    return solves, values


def ms(x: float) -> str:
    return f"{x * 1000:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="full deals (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    timings(20, args.seed + 1, 0.0)  # warm up: imports, layout tables
    solves, values = timings(args.deals, args.seed, 0.0)
    lone_solves, _ = timings(max(1, args.deals // 5), args.seed, 1.0)
    solves.sort()
    values.sort()
    p95 = solves[int(0.95 * (len(solves) - 1))]
    print(f"deals={args.deals} seed={args.seed} python={sys.version.split()[0]}")
    print(
        f"solve: median {ms(statistics.median(solves))} ms, p95 {ms(p95)} ms, "
        f"worst {ms(solves[-1])} ms, total {sum(solves):.2f} s"
    )
    print(
        f"card_values (every first-lead card): median {ms(statistics.median(values))} ms, "
        f"worst {ms(values[-1])} ms"
    )
    print(
        f"lone hands ({len(lone_solves)} deals, three seats): median "
        f"{ms(statistics.median(lone_solves))} ms, worst {ms(max(lone_solves))} ms"
    )
    print(
        f"solver_median_ms={ms(statistics.median(solves))} solver_worst_ms={ms(solves[-1])} "
        f"card_values_median_ms={ms(statistics.median(values))} "
        f"card_values_worst_ms={ms(values[-1])}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
