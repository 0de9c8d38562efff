"""The fast path of play agrees with the plain path, action by action.

The fast path is what ``legal_actions`` and ``apply`` run in the play phase:
integer tables (``engine.tables``), the follow-suit check ``may_play``, the
remembered answer of the last ``legal_actions`` call, and ``tricks.play_card``.
The plain path is ``engine.reference``: RULES.md written out on card objects.
Over 100,000 random plays, dealt and chosen from fixed seeds under every preset
and every variant, both must give the same legal cards (in the same order), the
same answer for every card in hand, the same trick winners and equal states.
"""

from __future__ import annotations

import random

import pytest

from engine import NO_TRUMP, SEATS, Action, Phase, Rules, apply, deal_cards, legal_actions, new_hand
from engine.legality import may_play
from engine.reference import plain_legal_plays, plain_play, plain_trick_winner
from engine.rules import PRESETS
from engine.state import shuffle
from engine.tricks import trick_winner

PLAYS = 100_000
VARIANTS = [
    {},
    {"no_first_blood": True},
    {"benny": True},
    {"no_trump": True},
    {"lone_defender": True},
    {"loner_starts_last": True},
    {"canadian_loner": True},
    {"alone_decision": "any", "lone_defender": True},
    {"stick_the_dealer": False},
    {"benny": True, "no_first_blood": True, "lone_defender": True},
]
RULE_SETS = [
    Rules.from_settings({"preset": preset, **variant}) for preset in PRESETS for variant in VARIANTS
]


def _bid(state, rng: random.Random):
    """A random choice, leaning to 'alone' and to no trump so that those hands come up."""
    legal = legal_actions(state)
    leaning = [a for a in legal if a is Action.ALONE or a.suit is NO_TRUMP]
    if leaning and rng.random() < 0.4:
        return rng.choice(leaning)
    return rng.choice(legal)


def test_fast_and_plain_paths_agree_on_100000_random_plays():
    rng = random.Random(20240613)
    plays = winners = lone_hands = 0
    hand_number = 0
    while plays < PLAYS:
        rules = RULE_SETS[hand_number % len(RULE_SETS)]
        state = new_hand(rules, deal_cards(rules, SEATS[hand_number % 4], rng))
        hand_number += 1
        previous = state
        while not state.is_over:
            if state.phase is not Phase.PLAY:
                previous, state = state, apply(state, _bid(state, rng))
                continue
            plain = plain_legal_plays(state)
            if plays % 2:  # every other play, apply without asking first: the table check alone
                legal_actions(previous)
                assert [may_play(state, card) for card in state.hand_of(state.turn)] == [
                    card in plain for card in state.hand_of(state.turn)
                ]
                card = rng.choice(plain)
            else:
                fast = legal_actions(state)
                assert [a.card for a in fast] == plain, state.actions
                card = rng.choice(fast).card
            after = apply(state, Action.play(card))
            assert after == plain_play(state, card), state.actions
            if len(after.tricks) > len(state.tricks):
                trick = after.tricks[-1]
                assert trick.winner is plain_trick_winner(trick.cards, state.trump_suit)
                assert trick_winner(trick.cards, state.trump) is trick.winner
                winners += 1
            plays += 1
            previous, state = state, after
        lone_hands += bool(state.alone)
    # Every trick has at least 2 cards (two lone players) and at most 4; lone hands came up.
    assert PLAYS // 4 <= winners <= PLAYS // 2 + 1 and lone_hands > 1000


@pytest.mark.parametrize("size", [24, 25, 3, 1, 0])
def test_the_deal_shuffles_as_random_shuffle_does(size):
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_a_random_subclass_shuffles_itself():
    class Loaded(random.Random):
        def shuffle(self, x):
            x.reverse()

    cards = list(range(24))
    shuffle(cards, Loaded(1))
    assert cards == list(range(23, -1, -1))
