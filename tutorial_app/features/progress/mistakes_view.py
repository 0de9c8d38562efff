"""Your progress, your own mistakes: mistakes and blunders per Play game over time (a
plotly chart), and every kept position, learning or retired, each opening in Teach at
that move of its hand. The frames are pure functions of the store's rows; ``show_mistakes``
draws them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import tzinfo

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from tutorial_app.card_table.move_words import choice_label
from tutorial_app.mistakes.words import chosen_action
from tutorial_app.shell.url_state import app_page_url
from tutorial_app.store import KeptMistake, PlayedHand

__all__ = ["games_frame", "mistakes_chart", "positions_frame", "show_mistakes"]

TEACH_PAGE = "teach"
DECISIONS = {
    "bid1": "Bid, first round",
    "bid2": "Bid, second round",
    "name_trump": "Naming trump",
    "alone": "Going alone",
    "defend_alone": "Defending alone",
    "discard": "Discard",
    "play": "Card play",
}
GRADE_COLOURS = {"mistake": "#e69f00", "blunder": "#d55e00"}  # colour-blind safe


def game_of(hand: PlayedHand) -> str | None:
    """The game name a finished Play hand belongs to (as its mistakes name it)."""
    result = hand.result
    if not all(isinstance(result.get(k), str | int) for k in ("preset", "level", "seed")):
        return None
    return f"{result['preset']}.{result['level']}.{result['seed']}"


def games_frame(kept: Sequence[KeptMistake], hands: Iterable[PlayedHand]) -> pd.DataFrame:
    """One row per Play game, oldest first: when its first hand ended, hands played,
    mistakes and blunders kept from it (a game whose hands are not recorded still counts,
    from its first mistake; a guided hand's wrong tries are no game's)."""
    games: dict[str, dict] = {}
    for hand in hands:
        name = game_of(hand)
        if hand.kind != "play" or name is None or hand.result.get("game"):
            continue  # a game's own row (won or lost) is not a hand
        row = games.setdefault(name, {"game": name, "started": hand.finished_at, "hands": 0})
        row["hands"] += 1
        row["started"] = min(row["started"], hand.finished_at)
    for mistake in kept:
        position = mistake.position
        if position.source != "play":
            continue  # a guided hand's wrong tries are in the list, not per game
        row = games.setdefault(
            position.game, {"game": position.game, "started": position.made_at, "hands": 0}
        )
        row[position.grade] = row.get(position.grade, 0) + 1
        row["started"] = min(row["started"], position.made_at)
    frame = pd.DataFrame(
        list(games.values()), columns=["game", "started", "hands", "mistake", "blunder"]
    )
    frame[["mistake", "blunder"]] = frame[["mistake", "blunder"]].fillna(0).astype(int)
    return frame.sort_values("started", kind="stable").reset_index(drop=True)


def mistakes_chart(games: pd.DataFrame, zone: tzinfo) -> go.Figure:
    """Mistakes and blunders per game, stacked, one bar per game in the order played."""
    figure = go.Figure()
    labels = [
        f"{number}. {pd.Timestamp(started).tz_convert(zone):%d %b}"
        for number, started in enumerate(games["started"], 1)
    ]
    for grade in ("mistake", "blunder"):
        figure.add_trace(
            go.Bar(
                x=labels,
                y=games[grade].tolist(),
                name=f"{grade}s",
                marker_color=GRADE_COLOURS[grade],
                customdata=games["hands"].tolist(),
                hovertemplate="Game %{x}: %{y} "
                + grade
                + "s in %{customdata} hands<extra></extra>",
            )
        )
    figure.update_layout(
        title="Mistakes and blunders per game",
        barmode="stack",
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        height=300,
        plot_bgcolor="white",
        font={"size": 13},
        yaxis={"title": None, "rangemode": "tozero", "dtick": 1},
        xaxis={"title": None, "type": "category"},
        # Beside the title, at the right: over the plot's top edge, not over the title.
        legend={"orientation": "h", "x": 1, "y": 1.02, "yanchor": "bottom", "xanchor": "right"},
    )
    return figure


def _action_words(chosen: str) -> str:
    action = chosen_action(chosen)
    return choice_label(action) if action is not None else chosen


def positions_frame(kept: Sequence[KeptMistake], zone: tzinfo, teach_url) -> pd.DataFrame:
    """Every kept position, newest first: when, the kind of decision, what was chosen,
    the best choice, the grade, where it stands, and its Teach link (``teach_url(query)``
    makes the address)."""
    rows = []
    for mistake in kept:
        position = mistake.position
        if mistake.retired:
            status = "retired"
        else:
            status = (
                f"learning: due {pd.Timestamp(mistake.memory.due_at).tz_convert(zone):%d %b %H:%M}"
            )
        rows.append(
            {
                "when": pd.Timestamp(position.made_at).tz_convert(zone),
                "decision": DECISIONS.get(position.phase, position.phase),
                "you chose": _action_words(position.chosen),
                "best": _action_words(position.best),
                "grade": position.grade,
                "status": status,
                "teach": teach_url({"hand": position.hand, "at": str(position.step)}),
            }
        )
    columns = ["when", "decision", "you chose", "best", "grade", "status", "teach"]
    return pd.DataFrame(rows, columns=columns)


def show_mistakes(kept: Sequence[KeptMistake], hands: Sequence[PlayedHand], zone) -> None:
    """The section: the chart, then the list (or words saying how positions come)."""
    st.header("Your mistakes")
    if not kept:
        st.caption(
            "None kept yet. When the review of a Play hand finds a mistake or a blunder of "
            "yours, the position is kept here and comes back in Practise."
        )
        return
    learning = sum(1 for m in kept if not m.retired)
    st.caption(
        f"{learning} position{'s' if learning != 1 else ''} still learning, "
        f"{len(kept) - learning} retired. Practise → Your mistakes asks the ones due."
    )
    st.plotly_chart(
        mistakes_chart(games_frame(kept, hands), zone),
        key="progress-mistakes",
        config={"displayModeBar": False},
    )
    st.dataframe(
        positions_frame(kept, zone, lambda query: app_page_url(TEACH_PAGE, query)),
        hide_index=True,
        column_config={
            "when": st.column_config.DatetimeColumn("When", format="D MMM, HH:mm"),
            "decision": "Decision",
            "you chose": "You chose",
            "best": "Best",
            "grade": "Grade",
            "status": "Status",
            "teach": st.column_config.LinkColumn("Open", display_text="Open in Teach"),
        },
        key="progress-mistakes-list",
    )
