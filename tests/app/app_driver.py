"""Driving the app in AppTest: open a page (with a query string), answer quizzes."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from lessons.quiz import Kind

APP = str(Path(__file__).resolve().parents[2] / "tutorial_app" / "streamlit_app.py")


def open_page(path: str, timeout: float = 30, **query: str) -> AppTest:
    """The app opened at ``path`` (relative to the entrypoint) with ``query`` in its URL;
    fails the test if the page raised."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


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
