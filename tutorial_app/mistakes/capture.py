"""The positions a finished hand gives to practise: each decision of the learner's seat
that the review grades a mistake or a blunder (``analysis.grading``, with the same
seeded evaluation as the Play page's review, so the figures agree).

Forced decisions (one legal choice) are never kept; nor are inaccuracies: they give
away less than half a point, and a learner has better things to practise.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from analysis import Grade, GradeName, review_hand
from engine import HandRecord, HandState, Seat
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import MISTAKE_WHY_MAX, NewMistake

__all__ = ["KEPT_GRADES", "hand_mistakes"]

KEPT_GRADES = (GradeName.MISTAKE, GradeName.BLUNDER)


def hand_mistakes(
    state: HandState,
    seat: Seat,
    advice: Callable[[int], str],
    made_at: datetime,
    game: str,
    source: str = "play",
    samples: int | None = None,
    grades: list[Grade] | None = None,
) -> list[NewMistake]:
    """The mistakes and blunders ``seat`` made in the hand ``state`` (finished or not);
    ``advice(step)`` is the seed of the evaluation of the decision at ``step`` (its index
    in the hand's moves), kept with the position so a puzzle is judged the same way;
    ``game`` names the game the hand belongs to; ``grades``, the seat's review when it
    was made already (``review_hand`` with the same seeds)."""
    steps = [step for step, (who, _) in enumerate(state.actions) if who is seat]
    if grades is None:
        grades = review_hand(state, seat, lambda step: random.Random(advice(step)), samples)
    code: str | None = None
    kept = []
    for step, grade in zip(steps, grades, strict=True):
        if grade.forced or grade.grade not in KEPT_GRADES:
            continue
        code = code or encode_hand(HandRecord.from_state(state))
        kept.append(
            NewMistake(
                source,
                game,
                code,
                step,
                seat.value,
                grade.phase.value,
                str(grade.action),
                str(grade.shown_best),
                grade.grade.value,
                round(grade.cost, 3),
                grade.why[:MISTAKE_WHY_MAX],
                advice(step),
                made_at,
            )
        )
    return kept
