"""Random hands brought to the play phase: material for tests and benchmarks.

Bidding here is random (any legal action), so the positions cover every
contract the rules allow: orders, calls, no trump, lone makers, lone
defenders. Hands thrown in are dealt again from the same random source.
"""

from __future__ import annotations

import random

from engine.actions import Do
from engine.hand import HandState, Phase, apply, legal_actions, random_hand
from engine.rules import Rules
from engine.seats import SEATS, Seat


def bid_randomly(state: HandState, rng: random.Random, alone_chance: float = 0.0) -> HandState:
    """Random legal decisions up to the first lead (or a throw-in).

    ``alone_chance`` is how often a player who may go (or defend) alone does so.
    """
    while state.phase not in (Phase.PLAY, Phase.OVER):
        legal = legal_actions(state)
        alone = [a for a in legal if a.do is Do.ALONE]
        others = [a for a in legal if a.do is not Do.ALONE]
        if alone and (not others or rng.random() < alone_chance):
            action = alone[0]
        else:
            action = others[rng.randrange(len(others))]
        state = apply(state, action)
    return state


def play_to_first_lead(
    state: HandState, rng: random.Random | int = 0, alone_chance: float = 0.0
) -> HandState:
    """The hand at its first lead after random bidding; a thrown-in hand is dealt again."""
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    rules, dealer = state.rules, state.dealer
    state = bid_randomly(state, rng, alone_chance)
    while state.phase is Phase.OVER:
        state = bid_randomly(random_hand(rules, dealer, rng), rng, alone_chance)
    return state


def random_position(
    rules: Rules,
    rng: random.Random,
    plays: int = 0,
    alone_chance: float = 0.0,
    dealer: Seat | None = None,
) -> HandState:
    """A random hand in play after ``plays`` random cards (fewer if the hand ends first)."""
    dealer = dealer if dealer is not None else SEATS[rng.randrange(4)]
    state = play_to_first_lead(random_hand(rules, dealer, rng), rng, alone_chance)
    for _ in range(plays):
        legal = legal_actions(state)
        after = apply(state, legal[rng.randrange(len(legal))])
        if after.phase is Phase.OVER:
            break
        state = after
    return state
