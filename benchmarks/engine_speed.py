"""Random complete hands per second: this engine against OpenSpiel's Euchre (pyspiel).

Both sides do the same work per hand: deal at random, then at every decision
ask for the legal actions and apply one chosen at random (seeded), until the
hand is over. Ours uses the ``bga`` preset; OpenSpiel its default parameters
(stick the dealer on, no lone defender), which are the same rules.

    PYTHONPATH=. .venv/bin/python benchmarks/engine_speed.py --hands 20000

The engine runs compiled when ``tools/build_engine.py`` has built it for the
sources as they are (``make test`` does), else its plain Python sources: the
``engine_path=`` line says which. The last line is ``ratio <ours / openspiel>``,
two decimals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine import SEATS, Rules, apply, legal_actions, random_hand


def ours_hands(hands: int, seed: int) -> int:
    """Play ``hands`` random hands with our engine; returns the number of actions."""
    rules = Rules.preset("bga")
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    for i in range(hands):
        state = random_hand(rules, SEATS[i % 4], rng)  # deal included
        while not state.is_over:
            legal = legal_actions(state)
            state = apply(state, legal[randrange(len(legal))])
            steps += 1
    return steps


CHANCE_ACTIONS = 22  # OpenSpiel: the dealer, 20 cards dealt, the upcard


def openspiel_hands(hands: int, seed: int) -> int:
    """Play ``hands`` random hands with pyspiel; returns the number of player actions."""
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            # Chance outcomes (dealer, each dealt card, upcard) are uniform, so a random
            # choice among the chance node's legal actions is a random deal.
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
        steps += len(state.history()) - CHANCE_ACTIONS
    return steps


def rate(play, hands: int, seed: int, repeat: int) -> tuple[float, int]:
    """Best hands-per-second over ``repeat`` runs, and the actions of the last run."""
    best = 0.0
    steps = 0
    for r in range(repeat):
        start = time.perf_counter()
        steps = play(hands, seed + r)
        elapsed = time.perf_counter() - start
        best = max(best, hands / elapsed)
    return best, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands",
        type=int,
        default=20000,
        help="random hands per engine and per run (default 20000)",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per engine; the best rate counts (default 3)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("pyspiel is not installed: pip install open_spiel", file=sys.stderr)
        return 2

    # Warm up both (imports, table building, first-call costs).
    ours_hands(200, args.seed)
    openspiel_hands(200, args.seed)
    ours, ours_steps = rate(ours_hands, args.hands, args.seed, args.repeat)
    theirs, their_steps = rate(openspiel_hands, args.hands, args.seed, args.repeat)
    print(
        f"hands={args.hands} repeat={args.repeat} seed={args.seed} "
        f"python={sys.version.split()[0]} engine={engine.__name__}"
    )
    # Compiled (engine/_native, built by tools/build_engine.py) or the plain sources.
    print(f"engine_path={engine.native.ENGINE_PATH} ({engine.native.WHY})")
    print(f"ours_hands_per_s={ours:.0f} ours_actions_per_hand={ours_steps / args.hands:.1f}")
    print(
        f"openspiel_hands_per_s={theirs:.0f} "
        f"openspiel_actions_per_hand={their_steps / args.hands:.1f}"
    )
    print(f"ratio {ours / theirs:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
