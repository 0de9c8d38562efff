"""The jobs the worker pool runs (``work_pool``): plain functions of picklable values,
each reporting its progress. A worker imports this module only: the engine, the bots
and the game links, never Streamlit, pandas or plotly.

>>> from analysis.hand_simulation import SimulatedHand
>>> hands = simulate(({"preset": "bga"}, "random", 4, 1))
>>> len(hands), isinstance(hands[0], SimulatedHand)
(4, True)
"""

from __future__ import annotations

from analysis.hand_simulation import SimulatedHand, simulate_hands
from engine import Rules
from tutorial_app.play_link import GameLink, rebuild
from tutorial_app.play_session import PlaySession
from tutorial_app.work_pool import report_progress

__all__ = ["replay_game", "simulate"]


def simulate(run: tuple) -> tuple[SimulatedHand, ...]:
    """The odds lab's hands for ``run`` = (rule settings, bot level, hands, seed);
    raises ValueError (RulesError) for settings or counts out of bounds."""
    settings, level, hands, seed = run
    return simulate_hands(Rules.from_settings(dict(settings)), level, hands, seed,
                          report_progress)


def replay_game(link: GameLink, start: PlaySession | None = None) -> PlaySession:
    """A sealed game link replayed (from ``start``, a hand start it passes through);
    raises GameLinkError saying what is wrong."""
    return rebuild(link, start, report_progress)
