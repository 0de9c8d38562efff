"""What each choice is worth to the seat deciding: expected tricks and points.

The seat's view is all that is used. The hidden cards are sampled
(``analysis.sampling``), the samples drawn in proportion to how well they fit
the other players' bids (``analysis.inference``), and every choice is tried in
the *same* sampled deals, so differences between choices are not blurred by
different luck.

- **Play**: each sample is solved double-dummy (``analysis.solver``): the value
  of every legal card with best play by all afterwards.
- **Bid, alone, defend alone, discard, name trump**: each sample is rebuilt as a
  full hand (``analysis.worlds``), the choice is applied, every later decision
  of the bidding is taken by the expert bidding rules (``analysis.bidding``),
  and the play is solved double-dummy. The choices tried in one sample share
  the solver's work (``WorldSolver``).

Values are from the deciding seat's team's side: ``tricks`` is the team's
expected tricks (over the samples where the hand is played; a thrown-in hand
takes no tricks and scores nothing) and ``points`` the expected net points
(the team's points minus the other team's), each hand scored by
``engine.scoring.score_hand``. Double-dummy play is a little better than real
play for both sides; the values are estimates for comparing choices.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from analysis.bidding import expert_decision
from analysis.inference import weighted_samples
from analysis.sampling import Sampler
from analysis.solver import Position, Solver, shape
from analysis.worlds import rebuild
from engine.actions import Action
from engine.cards import Card, Suit
from engine.hand import HandState, Phase, apply
from engine.ranking import EFFECTIVE_SUIT, suit_strength
from engine.scoring import score_hand
from engine.seats import Team
from engine.view import SeatView, seat_view

PLAY_SAMPLES = 24  # samples per play decision (hints, grading, the expert bot)
DECISION_SAMPLES = 32  # samples per bidding, alone or discard decision
NEAR_EQUAL = 0.02  # expected points: choices this close count as equally good
# Expected points a choice may give up against the best and still be "almost as good":
# the hint's words and the grade after the hand ("good") share it, so a choice the hint
# calls almost as good is never graded a slip.
ALMOST_AS_GOOD = 0.15


class OptionValue(NamedTuple):
    """One legal choice and what it is expected to bring the deciding team."""

    action: Action
    tricks: float  # the team's expected tricks in the hand
    points: float  # the team's expected net points
    euchre: float  # chance that the makers are euchred (0 when no hand is played)
    march: float  # chance that the makers take all five tricks


def net_points(
    team: Team, makers: Team, makers_tricks: int, maker_alone: bool, defender_alone: bool
) -> int:
    """The hand's points for ``team`` minus the other team's, by the scoring rules."""
    score = score_hand(
        makers, makers_tricks, maker_alone=maker_alone, defender_alone=defender_alone
    )
    return score.points_won if score.winner is team else -score.points_won


class _Tally:
    def __init__(self) -> None:
        self.tricks = self.points = self.euchres = self.marches = 0.0
        self.played = self.n = 0

    def add(
        self,
        team: Team,
        makers: Team | None,
        makers_tricks: int,
        maker_alone: bool,
        defender_alone: bool,
    ) -> None:
        self.n += 1
        if makers is None:  # thrown in
            return
        self.played += 1
        self.tricks += makers_tricks if team is makers else 5 - makers_tricks
        self.points += net_points(team, makers, makers_tricks, maker_alone, defender_alone)
        self.euchres += makers_tricks < 3
        self.marches += makers_tricks == 5

    def value(self, action: Action) -> OptionValue:
        played = self.played or 1
        n = self.n or 1
        return OptionValue(
            action, self.tricks / played, self.points / n, self.euchres / n, self.marches / n
        )


def play_options(
    view: SeatView, rng: random.Random, samples: int = PLAY_SAMPLES, infer: bool = True
) -> list[OptionValue]:
    """Every legal card of the seat to play, with its expected value (legal order)."""
    if view.phase is not Phase.PLAY or not view.legal:
        raise ValueError("play options need the seat's turn to play")
    me = view.seat
    team = me.team
    assert view.maker is not None and view.leader is not None  # in play: made, and led
    makers = view.maker.team
    maker_alone = any(s.team is makers for s in view.alone)
    defender_alone = any(s.team is not makers for s in view.alone)
    tallies = {action.card: _Tally() for action in view.legal}
    sampler = Sampler(view)
    for hands in _draw(view, sampler, rng, samples, infer):
        hands = tuple(view.hand if i == me.index else h for i, h in enumerate(hands))
        position = Position(
            view.trump_suit,
            hands,
            view.leader,
            view.trick,
            makers,
            view.tricks_won[makers.index],
            len(view.tricks),
            view.rules.no_first_blood,
        )
        for card, tricks in Solver(position).card_values().items():
            tallies[card].add(team, makers, tricks, maker_alone, defender_alone)
    return [tallies[a.card].value(a) for a in view.legal]


def _draw(
    view: SeatView, sampler: Sampler, rng: random.Random, n: int, infer: bool
) -> list[tuple[tuple[Card, ...], ...]]:
    if infer:
        return weighted_samples(view, sampler, rng, n)
    return sampler.samples(rng, n)


def rollout(state: HandState) -> HandState:
    """Finish the decisions before play with the expert bidding rules."""
    while state.phase not in (Phase.PLAY, Phase.OVER):
        assert state.turn is not None  # before play, a seat is to act
        state = apply(state, expert_decision(seat_view(state, state.turn)))
    return state


class WorldSolver:
    """Solves the hands that the choices lead to in one sampled world, sharing the work.

    Every choice starts from the same deal, so each card stays with the seat it was
    dealt to: one solver table per trump and seats in play serves all the choices.
    A hand reached again (a pass, then another seat makes the same trump; a discard
    equivalent to another) has the same shape (``analysis.solver.shape``) and is
    solved once.
    """

    def __init__(self) -> None:
        self.tables: dict[tuple[object, ...], dict[int, int]] = {}
        self.ns_tricks: dict[tuple[object, ...], int] = {}

    @property
    def solves(self) -> int:
        """How many hands were solved (a hand reached again is not solved again)."""
        return len(self.ns_tricks)

    def __call__(self, state: HandState) -> int:
        """The makers' tricks with best play from the first lead, like ``solve(state)``."""
        position = Position.from_state(state)
        key = shape(position)
        if key not in self.ns_tricks:  # North-South's tricks: the same whoever made trump
            table = self.tables.setdefault((position.trump, position.active), {})
            self.ns_tricks[key] = _ns(Solver(position, table).value(), position.makers)
        return _ns(self.ns_tricks[key], position.makers)


def _ns(tricks: int, team: Team) -> int:
    """North-South's tricks in a whole hand from ``team``'s, and back: they add up to 5."""
    return tricks if team is Team.NS else 5 - tricks


def decision_options(
    view: SeatView,
    rng: random.Random,
    samples: int = DECISION_SAMPLES,
    infer: bool = True,
    solves: int | None = None,
) -> list[OptionValue]:
    """Every legal non-play choice of the seat, with its expected value (legal order).

    ``solves`` caps the double-dummy solves (the time taken): the samples stop
    coming when the next one might overrun it, with a solve for every choice.
    """
    if view.phase in (Phase.PLAY, Phase.OVER) or not view.legal:
        raise ValueError("decision options need the seat's turn in bidding, alone or discard")
    team = view.seat.team
    tallies = {action: _Tally() for action in view.legal}
    solved = 0
    sampler = Sampler(view)
    for hands in _draw(view, sampler, rng, samples, infer):
        if solves is not None and solved + len(view.legal) > solves:
            break
        world = rebuild(view, hands, sampler, rng)
        solve_in_world = WorldSolver()
        for action in view.legal:
            end = rollout(apply(world, action))
            if end.phase is Phase.OVER:
                tallies[action].add(team, None, 0, False, False)
                continue
            makers = end.makers
            tallies[action].add(
                team,
                makers,
                solve_in_world(end),
                any(s.team is makers for s in end.alone),
                any(s.team is not makers for s in end.alone),
            )
        solved += solve_in_world.solves
    return [tallies[a].value(a) for a in view.legal]


def options(
    view: SeatView, rng: random.Random, samples: int | None = None, solves: int | None = None
) -> list[OptionValue]:
    """The value of every legal choice of the seat to act, whatever the phase.

    ``solves`` caps the solves of a decision before play (see ``decision_options``).
    """
    if view.phase is Phase.PLAY:
        return play_options(view, rng, samples or PLAY_SAMPLES)
    return decision_options(view, rng, samples or DECISION_SAMPLES, solves=solves)


def recommend(
    values: list[OptionValue], trump: Suit | None = None, prefer: Action | None = None
) -> OptionValue:
    """The choice with the most expected points, then the most tricks.

    Choices within ``NEAR_EQUAL`` points of the best count as equally good (the
    samples cannot tell them apart): among them ``prefer`` (the rule of thumb's
    choice) wins if it is one; otherwise the most points, then tricks; among exact
    ties the card to part with first (not a trump, then the weakest), keeping strong
    cards for later; other exact ties go by legal order.
    """

    def score(v: OptionValue) -> tuple[float, float]:
        return (round(v.points, 9), round(v.tricks, 9))

    top = max(v.points for v in values)
    for v in values:
        if v.action == prefer and v.points >= top - NEAR_EQUAL:
            return v
    best = max(score(v) for v in values)
    tied = [v for v in values if score(v) == best]
    if tied[0].action.card is None:
        return tied[0]
    table = EFFECTIVE_SUIT[trump]

    def cheapest(v: OptionValue) -> tuple[bool, int, int]:
        card = v.action.card
        assert card is not None  # a tie among plays: every one is a card
        return (
            trump is not None and table[card.index] is trump,
            suit_strength(card, trump),
            card.index,
        )

    return min(tied, key=cheapest)
