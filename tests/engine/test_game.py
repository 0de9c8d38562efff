"""Rule sets and the game (RULES.md 'Rule-set settings', 'Game')."""

import random

import pytest
from euchre_helpers import action, deal, random_playout

from engine import (
    PRESETS,
    SETTING_NAMES,
    Rules,
    RulesError,
    Seat,
    Team,
    game_apply,
    legal_actions,
    new_game,
    start_hand,
)
from engine.game import game_winner

# RULES.md's settings table, column by column.
SETTINGS_TABLE = {
    #                    bga      pagat    cardsuite
    "stick_the_dealer": (True, False, False),
    "no_trump": (False, False, False),
    "loner_starts_last": (False, True, False),
    "canadian_loner": (False, True, False),
    "lone_defender": (False, True, False),
    "benny": (False, False, False),
    "no_first_blood": (False, False, False),
    "alone_decision": ("maker", "any", "maker"),
    "target_points": (10, 11, 10),
}
PRESET_NAMES = ["bga", "pagat", "cardsuite"]
CELLS = [(p, k) for k in SETTINGS_TABLE for p in PRESET_NAMES]


def test_the_settings_are_exactly_the_table():
    assert set(SETTING_NAMES) == set(SETTINGS_TABLE)
    assert set(PRESETS) == set(PRESET_NAMES)


@pytest.mark.parametrize("preset,key", CELLS, ids=[f"{p}-{k}" for p, k in CELLS])
def test_preset_settings(preset, key):
    expected = SETTINGS_TABLE[key][PRESET_NAMES.index(preset)]
    assert getattr(Rules.preset(preset), key) == expected
    assert getattr(Rules.from_settings({"preset": preset}), key) == expected
    assert Rules.preset(preset).settings()[key] == expected


def test_default_preset_is_bga():
    assert Rules.from_settings({}) == Rules.preset("bga") == Rules.from_settings(None)


SWITCHES = [
    (p, k, v)
    for p in PRESET_NAMES
    for k, vals in SETTINGS_TABLE.items()
    for v in (
        [True, False]
        if isinstance(vals[0], bool)
        else ["maker", "any"]
        if k == "alone_decision"
        else [1, 10, 11, 15, 100]
    )
]


@pytest.mark.parametrize("preset,key,value", SWITCHES, ids=[f"{p}-{k}={v}" for p, k, v in SWITCHES])
def test_every_setting_switches_on_every_preset(preset, key, value):
    r = Rules.from_settings({"preset": preset, key: value})
    assert getattr(r, key) == value
    for other in SETTINGS_TABLE:
        if other != key:
            assert getattr(r, other) == getattr(Rules.preset(preset), other)
    assert Rules.preset(preset).with_settings(**{key: value}) == r
    # and it takes effect in a hand: a hand can be dealt and played out
    state = random_playout(_new_hand(r), random.Random(1))
    assert state.is_over


def _new_hand(r):
    from engine import new_hand

    return new_hand(r, deal("", dealer="W", upcard="AD", benny=r.benny))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_benny_and_no_trump_rejected_naming_both(preset):
    with pytest.raises(RulesError) as info:
        Rules.from_settings({"preset": preset, "benny": True, "no_trump": True})
    assert "benny" in str(info.value) and "no_trump" in str(info.value)
    with pytest.raises(RulesError, match="benny.*no_trump|no_trump.*benny"):
        Rules.preset(preset).with_settings(benny=True).with_settings(no_trump=True)


@pytest.mark.parametrize("key", ["stick_dealer", "Benny", "target", "preset_name", "colour"])
def test_unknown_settings_are_rejected_naming_the_key(key):
    with pytest.raises(RulesError) as info:
        Rules.from_settings({"preset": "bga", key: True})
    assert repr(key) in str(info.value) or key in str(info.value)
    assert "stick_the_dealer" in str(info.value)  # says what the settings are
    with pytest.raises(RulesError, match=key):
        Rules.preset("bga").with_settings(**{key: True})


@pytest.mark.parametrize("name", ["BGA", "euchre", "", None, 3])
def test_unknown_presets_are_rejected(name):
    with pytest.raises(RulesError, match="preset"):
        Rules.from_settings({"preset": name})


@pytest.mark.parametrize("value", [0, 101, -1, 1.5, 10.0, True, "10", None])
def test_target_points_is_a_whole_number_from_1_to_100(value):
    with pytest.raises(RulesError, match="target_points"):
        Rules.from_settings({"target_points": value})


@pytest.mark.parametrize("value", list(range(1, 101)))
def test_every_target_from_1_to_100_is_accepted(value):
    assert Rules.from_settings({"preset": "pagat", "target_points": value}).target_points == value


@pytest.mark.parametrize("key", [k for k, v in SETTINGS_TABLE.items() if isinstance(v[0], bool)])
@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_switches_must_be_true_or_false(key, value):
    with pytest.raises(RulesError, match=key):
        Rules.from_settings({key: value})


@pytest.mark.parametrize("value", ["alone", "MAKER", "", None])
def test_alone_decision_values(value):
    with pytest.raises(RulesError, match="alone_decision"):
        Rules.from_settings({"alone_decision": value})


def test_rules_errors_are_value_errors():
    assert issubclass(RulesError, ValueError)


# ---- the game ------------------------------------------------------------------------------


def play_game(r: Rules, seed: int, first_dealer: Seat = Seat.N):
    rng = random.Random(seed)
    game = new_game(r, first_dealer)
    dealers, totals = [], [0, 0]
    while not game.is_over:
        game = start_hand(game, rng)
        dealers.append(game.hand.dealer)
        while game.hand is not None:
            game = game_apply(game, rng.choice(legal_actions(game.hand)), game.hand.turn)
        points = game.finished[-1].result.points
        totals[0] += points[Team.NS]
        totals[1] += points[Team.EW]
        assert list(game.scores) == totals
    return game, dealers


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_game_to_the_target_with_the_deal_rotating(preset, seed):
    r = Rules.preset(preset)
    first = Seat("NESW"[seed])
    game, dealers = play_game(r, seed, first)
    # the deal passes one seat clockwise after every hand, thrown-in hands included
    assert dealers[0] is first
    assert all(b is a.next for a, b in zip(dealers, dealers[1:], strict=False))
    assert game.dealer is dealers[-1].next
    assert len(game.finished) == len(dealers)
    winner = game.winner
    assert game.score(winner) >= r.target_points
    assert game.score(winner.other) < r.target_points
    # the game stopped at the first hand that reached the target
    before = [sum(h.result.points[t] for h in game.finished[:-1]) for t in (Team.NS, Team.EW)]
    assert max(before) < r.target_points
    with pytest.raises(ValueError, match="over"):
        start_hand(game, random.Random(0))


@pytest.mark.parametrize("target", [1, 2, 15])
def test_game_target_is_a_setting(target):
    r = Rules.from_settings({"preset": "pagat", "target_points": target})
    game, _ = play_game(r, target)
    assert game.score(game.winner) >= target
    if target == 1:
        assert len([h for h in game.finished if not h.result.thrown_in]) == 1


def test_thrown_in_hand_passes_the_deal():
    r = Rules.preset("cardsuite")
    game = start_hand(new_game(r, Seat.E), deal("", dealer="E", upcard="AD"))
    for seat in "SWNE" * 2:
        game = game_apply(game, action(f"{seat} pass")[1], Seat(seat))
    assert game.hand is None
    assert game.dealer is Seat.S
    assert game.scores == (0, 0) and game.finished[-1].result.thrown_in


def test_start_hand_checks_the_dealer_and_the_hand_in_progress():
    game = new_game(Rules.preset("bga"), Seat.W)
    with pytest.raises(ValueError, match="West"):
        start_hand(game, deal("", dealer="N", upcard="AD"))
    game = start_hand(game, deal("", dealer="W", upcard="AD"))
    with pytest.raises(ValueError, match="in progress"):
        start_hand(game, random.Random(0))
    with pytest.raises(ValueError, match="no hand"):
        game_apply(new_game(Rules.preset("bga")), legal_actions(game.hand)[0])


@pytest.mark.parametrize(
    "scores,target,winner",
    [((10, 3), 10, Team.NS), ((3, 11), 11, Team.EW), ((9, 9), 10, None), ((0, 1), 1, Team.EW)],
)
def test_game_winner(scores, target, winner):
    assert game_winner(scores, target) is winner
