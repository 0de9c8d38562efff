"""A hand's state reads the same on both paths.

Compiled, ``HandState`` is the C type of engine/native_state.pyx, which keeps a hand in
play in C arrays; plain, it is the named tuple of engine/state.py. Everything here runs
on whichever path is in use (``make test`` runs the compiled one; the plain one runs with
EUCHRE_ENGINE_PURE=1), so both are held to one behaviour: the fields, the named tuple's
manners, and a state rebuilt from its fields (mid-trick, mid-hand, or one the C arrays
cannot hold) playing on exactly as the original does. tests/engine/test_fast_path.py and
test_compiled_path.py check the plays themselves against the plain rules.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine import (
    SEATS,
    Action,
    Do,
    HandState,
    IllegalActionError,
    Phase,
    Rules,
    Seat,
    apply,
    legal_actions,
    random_hand,
)
from engine.rules import PRESETS

RULE_SETS = [
    Rules.from_settings({"preset": preset, **variant})
    for preset in PRESETS
    for variant in ({}, {"no_first_blood": True}, {"benny": True, "lone_defender": True})
]


def _states_of_a_hand(seed: int) -> list[HandState]:
    """Every state of one random hand, the deal first."""
    rng = random.Random(seed)
    state = random_hand(RULE_SETS[seed % len(RULE_SETS)], SEATS[seed % 4], rng)
    states = [state]
    while not state.is_over:
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def _fields(state: HandState) -> tuple:
    return tuple(getattr(state, name) for name in HandState._fields)


@pytest.mark.parametrize("seed", range(12))
def test_a_state_has_the_manners_of_a_named_tuple(seed):
    for state in _states_of_a_hand(seed):
        fields = _fields(state)
        assert len(state) == len(HandState._fields) == 16
        assert tuple(state) == state[:] == fields
        assert state == fields and state[4] == state.hands and state[-1] == state.result
        assert hash(state) == hash(fields)
        assert state._asdict() == dict(zip(HandState._fields, fields, strict=True))
        assert repr(state).startswith("HandState(rules=Rules(")
        assert f"actions={state.actions!r}" in repr(state)
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert type(again) is HandState and again == state and _fields(again) == fields


def test_derived_properties_read_the_fields():
    for state in _states_of_a_hand(3):
        assert state.dealer is state.deal.dealer and state.upcard is state.deal.upcard
        assert state.is_over is (state.phase is Phase.OVER)
        assert all(state.hand_of(seat) == state.hands[seat.index] for seat in SEATS)
        if state.trick:
            assert state.led_suit is not None
        if state.maker is not None:
            assert state.makers is state.maker.team and state.defenders is state.maker.team.other


def _play_on(state: HandState, choices: list[int]) -> list[HandState]:
    states = [state]
    for choice in choices:
        if state.is_over:
            break
        legal = legal_actions(state)
        state = apply(state, legal[choice % len(legal)])
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(40))
def test_a_state_rebuilt_from_its_fields_plays_on_the_same(seed):
    """Rebuilt at every point of a hand (``HandState._make``, ``_replace``, pickling), a
    state gives the same legal actions and the same states after the same choices."""
    states = _states_of_a_hand(seed)
    rng = random.Random(seed)
    choices = [rng.randrange(60) for _ in range(len(states))]
    for at, state in enumerate(states):
        if state.is_over:
            continue
        rebuilt = [
            HandState._make(tuple(state)),
            state._replace(turn=state.turn),
            pickle.loads(pickle.dumps(state)),
        ]
        original = _play_on(state, choices[at:])
        for copy_of_state in rebuilt:
            replayed = _play_on(copy_of_state, choices[at:])
            assert [_fields(s) for s in replayed] == [_fields(s) for s in original]
            assert [legal_actions(s) for s in replayed[:-1]] == [
                legal_actions(s) for s in original[:-1]
            ]


def test_replace_changes_only_the_named_fields():
    state = next(s for s in _states_of_a_hand(5) if s.phase is Phase.PLAY and s.trick)
    turned = state._replace(turn=Seat.N if state.turn is not Seat.N else Seat.E)
    assert turned.turn is not state.turn
    assert _fields(turned)[4:] == _fields(state)[4:] and turned.trick == state.trick
    with pytest.raises(ValueError):
        state._replace(no_such_field=1)


def test_a_state_in_play_that_breaks_the_deal_still_plays_by_the_rules():
    """A hand edited into something no deal makes (six cards to lead from) is played by the
    plain code on either path, by the same rules."""
    assert not RULE_SETS[6].no_first_blood  # so the leader may lead any card
    state = next(
        s for s in _states_of_a_hand(6) if s.phase is Phase.PLAY and not s.tricks and not s.trick
    )
    seat = state.turn.index
    extra = state.hands[(seat + 1) % 4][0]
    hands = list(state.hands)
    hands[seat] += (extra,)
    odd = state._replace(hands=tuple(hands))
    legal = legal_actions(odd)
    assert [action.card for action in legal] == list(hands[seat])  # leading: any card
    after = apply(odd, legal[-1])
    assert after.hands[seat] == hands[seat][:-1] and after.trick == ((state.turn, extra),)
    assert after.actions == state.actions + ((state.turn, legal[-1]),)


def test_a_play_out_of_turn_or_illegal_is_refused_as_before():
    state = next(s for s in _states_of_a_hand(9) if s.phase is Phase.PLAY and s.trick)
    legal = legal_actions(state)
    other = next(seat for seat in SEATS if seat is not state.turn)
    with pytest.raises(IllegalActionError, match="turn"):
        apply(state, legal[0], other)
    assert apply(state, legal[0], state.turn) == apply(state, legal[0])
    held = {action.card for action in legal}
    barred = [card for card in state.hand_of(state.turn) if card not in held]
    assert barred, "seed 9 reaches a trick its follower must follow"
    with pytest.raises(IllegalActionError, match="must follow"):
        apply(state, Action(Do.PLAY, card=barred[0]))
    with pytest.raises(IllegalActionError):
        apply(state, Action.PASS)
