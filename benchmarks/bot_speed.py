"""Expert bot speed: how long ``ExpertBot.decide`` takes, by phase, with what it decides.

Four expert bots play seeded hands (``bga`` unless ``--preset`` says otherwise); every
decision with a real choice (two legal actions or more) is timed. Each phase is
reported on its own (play, discard, and the bidding, which needs no search), then all
decisions together: decisions per second, p50, p95 and the worst.

    PYTHONPATH=. .venv/bin/python benchmarks/bot_speed.py --hands 100

``--cpu`` times this process's CPU instead of the wall clock (less disturbed by other
work on the machine). The last line holds the figures as name=value pairs, and
``decisions_sha256``: a digest of every decision made, equal on two runs of the same
seed when the bot's play is unchanged (a faster bot must print the same digest).
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

from hint_latency import percentile  # this script's folder is on the path

from analysis import native
from analysis.bots import make_bot
from engine import SEATS, Rules, apply, random_hand, seat_view
from engine.hand import Phase

KINDS = {Phase.PLAY: "play", Phase.DISCARD: "discard"}  # any other phase: "bid"


def time_decisions(
    rules: Rules, hands: int, seed: int, clock=time.perf_counter
) -> tuple[dict[str, list[float]], str]:
    """Seconds per expert decision, by kind, and the digest of every decision."""
    rng = random.Random(seed)
    bot = make_bot("expert")
    times: dict[str, list[float]] = {"play": [], "discard": [], "bid": []}
    digest = hashlib.sha256()
    for i in range(hands):
        state = random_hand(rules, SEATS[i % 4], rng)
        while state.phase is not Phase.OVER:
            assert state.turn is not None  # not over: a seat is to act
            view = seat_view(state, state.turn)
            if len(view.legal) > 1:
                start = clock()
                action = bot.decide(view, rng)
                times[KINDS.get(view.phase, "bid")].append(clock() - start)
            else:
                action = view.legal[0]
            digest.update(str(action).encode() + b";")
            state = apply(state, action)
    return {kind: sorted(t) for kind, t in times.items() if t}, digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100, help="hands played (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="bga", help="rule set (default bga)")
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = Rules.preset(args.preset)
    times, digest = time_decisions(
        rules, args.hands, args.seed, time.process_time if args.cpu else time.perf_counter
    )
    print(
        f"hands={args.hands} seed={args.seed} preset={args.preset} "
        f"clock={'cpu' if args.cpu else 'wall'} search={native.SEARCH_PATH}"
    )
    pairs = []
    every = sorted(t for kind in times.values() for t in kind)
    for kind, t in [*times.items(), ("all", every)]:
        p50, p95 = statistics.median(t) * 1000, percentile(t, 0.95) * 1000
        per_second = len(t) / sum(t) if sum(t) else float("inf")
        print(
            f"{kind}: {len(t)} decisions, {per_second:.0f} a second, p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms, worst {t[-1] * 1000:.1f} ms"
        )
        pairs += [f"{kind}_p50_ms={p50:.1f}", f"{kind}_p95_ms={p95:.1f}"]
    print(" ".join(pairs + [f"decisions_sha256={digest[:16]}"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
