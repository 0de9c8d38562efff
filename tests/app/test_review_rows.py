"""A hand's review rows: every decision a seat took, graded, but not a move that was the
only legal one (nothing to choose, so nothing to grade: "best" would praise it)."""

from __future__ import annotations

import random

from analysis import review_hand
from engine import Rules, Seat, apply, deal_cards, legal_actions, new_hand
from tutorial_app.mistakes.review_rows import reviewed_decisions


def a_finished_hand(seed: int):
    rng = random.Random(seed)
    rules = Rules.preset("bga")
    state = new_hand(rules, deal_cards(rules, Seat.W, rng))
    while state.result is None:
        action = rng.choice(legal_actions(state))
        state = apply(state, action, state.turn)
    return state


def test_only_legal_moves_are_left_out_of_the_review():
    for seed in range(4):
        state = a_finished_hand(seed)
        grades = review_hand(state, Seat.S, random.Random(seed), samples=8)
        rows = reviewed_decisions(state, Seat.S, grades)
        steps = [step for step, (who, _) in enumerate(state.actions) if who is Seat.S]
        wanted = [step for step, grade in zip(steps, grades, strict=True) if not grade.forced]
        assert [row.step for row in rows] == wanted
        assert any(grade.forced for grade in grades)  # a last card, at least
        forced = [grade._replace(forced=True) for grade in grades]
        assert reviewed_decisions(state, Seat.S, forced) == []
