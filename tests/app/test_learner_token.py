"""AppTest: the router asks who the learner is on every page. On a session's first run
there is no token yet, and every page copes; the browser is offered one, which is the
token from the next run on. Nothing in an address changes the learner behind their
back: an old ``?learner=`` link is refused with a note; a progress link's one-time code
is exchanged once, asks first when this browser has progress of its own ("Keep my
progress" the default), and the replaced learner stays one click away on Home; wrong
codes slow a session down. What the browser reports settles the token: its
localStorage beats the cookie. (What the browser stores: tests/browser.)"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from app_driver import APP
from streamlit.testing.v1 import AppTest

from tutorial_app.learner.learner_token import (
    ADOPTED_KEY,
    ASK_KEY,
    FROM_COOKIE_KEY,
    NOTE_KEY,
    OFFER_KEY,
    OFFER_SENT_KEY,
    PREVIOUS_KEY,
    TOKEN_KEY,
    take_browser_report,
)
from tutorial_app.limits.learner_identity import (
    FREE_WRONG_TRIES,
    OLD_LINK_NOTE,
    is_well_formed_token,
    new_learner_token,
    new_transfer_code,
)
from tutorial_app.navigation import all_pages
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import Store, TransferCodes, TransferProblem, TransferRefused

COMPONENT = "euchre_learner_token"
QUIET = {
    "token": None,
    "offer": None,
    "adopt": False,
    "keepReplaced": False,
    "fromCookie": False,
    "previous": None,
    "ask": None,
    "dropLink": False,
}


def first_run(token: str | None = None, **query: str) -> AppTest:
    """A session's first run (Home), with ``query`` in its address and, if given, a
    ``token`` the session already settled."""
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
    return [
        json.loads(c.proto.json)
        for c in at.get("bidi_component")
        if c.proto.component_name == COMPONENT
    ]


def told_browser(at: AppTest) -> dict:
    (data,) = learner_components(at)  # drawn once a run
    return data


def notes(at: AppTest) -> list[str]:
    return [note.value for kind in (at.warning, at.info, at.success) for note in kind]


def token_of(at: AppTest) -> str | None:
    return at.session_state.get(TOKEN_KEY, None)


def with_progress(store: Store) -> str:
    """A learner with an answer kept."""
    token = new_learner_token()
    store.record_answer(
        token,
        lesson="bowers",
        item_kind="single",
        generator="trick_order",
        answer="JD",
        correct=True,
    )
    return token


def question_shown(at: AppTest) -> bool:
    return any(button.key == "learner-transfer-keep" for button in at.button)


# ---- the token before and after the browser's word ---------------------------------------


@pytest.mark.parametrize("spec", all_pages(), ids=lambda spec: spec.url_path or "home")
def test_every_page_renders_before_the_token_is_known(spec):
    at = first_run()
    # As if the browser had not had the offer yet (a page that stopped early, say):
    # the token stays unknown on the page's run.
    del at.session_state[OFFER_SENT_KEY]
    at.switch_page(spec.path).run()
    assert not at.exception, at.exception
    assert at.title and (spec.default or spec.title in at.title[0].value)  # that page ran
    assert TOKEN_KEY not in at.session_state
    assert not at.warning
    drawn = learner_components(at)
    if spec.url_path in ("teach", "join", "question"):
        # Teach with no hand yet, a class not joined, a question link with no hand end
        # early (st.stop), and nothing is drawn after that: the offer waits for a full run.
        assert not drawn
        return
    (data,) = drawn
    assert data["token"] is None and is_well_formed_token(data["offer"])
    assert not data["adopt"] and not data["dropLink"] and not data["ask"]


def test_the_offer_is_the_token_from_the_next_run_on():
    at = first_run()
    offer = told_browser(at)["offer"]
    at.run()
    assert at.session_state[TOKEN_KEY] == offer
    assert told_browser(at) == {**QUIET, "token": offer}
    at.switch_page("features/play/page.py").run()
    assert not at.exception and at.session_state[TOKEN_KEY] == offer


def test_each_session_is_offered_its_own_token():
    offers = {told_browser(first_run())["offer"] for _ in range(3)}
    assert len(offers) == 3


def test_the_browsers_storage_beats_a_cookie_that_disagrees():
    mine, planted = new_learner_token(), new_learner_token()
    session = {TOKEN_KEY: planted, FROM_COOKIE_KEY: True}  # the cookie named ``planted``
    take_browser_report(session, {"token": mine, "previous": "", "ask": ""})
    assert session[TOKEN_KEY] == mine and FROM_COOKIE_KEY not in session


def test_a_cookie_with_nothing_stored_beside_it_is_not_trusted():
    planted = new_learner_token()
    session = {TOKEN_KEY: planted, FROM_COOKIE_KEY: True}
    take_browser_report(session, {"token": "", "previous": "", "ask": ""})
    assert is_well_formed_token(session[TOKEN_KEY]) and session[TOKEN_KEY] != planted


def test_a_report_names_the_previous_learner_and_answers_the_question_asked():
    mine, before, offer = new_learner_token(), new_learner_token(), new_learner_token()
    session = {OFFER_KEY: offer, ASK_KEY: "q1"}
    take_browser_report(session, {"token": mine, "previous": before, "ask": "q1"})
    assert session[TOKEN_KEY] == mine and session[PREVIOUS_KEY] == before
    assert ASK_KEY not in session
    take_browser_report(session, {"token": "<b>", "previous": "x", "ask": "old"})
    assert session[TOKEN_KEY] == offer and session[PREVIOUS_KEY] is None


def test_a_token_the_server_chose_is_not_overruled_by_a_late_report():
    chosen = new_learner_token()
    session = {TOKEN_KEY: chosen, ADOPTED_KEY: True}
    take_browser_report(session, {"token": new_learner_token(), "previous": "", "ask": ""})
    assert session[TOKEN_KEY] == chosen


# ---- old links: refused -------------------------------------------------------------------


@pytest.mark.parametrize("seeded", [True, False], ids=["own-token", "first-visit"])
def test_an_old_progress_link_never_changes_the_learner(seeded):
    own = new_learner_token() if seeded else None
    theirs = new_learner_token()
    at = first_run(token=own, learner=theirs)
    assert token_of(at) == own
    assert notes(at) == [markdown_text(OLD_LINK_NOTE)]
    data = told_browser(at)
    assert data["dropLink"] and not data["adopt"] and theirs not in json.dumps(data)
    at.run()  # the note stays over the page's reruns ...
    assert "learner" not in at.query_params  # ... the link has left the address
    assert notes(at) == [markdown_text(OLD_LINK_NOTE)]
    assert token_of(at) not in (None, theirs) and (not seeded or token_of(at) == own)
    at.switch_page("features/play/page.py").run()  # ... and goes once the learner moves on
    assert not notes(at) and NOTE_KEY not in at.session_state


@pytest.mark.parametrize("code", ["abc", "<b>x</b>" + "A" * 24, ""])
def test_a_malformed_old_link_gets_the_same_note_and_is_never_repeated(code):
    at = first_run(learner=code)
    assert notes(at) == [markdown_text(OLD_LINK_NOTE)]
    assert not code or code not in notes(at)[0]


# ---- progress links: one-time codes -------------------------------------------------------


def test_a_link_is_taken_at_once_when_this_browser_has_no_progress(fresh_store):
    theirs = with_progress(fresh_store)
    code = TransferCodes(fresh_store).make(theirs)
    at = first_run(token=new_learner_token(), transfer=code)
    assert token_of(at) == theirs
    data = told_browser(at)
    assert data["adopt"] and not data["keepReplaced"] and data["dropLink"]
    assert any("now carries on with the progress from your link" in note for note in notes(at))
    at.run()
    assert "transfer" not in at.query_params and token_of(at) == theirs
    with pytest.raises(TransferRefused) as error:  # the code is spent
        TransferCodes(fresh_store).redeem(code)
    assert error.value.reason is TransferProblem.SPENT


def test_a_link_asks_first_when_this_browser_has_progress_and_keeping_is_the_default(fresh_store):
    own, theirs = with_progress(fresh_store), with_progress(fresh_store)
    at = first_run(token=own, transfer=TransferCodes(fresh_store).make(theirs))
    assert token_of(at) == own and question_shown(at)
    keep = at.button(key="learner-transfer-keep")
    assert keep.label == "Keep my progress" and keep.proto.type == "primary"
    assert at.button(key="learner-transfer-use").label == "Use the progress from the link"
    assert not told_browser(at)["adopt"]
    at.run()  # unanswered: the question stays, nothing moves
    assert question_shown(at) and token_of(at) == own
    keep.click().run()
    assert token_of(at) == own and not question_shown(at)
    assert any("You kept your own progress" in note for note in notes(at))
    assert not told_browser(at)["adopt"]


def test_leaving_the_question_unanswered_keeps_this_browsers_progress(fresh_store):
    own, theirs = with_progress(fresh_store), with_progress(fresh_store)
    at = first_run(token=own, transfer=TransferCodes(fresh_store).make(theirs))
    at.switch_page("features/play/page.py").run()
    assert not question_shown(at) and token_of(at) == own
    at.switch_page("features/home/page.py").run()
    assert not question_shown(at) and token_of(at) == own


def test_using_the_links_progress_keeps_a_way_back_on_home(fresh_store):
    own, theirs = with_progress(fresh_store), with_progress(fresh_store)
    at = first_run(token=own, transfer=TransferCodes(fresh_store).make(theirs))
    at.button(key="learner-transfer-use").click().run()
    assert not at.exception, at.exception
    assert token_of(at) == theirs and at.session_state[PREVIOUS_KEY] == own
    data = told_browser(at)
    assert data["token"] == theirs and data["adopt"] and data["keepReplaced"]
    back = at.button(key="progress-link-back")
    assert back.label == "Back to your earlier progress"
    back.click().run()
    assert token_of(at) == own and at.session_state[PREVIOUS_KEY] == theirs
    assert told_browser(at)["token"] == own
    assert any("back to its earlier progress" in note for note in notes(at))


def test_a_first_visit_asks_the_browser_before_it_decides(fresh_store):
    own, theirs = with_progress(fresh_store), with_progress(fresh_store)
    at = first_run(transfer=TransferCodes(fresh_store).make(theirs))
    data = told_browser(at)
    assert data["ask"] and data["token"] is None and not question_shown(at)
    # The browser answers that it stores ``own`` (the component's callback does this).
    take_browser_report(at.session_state, {"token": own, "previous": "", "ask": data["ask"]})
    at.run()
    assert token_of(at) == own and question_shown(at)
    assert not told_browser(at)["ask"]


def test_a_first_visit_with_nothing_stored_takes_the_link(fresh_store):
    theirs = with_progress(fresh_store)
    at = first_run(transfer=TransferCodes(fresh_store).make(theirs))
    take_browser_report(
        at.session_state, {"token": "", "previous": "", "ask": told_browser(at)["ask"]}
    )
    at.run()
    assert token_of(at) == theirs and not question_shown(at)
    assert told_browser(at)["adopt"]


@pytest.mark.parametrize("kind", ["unknown", "spent", "expired", "malformed", "long", "two"])
def test_a_wrong_code_says_why_without_repeating_it(fresh_store, kind):
    codes = TransferCodes(fresh_store)
    theirs = with_progress(fresh_store)
    code = {
        "unknown": new_transfer_code,
        "spent": lambda: codes.make(theirs),
        "expired": lambda: codes.make(theirs, at=datetime(2026, 1, 1, tzinfo=UTC)),
        "malformed": lambda: "[x](http://evil.example)",
        "long": lambda: "9" * 5000,
        "two": lambda: None,
    }[kind]()
    if kind == "spent":
        codes.redeem(code)
    own = new_learner_token()
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state[TOKEN_KEY] = own
    at.query_params["transfer"] = (
        [new_transfer_code(), new_transfer_code()] if kind == "two" else code
    )
    at.run()
    assert not at.exception, at.exception
    (note,) = notes(at)
    expected = {
        "unknown": "its code is not one this app made",
        "spent": "used already",
        "expired": "too old: a link works for 15 minutes",
        "malformed": "its code has 24 characters",
        "long": "its code has 5000",
        "two": "it has 2 codes",
    }[kind]
    assert markdown_text(expected) in note, note
    assert markdown_text("Make a new link on the device that has your progress.") in note
    assert code is None or code not in note.replace("\\", "")
    assert "](" not in note and "<" not in note  # escaped: no link, no HTML
    assert token_of(at) == own and not question_shown(at)


def test_wrong_codes_from_one_session_slow_it_down_before_any_read(fresh_store):
    theirs = with_progress(fresh_store)
    at = first_run(token=new_learner_token())
    for _ in range(FREE_WRONG_TRIES):  # a script guessing in one session
        at.query_params["transfer"] = new_transfer_code()
        at.run()
        assert "not one this app made" in notes(at)[0].replace("\\", "")
    good = TransferCodes(fresh_store).make(theirs)
    at.query_params["transfer"] = good
    at.run()
    (note,) = notes(at)
    assert re.search(r"too many wrong links were opened here\\. Wait \d+ seconds", note), note
    assert token_of(at) != theirs
    assert TransferCodes(fresh_store).redeem(good) == theirs  # it was never read


def test_a_link_while_the_database_is_down_says_so_and_changes_nothing(monkeypatch):
    from tutorial_app.learner import current as learner
    from tutorial_app.store import StoreUnavailable

    def down():
        raise StoreUnavailable("The progress database server cannot be reached.")

    monkeypatch.setattr(learner, "store", down)  # what transfer_codes() opens
    own = new_learner_token()
    at = first_run(token=own, transfer=new_transfer_code())
    (note,) = notes(at)
    assert note.startswith(
        markdown_text(
            "This progress link could not be used just now: "
            "The progress database server cannot be reached"
        )
    )
    assert token_of(at) == own and not question_shown(at)
    at.button(key="progress-link-make").click().run()  # nor can a link be made: it says so
    assert not at.code and not at.exception
    assert any("The link could not be made" in note for note in notes(at))


# ---- Home: making the link ----------------------------------------------------------------


def test_home_makes_a_one_time_link_that_never_holds_the_token(fresh_store):
    token = new_learner_token()
    at = first_run(token=token)
    assert not at.code  # no link until asked for
    at.button(key="progress-link-make").click().run()
    (link,) = at.code
    match = re.fullmatch(r"/\?transfer=([0-9a-z]{12})", link.value)
    assert match, link.value
    assert token not in link.value
    assert TransferCodes(fresh_store).redeem(match.group(1)) == token
    at.button(key="progress-link-make").click().run()  # a new one each time
    assert at.code[0].value != link.value


def test_home_has_no_way_back_until_a_link_was_taken():
    at = first_run(token=new_learner_token())
    assert not [button for button in at.button if button.key == "progress-link-back"]
