"""Where the bidding evaluation's weights come from: least squares on double-dummy results.

For random deals (``bga`` preset) and each seat in turn making trump, the
hand's features (its trumps by place, off-suit aces, voids, who gets the
upcard) are set against the makers' tricks with best play by both sides:

- with partner, round 1 (the upcard's suit; the dealer picks it up and throws
  away ``weakest_card``) and round 2 (another suit, called);
- alone, round 2.

The fitted weights are printed beside those in ``analysis.evaluation`` (which
are these, rounded). Then the break-even: for round-1 orders, the mean net
points for the makers by the evaluation's team estimate, and where it
crosses zero.

    PYTHONPATH=. .venv/bin/python benchmarks/calibrate_evaluation.py --deals 2500

The last line holds the headline figures as name=value pairs.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.evaluation import LONE, TEAM, evaluate, upcard_value, weakest_card
from analysis.options import net_points
from analysis.solver import solve
from engine import SEATS, Action, Rank, Rules, Suit, apply, random_hand
from engine.ranking import EFFECTIVE_SUIT, is_left_bower, is_right_bower

NAMES = (
    "right",
    "left",
    "ace",
    "king",
    "low",
    "off_ace",
    "void",
    "upcard_to_partner",
    "upcard_to_opponent",
    "partner",
)


def features(hand, trump: Suit, upcard=None, to: str = "nobody") -> list[float]:
    """right, left, ace, king, low trumps, off aces, voids (2+ trumps), upcard, constant."""
    table = EFFECTIVE_SUIT[trump]
    trumps = [c for c in hand if table[c.index] is trump]
    off = [c for c in hand if table[c.index] is not trump]
    plain = [c for c in trumps if not is_right_bower(c, trump) and not is_left_bower(c, trump)]
    voids = 3 - len({table[c.index] for c in off})
    up = upcard_value(upcard, trump) if upcard is not None else 0.0
    return [
        sum(is_right_bower(c, trump) for c in trumps),
        sum(is_left_bower(c, trump) for c in trumps),
        sum(c.rank is Rank.ACE for c in plain),
        sum(c.rank is Rank.KING for c in plain),
        sum(c.rank < Rank.KING for c in plain),
        sum(c.rank is Rank.ACE for c in off),
        voids if len(trumps) >= 2 else 0,
        up if to == "partner" else 0.0,
        up if to == "opponent" else 0.0,
        1.0,
    ]


def least_squares(rows: list[list[float]], ys: Sequence[float]) -> list[float]:
    """Solve the normal equations by Gauss-Jordan elimination; unused columns get 0."""
    n = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) for j in range(n)]
        + [sum(r[i] * y for r, y in zip(rows, ys, strict=False))]
        for i in range(n)
    ]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-9:
            continue
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=False)]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-9 else 0.0 for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    rules = Rules.preset("bga")
    rng = random.Random(args.seed)
    team_x, team_y, lone_x, lone_y = [], [], [], []
    buckets: dict[float, list[int]] = defaultdict(list)
    for d in range(args.deals):
        dealer = SEATS[d % 4]
        start = random_hand(rules, dealer, rng)
        up = start.upcard
        upsuit = up.suit
        assert upsuit is not None  # the deck here has no Joker
        for k in range(1, 5):
            seat = dealer.after(k)
            hand = start.hand_of(seat)
            state = start
            for _ in range(k - 1):
                state = apply(state, Action.PASS)
            # Round 1, with partner.
            s = apply(apply(state, Action.ORDER_UP), Action.WITH_PARTNER)
            s = apply(s, Action.discard(weakest_card(s.hand_of(dealer), upsuit)))
            to = "me" if seat is dealer else "partner" if seat.partner is dealer else "opponent"
            counted = s.hand_of(seat) if to == "me" else hand
            tricks = solve(s)
            team_x.append(features(counted, upsuit, up, to))
            team_y.append(tricks)
            estimate = evaluate(hand, upsuit, up, to).team_tricks
            buckets[round(estimate * 4) / 4].append(
                net_points(seat.team, seat.team, tricks, False, False)
            )
            # Round 2: a random other suit, with partner and alone.
            s2 = start
            for _ in range(4 + k - 1):
                s2 = apply(s2, Action.PASS)
            trump = rng.choice([x for x in Suit if x is not up.suit])
            made = apply(s2, Action.call(trump))
            team_x.append(features(hand, trump))
            team_y.append(solve(apply(made, Action.WITH_PARTNER)))
            lone_x.append(features(hand, trump))
            lone_y.append(solve(apply(made, Action.ALONE)))
    team_w = least_squares(team_x, team_y)
    lone_w = least_squares([r[:7] + [r[9]] for r in lone_x], lone_y)
    lone_w = lone_w[:7] + [0.0, 0.0, lone_w[7]]
    print(f"deals={args.deals} seed={args.seed} samples team={len(team_y)} lone={len(lone_y)}")
    print(f"{'weight':<20}{'team fit':>10}{'in use':>8}{'lone fit':>10}{'in use':>8}")
    for name, t, lone in zip(NAMES, team_w, lone_w, strict=False):
        used = TEAM.get(name, TEAM["low"] if name == "low" else float("nan"))
        print(f"{name:<20}{t:>10.2f}{used:>8.2f}{lone:>10.2f}{LONE.get(name, float('nan')):>8.2f}")
    print("round-1 order: team estimate -> makers' mean net points (double dummy)")
    crossing = None
    previous = None
    for key in sorted(buckets):
        values = buckets[key]
        if len(values) < 40:
            continue
        mean = sum(values) / len(values)
        print(f"  {key:4.2f}: {mean:+.2f} ({len(values)} hands)")
        if previous is not None and previous[1] < 0 <= mean:
            crossing = previous[0] + (key - previous[0]) * -previous[1] / (mean - previous[1])
        previous = (key, mean)
    print(
        " ".join(f"team_{n}={w:.2f}" for n, w in zip(NAMES, team_w, strict=False))
        + " "
        + " ".join(f"lone_{n}={w:.2f}" for n, w in zip(NAMES, lone_w, strict=False) if w)
        + f" break_even_estimate={crossing if crossing is None else round(crossing, 2)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
