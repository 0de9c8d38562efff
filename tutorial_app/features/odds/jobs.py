"""The odds lab's job for the worker pool (``work.pool``): a run of simulated hands, a
plain function of picklable values that reports its progress. A worker imports the
engine and the bots for it, never Streamlit, pandas or plotly.

>>> from analysis.hand_simulation import SimulatedHand
>>> hands = simulate(({"preset": "bga"}, "random", 100, 1))
>>> len(hands), isinstance(hands[0], SimulatedHand)
(100, True)
"""

from __future__ import annotations

from analysis.hand_simulation import SimulatedHand, simulate_hands
from engine import Rules
from tutorial_app.work.pool import report_progress

__all__ = ["ODDS_HANDS", "odds_hands", "simulate"]

# The hands one odds-lab run may play: least, most, the page's default and the slider's
# step. Expert bots search every card (about a hand a second on a busy server), so their
# most is what a learner waits for: the page's slider holds it, and ``simulate`` again.
ODDS_HANDS = {"fast": (100, 5000, 1000, 100), "expert": (10, 200, 20, 10)}


def odds_hands(level: str) -> tuple[int, int, int, int]:
    """Least, most, default and step of the hands a run of ``level`` bots may play."""
    return ODDS_HANDS["expert" if level == "expert" else "fast"]


def simulate(run: tuple) -> tuple[SimulatedHand, ...]:
    """The odds lab's hands for ``run`` = (rule settings, bot level, hands, seed);
    raises ValueError (RulesError) for settings, a level or a count out of bounds."""
    settings, level, hands, seed = run
    least, most, _, _ = odds_hands(level)
    if not (isinstance(hands, int) and least <= hands <= most):
        raise ValueError(f"A run of {level} bots plays from {least:,} to {most:,} hands.")
    return simulate_hands(Rules.from_settings(dict(settings)), level, hands, seed, report_progress)
