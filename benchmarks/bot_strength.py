"""Bot strength as duplicate matches: expert vs beginner, beginner vs random.

Duplicate deals: every deal is played twice, the two teams swapping seats, so
the luck of the cards cancels; a deal's edge is the first bot's net points
(its points minus the other team's), averaged over its two seatings. We give
the mean edge per deal with a 95% interval (mean +- 1.96 standard errors).

Games: pairs of games to the target (``bga``: 10), dealt from the same seed
with the teams swapped, so the first bot plays each game's cards from both
sides. We give its game win rate with a 95% Wilson interval.

    PYTHONPATH=. .venv/bin/python benchmarks/bot_strength.py --deals 1000 --games 400

(the defaults; the whole run takes about 5 minutes on 2 cores).

Work is shared among ``--workers`` processes (default 2, the machine's cores).
The last line holds the headline figures as name=value pairs.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.bots import make_bot, play_hand
from engine import SEATS, Rules, Team, deal_cards, new_hand
from engine.game import finish_hand, new_game, start_hand

MATCHES = (("expert", "beginner"), ("beginner", "random"))


def net(points: dict, team: Team) -> int:
    return points[team] - points[team.other]


def seating(first: str, second: str, first_team: Team) -> list:
    """Bots by seat index: ``first`` on ``first_team``'s seats."""
    a, b = make_bot(first), make_bot(second)
    return [a if seat.team is first_team else b for seat in SEATS]


def duplicate_deal(task: tuple) -> float:
    """The first bot's edge on one deal, averaged over both seatings."""
    first, second, preset, seed, i = task
    rules = Rules.preset(preset)
    deal = deal_cards(rules, SEATS[i % 4], random.Random(f"deal {seed} {i}"))
    edge = 0
    for team in (Team.NS, Team.EW):
        bots = seating(first, second, team)
        end = play_hand(new_hand(rules, deal), bots, random.Random(f"play {seed} {i} {team}"))
        assert end.result is not None  # played to the end
        edge += net(end.result.points, team)
    return edge / 2


def game(task: tuple) -> tuple[bool, int]:
    """Whether the first bot wins one game, and the hands it took."""
    first, second, preset, seed, j, team = task
    rules = Rules.preset(preset)
    deals = random.Random(f"game deals {seed} {j}")
    play_rng = random.Random(f"game play {seed} {j} {team}")
    bots = seating(first, second, team)
    g = new_game(rules, SEATS[j % 4])
    hands = 0
    while g.winner is None:
        g = start_hand(g, deals)
        assert g.hand is not None  # a hand just started
        g = finish_hand(g, play_hand(g.hand, bots, play_rng))
        hands += 1
    return g.winner is team, hands


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    m = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, m - half, m + half


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals",
        type=int,
        default=1000,
        help="duplicate deals per match, each played twice (default 1000)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=400,
        help="games per match, in pairs with the teams swapped (default 400)",
    )
    parser.add_argument("--preset", default="bga", help="rule preset (default bga, game to 10)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.deals < 2 or args.games < 2 or args.workers < 1:
        parser.error("--deals and --games must be at least 2, --workers at least 1")
    started = time.perf_counter()
    rules = Rules.preset(args.preset)
    print(
        f"deals={args.deals} games={args.games} preset={args.preset} "
        f"target={rules.target_points} workers={args.workers} seed={args.seed}"
    )
    figures = []
    with Pool(args.workers) as pool:
        for first, second in MATCHES:
            name = f"{first}_vs_{second}"
            t0 = time.perf_counter()
            tasks = [(first, second, args.preset, args.seed, i) for i in range(args.deals)]
            edges = pool.map(duplicate_deal, tasks, chunksize=4)
            m, lo, hi = mean_interval(edges)
            pairs = args.games // 2
            game_tasks = [
                (first, second, args.preset, args.seed, j, team)
                for j in range(pairs)
                for team in (Team.NS, Team.EW)
            ]
            results = pool.map(game, game_tasks, chunksize=2)
            wins = sum(w for w, _ in results)
            rate, wlo, whi = wilson(wins, len(results))
            hands = statistics.mean(h for _, h in results)
            print(
                f"{name}: edge {m:+.3f} points per deal, 95% interval [{lo:+.3f}, {hi:+.3f}] "
                f"over {len(edges)} duplicate deals; games {wins}/{len(results)} won = "
                f"{rate:.1%}, 95% interval [{wlo:.1%}, {whi:.1%}], {hands:.1f} hands a game; "
                f"{time.perf_counter() - t0:.0f} s"
            )
            figures += [
                f"{name}_edge={m:.3f}",
                f"{name}_edge_lo={lo:.3f}",
                f"{name}_edge_hi={hi:.3f}",
                f"{name}_game_win={rate:.3f}",
                f"{name}_game_win_lo={wlo:.3f}",
                f"{name}_game_win_hi={whi:.3f}",
            ]
    figures.append(f"seconds={time.perf_counter() - started:.0f}")
    print(" ".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
