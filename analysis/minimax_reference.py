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
        assert state.result is not None  # an ended hand has its result
        return state.result.makers_tricks
    values = [minimax(apply(state, action)) for action in legal_actions(state)]
    assert state.turn is not None  # not over: a seat is to play
    return max(values) if state.turn.team is state.makers else min(values)


def minimax_card_values(state: HandState) -> dict[Card, int]:
    """Each legal card of the seat to play, with the makers' tricks after playing it."""
    if state.phase is not Phase.PLAY:
        raise ValueError("minimax needs a hand in play")
    return {
        action.card: minimax(apply(state, action))
        for action in legal_actions(state)
        if action.card is not None  # in play, every action is a card
    }


def memo_minimax_card_values(state: HandState) -> dict[Card, int]:
    """The same exhaustive search with a memo, so that whole deals finish in seconds.

    Still no pruning: every legal card is tried everywhere. The memo key is what
    decides the rest of the hand: the cards each seat holds, the trick on the table
    and the seat to play; it stores the makers' tricks still to come.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError("minimax needs a hand in play")
    makers = state.makers
    assert makers is not None  # in play, trump is made
    memo: dict[tuple[object, ...], int] = {}

    def value(s: HandState) -> int:
        if s.phase is Phase.OVER:
            assert s.result is not None  # an ended hand has its result
            return s.result.makers_tricks
        won = s.team_tricks(makers)
        key = (s.hands, s.trick, s.turn)
        if key not in memo:
            assert s.turn is not None  # not over: a seat is to play
            values = [value(apply(s, action)) for action in legal_actions(s)]
            memo[key] = (max(values) if s.turn.team is makers else min(values)) - won
        return memo[key] + won

    return {
        action.card: value(apply(state, action))
        for action in legal_actions(state)
        if action.card is not None  # in play, every action is a card
    }
