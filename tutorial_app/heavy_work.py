"""The jobs the worker pool runs (``work_pool``): plain functions of picklable values,
each reporting its progress. A worker imports this module only: the engine, the bots
and the game links, never Streamlit, pandas or plotly.

>>> from analysis.hand_simulation import SimulatedHand
>>> hands = simulate(({"preset": "bga"}, "random", 100, 1))
>>> len(hands), isinstance(hands[0], SimulatedHand)
(100, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analysis.hand_simulation import SimulatedHand, simulate_hands
from engine import Rules
from tutorial_app.play_link import GameLink, rebuild
from tutorial_app.play_session import PlaySession
from tutorial_app.work_pool import report_progress

if TYPE_CHECKING:  # the store (SQLAlchemy, pandas) is imported by import jobs only
    from tutorial_app.store.records import ImportReport

__all__ = ["ODDS_HANDS", "import_answers", "odds_hands", "replay_game", "simulate"]

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


def replay_game(link: GameLink, start: PlaySession | None = None) -> PlaySession:
    """A sealed game link replayed (from ``start``, a hand start it passes through);
    raises GameLinkError saying what is wrong."""
    return rebuild(link, start, report_progress)


def import_answers(database: str, token: str, text: str) -> ImportReport | str:
    """A progress CSV's answers brought back into the store at ``database`` (a URL) for
    ``token``: the store's ImportReport, or its words when the database cannot be used.
    Parsing and writing up to ``limits.MAX_IMPORT_ROWS`` rows takes a server's thread a
    good half second, so it runs here, beside the pages."""
    from tutorial_app.store import StoreUnavailable, open_store  # pandas: import jobs only

    try:
        return open_store(database).import_csv(token, text)
    except StoreUnavailable as error:
        return error.message
