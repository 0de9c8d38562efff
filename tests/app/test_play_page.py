"""The play page: bots take the other seats, hints explain, hands are reviewed."""

from __future__ import annotations


import pytest
from streamlit.testing.v1 import AppTest

from app_driver import open_page

from engine import Seat

pytestmark = pytest.mark.app

PAGE = "app_pages/play.py"


def open_play(**query: str) -> AppTest:
    return open_page(PAGE, timeout=60, **query)


def test_a_hand_is_played_to_the_end_then_reviewed_and_the_next_dealt():
    at = open_play(seed="17", **{"play-level": "beginner"})
    game = at.session_state["play-game"]
    assert game.hand.turn is Seat.S        # the bots moved until it was your turn
    while at.session_state["play-game"].hand is not None:
        at.button(key="play-act-0").click().run()
        assert not at.exception
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
        at.button(key="play-act-0").click().run()
    at.button(key="play-review-button").click().run()
    first_grade = at.session_state["play-review"][0]
    assert first_grade.hint.options == first_hint.options
