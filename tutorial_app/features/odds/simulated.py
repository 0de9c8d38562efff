"""The odds lab's simulated items: hands played by the engine's bots
(``analysis.hand_simulation``), summed up in tables and charts.

>>> from engine import Rules
>>> from analysis.hand_simulation import simulate_hands
>>> hands = simulate_hands(Rules.preset("bga"), "random", 40, seed=1)
>>> [item.key for item in simulated_items(hands, "random", Rules.preset("bga"))]
['by-trumps', 'by-seat', 'points', 'win-chances']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pandas as pd
import plotly.graph_objects as go

from analysis.game_odds import WinChances, win_chances
from analysis.hand_simulation import MAKER_SEATS, Result, SimulatedHand
from engine import HAND_SIZE, Rules
from tutorial_app.features.odds.item import SERIES_COLOURS, OddsItem, bar_layout, share_text
from tutorial_app.limits import link_numbers

# Issue 13's published simulation: points per hand for each team, as shares of hands.
PUBLISHED = {
    ("dealing team", 1): 0.45,
    ("dealing team", 2): 0.16,
    ("other team", 1): 0.17,
    ("other team", 2): 0.12,
}
POINTS = (1, 2, 4)
SHORT_RESULTS = {Result.MADE: "made", Result.MARCH: "march", Result.EUCHRED: "euchred"}
RESULT_COLOURS = {
    Result.MADE: SERIES_COLOURS[0],
    Result.MARCH: "#7fb069",
    Result.EUCHRED: SERIES_COLOURS[1],
}
SEED_LIMIT = 2**32
# The runs a page shows before anyone changes a setting (each level's default number of
# hands, seed 1, each rule set without variants), played once by tools/odds_shipped.py:
# no learner waits for them and no click spends the server's CPU on them.
SHIPPED = Path(__file__).with_name("shipped.json")
SHIPPED_SEED = 1


def parse_seed(text: str) -> int:
    """A seed typed by a person: a whole number from 0 to 2**32 - 1 (the one seed parser,
    ``link_numbers.parse_seed``, with the odds lab's bound); raises BoundError (a
    ValueError) with a sentence saying what to type.

    >>> parse_seed(" 42 ")
    42
    """
    return link_numbers.parse_seed(text, limit=SEED_LIMIT)


# ---- the shipped runs -----------------------------------------------------------------

_SEAT_CODES: dict[int | None, str] = {None: "-", **{key: str(key) for key in MAKER_SEATS}}
_SEATS_BY_WORD = {word: key for key, word in MAKER_SEATS.items()}
_RESULT_CODES = {None: "-", Result.MADE: "m", Result.MARCH: "r", Result.EUCHRED: "e"}


def shipped_name(preset: str, level: str, hands: int, seed: int) -> str:
    """The name of a shipped run: 'bga/beginner/1000/1'."""
    return f"{preset}/{level}/{hands}/{seed}"


def encode_hands(hands: Sequence[SimulatedHand]) -> str:
    """Six characters a hand: maker's seat, trumps, alone, result, the two teams' points.

    >>> from analysis.hand_simulation import simulate_hands
    >>> hands = simulate_hands(Rules.preset("bga"), "random", 9, seed=2)
    >>> decode_hands(encode_hands(hands)) == hands
    True
    """
    return "".join(
        _SEAT_CODES[None if hand.maker_seat is None else _SEATS_BY_WORD[hand.maker_seat]]
        + ("-" if hand.maker_trumps is None else str(hand.maker_trumps))
        + str(int(hand.maker_alone))
        + _RESULT_CODES[hand.result]
        + str(hand.dealing_team_points)
        + str(hand.other_team_points)
        for hand in hands
    )


def decode_hands(text: str) -> tuple[SimulatedHand, ...]:
    """``encode_hands`` undone; raises ValueError for text it did not write."""
    results = {code: result for result, code in _RESULT_CODES.items()}
    if len(text) % 6:
        raise ValueError("shipped hands come six characters each")
    hands = []
    for at in range(0, len(text), 6):
        seat, trumps, alone, result, dealing, other = tuple(text[at : at + 6])
        hands.append(
            SimulatedHand(
                None if seat == "-" else MAKER_SEATS[int(seat)],
                None if trumps == "-" else int(trumps),
                alone == "1",
                results[result],
                int(dealing),
                int(other),
            )
        )
    return tuple(hands)


@cache
def _shipped() -> dict[str, str]:
    try:
        return json.loads(SHIPPED.read_text(encoding="utf-8"))["runs"]
    except (OSError, ValueError, KeyError):
        return {}  # the page then plays them in the worker pool


def shipped_run(preset: str, level: str, hands: int, seed: int) -> tuple[SimulatedHand, ...] | None:
    """A shipped run of these settings (the rule set without variants), if there is one."""
    text = _shipped().get(shipped_name(preset, level, hands, seed))
    return None if text is None else decode_hands(text)


# ---- makers' results ------------------------------------------------------------------


def made_hands(hands: Sequence[SimulatedHand]) -> list[SimulatedHand]:
    """The hands in which someone made trump (not thrown in)."""
    return [hand for hand in hands if hand.result is not None]


def results_table(hands: Sequence[SimulatedHand], by: str, order: Sequence) -> pd.DataFrame:
    """Makers' results grouped by a field of SimulatedHand (``by``), in ``order``: the
    number of hands and the share made, marched and euchred in each group."""
    rows = []
    for value in order:
        group = [hand for hand in made_hands(hands) if getattr(hand, by) == value]
        row: dict[str, float] = {"hands": len(group)}
        for result in Result:
            count = sum(1 for hand in group if hand.result is result)
            row[result.value] = count / len(group) if group else float("nan")
        rows.append(row)
    return pd.DataFrame(rows, index=pd.Index([str(value) for value in order]))


def _results_figure(table: pd.DataFrame, x_title: str) -> go.Figure:
    figure = go.Figure()
    for result in Result:
        shares = table[result.value].fillna(0) * 100
        figure.add_trace(
            go.Bar(
                x=list(table.index),
                y=list(shares),
                name=result.value,
                marker_color=RESULT_COLOURS[result],
                customdata=list(table["hands"]),
                hovertemplate=f"%{{x}}: {result.value} %{{y:.1f}}% of %{{customdata}} hands"
                "<extra></extra>",
            )
        )
    return bar_layout(
        figure, x_title=x_title, y_title="Share of the makers' hands (%)", stacked=True
    )


def _shown(table: pd.DataFrame, first: str) -> pd.DataFrame:
    shown = table.copy()
    for result in Result:
        shown[result.value] = [("" if pd.isna(v) else share_text(v)) for v in shown[result.value]]
    shown = shown.rename(columns={result.value: SHORT_RESULTS[result] for result in Result})
    return shown.rename_axis(first).reset_index()


def _euchred(table: pd.DataFrame, row: str) -> str:
    value = table.loc[row, Result.EUCHRED.value]
    return "never seen" if pd.isna(value) else share_text(value)


def by_trumps_item(hands: Sequence[SimulatedHand], level: str) -> OddsItem:
    order = list(range(HAND_SIZE + 1))
    table = results_table(hands, "maker_trumps", order)
    two, three = (table.loc[k, Result.EUCHRED.value] for k in ("2", "3"))
    lesson = (
        (
            "each trump you hold makes a euchre less likely"
            if two > three
            else "with so few hands the difference is not yet clear: play more hands"
        )
        if not (pd.isna(two) or pd.isna(three))
        else "these bots rarely make trump on so few trumps: play more hands to see"
    )
    sentence = (
        f"Played by {level} bots, makers with two trumps were euchred "
        f"{_euchred(table, '2')} of the time, with three {_euchred(table, '3')}. "
        f"{lesson[0].upper()}{lesson[1:]}."
    )
    return OddsItem(
        "by-trumps",
        "Makers' results by the trumps the maker holds",
        _results_figure(table, "Trumps in the maker's hand at the first lead"),
        _shown(table, "trumps"),
        sentence,
        "Made: 3 or 4 tricks; march: all 5; euchred: fewer than 3.",
    )


def by_seat_item(hands: Sequence[SimulatedHand], level: str) -> OddsItem:
    order = list(MAKER_SEATS.values())
    table = results_table(hands, "maker_seat", order)
    dealer, left = MAKER_SEATS[0], MAKER_SEATS[1]
    at_deal, at_left = (table.loc[seat, Result.EUCHRED.value] for seat in (dealer, left))
    lesson = (
        (
            "the upcard in the dealer's hand makes the dealer's calls safer"
            if at_deal < at_left
            else "the upcard did not make the dealer's calls safer in this run"
        )
        if not (pd.isna(at_deal) or pd.isna(at_left))
        else "one of the two seats never made trump in this run: play more hands"
    )
    sentence = (
        f"Played by {level} bots, a dealer who made trump was euchred "
        f"{_euchred(table, dealer)} of the time, the player on the dealer's left "
        f"{_euchred(table, left)}. {lesson[0].upper()}{lesson[1:]}."
    )
    return OddsItem(
        "by-seat",
        "Makers' results by the maker's seat",
        _results_figure(table, "The maker's seat, counted from the dealer"),
        _shown(table, "maker"),
        sentence,
        "Made: 3 or 4 tricks; march: all 5; euchred: fewer than 3.",
    )


# ---- points per hand ---------------------------------------------------------------------


def points_shares(hands: Sequence[SimulatedHand]) -> dict[tuple[str, int], float]:
    """The share of hands giving each team (dealing or other) 1, 2 or 4 points, and
    ('nobody', 0) for hands that scored nothing (thrown in)."""
    total = len(hands)
    shares = {}
    for team, field in (
        ("dealing team", "dealing_team_points"),
        ("other team", "other_team_points"),
    ):
        for points in POINTS:
            shares[(team, points)] = sum(1 for h in hands if getattr(h, field) == points) / total
    nobody = sum(1 for h in hands if h.dealing_team_points == h.other_team_points == 0)
    shares[("nobody", 0)] = nobody / total
    return shares


def points_item(hands: Sequence[SimulatedHand], level: str) -> OddsItem:
    shares = points_shares(hands)
    labels = [f"{team} +{points}" if points else "nobody scores" for team, points in shares]
    # Two rows of labels under the bars: the team, then the points.
    x = [[team for team, _ in shares], [f"+{points}" if points else "0" for _, points in shares]]
    figure = go.Figure()
    figure.add_trace(
        go.Bar(
            x=x,
            y=[s * 100 for s in shares.values()],
            name=f"{level} bots, {len(hands):,} hands",
            marker_color=SERIES_COLOURS[0],
            text=[share_text(s) for s in shares.values()],
            textposition="outside",
        )
    )
    figure.add_trace(
        go.Bar(
            x=x,
            y=[PUBLISHED.get(key, 0) * 100 if key in PUBLISHED else None for key in shares],
            name="published study",
            marker_color=SERIES_COLOURS[2],
            text=[share_text(PUBLISHED[key]) if key in PUBLISHED else "" for key in shares],
            textposition="outside",
        )
    )
    bar_layout(figure, x_title="Points a hand gives")
    figure.update_xaxes(type="multicategory")
    table = pd.DataFrame(
        {
            "points": labels,
            f"{level} bots": [share_text(s) for s in shares.values()],
            "published": [
                share_text(PUBLISHED[key]) if key in PUBLISHED else "not given" for key in shares
            ],
        }
    )
    dealing = sum(s for (team, _), s in shares.items() if team == "dealing team")
    other = sum(s for (team, _), s in shares.items() if team == "other team")
    sentence = (
        f"Played by {level} bots, the dealing team scored on {share_text(dealing)} of "
        f"hands and the other team on {share_text(other)}, "
        + (
            "so dealing helps: make the most of it when it is yours."
            if dealing > other
            else "so in this run dealing did not help."
        )
        + f" A published study found {share_text(0.45 + 0.16)} and "
        f"{share_text(0.17 + 0.12)}, counting hands of 1 and 2 points."
    )
    return OddsItem(
        "points", "Points per hand, dealing team and other team", figure, table, sentence
    )


# ---- winning the game -----------------------------------------------------------------


def game_chances(hands: Sequence[SimulatedHand], target: int) -> WinChances:
    """Win chances from every score, by dynamic programming over the simulated shares."""
    shares = points_shares(hands)
    dealing = {points: s for (team, points), s in shares.items() if team == "dealing team" and s}
    other = {points: s for (team, points), s in shares.items() if team == "other team" and s}
    return win_chances(dealing, other, target)


def win_chances_item(hands: Sequence[SimulatedHand], level: str, rules: Rules) -> OddsItem:
    target = rules.target_points
    chances = game_chances(hands, target)
    scores = list(range(target))
    grid = [[chances.average(ours, theirs) * 100 for theirs in scores] for ours in scores]
    figure = go.Figure(
        go.Heatmap(
            z=grid,
            x=[str(s) for s in scores],
            y=[str(s) for s in scores],
            colorscale="RdYlGn",
            zmin=0,
            zmax=100,
            text=[[f"{v:.0f}" for v in row] for row in grid],
            texttemplate="%{text}",
            hovertemplate="Your team %{y}, theirs %{x}: you win %{z:.1f}%<extra></extra>",
            colorbar={"title": "win %", "ticksuffix": "%"},
        )
    )
    figure.update_layout(
        height=360,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis={"title": "Their score", "type": "category"},
        yaxis={"title": "Your score", "type": "category"},
    )
    table = pd.DataFrame(
        {
            "both teams on": [f"{s}-{s}" for s in scores],
            "you deal next": [share_text(chances.dealing[s][s]) for s in scores],
            "they deal next": [share_text(chances.receiving[s][s]) for s in scores],
        }
    )
    late = max(target - 2, 0)

    def edge(score: int) -> float:
        return chances.dealing[score][score] - chances.receiving[score][score]

    late_dealing, late_other = (
        share_text(c[late][late]) for c in (chances.dealing, chances.receiving)
    )
    start_dealing, start_other = (share_text(c[0][0]) for c in (chances.dealing, chances.receiving))
    sentence = (
        f"In games to {target}, with the points the {level} bots scored per hand, a team "
        f"at {late}-{late} wins {late_dealing} of games if it deals next and "
        f"{late_other} if not. At 0-0 that is {start_dealing} and {start_other}, "
        + (
            "so dealing counts for more near the end of a game."
            if edge(late) > edge(0)
            else "so dealing counts for no more near the end than at the start."
        )
    )
    return OddsItem(
        "win-chances",
        f"The chance of winning the game from each score (to {target})",
        figure,
        table,
        sentence,
        "Each square of the chart: how often your team wins the game from that score, "
        "in %, halfway between dealing next and not. The table: when the scores are "
        "level, who deals next.",
    )


def simulated_items(hands: Sequence[SimulatedHand], level: str, rules: Rules) -> list[OddsItem]:
    """The four simulated items from one run; raises ValueError for an empty run."""
    if not hands:
        raise ValueError("no hands were played")
    return [
        by_trumps_item(hands, level),
        by_seat_item(hands, level),
        points_item(hands, level),
        win_chances_item(hands, level, rules),
    ]
