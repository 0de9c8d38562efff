"""The score of a game hand by hand, as a plotly figure (no Streamlit: tests build it).

Each team's line (yours first in the legend) starts at 0 and climbs by the points
the engine gave it in each finished hand; hovering a point says why the hand scored
what it did (the engine's explanation). A dotted line marks the target.

>>> from engine import Rules, new_game
>>> figure = score_chart(new_game(Rules.preset("bga")))
>>> [list(trace.y) for trace in figure.data]
[[0], [0]]
"""

from __future__ import annotations

import plotly.graph_objects as go

from engine import GameState, Team, explain_result

__all__ = ["TEAM_COLOURS", "score_chart", "score_steps"]

TEAM_COLOURS = {Team.NS: "#1b6e3a", Team.EW: "#b3261e"}  # the table's green; a clear red


def score_steps(game: GameState, team: Team) -> list[int]:
    """The team's score before the first hand and after each finished one."""
    steps = [0]
    for hand in game.finished:
        assert hand.result is not None  # a finished hand has its result
        steps.append(steps[-1] + hand.result.points[team])
    return steps


def score_chart(game: GameState, you: Team = Team.NS) -> go.Figure:
    """Both teams' scores over the finished hands of ``game``, ``you``'s team first."""
    hands = list(range(len(game.finished) + 1))
    why = ["Before the first hand"] + [
        f"Hand {i}: {explain_result(hand)}" for i, hand in enumerate(game.finished, 1)
    ]
    figure = go.Figure()
    for team in (you.other, you):  # yours drawn last, on top where the lines meet
        name = team.word + (" (you)" if team is you else "")
        figure.add_trace(
            go.Scatter(
                x=hands,
                y=score_steps(game, team),
                name=name,
                mode="lines+markers",
                line={"color": TEAM_COLOURS[team], "width": 3, "shape": "hv"},
                customdata=why,
                hovertemplate=f"{name}: %{{y}} points<br>%{{customdata}}<extra></extra>",
            )
        )
    target = game.rules.target_points
    figure.add_hline(
        y=target,
        line_dash="dot",
        line_color="#555",
        annotation_text=f"Game: {target} points",
        annotation_position="top left",
    )
    top = max(target, *game.scores) + 1
    figure.update_layout(
        height=260,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        legend={
            "orientation": "h",
            "yanchor": "bottom",
            "y": 1.02,
            "x": 0,
            "traceorder": "reversed",
        },
        xaxis={"title": "Hands played", "dtick": 1, "range": [-0.2, max(len(hands) - 1, 1) + 0.2]},
        yaxis={"title": "Points", "range": [0, top], "dtick": 2},
        hoverlabel={"align": "left"},
    )
    return figure
