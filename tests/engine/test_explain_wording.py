"""Wording of the engine's sentences: each names what really happened (the dealer picked
up, a defender defended alone, which seat went alone)."""

from __future__ import annotations

from euchre_helpers import act, hand

from engine import explain_makers

DEAL = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def test_makers_of_a_dealer_who_picked_up():
    state = act(
        hand(DEAL, dealer="W", upcard="TD"), "N pass, E pass, S pass, W order_up, W with_partner"
    )
    text = explain_makers(state)
    assert "West, the dealer, picked up the ten of diamonds" in text
    assert "ordered up" not in text and "East-West are the makers" in text


def test_makers_of_a_player_who_ordered_up_or_called():
    ordered = act(hand(DEAL, dealer="W", upcard="TD"), "N pass, E order_up, E with_partner")
    assert "East ordered up the ten of diamonds" in explain_makers(ordered)
    called = act(
        hand(DEAL, dealer="W", upcard="TD"),
        "N pass, E pass, S pass, W pass, N call H, N with_partner",
    )
    assert "North called hearts" in explain_makers(called)


# ---- who went alone, who defended alone -------------------------------------------------------

from engine import Action, Phase, Rules, Seat, Team, explain_action, score_hand  # noqa: E402

STRONG = "S: JH JD AH KH QH"  # South cannot lose a trick with hearts trump


def _lone_hand(settings: dict, decisions: str):
    state = hand(STRONG, dealer="W", upcard="9C", preset="cardsuite", **settings)
    return act(state, "N pass, E pass, S pass, W pass, N pass, E pass, S call H", decisions)


def _play_out(state):
    from engine import apply, legal_actions

    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


def test_a_lone_makers_points_name_the_seat_that_went_alone():
    state = _play_out(_lone_hand({}, "S alone"))
    assert state.result.score.points_won == 4
    text = state.result.score.explanation
    assert "South went alone" in text and "North-South went alone" not in text


def test_without_a_seat_the_team_is_not_said_to_go_alone():
    for tricks in (3, 5):
        text = score_hand(Team.NS, tricks, maker_alone=True).explanation
        assert "North-South went alone" not in text and "alone" in text


def test_a_lone_defenders_points_name_the_seat_that_defended_alone():
    state = _lone_hand({"lone_defender": True}, "S with_partner, E pass, W alone")
    assert state.alone == (Seat.W,)
    euchre = score_hand(Team.NS, 1, defender_alone=True, alone=state.alone)
    assert "West defended alone" in euchre.explanation
    assert "East-West score 4 points" in euchre.explanation


def test_a_defender_saying_alone_in_the_announcement_round_defends_alone():
    state = hand(DEAL, dealer="W", upcard="9C", preset="pagat")
    state = act(state, "N order_up, N pass")
    assert state.phase is Phase.ALONE and state.turn.team is not state.makers
    text = explain_action(state, Action.ALONE)
    assert "defend alone" in text and "go alone" not in text
    assert Rules.preset("pagat").lone_defender
