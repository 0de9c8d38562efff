"""Hints: for any decision of the learner, the best choice, what every choice is worth,
and the reason in plain words.

``hint(view, rng)`` works from the learner's ``SeatView`` only (a hint never
peeks at hidden cards). The values come from ``analysis.options`` (sampling the
hidden cards, then the double-dummy solver; for bids a rollout of the rest of
the bidding first); the sentence from ``analysis.reasons``.

>>> import random
>>> from engine import Rules, Seat, random_hand, seat_view
>>> state = random_hand(Rules.preset("bga"), Seat.W, 11)
>>> h = hint(seat_view(state, state.turn), random.Random(1), samples=8)
>>> h.recommended in h.actions
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from analysis.bots import beginner_card
from analysis.inference import weighted_samples
from analysis.options import OptionValue, options, recommend
from analysis.reasons import play_reason, reason
from analysis.sampling import Sampler
from analysis.worlds import rebuild
from engine.actions import Action
from engine.hand import Phase
from engine.ranking import EFFECTIVE_SUIT
from engine.seats import Seat
from engine.view import SeatView

HINT_PLAY_SAMPLES = 64  # samples for a play hint (p95 about 0.1 s here)
HINT_DECISION_SAMPLES = 48  # samples at most for a bidding, alone or discard hint
# Double-dummy solves at most for such a hint (p95 about 0.1 s here). Every choice is
# solved in every sample, unless it leads to a hand already solved there: a two-way
# bid keeps its 48 samples, a four-way call gets about 32, a six-way discard about 20.
HINT_DECISION_SOLVES = 96


class Hint(NamedTuple):
    """What to do, what each choice is worth, and why."""

    seat: Seat
    phase: Phase
    recommended: Action
    options: tuple[OptionValue, ...]  # every legal choice, in legal order
    explanation: str

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(v.action for v in self.options)

    def value(self, action: Action) -> OptionValue:
        """The value of one legal choice; raises ValueError for an illegal one."""
        for v in self.options:
            if v.action == action:
                return v
        raise ValueError(f"{action} is not one of the choices: {', '.join(map(str, self.actions))}")

    @property
    def best(self) -> OptionValue:
        return self.value(self.recommended)


def hint(view: SeatView, rng: random.Random, samples: int | None = None) -> Hint:
    """The hint for the seat's decision now; raises ValueError if it is not its turn."""
    if not view.legal:
        raise ValueError(f"it is not {view.seat.word}'s turn: there is no decision to hint")
    solves = None  # samples asked for are all used
    if samples is None:
        samples = HINT_PLAY_SAMPLES if view.phase is Phase.PLAY else HINT_DECISION_SAMPLES
        solves = HINT_DECISION_SOLVES
    values = options(view, rng, samples, solves)
    thumb = Action.play(beginner_card(view)) if view.phase is Phase.PLAY else None
    best = recommend(values, view.trump_suit, thumb)
    return Hint(view.seat, view.phase, best.action, tuple(values), explain(view, best, values, rng))


def explain(
    view: SeatView, best: OptionValue, values: list[OptionValue], rng: random.Random
) -> str:
    """The reason for the best choice, in plain words."""
    phase = view.phase
    if phase is Phase.PLAY:
        world = None
        drawn = None
        if len(values) == 1:
            sampler = Sampler(view)
            world = rebuild(view, sampler.sample(rng), sampler, rng)
        elif (
            not view.trick
            and view.trump_suit is not None
            and best.action.card is not None
            and EFFECTIVE_SUIT[view.trump_suit][best.action.card.index] is view.trump_suit
        ):
            drawn = trumps_drawn(view, rng)
        return play_reason(view, best, values, drawn, world)
    return reason(view, best, values)  # bids, alone and discards: one dispatch, in reasons


def trumps_drawn(view: SeatView, rng: random.Random, samples: int = 24) -> float:
    """How many opponents, on average, still hold a trump (each must play one to a trump lead)."""
    trump = view.trump_suit
    table = EFFECTIVE_SUIT[trump]
    sampler = Sampler(view)
    opponents = [s for s in Seat if s.team is not view.seat.team and s not in view.sitting_out]
    total = 0
    hands_list = weighted_samples(view, sampler, rng, samples)
    for hands in hands_list:
        total += sum(1 for s in opponents if any(table[c.index] is trump for c in hands[s.index]))
    return total / len(hands_list)
