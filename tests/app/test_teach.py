"""The teach page: deal, play every seat on the card table, undo, share by link; bad
links and bad records get a message, never a traceback. And the link codec itself.

AppTest cannot click inside the card table (a custom component): these tests make the
teacher's clicks through the functions the table's clicks call
(``tutorial_app.features.teach.moves``) and read what the table shows from the model it was given.
"""

from __future__ import annotations

import json

import pytest
from app_driver import open_page, tables_shown
from streamlit.testing.v1 import AppTest

from engine import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    HandRecord,
    Phase,
    Seat,
    explain_action,
    explain_result,
    legal_actions,
)
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.teach.keys import REFUSAL, REPLAY
from tutorial_app.features.teach.moves import step, teacher_action, teacher_card
from tutorial_app.shell.hand_links import (
    MAX_CODE,
    LinkError,
    decode_hand,
    encode_hand,
    encode_text,
)
from tutorial_app.shell.markdown_text import markdown_text

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
    "actions": [{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}],
}
# East plays with partner, West discards: North leads the nine of clubs, East to play.
EAST_TO_FOLLOW = dict(
    RECORD,
    actions=RECORD["actions"]
    + [
        {"seat": "E", "do": "with_partner"},
        {"seat": "W", "do": "discard", "card": "JS"},
        {"seat": "N", "do": "play", "card": "9C"},
    ],
)


def open_teach(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def shown(at: AppTest) -> HandRecord:
    return at.session_state[REPLAY].shown


def table_shown(at: AppTest) -> dict:
    """The model the card table was drawn from in the last run."""
    (model,) = tables_shown(at)
    return model


def paste(at: AppTest, record: dict) -> AppTest:
    at.text_area(key="teach-json").set_value(json.dumps(record)).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    return at


def first_move(at: AppTest) -> None:
    """What a teacher clicking the first choice or card of the seat to act does."""
    action = legal_actions(shown(at).replay())[0]
    if action.card is not None:
        decision = teacher_card(at.session_state, action.card.code)
    else:
        decision = teacher_action(at.session_state, action_id(action))
    assert decision.ok, decision.refusal
    at.run()
    assert not at.exception


@pytest.mark.app
def test_deal_play_undo_and_the_link_reopens_the_same_hand():
    at = open_teach()
    at.button(key="teach-deal").click().run()
    for _ in range(3):
        first_move(at)
    assert len(shown(at).actions) == 3
    record = shown(at)
    before = HandRecord(record.rules, record.deal, record.actions[:-1]).replay()
    assert explain_action(before, record.actions[-1][1]) in at.success[0].value
    step(at.session_state, "back-3")  # the table's ◀ Back: the move stays in the record
    at.run()
    assert len(shown(at).actions) == 2
    code = at.query_params["hand"]
    code = code[0] if isinstance(code, list) else code
    assert decode_hand(code).dumps() == record.dumps()  # the link holds all three moves
    again = open_teach(hand=code, at="2")  # and opens at the move shown
    assert shown(again).dumps() == shown(at).dumps()
    assert len(again.session_state[REPLAY].timeline.actions) == 3
    # The rules are named, and what the name means is said (the engine's line for it).
    preset = record.rules.preset_name
    (rules,) = [c for c in at.caption if c.value.startswith("Rules: ")]
    assert rules.value.startswith(f"Rules: {PRESET_NAMES[preset]}")
    assert rules.proto.help == f"{PRESET_NAMES[preset]}: {PRESET_DESCRIPTIONS[preset]}"


@pytest.mark.app
def test_a_whole_hand_is_played_seat_by_seat_and_the_result_said():
    at = open_teach()
    at.button(key="teach-deal").click().run()
    at.button(key="teach-every").click().run()  # every hand face up: every card clickable
    while not shown(at).replay().is_over:
        first_move(at)
    model = table_shown(at)  # the result is said under the table
    assert model["message"] == {"text": explain_result(shown(at).replay()), "tone": "success"}
    assert [a["label"] for a in model["actions"]] == ["◀ Back", "Next ▶"]  # no choices left
    assert model["actions"][1]["disabled"]  # the end of the record
    at.button(key="teach-restart").click().run()
    assert shown(at).actions == ()


@pytest.mark.app
def test_the_table_plays_for_the_seat_to_act_and_labels_its_choices():
    at = paste(open_teach(), RECORD)  # East ordered up: East decides alone
    model = table_shown(at)
    assert [a["label"] for a in model["actions"]] == [
        "◀ Back",
        "Go alone",
        "Play with partner",
        "Bot's move ▶",
    ]  # the record's steps beside; where it ends, Next asks a bot
    assert "East decides" in model["message"]["text"]
    assert "(you)" not in json.dumps(model)  # the teacher plays every seat
    teacher_action(at.session_state, "with_partner")
    at.run()
    assert at.success[0].value.startswith("**Move 3: East does not go alone.**")
    # West, the dealer, must discard; its cards are face down until turned up.
    assert "face down" in table_shown(at)["message"]["text"]
    at.pills(key="teach-shown").set_value(["S", "W"]).run()
    west = next(s for s in table_shown(at)["seats"] if s["seat"] == "W")
    assert west["cards"] and all(card["clickable"] for card in west["cards"])
    assert teacher_card(at.session_state, "JS").ok
    at.run()
    assert shown(at).actions[-1][0] is Seat.W


@pytest.mark.app
def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing():
    at = paste(open_teach(), EAST_TO_FOLLOW)
    before = shown(at)
    decision = teacher_card(at.session_state, "9S")  # East holds the ace of clubs
    at.run()
    assert not decision.ok and shown(at) == before
    message = table_shown(at)["message"]
    assert message == {"text": decision.refusal, "tone": "refusal"}
    assert "East must follow clubs" in decision.refusal
    assert teacher_card(at.session_state, "AC").ok  # the legal card is played
    at.run()
    assert REFUSAL not in at.session_state and len(shown(at).actions) == 6


@pytest.mark.app
def test_south_only_by_default_each_seat_on_its_own_and_every_hand_on_request():
    at = paste(open_teach(), EAST_TO_FOLLOW)
    record = shown(at)

    def face_up(model: dict) -> set[str]:
        seats = {s["seat"] for s in model["seats"] if s["cards"]}
        return seats | ({model["bottom"]} if model["hand"] else set())

    assert face_up(table_shown(at)) == {"S"}
    text = json.dumps(table_shown(at))
    for seat in "NEW":  # hidden hands never reach the browser
        assert all(f'"{card}"' not in text for card in RECORD["hands"][seat] if card != "9C")
    at.button(key="teach-every").click().run()
    assert face_up(table_shown(at)) == {"N", "E", "S", "W"}
    at.pills(key="teach-shown").set_value(["N"]).run()
    model = table_shown(at)
    assert face_up(model) == {"N"} and model["hand_backs"] == 5  # South face down
    assert shown(at) == record  # showing cards is no move


@pytest.mark.app
def test_pasted_record_opens_and_a_bad_one_is_explained_and_kept():
    at = paste(open_teach(), RECORD)
    assert shown(at).replay().phase is Phase.ALONE
    bad = '{"dealer": "W", "upcard": "AD", "hands": {"N": ["HJ"]}}'
    at.text_area(key="teach-json").set_value(bad).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    assert "cannot be opened" in at.error[0].value
    assert at.text_area(key="teach-json").value == bad  # nothing lost


@pytest.mark.app
@pytest.mark.parametrize(
    "bad, echoed",
    [
        ('{"dealer": "W", "upcard": "AD", "hands": {"N": ["<b>x</b>"]}}', "<b>x</b>"),
        (json.dumps(dict(RECORD, actions=[{"seat": "N", "do": "**dance**"}])), "**dance**"),
    ],
)
def test_what_the_reader_echoes_from_a_record_is_shown_as_text(bad, echoed):
    at = open_teach()
    at.text_area(key="teach-json").set_value(bad).run()
    at.button(key="teach-open").click().run()
    message = at.error[0].value
    assert markdown_text(echoed) in message and echoed not in message


@pytest.mark.app
@pytest.mark.parametrize("text", ["", "   \n "])
def test_an_empty_box_says_what_to_paste(text):
    at = open_teach()
    at.text_area(key="teach-json").set_value(text).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    message = at.error[0].value
    assert message.startswith("Paste a hand record (JSON) here first")
    assert '"dealer"' in message and '"hands"' in message and "Expecting value" not in message


@pytest.mark.app
def test_a_one_megabyte_paste_is_refused_whole_with_its_size():
    """A box with a character cap drops a longer paste without a word (and then says
    "paste a record here first"): the box takes it, and the page refuses it whole."""
    at = paste(open_teach(), EAST_TO_FOLLOW)
    opened = shown(at)
    box = at.text_area(key="teach-json")
    assert not box.max_chars  # no cap
    huge = '{"dealer": "' + "x" * (1_048_576 - 12)  # one unbroken 1 MB line
    box.set_value(huge).run()  # the paste arrives: refused at once
    assert not at.exception
    said = "The record is 1,049 KB; at most 20 KB is accepted. Nothing of it was kept"
    assert at.error[0].value.startswith(said)
    assert at.text_area(key="teach-json").value == ""  # nothing half kept in the box
    at.button(key="teach-open").click().run()  # Open still says why, not "paste first"
    assert at.error[0].value.startswith(said)
    assert shown(at) == opened  # the hand on the table stays as it was
    at.text_area(key="teach-json").set_value(json.dumps(RECORD)).run()
    at.button(key="teach-open").click().run()  # a record within the bound opens
    assert not at.error and len(shown(at).actions) == 2


@pytest.mark.app
def test_record_with_an_illegal_action_is_shown_up_to_it():
    record = dict(RECORD, actions=RECORD["actions"] + [{"seat": "N", "do": "play", "card": "9C"}])
    at = paste(open_teach(), record)
    assert len(shown(at).actions) == 2
    assert "Move 3" in at.warning[0].value


@pytest.mark.app
@pytest.mark.parametrize(
    "code", ["", "!!!", "abc", "x" * (MAX_CODE + 1), "<script>alert(1)</script>"]
)
def test_bad_link_shows_a_message(code):
    at = open_teach(hand=code)
    assert not at.exception
    if code:
        assert "cannot be opened" in at.error[0].value


def test_link_codec_round_trip_and_limits():
    record = HandRecord.from_json(RECORD)
    assert decode_hand(encode_hand(record)).dumps() == record.dumps()
    bomb = encode_text(" " * 10_000_000)
    with pytest.raises(LinkError, match="too large|long"):
        decode_hand(bomb)
    not_a_record = encode_text('{"dealer": "Q"}')
    with pytest.raises(LinkError, match="not a valid hand record"):
        decode_hand(not_a_record)
    with pytest.raises(LinkError, match="damaged"):
        decode_hand(encode_hand(record)[:-5])


@pytest.mark.app
def test_the_fourth_card_leaves_the_trick_in_the_middle_with_its_winner_until_the_lead():
    """On the teacher's table the finished trick stays in the middle, its winner (the
    engine's) named, with no "last trick" in the corner; the next lead moves it there."""
    at = paste(open_teach(), EAST_TO_FOLLOW)
    for code in ("AC", "QC", "JC"):  # East, South and West follow clubs
        assert teacher_card(at.session_state, code).ok
        at.run()
    model = table_shown(at)
    state = shown(at).replay()
    assert model["teacher"] and len(model["trick"]) == 4 and not state.trick
    winner = state.tricks[0].winner
    assert [play["seat"] for play in model["trick"] if play["won"]] == [winner.value]
    assert model["trick_won"]["words"] == f"{winner.word} wins the trick with the A♣"
    assert model["last_trick"] is None
    assert teacher_card(at.session_state, "9S").ok  # East leads the next trick
    at.run()
    model = table_shown(at)
    assert [play["seat"] for play in model["trick"]] == ["E"] and model["trick_won"] is None
    assert model["last_trick"]["number"] == 1 and model["last_trick"]["winner"] == "E"
