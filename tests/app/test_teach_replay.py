"""The teacher's replay on the Teach page: a pasted record or a share link stepped
forward and back through its recorded moves (the table's ◀ and ▶), jumped to a trick,
played on by itself, continued with bots or by hand; presentation mode; the Replay
links from Play's hand summary and from /guided.

AppTest cannot click inside the card table: ``press`` clicks one of its buttons through
the function the table's click calls (``teach_moves.table_click``), and only when the
table drawn in the last run offers that button, enabled.
"""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs

import pytest
from app_driver import open_page, table_shown
from streamlit.testing.v1 import AppTest

from analysis import make_bot
from engine import (
    HandRecord,
    Phase,
    Rules,
    Seat,
    apply,
    explain_action,
    legal_actions,
    random_hand,
    seat_view,
)
from tutorial_app.card_table.move_words import action_words
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.play import game as play
from tutorial_app.features.play.keys import GAME as PLAY_GAME
from tutorial_app.features.teach.keys import BOTS_MENU, LAST_STEP, NOTE, PLAYING, REPLAY
from tutorial_app.features.teach.moves import table_click, teacher_action, teacher_card
from tutorial_app.features.teach.replay import trick_starts
from tutorial_app.shell.hand_links import decode_hand, encode_hand

PAGE = "features/teach/page.py"


def whole_hand(seed: int = 11) -> HandRecord:
    """A hand played to its end by beginner bots (seeded): twenty-odd recorded moves."""
    state = random_hand(Rules(), Seat.W, seed)
    bot, rng = make_bot("beginner"), random.Random(seed)
    while not state.is_over:
        state = apply(state, bot.decide(seat_view(state, state.turn), rng), state.turn)
    return HandRecord.from_state(state)


FULL = whole_hand()


def shown(at: AppTest) -> HandRecord:
    return at.session_state[REPLAY].shown


def position(at: AppTest) -> int:
    return at.session_state[REPLAY].position


def press(at: AppTest, label: str) -> None:
    """Click the table's button labelled ``label`` ("◀ Back", "Next ▶"), as a teacher would."""
    model = table_shown(at)
    button = next((a for a in model["actions"] if a["label"] == label), None)
    assert button is not None, f"no {label!r} on the table: {model['actions']}"
    assert not button.get("disabled"), f"{label!r} is disabled"
    table_click(at.session_state, button["id"])
    at.run()
    assert not at.exception, at.exception


def reason_shown(at: AppTest) -> str:
    return at.success[0].value if at.success else at.info[0].value


def says_move(at: AppTest, record: HandRecord, number: int) -> None:
    """The reason beside the table names move ``number`` and gives the engine's reason."""
    before = HandRecord(record.rules, record.deal, record.actions[: number - 1]).replay()
    seat, action = record.actions[number - 1]
    text = reason_shown(at)
    assert text.startswith(f"**Move {number}: {action_words(seat, action, before)}.**"), text
    assert explain_action(before, action) in text


def paste(record: HandRecord) -> AppTest:
    at = open_page(PAGE)
    at.text_area(key="teach-json").set_value(record.dumps()).run()
    at.button(key="teach-open").click().run()
    assert not at.exception
    return at


def test_a_pasted_record_steps_back_and_forward_through_its_moves():
    at = paste(FULL)
    count = len(FULL.actions)
    assert position(at) == count and shown(at).replay().is_over  # opened at its end
    says_move(at, FULL, count)
    press(at, "◀ Back")
    press(at, "◀ Back")
    assert shown(at).actions == FULL.actions[: count - 2]
    assert at.session_state[REPLAY].timeline.dumps() == FULL.dumps()  # nothing lost
    says_move(at, FULL, count - 2)
    press(at, "Next ▶")
    says_move(at, FULL, count - 1)
    for _ in range(count - 1):  # back to the deal
        press(at, "◀ Back")
    assert shown(at).actions == () and reason_shown(at).startswith("**The deal.**")
    assert table_shown(at)["actions"][0]["disabled"]  # no Back at the deal
    for number in range(1, count + 1):  # every move, forward
        press(at, "Next ▶")
        says_move(at, FULL, number)
    assert table_shown(at)["actions"][-1]["disabled"]  # no Next at the end


def test_a_share_link_opens_at_its_move_and_steps_both_ways():
    code = encode_hand(FULL)
    at = open_page(PAGE, hand=code, at="5")
    assert position(at) == 5 and shown(at).actions == FULL.actions[:5]
    says_move(at, FULL, 5)
    press(at, "Next ▶")
    says_move(at, FULL, 6)
    press(at, "◀ Back")
    press(at, "◀ Back")
    says_move(at, FULL, 4)
    assert at.session_state[REPLAY].timeline.dumps() == FULL.dumps()
    # The link shown for sharing opens the same move; without &at= a link opens at the end.
    (shared,) = [code_block.value for code_block in at.code if "?hand=" in code_block.value]
    query = parse_qs(shared.split("?", 1)[1])
    assert decode_hand(query["hand"][0]).dumps() == FULL.dumps() and query["at"] == ["4"]
    assert position(open_page(PAGE, hand=code)) == len(FULL.actions)


@pytest.mark.parametrize("at_value", ["-1", "x", "99999", ""])
def test_a_link_with_a_strange_move_number_opens_at_the_end_or_as_far_as_it_goes(at_value):
    at = open_page(PAGE, hand=encode_hand(FULL), at=at_value)
    assert not at.exception and position(at) == len(FULL.actions)


def filled(at: AppTest) -> list[str]:
    """The jump buttons drawn as the part on the table (Streamlit's primary type)."""
    keys = ["teach-restart", *(f"teach-jump-{n}" for n in range(1, 6)), "teach-end"]
    return [key for key in keys if at.button(key=key).proto.type == "primary"]


def test_the_jump_button_of_the_part_on_the_table_is_filled():
    """Where the class is in the hand: the deal while bidding, a trick from its lead (a
    trick held with its winner is still that trick), and End once the hand is over."""
    at = paste(FULL)  # opens at the end
    starts = trick_starts(FULL)
    assert filled(at) == ["teach-end"]
    at.button(key="teach-restart").click().run()
    assert filled(at) == ["teach-restart"]
    at.button(key="teach-jump-3").click().run()  # trick 3 about to be led: a clear table
    assert filled(at) == ["teach-jump-3"]
    press(at, "Next ▶")
    assert filled(at) == ["teach-jump-3"]
    while position(at) < starts[4]:  # stepping on to trick 4's start holds trick 3
        press(at, "Next ▶")
    assert filled(at) == ["teach-jump-3"]
    press(at, "Next ▶")
    assert filled(at) == ["teach-jump-4"]


def test_jump_to_a_trick_to_the_deal_and_to_the_end():
    at = paste(FULL)
    starts = trick_starts(FULL)
    assert sorted(starts) == [1, 2, 3, 4, 5]
    at.button(key="teach-jump-3").click().run()
    state = shown(at).replay()
    assert position(at) == starts[3]
    assert state.phase is Phase.PLAY and len(state.tricks) == 2 and not state.trick
    press(at, "Next ▶")  # the lead of trick 3
    assert len(shown(at).replay().trick) == 1
    at.button(key="teach-restart").click().run()
    assert position(at) == 0 and shown(at).replay().phase is Phase.BID1
    at.button(key="teach-end").click().run()
    assert position(at) == len(FULL.actions)
    # A record still in the bidding reaches no trick: the bots play the moves up to it.
    at = paste(HandRecord(FULL.rules, FULL.deal, FULL.actions[:2]))
    assert not at.button(key="teach-jump-2").disabled
    at.button(key="teach-jump-2").click().run()
    timeline = at.session_state[REPLAY].timeline
    assert timeline.actions[:2] == FULL.actions[:2]
    assert position(at) == trick_starts(timeline)[2]
    state = shown(at).replay()
    assert len(state.tricks) == 1 and not state.trick and not state.is_over
    # At the record's end, End has the bots play the hand out (it was greyed there while
    # the trick buttons played ahead).
    assert position(at) == len(timeline.actions)
    assert not at.button(key="teach-end").disabled
    at.button(key="teach-end").click().run()
    replay = at.session_state[REPLAY]
    assert replay.at_end and replay.state().is_over
    assert replay.timeline.actions[: len(timeline.actions)] == timeline.actions
    assert filled(at) == ["teach-end"]  # the end of the hand: where the table is
    at.button(key="teach-end").click().run()  # and a press changes nothing
    assert at.session_state[REPLAY] == replay
    # From the deal of a record still in the bidding, one press of End reaches the end
    # of the hand (it used to stop at the record's last move and need a second).
    at = paste(HandRecord(FULL.rules, FULL.deal, FULL.actions[:2]))
    at.button(key="teach-restart").click().run()
    at.button(key="teach-end").click().run()
    replay = at.session_state[REPLAY]
    assert replay.at_end and replay.state().is_over


def test_a_fresh_deal_plays_on_at_once_with_the_bots_moves_recorded():
    """A new deal has no recorded moves: Next, Play on and the trick buttons are not
    greyed; each bot move they need is recorded and shown like a recorded one."""
    at = paste(HandRecord(FULL.rules, FULL.deal, ()))
    press(at, "Bot's move ▶")  # Next, greyed before with no word why
    timeline = at.session_state[REPLAY].timeline
    assert len(timeline.actions) == 1 and position(at) == 1
    says_move(at, timeline, 1)
    assert not at.button(key="teach-play").disabled
    at.button(key="teach-play").click().run()
    assert at.session_state[PLAYING]
    for _ in range(60):  # the timer's reruns: a bot's move each, to the hand's end
        at.session_state[LAST_STEP] = 0.0
        at.run()
        if not at.session_state[PLAYING]:
            break
    replay = at.session_state[REPLAY]
    assert replay.at_end and replay.state().is_over and not at.session_state[PLAYING]
    assert table_shown(at)["actions"][-1]["label"] == "Next ▶"
    assert table_shown(at)["actions"][-1].get("disabled")  # at the end of the hand


def test_bots_finish_the_hand_from_any_position_and_the_teacher_steps_through_it():
    at = paste(HandRecord(FULL.rules, FULL.deal, FULL.actions[:3]))
    at.button(key="teach-bots").click().run()
    assert not at.exception
    timeline = at.session_state[REPLAY].timeline
    assert timeline.replay().is_over and timeline.actions[:3] == FULL.actions[:3]
    assert position(at) == 3  # the teacher steps through their moves
    press(at, "Next ▶")
    says_move(at, timeline, 4)
    at.session_state[BOTS_MENU] = True  # the teacher opens "Bots play on"
    at.run()
    at.button(key="teach-bot-move").click().run()  # one bot move: it is shown at once
    assert position(at) == 5 and len(at.session_state[REPLAY].timeline.actions) == 5
    assert at.session_state[BOTS_MENU] is False  # and the menu closes over the table


def test_a_different_move_by_hand_replaces_the_rest_of_the_record_and_says_so():
    at = paste(HandRecord(FULL.rules, FULL.deal, FULL.actions[:6]))
    for _ in range(6):
        press(at, "◀ Back")
    first = FULL.actions[0][1]  # the engine says what else the first seat may do
    other = next(a for a in legal_actions(shown(at).replay()) if a != first)
    assert teacher_action(at.session_state, action_id(other)).ok
    at.run()
    assert len(at.session_state[REPLAY].timeline.actions) == 1 and position(at) == 1
    assert "gave way" in at.warning[0].value
    # The same move as the record's keeps the record: it is Next by hand.
    at = paste(HandRecord(FULL.rules, FULL.deal, FULL.actions[:6]))
    press(at, "◀ Back")
    seat, action = FULL.actions[5]
    at.button(key="teach-every").click().run()  # every hand face up: every card clickable
    decision = (
        teacher_card(at.session_state, action.card.code)
        if action.card is not None
        else teacher_action(at.session_state, action_id(action))
    )
    assert decision.ok, decision.refusal
    at.run()
    assert (
        at.session_state[REPLAY].timeline.actions == FULL.actions[:6] and not at.session_state[NOTE]
    )


def test_play_on_moves_by_itself_and_pauses():
    at = paste(FULL)
    at.button(key="teach-restart").click().run()
    at.button(key="teach-play").click().run()  # Play on: the timer starts
    assert at.session_state[PLAYING] and position(at) == 0
    at.session_state[LAST_STEP] = 0.0  # the move's time has come
    at.run()
    assert position(at) == 1
    says_move(at, FULL, 1)
    at.run()  # too soon for the next one
    assert position(at) == 1
    at.button(key="teach-play").click().run()  # Pause
    assert not at.session_state[PLAYING]
    at.session_state[LAST_STEP] = 0.0
    at.run()
    assert position(at) == 1  # paused: it stays


def test_a_step_by_hand_takes_over_from_playing_on():
    at = paste(FULL)
    at.button(key="teach-restart").click().run()
    at.button(key="teach-play").click().run()
    press(at, "Next ▶")
    assert position(at) == 1 and not at.session_state[PLAYING]
    at.button(key="teach-play").click().run()
    at.button(key="teach-jump-2").click().run()
    assert not at.session_state[PLAYING]


def test_play_on_stops_at_the_end_and_starts_again_from_the_deal():
    at = paste(FULL)
    press(at, "◀ Back")
    at.button(key="teach-play").click().run()
    at.session_state[LAST_STEP] = 0.0
    at.run()
    assert position(at) == len(FULL.actions) and not at.session_state[PLAYING]
    at.button(key="teach-play").click().run()  # at the end, Play starts at the deal
    assert position(at) == 0 and at.session_state[PLAYING]


def test_each_seat_shown_or_hidden_on_its_own_while_stepping():
    at = paste(FULL)
    at.button(key="teach-restart").click().run()
    at.pills(key="teach-shown").set_value(["E", "W"]).run()
    press(at, "Next ▶")
    model = table_shown(at)
    face_up = {s["seat"] for s in model["seats"] if s["cards"]}
    assert face_up == {"E", "W"} and model["hand_backs"] == 5  # South face down
    text = json.dumps(model)
    assert all(f'"{card.code}"' not in text for card in FULL.deal.hand(Seat.N))


def test_presentation_mode_from_the_link_hides_the_chrome_and_keys_step():
    at = open_page(PAGE, hand=encode_hand(FULL), at="3", present="1")
    assert at.toggle(key="teach-present").value
    styles = " ".join(element.proto.body for element in at.get("html"))
    assert "stSidebar" in styles and "stHeader" in styles and "stToolbar" in styles
    model = table_shown(at)
    assert model["size"] == "projector"
    assert model["keys"] == {"back": "back-3", "next": "next-3", "pages": True}
    assert [a["id"] for a in model["actions"]][:: len(model["actions"]) - 1] == ["back-3", "next-3"]
    at.toggle(key="teach-present").set_value(False).run()
    assert "present" not in at.query_params
    assert "size" not in table_shown(at) and not table_shown(at)["keys"]["pages"]


def test_a_double_click_or_held_key_moves_one_step():
    at = open_page(PAGE, hand=encode_hand(FULL), at="3")
    table_click(at.session_state, "next-3")
    table_click(at.session_state, "next-3")  # the same button again, before the redraw
    at.run()
    assert position(at) == 4


def test_guided_hands_offer_a_replay_of_the_whole_hand():
    at = open_page("features/guided/page.py")
    links = [link.proto for link in at.get("page_link") if link.proto.label == "Replay"]
    assert links
    for link in links:
        query = parse_qs(link.query_string)
        record = decode_hand(query["hand"][0])
        assert record.replay().is_over and query["at"] == ["0"]
    teach = open_page(PAGE, **{k: v[0] for k, v in parse_qs(links[0].query_string).items()})
    assert position(teach) == 0 and len(teach.session_state[REPLAY].timeline.actions) > 20


def test_a_finished_play_hand_offers_its_replay():
    at = open_page("features/play/page.py", timeout=60, seed="17", **{"play-level": "beginner"})
    while at.session_state[PLAY_GAME].game.hand is not None:
        played = at.session_state[PLAY_GAME]
        action = legal_actions(played.game.hand)[0]
        at.session_state[PLAY_GAME] = (
            play.learner_card(played, action.card.code)
            if action.card is not None
            else play.learner_choice(played, action_id(action))
        )
        at.run()
    (link,) = [link.proto for link in at.get("page_link") if link.proto.label == "Replay this hand"]
    query = parse_qs(link.query_string)
    finished = at.session_state[PLAY_GAME].game.finished[-1]
    assert decode_hand(query["hand"][0]).dumps() == HandRecord.from_state(finished).dumps()
    assert "teach" in link.page


def test_the_share_link_beside_the_controls_opens_the_hand_at_the_move_shown():
    at = paste(FULL)
    at.button(key="teach-jump-3").click().run()
    (link,) = [block.value for block in at.code if "/teach?" in block.value]
    query = parse_qs(link.split("?", 1)[1])
    assert decode_hand(query["hand"][0]).dumps() == FULL.dumps()
    assert query["at"] == [str(trick_starts(FULL)[3])]
    # Trick 3's button cleared the table for its lead: the link opens it so, not holding
    # trick 2 with its winner as the same move stepped to does.
    assert query["lead"] == ["1"] and filled(at) == ["teach-jump-3"]
    opened = open_page(PAGE, hand=query["hand"][0], at=query["at"][0], lead="1")
    assert position(opened) == trick_starts(FULL)[3] and filled(opened) == ["teach-jump-3"]
    stepped_to = open_page(PAGE, hand=query["hand"][0], at=query["at"][0])
    assert filled(stepped_to) == ["teach-jump-2"]
    press(opened, "◀ Back")  # stepping on (or back) leaves the trick's lead: no flag
    (link,) = [block.value for block in opened.code if "/teach?" in block.value]
    assert "lead=" not in link
    at.button(key="teach-end").click().run()  # at the end, the link needs no "at"
    (link,) = [block.value for block in at.code if "/teach?" in block.value]
    assert "at=" not in link and "lead=" not in link
