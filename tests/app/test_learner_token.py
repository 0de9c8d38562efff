"""AppTest: the router asks who the learner is on every page. With no browser there is no
token yet, and every page copes; a progress link is adopted, a malformed one refused with
a note; Home offers the progress link. (What the browser stores: tests/browser.)"""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from app_driver import APP
from tutorial_app.learner_identity import new_learner_token
from tutorial_app.navigation import all_pages
from tutorial_app.widgets.learner_token import NOTE_KEY, TOKEN_KEY

pytestmark = pytest.mark.app

COMPONENT = "euchre_learner_token"


def opened(path: str | None = None, token: str | None = None, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    if token is not None:
        at.session_state[TOKEN_KEY] = token
    at.run()
    if path:
        at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def told_browser(at: AppTest) -> dict:
    """What the last run told the browser (the learner component's data); it is drawn
    exactly once per run."""
    (component,) = [c for c in at.get("bidi_component") if c.proto.component_name == COMPONENT]
    return json.loads(component.proto.json)


def notes(at: AppTest) -> list[str]:
    return [warning.value for warning in at.warning]


@pytest.mark.parametrize("page", all_pages(), ids=lambda page: page.url_path or "home")
def test_every_page_renders_before_the_token_is_known(page):
    at = opened(page.path)
    assert TOKEN_KEY not in at.session_state
    assert told_browser(at) == {"token": None, "adopt": False, "dropLink": False}
    assert at.title, "the page drew its heading"
    assert not notes(at)


def test_a_progress_link_is_adopted_and_leaves_the_address():
    token = new_learner_token()
    at = opened(learner=token)
    assert at.session_state[TOKEN_KEY] == token
    assert told_browser(at) == {"token": token, "adopt": True, "dropLink": True}
    assert not notes(at)
    at.run()   # the browser has taken it out of its address; Streamlit's copy follows
    assert "learner" not in at.query_params
    assert at.session_state[TOKEN_KEY] == token
    assert told_browser(at) == {"token": token, "adopt": True, "dropLink": False}


def test_a_progress_link_replaces_the_token_this_session_had():
    token = new_learner_token()
    at = opened(token=new_learner_token(), learner=token)
    assert at.session_state[TOKEN_KEY] == token


@pytest.mark.parametrize("code, reason", [
    ("abc", "its learner code has 3 characters"),
    ("A" * 31 + "=", "its learner code has characters other than letters, digits, - and _"),
    ("<b>x</b>" + "A" * 24, "its learner code has characters other than letters, digits"),
    ("", "its learner code is empty"),
])
def test_a_malformed_progress_link_is_refused_with_a_note(code, reason):
    at = opened(learner=code)
    (note,) = notes(at)
    assert note.startswith("This progress link was not used: " + reason)
    assert "A learner code is exactly 32 letters, digits, - or _." in note
    assert code not in note or not code
    assert told_browser(at) == {"token": None, "adopt": False, "dropLink": True}
    at.run()                                   # the note stays over the page's reruns ...
    assert notes(at) == [note]
    assert "learner" not in at.query_params
    at.switch_page("app_pages/play.py").run()  # ... and goes once the learner moves on
    assert not notes(at) and NOTE_KEY not in at.session_state


def test_a_refused_link_keeps_the_token_this_session_had():
    token = new_learner_token()
    at = opened(token=token, learner="not-a-token")
    assert at.session_state[TOKEN_KEY] == token and len(notes(at)) == 1


def test_home_offers_the_progress_link_once_the_token_is_known():
    token = new_learner_token()
    at = opened(token=token)
    (link,) = at.code
    assert link.value == f"/?learner={token}"   # AppTest has no address: only the path
    assert told_browser(at) == {"token": token, "adopt": False, "dropLink": False}


def test_home_says_the_progress_link_is_coming_before_the_token_is_known():
    at = opened()
    assert not at.code
    assert any("getting its learner code" in caption.value for caption in at.caption)
