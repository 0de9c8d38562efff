"""The chance of winning a game from any score, from the chances of each hand's points.

A hand gives points to the dealing team or to the other team (or to nobody, when
it is thrown in), and the deal passes to the other team for the next hand. Given
those chances, the chance of winning from every score follows exactly by working
back from the target (dynamic programming over the scores).

>>> odds = win_chances({1: 0.5}, {1: 0.5}, target=2)
>>> odds.average(0, 0), odds.average(1, 0)
(0.5, 0.75)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class WinChances:
    """``dealing[a][b]``: the chance that a team with ``a`` points beats one with ``b``
    when it deals the next hand; ``receiving[a][b]`` when the other team deals."""

    target: int
    dealing: tuple[tuple[float, ...], ...]
    receiving: tuple[tuple[float, ...], ...]

    def average(self, ours: int, theirs: int) -> float:
        """The chance from a score when either team is as likely to deal next."""
        return (self.dealing[ours][theirs] + self.receiving[ours][theirs]) / 2


def win_chances(
    dealing_points: Mapping[int, float], other_points: Mapping[int, float], target: int
) -> WinChances:
    """Win chances from every score below ``target``, given the chance that one hand
    gives the dealing team, or the other team, each number of points; raises ValueError
    if the chances are not a distribution, points are not positive, or no hand ever
    scores.
    """
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise ValueError(f"the target must be a whole number of points, not {target!r}")
    chances = [*dealing_points.values(), *other_points.values()]
    if any(p < 0 for p in chances) or sum(chances) > 1 + TOLERANCE:
        raise ValueError(
            "the chances of the hand's points must be between 0 and 1 and add up to at most 1"
        )
    if any(not isinstance(k, int) or k < 1 for k in (*dealing_points, *other_points)):
        raise ValueError("points in a hand are whole numbers from 1 up")
    nobody = 1 - sum(chances)  # a thrown-in hand: nobody scores, the deal moves on
    if nobody >= 1 - TOLERANCE:
        raise ValueError("no hand ever scores, so no game ever ends")
    deal = [[0.0] * target for _ in range(target)]  # we deal the next hand
    receive = [[0.0] * target for _ in range(target)]  # they deal it

    def after(table: list[list[float]], ours: int, theirs: int) -> float:
        if ours >= target:
            return 1.0
        if theirs >= target:
            return 0.0
        return table[ours][theirs]

    for ours in range(target - 1, -1, -1):
        for theirs in range(target - 1, -1, -1):
            # After our deal they deal, and the other way round.
            scored_dealing = sum(
                p * after(receive, ours + k, theirs) for k, p in dealing_points.items()
            ) + sum(p * after(receive, ours, theirs + k) for k, p in other_points.items())
            scored_receiving = sum(
                p * after(deal, ours, theirs + k) for k, p in dealing_points.items()
            ) + sum(p * after(deal, ours + k, theirs) for k, p in other_points.items())
            # dealing = scored_dealing + nobody * receiving, and the other way round.
            deal[ours][theirs] = (scored_dealing + nobody * scored_receiving) / (1 - nobody**2)
            receive[ours][theirs] = (scored_receiving + nobody * scored_dealing) / (1 - nobody**2)
    return WinChances(target, tuple(map(tuple, deal)), tuple(map(tuple, receive)))
