"""The Teach page counts moves from 1 in every message ("move 3" is the third action);
the referee's own report keeps counting steps from 0, as HAND_RECORD.md says."""

from __future__ import annotations

import json

import pytest
from app_driver import open_page

from engine import legal_actions
from engine.referee import referee_record
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.teach.keys import REPLAY
from tutorial_app.features.teach.moves import teacher_action
from tutorial_app.shell.hand_links import LinkError, decode_hand, encode_text

PAGE = "features/teach/page.py"
RECORD = {
    "rules": {"preset": "bga"},
    "dealer": "W",
    "upcard": "AD",
    "hands": {
        "N": ["9C", "TD", "JH", "QS", "KC"],
        "E": ["9S", "TS", "QH", "AC", "KH"],
        "S": ["9H", "QC", "AH", "KS", "TH"],
        "W": ["JC", "JS", "QD", "KD", "AS"],
    },
    "actions": [{"seat": "N", "do": "pass"}, {"seat": "E", "do": "pass"}],
}
MALFORMED = dict(RECORD, actions=RECORD["actions"] + [{"seat": "S", "do": "dance"}])
ILLEGAL = dict(RECORD, actions=RECORD["actions"] + [{"seat": "S", "do": "play", "card": "9H"}])


def _paste(record: dict):
    at = open_page(PAGE)
    at.text_area(key="teach-json").set_value(json.dumps(record)).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    return at


def test_the_referee_still_counts_steps_from_zero():
    assert referee_record(MALFORMED)["step"] == 2
    assert referee_record(ILLEGAL)["step"] == 2


@pytest.mark.app
def test_a_malformed_third_action_is_move_3():
    message = _paste(MALFORMED).error[0].value
    assert "move 3" in message.lower() and "action 2" not in message


@pytest.mark.app
def test_an_illegal_third_action_is_move_3():
    assert "Move 3 " in _paste(ILLEGAL).warning[0].value


@pytest.mark.app
def test_the_last_move_shown_is_numbered_from_1():
    at = _paste(RECORD)
    assert at.success[0].value.startswith("**Move 2:")
    first = legal_actions(at.session_state[REPLAY].shown.replay())[0]  # South bids
    assert teacher_action(at.session_state, action_id(first)).ok
    at.run()
    assert at.success[0].value.startswith("**Move 3:")


def test_a_link_with_a_malformed_third_action_says_move_3():
    code = encode_text(json.dumps(MALFORMED))
    with pytest.raises(LinkError, match="move 3") as caught:
        decode_hand(code.rstrip("="))
    assert "action 2" not in str(caught.value)
