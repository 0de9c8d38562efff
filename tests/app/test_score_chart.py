"""The score chart of a Play game: built by a plain function, checked without a browser."""

from __future__ import annotations

import doctest
import itertools

from engine import Team, legal_actions
from tutorial_app.features.play import game as play
from tutorial_app.features.play import score_chart as chart_module
from tutorial_app.features.play.score_chart import score_chart, score_steps


def finished_game() -> play.BotGame:
    played = play.new_bot_game("bga", "beginner", 17)
    while played.game.winner is None:
        played = (
            play.next_hand(played)
            if played.game.hand is None
            else play.learner_plays(played, legal_actions(played.game.hand)[0])
        )
    return played


def test_each_line_climbs_by_the_engines_points_and_ends_at_the_score():
    game = finished_game().game
    figure = score_chart(game, Team.NS)
    theirs, ours = figure.data  # yours drawn last, on top
    assert ours.name == "North-South (you)" and theirs.name == "East-West"
    assert list(ours.x) == list(range(len(game.finished) + 1))
    for trace, team in ((ours, Team.NS), (theirs, Team.EW)):
        y = list(trace.y)
        assert y[0] == 0 and y[-1] == game.score(team)
        steps = [b - a for a, b in itertools.pairwise(y)]
        assert steps == [h.result.points[team] for h in game.finished]
    assert score_steps(game, Team.EW) == list(theirs.y)


def test_the_target_is_marked_and_each_hand_says_why_it_scored():
    game = finished_game().game
    figure = score_chart(game)
    (line,) = figure.layout.shapes
    assert line.y0 == line.y1 == game.rules.target_points
    assert figure.layout.annotations[0].text == f"Game: {game.rules.target_points} points"
    why = list(figure.data[-1].customdata)
    assert why[0] == "Before the first hand" and why[1].startswith("Hand 1: ")
    assert figure.layout.yaxis.range[1] > max(game.scores)
    assert figure.layout.legend.traceorder == "reversed"  # yours first in the legend


def test_the_examples_in_the_docstring():
    failures, tried = doctest.testmod(chart_module)
    assert tried and not failures
