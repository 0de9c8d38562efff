"""Bot-played hands for the odds lab: repeatable by seed, shares that add up, a
theoretical bound, and a small seeded run inside the 99.9% interval of a larger one."""

from __future__ import annotations

import math
from functools import cache

import pytest

from analysis.hand_simulation import MAKER_SEATS, Result, SimulatedHand, simulate_hands, summarize
from engine import Rules, Seat, random_hand

Z_999 = 3.29  # two-sided 99.9% normal quantile


@cache
def run(level: str, hands: int, seed: int, preset: str = "bga") -> tuple[SimulatedHand, ...]:
    return simulate_hands(Rules.preset(preset), level, hands, seed)


def share(hands, test) -> tuple[int, int]:
    return sum(1 for h in hands if test(h)), len(hands)


def within_interval(small: tuple[int, int], large: tuple[int, int]) -> bool:
    """Two-proportion test: the small run's share lies within the 99.9% interval of
    the large run's, both runs' sampling error counted."""
    (k1, n1), (k2, n2) = small, large
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return abs(k1 / n1 - k2 / n2) <= Z_999 * spread


def test_the_same_seed_plays_the_same_hands_and_another_seed_others():
    assert run("beginner", 200, 7) == simulate_hands(Rules.preset("bga"), "beginner", 200, 7)
    assert run("beginner", 200, 7) != run("beginner", 200, 8)


@pytest.mark.parametrize("level", ["random", "beginner"])
def test_every_hand_scores_for_one_team_or_nobody(level):
    for hand in run(level, 400, 1, "pagat"):
        assert {hand.dealing_team_points, hand.other_team_points} <= {0, 1, 2, 4}
        assert min(hand.dealing_team_points, hand.other_team_points) == 0
        if hand.result is None:  # thrown in: no stick the dealer in pagat
            assert hand.dealing_team_points == hand.other_team_points == 0
            assert hand.maker_seat is None and hand.maker_trumps is None
        else:
            assert hand.maker_seat in MAKER_SEATS.values()
            assert 0 <= hand.maker_trumps <= 5
            assert hand.dealing_team_points + hand.other_team_points > 0


def test_with_stick_the_dealer_no_hand_is_thrown_in():
    assert all(hand.result is not None for hand in run("random", 400, 2))


def test_results_share_out_every_made_hand():
    hands = run("beginner", 1000, 1)
    counts = {result: sum(1 for h in hands if h.result is result) for result in Result}
    assert sum(counts.values()) == len(hands)
    assert all(counts.values())


def test_a_maker_with_five_trumps_is_never_euchred():
    # Seven trumps in the 24-card deck: two outside the maker's hand can each win one
    # trick at most, and every other trick the maker's trump wins.
    hands = [h for h in run("beginner", 4000, 12345) if h.maker_trumps == 5]
    assert hands, "a run this long deals some five-trump makers"
    assert all(h.result is not Result.EUCHRED for h in hands)


@pytest.mark.parametrize(
    "what, test",
    [
        ("makers euchred", lambda h: h.result is Result.EUCHRED),
        ("dealing team +1", lambda h: h.dealing_team_points == 1),
        ("dealer made trump", lambda h: h.maker_seat == MAKER_SEATS[0]),
    ],
)
def test_the_pages_default_run_lies_within_a_larger_runs_interval(what, test):
    page_default = run("beginner", 1000, 1)  # the odds lab's default settings
    reference = run("beginner", 4000, 12345)
    small, large = share(page_default, test), share(reference, test)
    assert within_interval(small, large), f"{what}: {small} against {large}"


def test_progress_is_reported_up_to_the_last_hand():
    seen = []
    simulate_hands(Rules.preset("bga"), "random", 120, 3, lambda done, total: seen.append(done))
    assert seen == sorted(seen) and seen[-1] == 120 and len(seen) > 10


@pytest.mark.parametrize(
    "level, hands, words",
    [
        ("grandmaster", 10, "unknown bot level 'grandmaster'"),
        ("random", 0, "from 1 to"),
        ("random", 2.5, "whole number"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(level, hands, words):
    with pytest.raises(ValueError, match=words):
        simulate_hands(Rules.preset("bga"), level, hands, 1)


def test_an_unfinished_hand_cannot_be_summarized():
    with pytest.raises(ValueError, match="not over"):
        summarize(random_hand(Rules.preset("bga"), Seat.N, 1))
