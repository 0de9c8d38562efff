"""A guided hand's place as plain JSON values, and the run read back from them.

What is kept: the learner's right choices so far, the wrong ones tried at the decision
on screen (marked ✗) and the count of wrong tries. Reading it back replays those choices
through ``GuidedRun.choose`` and checks each (its form, its verdict) and every bound, so
a place that does not fit this hand (another hand, an older script, a hand-made row)
gives None, never a wrong run. No Streamlit here.

>>> from engine import Action
>>> from lessons.guided import guided_hand
>>> hand = guided_hand("protect-partner")
>>> run = GuidedRun.start(hand).choose(hand.decisions[0].wrong[0][0])
>>> run = run.choose(hand.decisions[0].right[0])
>>> back = run_from_place(hand, place_of(run))
>>> (back.answered, back.misses, back.state == run.state)
(1, 1, True)
>>> run_from_place(hand, {"version": 1, "right": "nonsense"}) is None
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Action, Seat
from lessons.guided import GuidedHand
from lessons.guided_run import GuidedRun

__all__ = ["MOST_MISSES", "place_of", "run_from_place"]

VERSION = 1
MOST_MISSES = 999  # wrong tries a kept place may claim (a hand has a few decisions)
MOST_TRIED = 16  # distinct wrong choices at one decision: five cards and the buttons


def _right_choices(run: GuidedRun) -> list[tuple[Seat, Action]]:
    """The learner's moves at the key decisions answered (the script's ``None`` slots)."""
    return [
        done for done, move in zip(run.state.actions, run.hand.moves, strict=False) if move is None
    ]


def place_of(run: GuidedRun) -> dict[str, Any]:
    """The JSON values to keep for ``run``."""
    return {
        "version": VERSION,
        "right": [action.to_dict() for _seat, action in _right_choices(run)],
        "tried": [action.to_dict() for action in run.tried],
        "misses": run.misses,
    }


def _actions(values: object, most: int) -> list[Action] | None:
    if not isinstance(values, list) or len(values) > most:
        return None
    try:
        return [Action.from_dict(value) for value in values]
    except ValueError:
        return None


def run_from_place(hand: GuidedHand, place: object) -> GuidedRun | None:
    """The run ``place`` describes on ``hand``; None when it does not fit (another
    version, a choice that is not right or not wrong where it was kept, a count out of
    bounds, anything malformed)."""
    if not isinstance(place, dict) or place.get("version") != VERSION:
        return None
    right = _actions(place.get("right"), len(hand.decisions))
    tried = _actions(place.get("tried"), MOST_TRIED)
    misses = place.get("misses")
    if right is None or tried is None or not isinstance(misses, int) or isinstance(misses, bool):
        return None
    if not len(tried) <= misses <= MOST_MISSES:
        return None
    run = GuidedRun.start(hand)
    for action in right:
        after = run.choose(action)
        if after.answered != run.answered + 1:
            return None
        run = after
    for action in tried:
        after = run.choose(action)
        if after.misses != run.misses + 1 or after.answered != run.answered:
            return None
        run = after
    return replace(run, misses=misses)
