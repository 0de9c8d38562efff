"""Play's job for the worker pool (``work.pool``): a shared game replayed from its link,
move by move with the bots, reporting its progress (an expert game takes seconds)."""

from __future__ import annotations

from tutorial_app.features.play.game import BotGame
from tutorial_app.features.play.game_link import GameLink, rebuild
from tutorial_app.work.pool import report_progress

__all__ = ["replay_game"]


def replay_game(link: GameLink, start: BotGame | None = None) -> BotGame:
    """A sealed game link replayed (from ``start``, a hand start it passes through);
    raises GameLinkError saying what is wrong."""
    return rebuild(link, start, report_progress)
