"""Wording of the engine's sentences: each names what really happened (the dealer picked
up, a defender defended alone, which seat went alone)."""

from __future__ import annotations

from euchre_helpers import act, hand
from engine import explain_makers

DEAL = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def test_makers_of_a_dealer_who_picked_up():
    state = act(hand(DEAL, dealer="W", upcard="TD"),
                "N pass, E pass, S pass, W order_up, W with_partner")
    text = explain_makers(state)
    assert "West, the dealer, picked up the ten of diamonds" in text
    assert "ordered up" not in text and "East-West are the makers" in text


def test_makers_of_a_player_who_ordered_up_or_called():
    ordered = act(hand(DEAL, dealer="W", upcard="TD"), "N pass, E order_up, E with_partner")
    assert "East ordered up the ten of diamonds" in explain_makers(ordered)
    called = act(hand(DEAL, dealer="W", upcard="TD"),
                 "N pass, E pass, S pass, W pass, N call H, N with_partner")
    assert "North called hearts" in explain_makers(called)
