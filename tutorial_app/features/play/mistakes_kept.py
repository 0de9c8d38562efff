"""Each finished hand goes to the worker pool to have its mistakes kept (issue 22: they
come back in Practise). The page hands the job over and goes on; the job writes to the
store itself. When the pool is full or this session's last job still runs, the hand
waits in the session (at most ``WAITING_MOST`` hands) and goes with the next finished
hand or click that finds the pool free."""

from __future__ import annotations

from collections.abc import MutableMapping
from datetime import datetime

from engine import HandRecord
from tutorial_app.features.play import game as play
from tutorial_app.features.play.keys import GRADING
from tutorial_app.learner.current import current_token
from tutorial_app.mistakes.jobs import keep_hand_mistakes
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import database_url
from tutorial_app.work.pool import OwnerBusy, PoolBusy, shared_pool
from tutorial_app.work.pool_view import session_owner

__all__ = ["WAITING_MOST", "grade_finished_hand", "send_waiting"]

WAITING_MOST = 8  # hands a session keeps while the pool is busy; older ones are dropped


def game_name(played: play.BotGame) -> str:
    """The game a hand belongs to, as its mistakes are counted: "bga.expert.123"."""
    return f"{played.preset}.{played.level}.{played.seed}"


def grade_finished_hand(session: MutableMapping, played: play.BotGame, at: datetime) -> None:
    """Queue the hand ``played`` just finished for grading, then send what waits."""
    state = played.game.finished[-1]
    hand = encode_hand(HandRecord.from_state(state))
    advice = play.advice_prefix(played.seed, played.hand_number)
    game = game_name(played)
    waiting = [*session.get(GRADING, ()), (game, hand, advice, at)][-WAITING_MOST:]
    session[GRADING] = waiting
    send_waiting(session)


def send_waiting(session: MutableMapping) -> None:
    """Hand the waiting hands to the pool, oldest first, until it says busy."""
    waiting = list(session.get(GRADING, ()))
    if not waiting:
        return
    url, token, pool = database_url(), current_token(session), shared_pool()
    owner = f"{session_owner()}:mistakes"
    while waiting:
        game, hand, advice, at = waiting[0]
        args = (url, token, game, hand, play.YOU.value, advice, at)
        try:
            pool.submit(owner, ("mistakes", token, hand), keep_hand_mistakes, args)
        except (PoolBusy, OwnerBusy):
            break
        waiting.pop(0)
    session[GRADING] = waiting
