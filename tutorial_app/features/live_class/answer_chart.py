"""The teacher's live bar chart of a question's answers: one bar per answer given, in
the learners' words, the right one marked once revealed.

>>> from lessons.quiz import Kind, Option, Question
>>> question = Question(Kind.SINGLE, "Who won?", (Option("N", "North"), Option("E", "East")),
...                     ("N",), "North's ace.")
>>> answer_bars(question, {"E": 3, "N": 5}, revealed=True)
[('North ✓', 5, True), ('East', 3, False)]
"""

from __future__ import annotations

import plotly.graph_objects as go

from lessons.quiz import Question
from tutorial_app.features.live_class.live_question import short_answer_words

RIGHT, OTHER, WAITING = "#0b6b2f", "#b3261e", "#5f6b7a"


def answer_bars(
    question: Question, counts: dict[str, int], revealed: bool
) -> list[tuple[str, int, bool]]:
    """(label, count, right?) per answer given, most given first; every single option
    appears (with 0) so the class sees what nobody chose."""
    given = {tuple(text.split(",")) if text else (): count for text, count in counts.items()}
    if question.kind.value in ("single", "yesno"):
        for option in question.options:
            given.setdefault((option.key,), 0)
    right = question.check(question.answer)  # the engine's answer, as a response
    bars = []
    for answer, count in given.items():
        correct = question.check(answer).correct if right.correct else False
        label = short_answer_words(question, answer)
        bars.append((label + (" ✓" if revealed and correct else ""), count, correct))
    return sorted(bars, key=lambda bar: (-bar[1], bar[0]))


def right_count(question: Question, counts: dict[str, int]) -> int:
    """How many gave the right answer, as the engine judges it (``answer_bars``)."""
    return sum(count for _, count, right in answer_bars(question, counts, True) if right)


def answer_chart(question: Question, counts: dict[str, int], revealed: bool) -> go.Figure:
    """A horizontal bar chart of ``answer_bars``: grey until revealed, then the right
    answer green and the others red."""
    bars = answer_bars(question, counts, revealed)
    colours = [(RIGHT if right else OTHER) if revealed else WAITING for _, _, right in bars]
    figure = go.Figure(
        go.Bar(
            x=[count for _, count, _ in bars],
            y=[label for label, _, _ in bars],
            orientation="h",
            marker_color=colours,
            text=[count for _, count, _ in bars],
            textposition="auto",
            hoverinfo="skip",
        )
    )
    figure.update_layout(
        height=80 + 48 * max(len(bars), 1),
        margin=dict(l=10, r=10, t=10, b=10),
        yaxis=dict(type="category", autorange="reversed", automargin=True),
        xaxis=dict(dtick=1, rangemode="tozero", title="learners"),
        font=dict(size=18),
        plot_bgcolor="#ffffff",
    )
    return figure
