"""Grading the learner's decisions: best, good, inaccuracy, mistake or blunder.

A decision's **cost** is the expected points it gives up against the best
choice, from the learner's side and with what the learner could see (the
values of ``analysis.hints``, not hindsight). Expected points are net points
for the learner's team per hand (a euchre of the makers counts -2 for them).

| grade | cost in expected points |
|---|---|
| best | at most 0.02 (the best choice, or one the samples cannot tell from it) |
| good | at most 0.15 |
| inaccuracy | at most 0.40 |
| mistake | at most 0.80 |
| blunder | more than 0.80 |

For scale: throwing away the third trick as makers swings 3 points (+1 to -2),
so a play that does it one time in four costs 0.75, a mistake.

>>> [str(classify(cost)) for cost in (0.0, 0.1, 0.3, 0.5, 1.2)]
['best', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> classify(0.5) == "mistake"  # a GradeName is a str
True
>>> GRADE_MEANINGS["mistake"]
'it gives away from about half a point to a point on average'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from analysis.hints import Hint, hint
from analysis.options import ALMOST_AS_GOOD, NEAR_EQUAL
from analysis.reasons import reason
from engine.actions import Action
from engine.hand import HandState, Phase, apply, new_hand
from engine.seats import Seat
from engine.view import SeatView, seat_view


class GradeName(StrEnum):
    """The five grades, best first. A ``str``: ``GradeName.BEST == "best"``."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    def __repr__(self) -> str:  # the name to type, like Suit.HEARTS
        return f"GradeName.{self.name}"


GRADES: tuple[GradeName, ...] = tuple(GradeName)
# The most expected points a grade may cost; anything more is a blunder.
THRESHOLDS = (
    (GradeName.BEST, NEAR_EQUAL),
    (GradeName.GOOD, ALMOST_AS_GOOD),
    (GradeName.INACCURACY, 0.40),
    (GradeName.MISTAKE, 0.80),
)
# What each grade means, in one line a twelve-year-old reads (matching THRESHOLDS).
GRADE_MEANINGS: dict[GradeName, str] = {
    GradeName.BEST: "the best choice, or one just as good",
    GradeName.GOOD: "nearly as good as the best; it gives away almost nothing",
    GradeName.INACCURACY: (
        "a small slip; it gives away a little, less than half a point on average"
    ),
    GradeName.MISTAKE: "it gives away from about half a point to a point on average",
    GradeName.BLUNDER: "a big slip; it gives away about a point or more, often a whole hand",
}


class Grade(NamedTuple):
    """One decision of the learner, graded."""

    seat: Seat
    phase: Phase
    action: Action  # what the learner did
    grade: GradeName
    cost: float  # expected points given up against the best choice
    forced: bool  # the only legal choice
    hint: Hint  # the best choice, every choice's value and the reason
    why: str = ""  # the reason for ``shown_best`` (not always the hint's)

    @property
    def best(self) -> Action:
        return self.hint.recommended

    @property
    def shown_best(self) -> Action:
        """The best choice a review names: the learner's own when it is as good (a tie)."""
        return self.action if self.grade is GradeName.BEST else self.hint.recommended


def classify(cost: float) -> GradeName:
    """The grade for a cost in expected points."""
    for name, limit in THRESHOLDS:
        if cost <= limit:
            return name
    return GradeName.BLUNDER


def grade_decision(
    view: SeatView, action: Action, rng: random.Random, samples: int | None = None
) -> Grade:
    """Grade ``action`` taken by the seat in ``view``; raises ValueError if it is not legal."""
    if action not in view.legal:
        raise ValueError(f"{action} is not a legal choice for {view.seat.word} now")
    h = hint(view, rng, samples)
    chosen = h.value(action)
    cost = max(0.0, h.best.points - chosen.points)
    grade = classify(cost)
    shown = action if grade is GradeName.BEST else h.recommended
    # The hint's sentence explains the hint's choice; a tie the learner chose gets its own.
    why = h.explanation if shown == h.recommended else reason(view, chosen, list(h.options))
    return Grade(view.seat, view.phase, action, grade, cost, len(view.legal) == 1, h, why)


def review_hand(
    state: HandState,
    seat: Seat,
    rng: random.Random | Callable[[int], random.Random],
    samples: int | None = None,
) -> list[Grade]:
    """Every decision ``seat`` took in the hand so far, graded in order (for the review).

    ``rng`` may be a function from the decision's step (its index in the hand's actions)
    to a Random: a page that seeds its hints the same way gets the very same figures.
    """
    replay = new_hand(state.rules, state.deal)
    grades = []
    for step, (who, action) in enumerate(state.actions):
        if who is seat:
            step_rng = rng(step) if callable(rng) else rng
            grades.append(grade_decision(seat_view(replay, seat), action, step_rng, samples))
        replay = apply(replay, action, who)
    return grades


def summary(grades: list[Grade]) -> dict[str, int]:
    """How many decisions got each grade, in the order of GRADES."""
    return {name: sum(1 for g in grades if g.grade == name) for name in GRADES}
