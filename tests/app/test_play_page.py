"""The play page: bots take the other seats, hints explain, hands are reviewed.

AppTest cannot click inside the card table (a custom component), so these tests make
the learner's moves through the same functions the table's clicks call
(``tutorial_app.play_moves``) and read what the table shows from the model it was given.
"""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from app_driver import open_page

from engine import Do, Phase, Seat, legal_actions
from tutorial_app.play_moves import REFUSAL, learner_action, learner_card
from tutorial_app.widgets.table_moves import action_id

pytestmark = pytest.mark.app

PAGE = "app_pages/play.py"


def open_play(**query: str) -> AppTest:
    return open_page(PAGE, timeout=60, **query)


def table_shown(at: AppTest) -> dict:
    """The model the card table was drawn from in the last run."""
    (table,) = at.get("bidi_component")
    return json.loads(table.proto.json)


def make_first_choice(at: AppTest) -> None:
    """Click what the old 'first button' was: the first legal action, card or choice."""
    action = legal_actions(at.session_state["play-game"].hand)[0]
    if action.card is not None:
        decision = learner_card(at.session_state, action.card.code)
    else:
        decision = learner_action(at.session_state, action_id(action))
    assert decision.ok, decision.refusal
    at.run()
    assert not at.exception


def play_until_cards(at: AppTest) -> None:
    """Make first choices until the learner is to play a card."""
    while at.session_state["play-game"].hand.phase is not Phase.PLAY:
        make_first_choice(at)


def test_a_hand_is_played_to_the_end_then_reviewed_and_the_next_dealt():
    at = open_play(seed="17", **{"play-level": "beginner"})
    game = at.session_state["play-game"]
    assert game.hand.turn is Seat.S        # the bots moved until it was your turn
    while at.session_state["play-game"].hand is not None:
        make_first_choice(at)
    game = at.session_state["play-game"]
    assert len(game.finished) == 1 and sum(game.scores) == sum(
        game.finished[0].result.points.values())
    at.button(key="play-review-button").click().run()
    grades = at.session_state["play-review"]
    assert grades and all(g.seat is Seat.S for g in grades)
    assert at.table  # the grades table
    at.button(key="play-next").click().run()
    assert at.session_state["play-game"].hand is not None


def test_hint_names_a_legal_choice_and_explains_it():
    at = open_play(seed="23", **{"play-level": "beginner"})
    at.button(key="play-hint-button").click().run()
    advice = at.session_state["play-hint"]
    state = at.session_state["play-game"].hand
    from engine import legal_actions
    assert advice.recommended in legal_actions(state)
    assert advice.explanation in at.info[0].value


def test_same_seed_same_first_deal():
    one = open_play(seed="99")
    two = open_play(seed="99")
    assert one.session_state["play-game"].hand.deal == two.session_state["play-game"].hand.deal


def test_the_review_repeats_the_hints_figures():
    at = open_play(seed="31", **{"play-level": "beginner"})
    at.button(key="play-hint-button").click().run()
    first_hint = at.session_state["play-hint"]
    while at.session_state["play-game"].hand is not None:
        make_first_choice(at)
    at.button(key="play-review-button").click().run()
    first_grade = at.session_state["play-review"][0]
    assert first_grade.hint.options == first_hint.options


def test_the_table_shows_your_cards_and_the_choices_of_the_bidding():
    at = open_play(seed="17", **{"play-level": "beginner"})
    state = at.session_state["play-game"].hand
    model = table_shown(at)
    assert sorted(card["code"] for card in model["hand"]) == sorted(
        card.code for card in state.hand_of(Seat.S))
    if state.phase in (Phase.BID1, Phase.BID2):
        assert {a["id"] for a in model["actions"]} == {
            action_id(a) for a in legal_actions(state)}
    assert model["message"]["tone"] == "info"


def test_an_illegal_card_is_refused_with_the_engines_reason_and_changes_nothing():
    for seed in range(40, 80):  # a deal where South must follow suit and cannot play all
        at = open_play(seed=str(seed), **{"play-level": "beginner"})
        play_until_cards(at)
        state = at.session_state["play-game"].hand
        legal = {a.card for a in legal_actions(state)}
        illegal = [card for card in state.hand_of(Seat.S) if card not in legal]
        if illegal:
            break
    else:
        pytest.fail("no seed gave South a card it may not play")
    decision = learner_card(at.session_state, illegal[0].code)
    at.run()
    assert not decision.ok and decision.reason.value == "MUST_FOLLOW_SUIT"
    assert at.session_state["play-game"].hand == state   # nothing changed
    message = table_shown(at)["message"]
    assert message == {"text": decision.refusal, "tone": "refusal"}
    # A legal card then plays, and the refusal goes away.
    card = next(a.card for a in legal_actions(state) if a.do is Do.PLAY)
    assert learner_card(at.session_state, card.code).ok
    at.run()
    assert REFUSAL not in at.session_state
    assert card not in at.session_state["play-game"].hand.hand_of(Seat.S)
