"""Hint latency: how long ``analysis.hints.hint`` takes for a learner's decision.

Hands are dealt at random and played by beginner bots (``bga`` preset unless
``--preset`` says otherwise); at every decision with a real choice (two legal
actions or more) we time a hint from the deciding seat's view, with the
default number of samples. Each kind of hint is reported on its own: play,
bid (round-1 order or pass, round-2 call), alone, discard, and any other
phase met (name trump, defend alone).

    PYTHONPATH=. .venv/bin/python benchmarks/hint_latency.py --hands 60

The last line holds the figures as name=value pairs (milliseconds), ending
with the worst p95 over the kinds: the figure the Play page must keep low.
The wall clock is what a learner waits; on a machine busy with other work,
``--cpu`` (this process's CPU time) shows what the hint itself costs. The last pair,
``advice_sha256``, is a digest of every hint's recommended action: a faster hint must
print the same digest for the same seed (the same advice on every position timed).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.bots import make_bot
from analysis.hints import hint
from engine import SEATS, Rules, apply, random_hand, seat_view
from engine.hand import Phase

# The kind of hint for each phase, in the order they are reported.
KINDS = {
    Phase.PLAY: "play",
    Phase.BID1: "bid",
    Phase.BID2: "bid",
    Phase.ALONE: "alone",
    Phase.DISCARD: "discard",
    Phase.NAME_TRUMP: "name_trump",
    Phase.DEFEND_ALONE: "defend_alone",
}


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def time_hints(
    rules: Rules, hands: int, seed: int, clock=time.perf_counter, advice=None
) -> dict[str, list[float]]:
    """Seconds per hint, by kind, over ``hands`` hands played by beginner bots; each
    hint's recommended action goes into ``advice`` (a hashlib digest), if given."""
    rng = random.Random(seed)
    bot = make_bot("beginner")
    times: dict[str, list[float]] = {kind: [] for kind in dict.fromkeys(KINDS.values())}
    for i in range(hands):
        state = random_hand(rules, SEATS[i % 4], rng)
        while state.phase is not Phase.OVER:
            assert state.turn is not None  # not over: a seat is to act
            view = seat_view(state, state.turn)
            if len(view.legal) > 1:
                start = clock()
                given = hint(view, random.Random(i))
                times[KINDS[view.phase]].append(clock() - start)
                if advice is not None:
                    advice.update(str(given.recommended).encode() + b";")
            state = apply(state, bot.decide(view, rng))
    return {kind: sorted(t) for kind, t in times.items() if t}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands played (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="bga", help="rule set (default bga)")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time this process's CPU, not the wall clock: less disturbed "
        "by other work on the machine",
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = Rules.preset(args.preset)
    hint(seat_view(random_hand(rules, SEATS[0], 0), SEATS[1]), random.Random(0))  # warm up
    advice = hashlib.sha256()
    times = time_hints(
        rules, args.hands, args.seed, time.process_time if args.cpu else time.perf_counter, advice
    )
    print(
        f"hands={args.hands} seed={args.seed} preset={args.preset} "
        f"clock={'cpu' if args.cpu else 'wall'} python={sys.version.split()[0]}"
    )
    pairs = []
    for kind, t in times.items():
        p50, p95 = statistics.median(t) * 1000, percentile(t, 0.95) * 1000
        print(
            f"{kind} hints: {len(t)}, p50 {p50:.0f} ms, p95 {p95:.0f} ms, "
            f"worst {t[-1] * 1000:.0f} ms"
        )
        pairs += [f"{kind}_hint_p50_ms={p50:.0f}", f"{kind}_hint_p95_ms={p95:.0f}"]
    worst = max(percentile(t, 0.95) for t in times.values()) * 1000
    hints = sum(len(t) for t in times.values())
    print(
        " ".join(
            pairs
            + [f"worst_hint_p95_ms={worst:.0f}", f"hints={hints}"]
            + [f"advice_sha256={advice.hexdigest()[:16]}"]
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
