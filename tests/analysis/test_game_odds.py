"""Game win chances by dynamic programming, checked against a closed form and against
plain value iteration over the same game (an independent method)."""

from __future__ import annotations

import pytest

from analysis.game_odds import win_chances


def value_iteration(dealing: dict, other: dict, target: int, rounds: int = 3000):
    """The same game solved the slow way: sweep every score until nothing changes."""
    nobody = 1 - sum(dealing.values()) - sum(other.values())
    deal = {(a, b): 0.5 for a in range(target) for b in range(target)}
    receive = dict(deal)

    def at(table, a, b):
        return 1.0 if a >= target else 0.0 if b >= target else table[(a, b)]

    for _ in range(rounds):
        deal, receive = (
            {
                (a, b): sum(p * at(receive, a + k, b) for k, p in dealing.items())
                + sum(p * at(receive, a, b + k) for k, p in other.items())
                + nobody * receive[(a, b)]
                for (a, b) in deal
            },
            {
                (a, b): sum(p * at(deal, a, b + k) for k, p in dealing.items())
                + sum(p * at(deal, a + k, b) for k, p in other.items())
                + nobody * deal[(a, b)]
                for (a, b) in deal
            },
        )
    return deal, receive


def test_a_dealing_team_that_always_scores_one_wins_exactly_when_it_should():
    # The dealer's team always scores 1 and the deal alternates: dealing first at a-b,
    # you reach the target at your (T-a)th deal, hand 2(T-a)-1; they at hand 2(T-b).
    target = 5
    odds = win_chances({1: 1.0}, {}, target)
    for a in range(target):
        for b in range(target):
            assert odds.dealing[a][b] == (1.0 if a >= b else 0.0)
            assert odds.receiving[a][b] == (1.0 if a > b else 0.0)


@pytest.mark.parametrize(
    "dealing, other, target",
    [
        ({1: 0.45, 2: 0.16, 4: 0.01}, {1: 0.17, 2: 0.12, 4: 0.01}, 10),
        ({1: 0.30, 2: 0.20}, {1: 0.25, 2: 0.10}, 7),  # 15% thrown in
        ({1: 0.5}, {2: 0.3}, 11),
    ],
)
def test_the_dynamic_programme_agrees_with_value_iteration(dealing, other, target):
    odds = win_chances(dealing, other, target)
    deal, receive = value_iteration(dealing, other, target)
    for a in range(target):
        for b in range(target):
            assert odds.dealing[a][b] == pytest.approx(deal[(a, b)], abs=1e-9)
            assert odds.receiving[a][b] == pytest.approx(receive[(a, b)], abs=1e-9)
            # One of the two teams wins: your chance dealing plus theirs receiving is 1.
            assert odds.dealing[a][b] + odds.receiving[b][a] == pytest.approx(1)


def test_a_fair_game_is_even_at_level_scores_and_climbs_with_the_lead():
    odds = win_chances({1: 0.5}, {1: 0.5}, 10)
    assert odds.average(3, 3) == pytest.approx(0.5)
    row = [odds.average(a, 4) for a in range(10)]
    assert row == sorted(row)


@pytest.mark.parametrize(
    "dealing, other, target, words",
    [
        ({1: 0.8}, {1: 0.3}, 10, "add up to at most 1"),
        ({1: -0.1}, {1: 0.3}, 10, "between 0 and 1"),
        ({0: 0.5}, {1: 0.3}, 10, "whole numbers from 1"),
        ({}, {}, 10, "no hand ever scores"),
        ({1: 0.5}, {1: 0.5}, 0, "target must be a whole number"),
    ],
)
def test_bad_chances_are_refused_with_a_reason(dealing, other, target, words):
    with pytest.raises(ValueError, match=words):
        win_chances(dealing, other, target)
