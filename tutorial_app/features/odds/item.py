"""One item of the odds lab: a plotly chart, the table beside it and one sentence
saying what it means for play (no Streamlit here: tests build items directly)."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go

# Two series at most on any chart: the table's green and a clear red, as the score chart.
SERIES_COLOURS = ("#1b6e3a", "#b3261e", "#6b6b6b")
CHART_HEIGHT = 300


@dataclass(frozen=True)
class OddsItem:
    key: str  # a short name for widget keys and tests
    title: str
    figure: go.Figure
    table: pd.DataFrame
    sentence: str  # one sentence: what the figures mean for play
    note: str = ""  # a short caption under the table: what its brackets hold


def bar_layout(
    figure: go.Figure, *, x_title: str, y_title: str = "Share of hands (%)", stacked: bool = False
) -> go.Figure:
    """The odds lab's common look: compact, legend on top, percentages on the y axis."""
    figure.update_layout(
        height=CHART_HEIGHT,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        barmode="stack" if stacked else "group",
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
        xaxis={"title": x_title, "type": "category"},
        yaxis={"title": y_title, "ticksuffix": "%", "rangemode": "tozero"},
        hoverlabel={"align": "left"},
    )
    return figure


def share_text(share: float) -> str:
    """A share (0..1) as the page prints it: '27.8%'."""
    return f"{share * 100:.1f}%"
