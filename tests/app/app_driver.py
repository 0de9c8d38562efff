"""Driving the app in AppTest: open a page (with a query string), answer quizzes.

AppTest cannot click inside the card table (a custom component). A quiz is answered
here through the moves its clicks make (``quiz_state.on_click``, the function the
component's callbacks call), and only on what the page's last run offered: a card
must be drawn clickable, a choice must be a button of the table. A POINTS question
is answered through its Streamlit widgets.
"""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from lessons.quiz import Kind
from tutorial_app.card_table.component import COMPONENT_NAME as CARD_TABLE
from tutorial_app.card_table.face_sheet import REFERENCE, SHEET
from tutorial_app.quiz.scene import options_are_cards
from tutorial_app.quiz.state import CHECK, on_click, option_id

APP = str(Path(__file__).resolve().parents[2] / "tutorial_app" / "streamlit_app.py")


def open_page(path: str, timeout: float = 30, token: str | None = None, **query: str) -> AppTest:
    """The app opened at ``path`` (relative to the entrypoint) with ``query`` in its URL,
    as the learner with ``token`` if given (as the browser component would set it);
    fails the test if the page raised."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    if token is not None:
        at.session_state["learner-token"] = token
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def tables_shown(at: AppTest) -> list[dict]:
    """The models of every card-table component drawn in the last run (the router's
    learner-token component is another custom component: left out), as the page built
    them: the pictures the message names by reference (face_sheet.compact) put back."""
    return [
        _with_pictures(json.loads(table.proto.json))
        for table in at.get("bidi_component")
        if table.proto.component_name == CARD_TABLE
    ]


def watchers_shown(at: AppTest) -> list[dict]:
    """What each live class watcher (``class_watch``) on the page was handed in the last
    run, in page order: the stamp it compares, the countdown it shows."""
    return [
        json.loads(watcher.proto.json)
        for watcher in at.get("bidi_component")
        if watcher.proto.component_name.endswith("euchre_class_watch")
    ]


def watcher_shown(at: AppTest) -> dict | None:
    """The page's first watcher (the one with the countdown); None if it drew none."""
    drawn = watchers_shown(at)
    return drawn[0] if drawn else None


def countdown_shown(at: AppTest) -> float | None:
    """The seconds left the watcher counts down from (None: no countdown)."""
    watcher = watcher_shown(at)
    return None if watcher is None else watcher["secondsLeft"]


def _with_pictures(sent: dict) -> dict:
    for field in ("svgs", "suit_icons"):
        sent[field] = {
            key: SHEET[markup.removeprefix(REFERENCE)] if markup.startswith(REFERENCE) else markup
            for key, markup in sent[field].items()
        }
    return sent


def table_shown(at: AppTest) -> dict:
    """The model of the one card-table component on the page."""
    (model,) = tables_shown(at)
    return model


def click_on_table(at: AppTest, state_key: str, question, ident: str) -> None:
    """Click ``ident`` (an option id, "check" or "restart") on the question's table, as the
    component would: only if the table drawn in the last run offers it."""
    model = table_shown(at)
    key = ident.removeprefix("option-")
    card = next((c for c in model["hand"] if c["code"] == key), None)
    button = next((a for a in model["actions"] if a["id"] == ident), None)
    if card is not None and options_are_cards(question):
        assert card["clickable"], f"{key} is drawn but not clickable"
    else:
        assert button is not None, f"no button {ident!r} on the table: {model['actions']}"
        assert not button.get("disabled"), f"the button {ident!r} is disabled"
    on_click(at.session_state, state_key, question, ident)
    at.run()
    assert not at.exception, at.exception


def answer(at: AppTest, question, response, state_key: str) -> None:
    """Give ``response`` (option keys, or (team, points)) through the page's own moves;
    ``state_key`` is where the page keeps the quiz ("quiz:<id>" or "try:<step key>")."""
    kind = question.kind
    if kind is Kind.POINTS:
        at.radio(key="points-team").set_value(response[0])
        at.number_input(key="points-number").set_value(int(response[1]))
        at.run()
        at.button(key="check").click().run()
        return
    for key in response:
        click_on_table(at, state_key, question, option_id(key))
    if kind is Kind.MULTI:
        click_on_table(at, state_key, question, CHECK)


def feedback_shown(at: AppTest) -> tuple[bool, str]:
    """(right?, all the words) of the verdict on screen: under the table's cards, or in
    a Streamlit alert for a question without a table."""
    tables = tables_shown(at)
    message = tables[0]["message"] if len(tables) == 1 else None
    if message and message["tone"] in ("right", "wrong"):
        return message["tone"] == "right", f"{message.get('title', '')} {message['text']}"
    alerts = [*at.success, *at.error]
    assert alerts, "no verdict on screen"
    return bool(at.success), alerts[0].value
