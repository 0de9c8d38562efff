"""Random complete hands per second: this engine against OpenSpiel's Euchre (pyspiel).

Both sides do the same work per hand: deal at random, then at every decision
ask for the legal actions and apply one chosen at random (seeded), until the
hand is over. Ours uses the ``bga`` preset; OpenSpiel its default parameters
(stick the dealer on, no lone defender), which are the same rules.

    PYTHONPATH=. .venv/bin/python benchmarks/engine_speed.py --rounds 15

The two take turns in short rounds (``--hands`` each, ours first in odd rounds,
OpenSpiel's first in even ones), timed by this process's CPU time, not the wall clock:
a machine that gets busier or quieter during the run touches both alike, and time spent
waiting for a core counts for neither. Each round gives a ratio; the median over the
rounds is the figure, printed with its spread (the lowest and highest round).

The engine runs compiled when ``tools/build_engine.py`` has built it for the
sources as they are (``make test`` does), else its plain Python sources: the
``engine_path=`` line says which. The last line is ``ratio <ours / openspiel>``,
two decimals, then ``spread <lowest>-<highest>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
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


def cpu_rate(play, hands: int, seed: int) -> tuple[float, int]:
    """Hands per CPU-second of one round, and its actions."""
    start = time.process_time()
    steps = play(hands, seed)
    return hands / max(time.process_time() - start, 1e-9), steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=int, default=2000, help="random hands per engine and round (2000)"
    )
    parser.add_argument("--rounds", type=int, default=15, help="rounds of each (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("pyspiel is not installed: pip install open_spiel", file=sys.stderr)
        return 2

    # Warm up both (imports, table building, first-call costs).
    ours_hands(200, args.seed)
    openspiel_hands(200, args.seed)
    ours, theirs, ratios = [], [], []
    ours_steps = their_steps = 0
    for number in range(args.rounds):
        seed = args.seed + number
        if number % 2 == 0:
            our_rate, ours_steps = cpu_rate(ours_hands, args.hands, seed)
            their_rate, their_steps = cpu_rate(openspiel_hands, args.hands, seed)
        else:
            their_rate, their_steps = cpu_rate(openspiel_hands, args.hands, seed)
            our_rate, ours_steps = cpu_rate(ours_hands, args.hands, seed)
        ours.append(our_rate)
        theirs.append(their_rate)
        ratios.append(our_rate / their_rate)
    print(
        f"hands={args.hands} rounds={args.rounds} seed={args.seed} clock=cpu "
        f"python={sys.version.split()[0]} engine={engine.__name__}"
    )
    # Compiled (engine/_native, built by tools/build_engine.py) or the plain sources.
    print(f"engine_path={engine.native.ENGINE_PATH} ({engine.native.WHY})")
    print(
        f"ours_hands_per_s={statistics.median(ours):.0f} "
        f"ours_actions_per_hand={ours_steps / args.hands:.1f}"
    )
    print(
        f"openspiel_hands_per_s={statistics.median(theirs):.0f} "
        f"openspiel_actions_per_hand={their_steps / args.hands:.1f}"
    )
    print(f"ratio {statistics.median(ratios):.2f} spread {min(ratios):.2f}-{max(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
