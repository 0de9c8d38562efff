"""A scoring step in a game (``Step.game_points``): where the hand leaves your team.

>>> from engine import Team, score_hand
>>> game_words(8, 10, score_hand(Team.NS, 5))
'Your team goes from 8 to 10, and 10 wins: **you win the game!**'
>>> game_words(8, 10, score_hand(Team.NS, 5, maker_alone=True))  # past the target: said so
'Your team goes from 8 to 12, and 10 wins: **you win the game!**'
>>> game_words(8, 10, score_hand(Team.NS, 2))
'Your team stays at 8 of 10: the game goes on.'
"""

from __future__ import annotations

from engine import HandScore, Team, game_winner


def game_words(before: int, target: int, score: HandScore) -> str:
    """Your team (North-South, the makers of a scoring step) had ``before`` points; the
    hand's ``score`` goes to one team; the engine says whether the target is reached."""
    if score.winner is not Team.NS:
        return f"Your team stays at {before} of {target}: the game goes on."
    after = before + score.points_won
    if game_winner((after, 0), target) is Team.NS:
        return f"Your team goes from {before} to {after}, and {target} wins: **you win the game!**"
    return f"Your team goes from {before} to {after} of {target}: the game goes on."
