"""The progress page's figures and table, built from the learner's answers counted per
skill per quarter hour (``Store.answer_counts``: a few rows however many answers), one
page of the newest answers and the lesson progress. No Streamlit here.

Any text that may come from an imported CSV file (a lesson or skill name) is escaped
before it reaches a chart: plotly reads a few HTML tags in its labels.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta, tzinfo

import pandas as pd
import plotly.graph_objects as go

from lessons.generators import SKILL_WORDS
from lessons.progress import LessonProgress
from tutorial_app.features.progress.answer_words import answer_words
from tutorial_app.learner.answer_places import place_words

MOST_SKILLS = 8  # lines on the accuracy chart: the skills answered most
CALENDAR_WEEKS = 26
GREENS = [
    [0.0, "#ebedf0"],
    [0.001, "#c6e48b"],
    [0.35, "#7bc96f"],
    [0.7, "#239a3b"],
    [1.0, "#196127"],
]
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_LAYOUT = {
    "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
    "height": 300,
    "plot_bgcolor": "white",
    "font": {"size": 13},
}


def skill_name(generator: str) -> str:
    """What a learner calls a skill: a generator in words, a lesson's own items grouped.

    >>> skill_name("trick_winner"), skill_name("bowers/left-bower-suit")
    ('who wins a trick', 'Lesson 2 questions')
    >>> skill_name("guided/lone-hand"), skill_name("may_pass")
    ('guided hands', 'who may pass')
    """
    if generator in SKILL_WORDS:
        return SKILL_WORDS[generator]
    if generator.startswith("guided/"):
        return "guided hands"
    if "/" in generator:
        return f"{place_words(generator.split('/', 1)[0]).split(':')[0]} questions"
    return generator


COUNT_COLUMNS = ("starts_at", "generator", "answers", "right")


def counts_frame(counts: Iterable) -> pd.DataFrame:
    """``Store.answer_counts`` as a frame: starts_at (UTC), generator, answers, right."""
    frame = pd.DataFrame(
        [{name: getattr(count, name) for name in COUNT_COLUMNS} for count in counts],
        columns=list(COUNT_COLUMNS),
    )
    frame["starts_at"] = pd.to_datetime(frame["starts_at"], utc=True)
    return frame


def _days(counts: pd.DataFrame, zone: tzinfo) -> pd.Series:
    return counts["starts_at"].dt.tz_convert(zone).dt.date


def answers_per_day(counts: pd.DataFrame, zone: tzinfo) -> dict[date, int]:
    """How many answers on each day (in ``zone``)."""
    if counts.empty:
        return {}
    return {
        day: int(total)
        for day, total in counts.groupby(_days(counts, zone))["answers"].sum().items()
    }


def accuracy_by_day(counts: pd.DataFrame, zone: tzinfo) -> pd.DataFrame:
    """Answers and share right per skill per day (in ``zone``): columns day, skill,
    answers, right, accuracy (0 to 100)."""
    if counts.empty:
        return pd.DataFrame(columns=["day", "skill", "answers", "right", "accuracy"])
    frame = pd.DataFrame(
        {
            "day": _days(counts, zone),
            "skill": counts["generator"].map(skill_name),
            "answers": counts["answers"],
            "right": counts["right"],
        }
    )
    daily = frame.groupby(["day", "skill"], as_index=False)[["answers", "right"]].sum()
    daily["accuracy"] = 100 * daily["right"] / daily["answers"]
    return daily.sort_values(["day", "skill"], ignore_index=True)


def accuracy_chart(counts: pd.DataFrame, zone: tzinfo) -> go.Figure:
    """Accuracy per skill over time: a line per skill (the most answered), a point a day."""
    daily = accuracy_by_day(counts, zone)
    top = daily.groupby("skill")["answers"].sum().nlargest(MOST_SKILLS).index
    figure = go.Figure()
    for skill in sorted(top):
        rows = daily[daily["skill"] == skill]
        figure.add_trace(
            go.Scatter(
                x=[pd.Timestamp(day) for day in rows["day"]],
                y=rows["accuracy"],
                mode="lines+markers",
                name=html.escape(skill),
                customdata=list(zip(rows["right"], rows["answers"], strict=False)),
                hovertemplate="%{x|%d %b}: %{customdata[0]} of %{customdata[1]} right"
                "<extra>" + html.escape(skill) + "</extra>",
            )
        )
    days = sorted(daily["day"]) or [date.today()]
    # A tick a day over a short span (else plotly labels hours with repeated dates), and
    # half a day of room either side, so a single day's point is not on the edge.
    short = (days[-1] - days[0]).days <= 10
    figure.update_layout(
        title="Right answers per skill, by day",
        **{**_LAYOUT, "height": 420},
        showlegend=True,
        yaxis={"title": "% right", "range": [-5, 105]},
        xaxis={
            "title": None,
            "tickformat": "%d %b",
            "type": "date",
            **({"dtick": 86_400_000} if short else {}),
            "range": [
                pd.Timestamp(days[0]) - pd.Timedelta(hours=12),
                pd.Timestamp(days[-1]) + pd.Timedelta(hours=12),
            ],
        },
        # Hung from its top edge under the dates: anchored by its bottom edge (plotly's
        # default below the plot), a legend of several rows grew up over the x axis.
        legend={"orientation": "h", "x": 0, "y": -0.12, "yanchor": "top"},
    )
    return figure


def lessons_chart(
    progress: Mapping[str, LessonProgress], lessons: Sequence[tuple[str, str]]
) -> go.Figure:
    """Stars per lesson (0 to 3), a mastered lesson in the accent colour; ``lessons`` is
    (id, title) in lesson order."""
    titles = [html.escape(title) for _id, title in lessons]
    stars = [progress.get(lesson_id, LessonProgress()).stars for lesson_id, _t in lessons]
    mastered = [progress.get(lesson_id, LessonProgress()).mastered for lesson_id, _t in lessons]
    figure = go.Figure(
        go.Bar(
            x=stars,
            y=titles,
            orientation="h",
            marker_color=["#0b6b2f" if done else "#9cc7a4" for done in mastered],
            text=[
                ("★" * n or "no stars yet") + (" · mastered" if done else "")
                for n, done in zip(stars, mastered, strict=False)
            ],
            # A bar with no stars has no room inside: its words go beside it.
            textposition=["inside" if n else "outside" for n in stars],
            hovertemplate="%{y}: %{x} of 3 stars<extra></extra>",
        )
    )
    figure.update_layout(
        title="Stars and mastery per lesson",
        **_LAYOUT,
        xaxis={"range": [0, 3.2], "dtick": 1, "title": "stars"},
        yaxis={"autorange": "reversed"},
    )
    return figure


def calendar_grid(
    days: Mapping[date, int], today: date, weeks: int = CALENDAR_WEEKS
) -> tuple[list[date], list[list[int | None]]]:
    """The streak calendar as GitHub draws it: a column per week (Monday first) ending with
    today's week, a row per weekday; answers per day, None after today.

    >>> mondays, rows = calendar_grid({date(2026, 11, 30): 4}, date(2026, 12, 1), weeks=2)
    >>> mondays, rows[0], rows[1], rows[2]
    ([datetime.date(2026, 11, 23), datetime.date(2026, 11, 30)], [0, 4], [0, 0], [0, None])
    """
    last_monday = today - timedelta(days=today.weekday())
    mondays = [last_monday - timedelta(weeks=weeks - 1 - i) for i in range(weeks)]
    rows = [
        [
            None if (day := monday + timedelta(days=weekday)) > today else days.get(day, 0)
            for monday in mondays
        ]
        for weekday in range(7)
    ]
    return mondays, rows


def streak_calendar(
    days: Mapping[date, int], today: date, weeks: int = CALENDAR_WEEKS
) -> go.Figure:
    """Answers per day as a calendar heatmap, darker green for more."""
    mondays, rows = calendar_grid(days, today, weeks)
    dates = [
        [(monday + timedelta(days=weekday)).strftime("%a %d %b %Y") for monday in mondays]
        for weekday in range(7)
    ]
    figure = go.Figure(
        go.Heatmap(
            z=rows,
            x=[monday.strftime("%d %b") for monday in mondays],
            y=list(WEEKDAYS),
            customdata=dates,
            colorscale=GREENS,
            showscale=False,
            xgap=3,
            ygap=3,
            zmin=0,
            zmax=max([1, *days.values()]),
            hovertemplate="%{customdata}: %{z} answers<extra></extra>",
        )
    )
    figure.update_layout(
        title="Days you practised",
        **{**_LAYOUT, "height": 240},
        yaxis={"autorange": "reversed"},
        xaxis={"showgrid": False, "nticks": 8},
    )
    return figure


def recent_table(answers: pd.DataFrame, zone: tzinfo, limit: int = 20) -> pd.DataFrame:
    """The newest answers first, in words, for ``st.dataframe`` (``answers``: one page
    of ``Store.recent_answers``)."""
    newest = answers.sort_values("answered_at", ascending=False).head(limit)
    return pd.DataFrame(
        {
            "When": newest["answered_at"].dt.tz_convert(zone).dt.strftime("%d %b %H:%M"),
            "Lesson or topic": newest["lesson"].map(place_words),
            "Skill": newest["generator"].map(skill_name),
            "Your answer": [
                answer_words(answer, kind, skill)
                for answer, kind, skill in zip(
                    newest["answer"], newest["item_kind"], newest["generator"], strict=True
                )
            ],
            "Right?": newest["correct"].map({True: "✓ right", False: "✗ wrong"}),
            "Time taken": [
                f"{ms / 1000:.1f} s" if pd.notna(ms) else "" for ms in newest["time_taken_ms"]
            ],
        }
    ).reset_index(drop=True)
