"""Hint latency: how long ``analysis.hints.hint`` takes for a learner's decision.

Hands are dealt at random and played by beginner bots (``bga`` preset); at
every decision with a real choice (two legal actions or more) we time a
hint from the deciding seat's view, with the default number of samples.
Play decisions are the headline; bidding, alone and discard hints are timed
on the side.

    PYTHONPATH=. .venv/bin/python benchmarks/hint_latency.py --hands 60

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

from analysis.bots import make_bot  # noqa: E402
from analysis.hints import hint  # noqa: E402
from engine import SEATS, Rules, apply, random_hand, seat_view  # noqa: E402
from engine.hand import Phase  # noqa: E402


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands played (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = Rules.preset("bga")
    rng = random.Random(args.seed)
    bot = make_bot("beginner")
    play, other = [], []
    hint(seat_view(random_hand(rules, SEATS[0], 0), SEATS[1]), random.Random(0))  # warm up
    for i in range(args.hands):
        state = random_hand(rules, SEATS[i % 4], rng)
        while state.phase is not Phase.OVER:
            view = seat_view(state, state.turn)
            if len(view.legal) > 1:
                start = time.perf_counter()
                hint(view, random.Random(i))
                (play if view.phase is Phase.PLAY else other).append(
                    time.perf_counter() - start)
            state = apply(state, bot.decide(view, rng))
    play.sort()
    other.sort()
    p50, p95 = statistics.median(play), percentile(play, 0.95)
    print(f"hands={args.hands} seed={args.seed} python={sys.version.split()[0]}")
    print(f"play hints: {len(play)}, p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"worst {play[-1] * 1000:.0f} ms")
    print(f"bid/alone/discard hints: {len(other)}, p50 {statistics.median(other) * 1000:.0f} ms, "
          f"p95 {percentile(other, 0.95) * 1000:.0f} ms, worst {other[-1] * 1000:.0f} ms")
    print(f"play_hint_p50_ms={p50 * 1000:.0f} play_hint_p95_ms={p95 * 1000:.0f} "
          f"other_hint_p50_ms={statistics.median(other) * 1000:.0f} "
          f"other_hint_p95_ms={percentile(other, 0.95) * 1000:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
