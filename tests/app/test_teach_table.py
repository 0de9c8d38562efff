"""The teacher's card table (``TableOptions(teacher=True)``) and the Teach page's
moves (``tutorial_app.features.teach.moves``), in plain pytest: the seat to act may sit anywhere,
its choices and cards are offered for it, hidden hands never reach the browser, and an
illegal click changes nothing but the refusal."""

from __future__ import annotations

import doctest
import json
import random

import pytest

from engine import (
    SEATS,
    Action,
    HandRecord,
    Phase,
    Rules,
    Seat,
    apply,
    legal_actions,
    random_hand,
    seat_view,
)
from tutorial_app.card_table.move_words import turn_prompt
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.card_table.table_options import TableOptions
from tutorial_app.features.teach import moves as teach_moves
from tutorial_app.features.teach.keys import REFUSAL, REPLAY
from tutorial_app.features.teach.moves import load, teacher_action, teacher_card
from tutorial_app.features.teach.replay import Replay


def states(count: int = 80):
    """Seeded random hands under several rule sets, stopped after random legal actions."""
    rng = random.Random(7)
    rule_sets = [
        Rules.preset("bga"),
        Rules.preset("pagat"),
        Rules.from_settings({"benny": True}),
        Rules.from_settings({"no_trump": True}),
    ]
    for i in range(count):
        state = random_hand(rule_sets[i % len(rule_sets)], SEATS[i % 4], rng)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        yield state


def test_choices_are_the_seat_to_acts_whoever_it_is_in_its_own_words():
    state = random_hand(Rules(), Seat.W, 5)  # West deals: North bids first
    for _ in range(3):
        state = apply(state, Action.PASS)
    assert state.turn is Seat.W
    model = table_model(state, TableOptions(teacher=True))
    assert [(a["id"], a["label"]) for a in model["actions"]] == [
        ("order_up", "Pick it up"),
        ("pass", "Pass"),
    ]  # the dealer picks it up
    assert model["choices_label"] == "West's choices"
    # A player's table from South's chair is unchanged: West's choices are not South's.
    assert table_model(state)["actions"] == []


def test_every_choice_offered_is_legal_and_every_legal_choice_offered():
    for state in states():
        if state.is_over:
            continue
        ids = [a["id"] for a in table_model(state, TableOptions(teacher=True))["actions"]]
        assert ids == [action_id(a) for a in legal_actions(state) if a.card is None]


def test_nobody_is_you_on_a_teachers_table():
    for state in states(20):
        text = json.dumps(table_model(state, TableOptions(teacher=True, reveal="all")))
        assert "(you)" not in text


def test_only_the_seat_to_acts_face_up_cards_are_clickable_with_the_engines_legal_flags():
    seen = 0
    for state in states(150):
        model = table_model(state, TableOptions(teacher=True, reveal=[Seat.N, Seat.E, Seat.W]))
        for seat in model["seats"]:
            clickable = [c for c in seat["cards"] if c.get("clickable")]
            if (
                seat["seat"] == getattr(state.turn, "value", None)
                and seat["seat"] != "S"
                and state.phase in (Phase.PLAY, Phase.DISCARD)
            ):
                seen += 1
                assert len(clickable) == len(seat["cards"]) > 0
                assert {c["code"] for c in clickable if c["legal"]} == {
                    a.card.code for a in legal_actions(state)
                }
            else:
                assert not clickable
    assert seen > 10


def test_a_hidden_hand_travels_as_a_count_even_souths():
    for state in states():
        for reveal in ([], [Seat.N], [Seat.E, Seat.W]):
            model = table_model(state, TableOptions(teacher=True, reveal=reveal))
            text = json.dumps(model)
            hidden = [s for s in SEATS if s not in reveal]
            for seat in hidden:
                for card in state.hand_of(seat):  # the upcard is on the table for all
                    if card != state.upcard:
                        assert f'"{card.code}"' not in text, (seat, card)
            assert model["hand"] == [] and model["hand_backs"] == len(state.hand_of(Seat.S))


def test_a_teachers_table_needs_the_whole_hand():
    state = random_hand(Rules(), Seat.W, 1)
    with pytest.raises(ValueError, match="teacher"):
        table_model(seat_view(state, Seat.S), TableOptions(teacher=True))


def _session_at_play(seed: int = 11):
    """A session whose hand is in the card play, with a seat that holds an illegal card."""
    rng = random.Random(seed)
    while True:
        state = random_hand(Rules(), Seat.W, rng)
        while not state.is_over:
            if state.phase is Phase.PLAY and state.trick:
                legal = {a.card for a in legal_actions(state)}
                if set(state.hand_of(state.turn)) - legal:
                    session = {}
                    load(session, HandRecord.from_state(state))
                    return session, state
            state = apply(state, rng.choice(legal_actions(state)))


def test_an_illegal_card_is_refused_with_the_engines_sentence_and_changes_nothing():
    session, state = _session_at_play()
    legal = {a.card for a in legal_actions(state)}
    illegal = next(c for c in state.hand_of(state.turn) if c not in legal)
    record = session[REPLAY].shown
    decision = teacher_card(session, illegal.code)
    assert not decision.ok and session[REPLAY].shown == record
    assert session[REFUSAL] == decision.refusal and state.turn.word in decision.refusal
    good = next(iter(legal))
    assert teacher_card(session, good.code).ok
    assert REFUSAL not in session and session[REPLAY].shown.actions[-1] == (
        state.turn,
        Action.play(good),
    )


def test_clicks_after_the_hand_is_over_are_refused():
    session, state = _session_at_play()
    while not session[REPLAY].shown.replay().is_over:
        first = legal_actions(session[REPLAY].shown.replay())[0]
        assert (
            teacher_card(session, first.card.code)
            if first.card
            else teacher_action(session, action_id(first))
        ).ok
    assert "over" in teacher_action(session, "pass").refusal
    assert "over" in teacher_card(session, "9C").refusal


def test_the_prompt_names_the_seat_and_says_when_its_cards_are_face_down():
    for state in states(150):
        words = turn_prompt(state, [Seat.S])
        if state.is_over:
            assert words == ""
            continue
        assert words.startswith(state.turn.word)
        hidden = state.turn is not Seat.S and state.phase in (Phase.PLAY, Phase.DISCARD)
        assert ("face down" in words) == hidden
        assert "face down" not in turn_prompt(state, list(SEATS))


def test_the_examples_in_the_docstrings():
    failures, tried = doctest.testmod(teach_moves)
    assert tried and not failures


def test_the_hand_is_one_replay_under_one_key():
    """Moves, undo, steps and the bots change the one ``Replay``; no other key holds a
    copy of the record or the position."""
    session, state = _session_at_play()
    teacher_card(session, legal_actions(state)[0].card.code)
    teach_moves.undo(session)
    teach_moves.step(session, f"next-{teach_moves.current(session).position}")
    teach_moves.bots_play_on(session, "beginner", 1)
    hands = {key for key, value in session.items() if isinstance(value, (Replay, HandRecord))}
    assert hands == {REPLAY} and teach_moves.current(session) is session[REPLAY]
