"""The teach page: deal, play seat by seat, undo, share by link; bad links and
bad records get a message, never a traceback. And the link codec itself."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from streamlit.testing.v1 import AppTest

from app_driver import open_page

from engine import HandRecord, Phase, explain_action
from tutorial_app.scenario_link import MAX_CODE, LinkError, decode_hand, encode_hand

PAGE = "app_pages/teach.py"

RECORD = {"rules": {"preset": "bga"}, "dealer": "W", "upcard": "AD", "hands": {
    "N": ["9C", "TD", "JH", "QS", "KC"], "E": ["9S", "TS", "QH", "AC", "KH"],
    "S": ["9H", "QC", "AH", "KS", "TH"], "W": ["JC", "JS", "QD", "KD", "AS"]},
    "actions": [{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}]}


def open_teach(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def shown(at: AppTest) -> HandRecord:
    return at.session_state["teach-record"]


@pytest.mark.app
def test_deal_play_undo_and_the_link_reopens_the_same_hand():
    at = open_teach()
    at.button(key="teach-deal").click().run()
    for _ in range(3):
        at.button(key="teach-act-0").click().run()
    assert not at.exception and len(shown(at).actions) == 3
    record = shown(at)
    before = HandRecord(record.rules, record.deal, record.actions[:-1]).replay()
    assert explain_action(before, record.actions[-1][1]) in at.success[0].value
    at.button(key="teach-undo").click().run()
    assert len(shown(at).actions) == 2
    code = at.query_params["hand"]
    code = code[0] if isinstance(code, list) else code
    again = open_teach(hand=code)
    assert shown(again).dumps() == shown(at).dumps()


@pytest.mark.app
def test_pasted_record_opens_and_a_bad_one_is_explained_and_kept():
    at = open_teach()
    at.text_area(key="teach-json").set_value(json.dumps(RECORD)).run()
    at.button(key="teach-open").click().run()
    assert shown(at).replay().phase is Phase.ALONE
    bad = '{"dealer": "W", "upcard": "AD", "hands": {"N": ["HJ"]}}'
    at.text_area(key="teach-json").set_value(bad).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    assert "cannot be opened" in at.error[0].value
    assert at.text_area(key="teach-json").value == bad   # nothing lost


@pytest.mark.app
def test_record_with_an_illegal_action_is_shown_up_to_it():
    record = dict(RECORD, actions=RECORD["actions"] + [{"seat": "N", "do": "play", "card": "9C"}])
    at = open_teach()
    at.text_area(key="teach-json").set_value(json.dumps(record)).run()
    at.button(key="teach-open").click().run()
    assert len(shown(at).actions) == 2
    assert "Move 3" in at.warning[0].value


@pytest.mark.app
@pytest.mark.parametrize("code", ["", "!!!", "abc", "x" * (MAX_CODE + 1),
                                  "<script>alert(1)</script>"])
def test_bad_link_shows_a_message(code):
    at = open_teach(hand=code)
    assert not at.exception
    if code:
        assert "cannot be opened" in at.error[0].value


def test_link_codec_round_trip_and_limits():
    record = HandRecord.from_json(RECORD)
    assert decode_hand(encode_hand(record)).dumps() == record.dumps()
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 10_000_000)).decode().rstrip("=")
    with pytest.raises(LinkError, match="too large|long"):
        decode_hand(bomb)
    not_a_record = base64.urlsafe_b64encode(zlib.compress(b'{"dealer": "Q"}')).decode()
    with pytest.raises(LinkError, match="not a valid hand record"):
        decode_hand(not_a_record)
    with pytest.raises(LinkError, match="damaged"):
        decode_hand(encode_hand(record)[:-5])
