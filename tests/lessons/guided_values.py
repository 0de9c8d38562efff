"""What the analysis says each choice at a guided hand's key decision is worth to the
learner's team: the double-dummy solver for a card to play (every card is known to it),
the hint module's options for a decision made on hidden cards (bid, alone, discard).
"""

from __future__ import annotations

import random

from analysis import card_values, options
from engine import Action, HandState, Phase, Seat, seat_view

HINT_SAMPLES = 48
HINT_SEED = 2024


def choice_values(state: HandState, seat: Seat = Seat.S) -> tuple[str, dict[Action, float]]:
    """('solver' or 'hint', each legal choice's value to ``seat``'s team): tricks the team
    takes with best play (solver) or expected net points (hint)."""
    if state.phase is Phase.PLAY:
        makers = card_values(state)
        ours = state.makers is seat.team
        return "solver", {Action.play(card): (v if ours else 5 - v) for card, v in makers.items()}
    values = options(seat_view(state, seat), random.Random(HINT_SEED), HINT_SAMPLES)
    return "hint", {v.action: v.points for v in values}
