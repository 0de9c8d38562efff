"""Cards arriving one by one on the card table (``TableOptions.pace``), in Play and Teach.

Each frame of a paced model must be the table exactly as it stood after that card: the
same middle, turn, cards held, tricks won and winner as the model of the engine's state
at that moment (held, as a paced table holds a finished trick). The winner is the
engine's. Play keeps which cards a move brought and its pace settings (through hands and
in the address); Teach holds a finished trick until the next lead and says each card.
"""

from __future__ import annotations

import random

import pytest
from app_driver import open_page, table_shown
from test_teach_replay import FULL, paste, press, shown

from engine import (
    SEATS,
    Action,
    Card,
    Do,
    Phase,
    Rules,
    Seat,
    Trick,
    apply,
    legal_actions,
    random_hand,
)
from tutorial_app.card_table.paced_plays import played_count, trick_won
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import Pace, TableOptions
from tutorial_app.features.play import game as play
from tutorial_app.features.play.keys import ARRIVAL, GAME, SETTINGS
from tutorial_app.features.play.table_pace import (
    TableSettings,
    arrival,
    keep_arrival,
    keep_first_arrival,
    table_pace,
)
from tutorial_app.features.teach.keys import REPLAY

FRAME_PARTS = ("trick", "tricks_won", "last_trick", "trick_won")
FRAME_KEYS = (*FRAME_PARTS, "turn", "counts")
RULE_SETS = [Rules(), Rules.from_settings({"benny": True}), Rules.preset("pagat")]


def played_out(seed: int):
    """Every state of a random hand played to its end, from the deal."""
    rng = random.Random(seed)
    state = random_hand(RULE_SETS[seed % len(RULE_SETS)], SEATS[seed % 4], rng)
    states = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def as_frame(model: dict) -> dict:
    """The parts of a model a frame redraws."""
    seats = model["seats"]
    return {
        **{part: model[part] for part in FRAME_PARTS},
        "turn": next((s["seat"] for s in seats if s["to_act"]), None),
        "counts": {s["seat"]: s["count"] for s in seats},
    }


@pytest.mark.parametrize("seed", range(12))
def test_each_frame_is_the_table_as_that_card_left_it(seed):
    states = played_out(seed)
    options = TableOptions(hold_last_trick=True, show_last_trick=True)
    plays = [i for i, s in enumerate(states) if s.actions and s.actions[-1][1].do is Do.PLAY]
    assert len(plays) >= 8, "each of these seeds deals a hand that is played, not thrown in"
    # The whole hand from the deal, and four cards from the middle of trick 1 on.
    for start, end in ((0, len(states) - 1), (plays[2] - 1, plays[6])):
        before, after = states[start], states[end]
        since = played_count(before.tricks, before.trick)
        paced = TableOptions(hold_last_trick=True, show_last_trick=True, pace=Pace(since, "k"))
        model = table_model(after, paced)
        frames = model["pace"]["frames"]
        moments = [s for s in states[start + 1 : end + 1] if s.actions[-1][1].do is Do.PLAY]
        assert len(frames) == len(moments) == played_count(after.tricks, after.trick) - since
        for frame, moment in zip(frames, moments, strict=True):
            assert {k: frame[k] for k in FRAME_KEYS} == as_frame(table_model(moment, options))
            seat, action = moment.actions[-1]
            assert frame["say"].startswith(f"{seat.word} ") and action.card.the_name in frame["say"]
        # The model itself is the last frame's table.
        assert as_frame(model) == {k: frames[-1][k] for k in FRAME_KEYS}


def test_the_winner_is_the_engines_even_when_a_higher_card_lies_on_the_table():
    for seed in range(60):
        state = played_out(seed)[-1]
        for trick in state.tricks:
            won = trick_won(trick)
            card = dict(trick.cards)[trick.winner]
            assert won["seat"] == trick.winner.value
            assert won["words"] == f"{trick.winner.word} wins the trick with the {card.label}"
            assert won["said"] == f"{trick.winner.word} wins the trick with {card.the_name}."
    with pytest.raises(ValueError, match="no winner"):
        trick_won(Trick(Seat.W, ((Seat.W, Card.parse("9H")),)))


def test_a_finished_trick_in_the_middle_names_its_winner_and_hidden_parts_stay_hidden():
    states = played_out(3)
    held = next(s for s in states if s.phase is Phase.PLAY and s.tricks and not s.trick)
    model = table_model(held, TableOptions(hold_last_trick=True))
    assert model["trick_won"] == trick_won(held.tricks[-1])
    assert table_model(held)["trick_won"] is None  # not held: the middle is empty
    end = states[-1]
    hide = {"winner", "turn", "hand"}
    model = table_model(end, TableOptions(hide=hide, pace=Pace(0, "k"), show_last_trick=True))
    assert model["trick_won"] is None
    for frame in model["pace"]["frames"]:
        assert frame["trick_won"] is None and frame["tricks_won"] is None
        assert frame["turn"] is None and frame["counts"] is None and frame["last_trick"] is None
        assert not any(p["won"] for p in frame["trick"]) and "wins" not in frame["say"]


def test_paces_are_named_and_checked():
    assert Pace.at("fast", since=0, key="k").card_ms == 0
    assert Pace.at("no such pace", since=0, key="k") == Pace.at("normal", since=0, key="k")
    with pytest.raises(ValueError, match="counts up from 0"):
        Pace(-1, "k")


# ---- Play ---------------------------------------------------------------------------


def first_legal(played: play.BotGame) -> play.BotGame:
    """Pass if you may, else the first legal action: a game of many hands."""
    legal = legal_actions(played.game.hand)
    return play.learner_plays(played, Action.PASS if Action.PASS in legal else legal[0])


def test_play_paces_the_cards_a_click_brings_and_nothing_else():
    played = play.new_bot_game("bga", "beginner", 17)
    session: dict = {}
    while played.game.hand.phase is not Phase.PLAY:
        after = first_legal(played)
        hand = after.game.hand  # a bid brings no card, but the bots may lead after the last
        assert arrival(played, after) == (0 if played_count(hand.tricks, hand.trick) else None)
        played = after
    hand = played.game.hand
    since = played_count(hand.tricks, hand.trick)
    after = first_legal(played)
    assert arrival(played, after) == since  # your card, then the bots' to your next turn
    keep_arrival(session, played, after)
    pace = table_pace(session, after)
    assert pace is not None and pace.since == since and pace.card_ms == 500
    frames = table_model(play.current_hand(after), TableOptions(pace=pace))["pace"]["frames"]
    assert frames[0]["say"].startswith("South ")
    assert table_pace(session, played) is None  # another game state: nothing arrives
    session[SETTINGS] = TableSettings("fast", False)
    assert table_pace(session, after).card_ms == 0
    keep_arrival(session, after, play.undo(after))
    assert session[ARRIVAL][1] is None and table_pace(session, play.undo(after)) is None
    assert table_pace(session, after) is None


def test_a_new_game_paces_the_cards_played_before_your_first_turn():
    led = next(
        p
        for p in (play.new_bot_game("bga", "beginner", seed) for seed in range(1, 200))
        if p.game.hand.trick
    )
    session: dict = {}
    keep_first_arrival(session, led)
    pace = table_pace(session, led)
    assert pace is not None and pace.since == 0  # from the first card the bots played
    quiet = play.new_bot_game("bga", "beginner", 17)  # South bids before any card is played
    session = {}
    keep_first_arrival(session, quiet)
    assert table_pace(session, quiet) is None


def test_the_points_wait_for_the_last_card_of_the_hand_they_score():
    """The move that ends a hand shows its cards arriving under the score as it was;
    the model itself (drawn after the last card) has the new score."""
    played = play.new_bot_game("bga", "beginner", 17)
    while True:
        after = first_legal(played)
        if after.game.hand is None:
            break
        played = after
    assert play.score_before(played) is None  # a hand on: nothing to hold back
    before = play.score_before(after)
    assert before == played.game.scores != after.game.scores
    session: dict = {}
    keep_arrival(session, played, after)
    options = TableOptions(
        pace=table_pace(session, after), score=after.game.scores, score_before=before
    )
    model = table_model(play.current_hand(after), options)
    assert (model["pace"]["score"]["NS"], model["pace"]["score"]["EW"]) == before
    assert (model["score"]["NS"], model["score"]["EW"]) == after.game.scores


def test_a_new_hand_paces_from_its_first_card():
    played = play.new_bot_game("bga", "beginner", 17)
    while played.game.hand is not None:
        played = first_legal(played)
    for _ in range(12):  # hands until one where a bot leads before your first card
        if played.game.winner is not None:
            break
        dealt = play.next_hand(played)
        hand = dealt.game.hand
        if played_count(hand.tricks, hand.trick):
            assert arrival(played, dealt) == 0
            return
        assert arrival(played, dealt) is None
        while dealt.game.hand is not None:
            dealt = first_legal(dealt)
        played = dealt
    pytest.fail("no hand of this game opened with a bot's lead: choose another seed")


def test_play_keeps_its_table_settings_across_hands_and_in_the_address():
    at = open_page("features/play/page.py", timeout=60, seed="17", **{"play-pace": "quicker"})
    assert at.session_state[SETTINGS] == TableSettings("quicker", False)
    assert at.segmented_control(key="play-pace").value == "quicker"
    at.toggle(key="play-last").set_value(True).run()
    assert at.session_state[SETTINGS] == TableSettings("quicker", True)
    address = table_shown(at)["address"]
    assert address["play-pace"] == "quicker" and address["play-last"] == "1"
    while at.session_state[GAME].game.hand is not None:  # the hand ends: the switch stays
        at.session_state[GAME] = first_legal(at.session_state[GAME])
        at.run()
    assert at.toggle(key="play-last").value is True
    at.button(key="play-next").click().run()
    assert at.toggle(key="play-last").value is True
    assert at.session_state[SETTINGS] == TableSettings("quicker", True)


# ---- Teach --------------------------------------------------------------------------


def test_teach_holds_a_finished_trick_and_says_each_card_played():
    at = paste(FULL)
    at.button(key="teach-jump-2").click().run()  # trick 2 about to be led
    state = shown(at).replay()
    model = table_shown(at)
    assert "pace" not in model  # a jump brings no card to say
    assert model["trick"] == [] and not model.get("trick_won")  # trick 2's table: clear
    press(at, "Next ▶")  # the lead
    frames = table_shown(at)["pace"]["frames"]
    seat, action = shown(at).actions[-1]
    assert len(frames) == 1 and frames[0]["say"] == f"{seat.word} led {action.card.the_name}."
    press(at, "◀ Back")  # stepped to, trick 1 stays on the table with its winner named
    model = table_shown(at)
    assert "pace" not in model  # stepping back plays no card
    assert at.session_state[REPLAY].position == len(shown(at).actions)
    assert [p["seat"] for p in model["trick"] if p["won"]] == [state.tricks[-1].winner.value]
    assert model["trick_won"] == trick_won(state.tricks[-1])
