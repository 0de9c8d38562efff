"""Hands played by bots, summed up for the odds lab: who made trump, with how many
trumps, what came of it, and what each team scored.

Everything random comes from one seed, so a run can be repeated exactly.

>>> from engine import Rules
>>> hands = simulate_hands(Rules.preset("bga"), "random", 8, seed=3)
>>> len(hands), hands == simulate_hands(Rules.preset("bga"), "random", 8, seed=3)
(8, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from analysis import LEVELS, make_bot, play_hand
from engine import SEATS, HandState, Outcome, Rules, Seat, Suit, is_trump, random_hand

# The maker's seat counted clockwise from the dealer: 1 is the dealer's left.
MAKER_SEATS = {1: "dealer's left", 2: "dealer's partner", 3: "dealer's right", 0: "dealer"}
MAX_HANDS = 100_000


class Result(Enum):
    """What came of a hand for its makers."""

    MADE = "made their point"  # 3 or 4 tricks, alone or not
    MARCH = "marched"  # all 5 tricks
    EUCHRED = "euchred"  # fewer than 3

    def __repr__(self) -> str:
        return f"Result.{self.name}"


_RESULTS = {
    Outcome.MADE: Result.MADE,
    Outcome.LONE_MADE: Result.MADE,
    Outcome.MARCH: Result.MARCH,
    Outcome.LONE_MARCH: Result.MARCH,
    Outcome.EUCHRE: Result.EUCHRED,
    Outcome.LONE_DEFENDER_EUCHRE: Result.EUCHRED,
}


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """One finished hand. Maker fields are None for a thrown-in hand; ``maker_trumps``
    is also None for a no-trump call."""

    maker_seat: str | None  # one of MAKER_SEATS' words
    maker_trumps: int | None  # trumps in the maker's five cards at the first lead
    maker_alone: bool
    result: Result | None
    dealing_team_points: int
    other_team_points: int


def summarize(state: HandState) -> SimulatedHand:
    """What a finished hand tells the odds lab; raises ValueError if it is not over."""
    if not state.is_over:
        raise ValueError("the hand is not over yet")
    dealing = state.dealer.team
    assert state.result is not None  # over: the result is in
    points = state.result.points
    if state.result.thrown_in:
        return SimulatedHand(None, None, False, None, 0, 0)
    maker = state.maker
    assert maker is not None and state.result.score is not None  # played out, not thrown in
    played = [card for trick in state.tricks for seat, card in trick.cards if seat is maker]
    trumps = (
        sum(1 for card in played if is_trump(card, state.trump))
        if isinstance(state.trump, Suit)
        else None
    )
    return SimulatedHand(
        maker_seat=MAKER_SEATS[(maker.index - state.dealer.index) % len(SEATS)],
        maker_trumps=trumps,
        maker_alone=maker in state.alone,
        result=_RESULTS[state.result.score.outcome],
        dealing_team_points=points[dealing],
        other_team_points=points[dealing.other],
    )


def simulate_hands(
    rules: Rules,
    level: str,
    hands: int,
    seed: int,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[SimulatedHand, ...]:
    """``hands`` hands played by four bots of ``level``, the deal passing left from North;
    ``on_progress(done, total)`` is called now and then. Raises ValueError for an unknown
    level or a number of hands outside 1..MAX_HANDS.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}")
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        raise ValueError(
            f"the number of hands must be a whole number from 1 to {MAX_HANDS}, not {hands!r}"
        )
    rng = random.Random(seed)
    bots = [make_bot(level) for _ in SEATS]
    step = max(1, hands // 50)
    played = []
    for i in range(hands):
        dealer: Seat = SEATS[i % len(SEATS)]
        state = play_hand(random_hand(rules, dealer, rng), bots, rng)
        played.append(summarize(state))
        if on_progress is not None and ((i + 1) % step == 0 or i + 1 == hands):
            on_progress(i + 1, hands)
    return tuple(played)
