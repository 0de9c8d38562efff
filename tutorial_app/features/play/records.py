"""A Play game as the progress store keeps it: each finished hand, and the game once it
is won or lost (``Store.record_hand``). The page calls ``record_play`` from its click
callbacks with the game before and after the click: None once saved, or why nothing
was saved (the page says so and carries on).
"""

from __future__ import annotations

from collections.abc import MutableMapping

from tutorial_app.features.play import game as play
from tutorial_app.features.play.game_link import game_code
from tutorial_app.learner.current import save_progress


def record_play(session: MutableMapping, before: play.BotGame, after: play.BotGame) -> str | None:
    """Keep the hand that ``after`` finished, and the game if it was won."""
    if not (before.game.hand is not None and after.game.hand is None):
        return None
    game = after.game
    summary = play.hand_summary(game)
    code = game_code(after) or f"{after.preset}.{after.level}.{after.seed}"
    common = {
        "preset": after.preset,
        "level": after.level,
        "seed": after.seed,
        "score": play.score_words(after),
    }

    def write(found, token) -> None:
        found.record_hand(
            token,
            "play",
            code,
            {**common, "hand": summary.number, "makers": summary.makers, "points": summary.points},
        )
        if game.winner is not None:
            found.record_hand(
                token,
                "play",
                code,
                {
                    **common,
                    "game": True,
                    "won": game.winner is play.YOU.team,
                    "hands": len(game.finished),
                },
            )

    return save_progress(session, write)
