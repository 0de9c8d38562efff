"""Answering quiz questions through a page's widgets, for AppTest tests."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from lessons.quiz import Kind


def answer(at: AppTest, question, response) -> None:
    """Give ``response`` (option keys, or (team, points)) through the page's widgets."""
    kind = question.kind
    if kind in (Kind.SINGLE, Kind.YESNO):
        at.button(key=f"answer-{response[0]}").click().run()
        return
    if kind is Kind.MULTI:
        for option in question.options:
            box = at.checkbox(key=f"pick-{option.key}")
            (box.check() if option.key in response else box.uncheck())
        at.run()
    elif kind is Kind.ORDER:
        for key in response:
            at.button(key=f"order-{key}").click().run()
    else:
        at.radio(key="points-team").set_value(response[0])
        at.number_input(key="points-number").set_value(int(response[1]))
        at.run()
    at.button(key="check").click().run()
