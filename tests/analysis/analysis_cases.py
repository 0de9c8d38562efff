"""Deals and states for the analysis tests, written as hand records.

s = record_state("N: JH JD AH AS 9C / E: ... / S: ... / W: ...", dealer="W",
                 upcard="KH", actions="N order_up, N with_partner, W discard 9S")
"""

from __future__ import annotations

import random

from engine import HandRecord, HandState, Rules, Seat, apply, legal_actions
from engine.hand import Phase

RULE_SETS = {
    "bga": Rules.preset("bga"),
    "pagat": Rules.preset("pagat"),
    "cardsuite": Rules.preset("cardsuite"),
    "no_trump": Rules.preset("bga").with_settings(no_trump=True, stick_the_dealer=False),
    "benny": Rules.preset("bga").with_settings(benny=True),
    "no_first_blood": Rules.preset("cardsuite").with_settings(
        no_first_blood=True, lone_defender=True
    ),
}


def record_state(
    hands: str,
    dealer: str = "W",
    upcard: str = "AD",
    actions: str = "",
    preset: str = "bga",
    **settings,
) -> HandState:
    """The state after ``actions`` ('N pass, E order_up, N play AS') from a full deal."""
    seats = {}
    for part in hands.split("/"):
        seat, _, cards = part.partition(":")
        seats[seat.strip()] = cards.split()
    steps = []
    for step in filter(None, (s.strip() for s in actions.split(","))):
        words = step.split()
        item = {"seat": words[0], "do": words[1]}
        if words[1] in ("play", "discard"):
            item["card"] = words[2]
        elif words[1] in ("call", "name"):
            item["suit"] = words[2]
        steps.append(item)
    data = {
        "rules": {"preset": preset, **settings},
        "dealer": dealer,
        "hands": seats,
        "upcard": upcard,
        "actions": steps,
    }
    return HandRecord.from_json(data).replay()


def random_decisions(rules: Rules, rng: random.Random, count: int, plays_only: bool = False):
    """States at random decision points of random hands (random legal actions)."""
    from engine import random_hand

    out = []
    while len(out) < count:
        state = random_hand(rules, Seat.N.after(rng.randrange(4)), rng)
        while state.phase is not Phase.OVER and len(out) < count:
            if (not plays_only or state.phase is Phase.PLAY) and rng.random() < 0.3:
                out.append(state)
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
    return out
