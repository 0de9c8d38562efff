"""A refusal said to the player who tried the move (``refusal_to``): the same reason as
``apply`` gives, in the second person ("You must follow hearts: you hold ..."), over every
action the rules name, at every decision of random hands under each preset."""

from __future__ import annotations

import random

import pytest
from euchre_helpers import act, hand

from engine import (
    SEATS,
    Action,
    IllegalActionError,
    Reason,
    Rules,
    Seat,
    apply,
    legal_actions,
    parse_card,
    random_hand,
    refusal_to,
)
from engine.actions import CALL, DISCARD, NAME, PLAY, SIMPLE

# Every action there is: each card played or discarded, each suit called or named.
EVERY_ACTION = (*PLAY, *DISCARD, *CALL.values(), *NAME.values(), *SIMPLE.values())


def refusals(preset: str, hands: int = 6):
    """(state, action, seat, the error apply raises) for every refused try of the seat to
    act and of one other seat, along random hands."""
    rng = random.Random(preset)
    for number in range(hands):
        state = random_hand(Rules.preset(preset), SEATS[number % 4], rng)
        while not state.is_over:
            turn = state.turn
            other = turn.next if turn is not None else SEATS[0]
            for seat in (turn, other):
                for action in EVERY_ACTION:
                    try:
                        apply(state, action, seat)
                    except IllegalActionError as error:
                        yield state, action, seat, error
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("preset", ["bga", "pagat", "cardsuite"])
def test_a_refusal_to_you_has_the_engines_reason_and_never_your_seats_name(preset):
    seen = set()
    for state, action, seat, error in refusals(preset):
        said = refusal_to(state, action, seat)
        assert said is not None, (action, seat)
        assert said.reason is error.reason
        assert seat.word not in said.message, said.message
        if seat.word in error.message:  # a sentence about the seat is said to its player
            assert "you" in said.message.lower(), said.message
        seen.add(said.reason)
    assert len(seen) >= 4 and Reason.MUST_FOLLOW_SUIT in seen  # and not your turn, ...


@pytest.mark.parametrize("preset", ["bga", "pagat"])
def test_an_action_the_engine_takes_is_refused_to_nobody(preset):
    rng = random.Random(7)
    state = random_hand(Rules.preset(preset), SEATS[0], rng)
    while not state.is_over:
        for action in legal_actions(state):
            assert refusal_to(state, action, state.turn) is None
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])


DEAL = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def test_the_sentences_said_to_you():
    state = act(
        hand(DEAL, dealer="W", upcard="TD"),
        "N pass, E pass, S pass, W order_up, W with_partner, W discard QS, N play TS",
    )
    early = refusal_to(state, Action.play(parse_card("QD")), Seat.S)
    assert early is not None and early.message == "It is East's turn, not yours."
    follow = refusal_to(state, Action.play(parse_card("AC")), Seat.E)
    assert follow is not None
    assert follow.message == "You must follow spades: you hold the nine of spades."
