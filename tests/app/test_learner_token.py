"""AppTest: the router asks who the learner is on every page. On a session's first run
there is no token yet, and every page copes; the browser is offered one, which is the
token from the next run on; a progress link is adopted, a malformed one refused with a
note; Home offers the progress link. (What the browser stores: tests/browser.)"""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from app_driver import APP
from tutorial_app.learner_identity import is_well_formed_token, new_learner_token
from tutorial_app.navigation import all_pages
from tutorial_app.widgets.learner_token import NOTE_KEY, OFFER_SENT_KEY, TOKEN_KEY

pytestmark = pytest.mark.app

COMPONENT = "euchre_learner_token"


def first_run(token: str | None = None, **query: str) -> AppTest:
    """A session's first run (Home), with ``query`` in its address and, if given, a
    ``token`` the session already knows."""
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    if token is not None:
        at.session_state[TOKEN_KEY] = token
    at.run()
    assert not at.exception, at.exception
    return at


def learner_components(at: AppTest) -> list[dict]:
    """What the last run told the browser: the learner component's data, each time it
    was drawn."""
    return [json.loads(c.proto.json) for c in at.get("bidi_component")
            if c.proto.component_name == COMPONENT]


def told_browser(at: AppTest) -> dict:
    (data,) = learner_components(at)   # drawn once a run
    return data


def notes(at: AppTest) -> list[str]:
    return [warning.value for warning in at.warning]


@pytest.mark.parametrize("page", all_pages(), ids=lambda page: page.url_path or "home")
def test_every_page_renders_before_the_token_is_known(page):
    at = first_run()
    # As if the browser had not had the offer yet (a page that stopped early, say):
    # the token stays unknown on the page's run.
    del at.session_state[OFFER_SENT_KEY]
    at.switch_page(page.path).run()
    assert not at.exception, at.exception
    assert at.title and (page.default or page.title in at.title[0].value)   # that page ran
    assert TOKEN_KEY not in at.session_state
    assert not notes(at)
    drawn = learner_components(at)
    if page.url_path in ("teach", "class", "join", "question"):
        # Teach with no hand yet, a class not started or not joined, a question link
        # with no hand end early (st.stop), and nothing is drawn after that: the offer
        # waits for a full run.
        assert not drawn
        return
    (data,) = drawn
    assert data["token"] is None and is_well_formed_token(data["offer"])
    assert not data["adopt"] and not data["dropLink"]


def test_the_offer_is_the_token_from_the_next_run_on():
    at = first_run()
    offer = told_browser(at)["offer"]
    at.run()
    assert at.session_state[TOKEN_KEY] == offer
    assert told_browser(at) == {"token": offer, "offer": None, "adopt": False,
                                "dropLink": False}
    at.switch_page("app_pages/play.py").run()
    assert not at.exception and at.session_state[TOKEN_KEY] == offer


def test_each_session_is_offered_its_own_token():
    offers = {told_browser(first_run())["offer"] for _ in range(3)}
    assert len(offers) == 3


def test_a_progress_link_is_adopted_and_leaves_the_address():
    token = new_learner_token()
    at = first_run(learner=token)
    assert at.session_state[TOKEN_KEY] == token
    assert told_browser(at) == {"token": token, "offer": None, "adopt": True, "dropLink": True}
    assert not notes(at)
    at.run()   # the browser has taken it off its address; Streamlit's copy follows
    assert "learner" not in at.query_params
    assert at.session_state[TOKEN_KEY] == token
    assert told_browser(at) == {"token": token, "offer": None, "adopt": True,
                                "dropLink": False}


def test_a_progress_link_replaces_the_token_this_session_had():
    token = new_learner_token()
    at = first_run(token=new_learner_token(), learner=token)
    assert at.session_state[TOKEN_KEY] == token


@pytest.mark.parametrize("code, reason", [
    ("abc", "its learner code has 3 characters"),
    ("A" * 31 + "=", "its learner code has characters other than letters, digits, - and _"),
    ("<b>x</b>" + "A" * 24, "its learner code has characters other than letters, digits"),
    ("", "its learner code is empty"),
])
def test_a_malformed_progress_link_is_refused_with_a_note(code, reason):
    at = first_run(learner=code)
    (note,) = notes(at)
    assert note.startswith("This progress link was not used: " + reason)
    assert "A learner code is exactly 32 letters, digits, - or _." in note
    assert code not in note or not code
    data = told_browser(at)
    assert data["token"] is None and data["offer"] != code and data["dropLink"]
    at.run()                                   # the note stays over the page's reruns ...
    assert notes(at) == [note]
    assert "learner" not in at.query_params
    assert at.session_state[TOKEN_KEY] == data["offer"]   # a fresh learner
    at.switch_page("app_pages/play.py").run()  # ... and goes once the learner moves on
    assert not notes(at) and NOTE_KEY not in at.session_state


def test_a_refused_link_keeps_the_token_this_session_had():
    token = new_learner_token()
    at = first_run(token=token, learner="not-a-token")
    assert at.session_state[TOKEN_KEY] == token and len(notes(at)) == 1


def test_home_offers_the_progress_link_of_the_known_token():
    token = new_learner_token()
    at = first_run(token=token)
    (link,) = at.code
    assert link.value == f"/?learner={token}"   # AppTest has no address: only the path


def test_home_offers_the_offered_token_link_before_the_browser_has_had_its_say():
    at = first_run()
    (link,) = at.code
    assert link.value == f"/?learner={told_browser(at)['offer']}"
