"""A plain exhaustive minimax over the engine itself: the solver's reference in tests.

No pruning, no table, no compact form: every legal card is tried with
``engine.legal_actions`` and ``engine.apply`` until the hand is over, so the
result depends on nothing but the rules. Slow; use it for positions with a few
tricks left.
"""

from __future__ import annotations

from engine.cards import Card
from engine.hand import HandState, Phase, apply, legal_actions


def minimax(state: HandState) -> int:
    """The makers' tricks for the whole hand with best play by both sides."""
    if state.phase is Phase.OVER:
        return state.result.makers_tricks
    values = [minimax(apply(state, action)) for action in legal_actions(state)]
    return max(values) if state.turn.team is state.makers else min(values)


def minimax_card_values(state: HandState) -> dict[Card, int]:
    """Each legal card of the seat to play, with the makers' tricks after playing it."""
    if state.phase is not Phase.PLAY:
        raise ValueError("minimax needs a hand in play")
    return {action.card: minimax(apply(state, action)) for action in legal_actions(state)}
