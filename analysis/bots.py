"""Computer players for any seat, deciding from that seat's view only.

Levels (``make_bot(level)``):

- ``random``: any legal action, uniformly: the baseline for measuring.
- ``beginner``: rules of thumb. Bidding by counting trumps
  (``analysis.bidding.beginner_decision``). Play: lead the highest trump when
  your team made trump and you hold the top trump, else an off-suit ace, else
  your lowest card; when following, play low if your partner is winning the
  trick, otherwise the cheapest card that wins, otherwise your lowest card.
- ``expert``: bidding, alone and defend-alone from the hand evaluation and its
  thresholds (``analysis.bidding.expert_decision``); the discard and every
  card by sampling the hidden cards and solving each sample double-dummy
  (``analysis.options``), taking the choice with the most expected points;
  among equally good cards, the beginner's rule of thumb decides.

A bot is called as ``bot.decide(view, rng)``: everything random comes from the
``random.Random`` passed in, and nothing but the ``SeatView`` is read, so two
states that look the same from the seat get the same decision for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol

from analysis.bidding import beginner_decision, expert_decision, lowest_card
from analysis.options import DECISION_SAMPLES, decision_options, play_options, recommend
from engine.actions import Action
from engine.cards import Card
from engine.hand import HandState, Phase, apply
from engine.ranking import EFFECTIVE_SUIT, TRICK_STRENGTH, is_right_bower, suit_strength
from engine.seats import Seat
from engine.view import SeatView, seat_view


class BotLevel(StrEnum):
    """How well a bot plays. A ``str``: ``BotLevel.EXPERT == "expert"``."""

    RANDOM = "random"
    BEGINNER = "beginner"
    EXPERT = "expert"

    def __repr__(self) -> str:  # the name to type, like Suit.HEARTS
        return f"BotLevel.{self.name}"

    @property
    def label(self) -> str:
        """The level as a learner reads it on a button: ``"Beginner bots"``."""
        return f"{self.value.capitalize()} bots"


LEVELS: tuple[BotLevel, ...] = tuple(BotLevel)
# The levels a learner plays with and against; random bots only fill simulations.
TABLE_LEVELS: tuple[BotLevel, ...] = (BotLevel.BEGINNER, BotLevel.EXPERT)


class Bot(Protocol):
    level: str

    def decide(self, view: SeatView, rng: random.Random) -> Action: ...


class RandomBot:
    """Any legal action, each as likely."""

    level = "random"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return view.legal[rng.randrange(len(view.legal))]


class BeginnerBot:
    """Rules of thumb for bidding and play."""

    level = "beginner"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.PLAY:
            return Action.play(beginner_card(view))
        return beginner_decision(view)


class ExpertBot:
    """Evaluation thresholds for bidding; sampling and the solver for the discard and play."""

    level = "expert"

    def __init__(self, play_samples: int = 16, discard_samples: int = DECISION_SAMPLES // 2):
        self.play_samples = play_samples
        self.discard_samples = discard_samples

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase is Phase.PLAY:
            values = play_options(view, rng, self.play_samples)
            return recommend(values, view.trump_suit, Action.play(beginner_card(view))).action
        if view.phase is Phase.DISCARD:
            values = decision_options(view, rng, self.discard_samples)
            return recommend(values, view.trump_suit).action
        return expert_decision(view)


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of a level: 'random', 'beginner' or 'expert'; raises ValueError."""
    if level == BotLevel.RANDOM:
        return RandomBot()
    if level == BotLevel.BEGINNER:
        return BeginnerBot()
    if level == BotLevel.EXPERT:
        return ExpertBot(**options)
    raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}")


# ---- the beginner's play ----------------------------------------------------------------


def beginner_card(view: SeatView) -> Card:
    """The card the rules of thumb pick."""
    legal = [a.card for a in view.legal if a.card is not None]  # in play: every one a card
    trump = view.trump_suit
    table = EFFECTIVE_SUIT[trump]
    if not view.trick:
        makers = view.maker is not None and view.seat.team is view.maker.team
        trumps = sorted(
            (c for c in legal if trump is not None and table[c.index] is trump),
            key=lambda c: -suit_strength(c, trump),
        )
        if makers and trumps and (trumps[0].is_joker or is_right_bower(trumps[0], trump)):
            return trumps[0]
        aces = [c for c in legal if c.rank.name == "ACE" and table[c.index] is not trump]
        if aces:
            return min(aces, key=lambda c: c.index)
        return lowest_card(legal, trump)
    led = table[view.trick[0][1].index]
    assert led is not None  # a trick is played under a trump or no trump
    strength = TRICK_STRENGTH[(trump, led)]
    winner, best = max(view.trick, key=lambda sc: strength[sc[1].index])
    if winner is view.seat.partner:
        return lowest_card(legal, trump)
    top = strength[best.index]
    winners = [c for c in legal if strength[c.index] > top]
    if winners:
        return min(winners, key=lambda c: (strength[c.index], c.index))
    return lowest_card(legal, trump)


# ---- playing hands ----------------------------------------------------------------------


def play_hand(
    state: HandState, bots: Mapping[Seat, Bot] | Sequence[Bot], rng: random.Random
) -> HandState:
    """Let the bots (by seat) take every decision until the hand is over."""
    while state.phase is not Phase.OVER:
        seat = state.turn
        assert seat is not None  # not over: a seat is to act
        bot = bots[seat] if isinstance(bots, Mapping) else bots[seat.index]
        state = apply(state, bot.decide(seat_view(state, seat), rng), seat)
    return state
