"""Explanations (engine.explain): the sentences a learner reads agree with RULES.md and with
what the engine decided."""

import random

import pytest
from euchre_helpers import act, hand, plays

from engine import (
    NO_TRUMP,
    Action,
    Phase,
    Rules,
    Seat,
    Suit,
    Trick,
    apply,
    card_role,
    describe_card,
    explain_action,
    explain_first_lead,
    explain_makers,
    explain_pickup,
    explain_play,
    explain_result,
    explain_trick,
    legal_actions,
    parse_card,
    random_hand,
    winner_of,
)

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES

DESCRIBE = [
    ("JH", H, False, ["right bower", "highest heart"]),
    ("JD", H, False, ["left bower", "second-highest heart"]),
    ("AH", H, False, ["trump", "third-highest heart"]),
    ("9H", H, False, ["trump", "lowest heart"]),
    ("AD", H, False, ["not a trump", "highest diamond"]),
    ("TD", H, False, ["not a trump", "fourth-highest diamond"]),  # A K Q 10 9: no jack
    ("9D", H, False, ["not a trump", "lowest diamond"]),
    ("JC", S, False, ["left bower", "second-highest spade"]),
    ("JS", S, False, ["right bower", "highest spade"]),
    ("JS", C, False, ["left bower", "second-highest club"]),
    ("JOKER", H, True, ["Benny", "highest heart"]),
    ("JH", H, True, ["right bower", "second-highest heart"]),
    ("JD", H, True, ["left bower", "third-highest heart"]),
    ("JD", None, False, ["ordinary diamond", "fourth-highest diamond"]),
    ("AS", None, False, ["highest spade"]),
    ("JOKER", None, True, ["no suit"]),
]


@pytest.mark.parametrize(
    "code,trump,benny,phrases",
    DESCRIBE,
    ids=[f"{c}-{t.letter if t else 'NT'}{'-benny' if b else ''}" for c, t, b, _ in DESCRIBE],
)
def test_describe_card(code, trump, benny, phrases):
    text = describe_card(parse_card(code), trump, benny)
    for phrase in phrases:
        assert phrase in text, text


ROLES = [
    ("JH", H, "right bower"),
    ("JD", H, "left bower"),
    ("AH", H, "trump"),
    ("AD", H, ""),
    ("JOKER", C, "Benny"),
    ("JC", S, "left bower"),
    ("JS", None, ""),
    ("JC", C, "right bower"),
]


@pytest.mark.parametrize("code,trump,role", ROLES)
def test_card_role(code, trump, role):
    assert card_role(parse_card(code), trump) == role


# ---- plays and tricks ------------------------------------------------------------------------

DEAL_1 = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def hearts():
    state = hand(DEAL_1, dealer="W", upcard="9C", preset="cardsuite")
    return act(state, "N pass, E pass, S pass, W pass, N call H, N with_partner")


def test_explain_play_lead_follow_and_void():
    state = hearts()
    assert "any card" in explain_play(state, parse_card("AH"))
    state = plays(state, "N:AH")
    text = explain_play(state, parse_card("JD"))
    assert "the jack of diamonds is a heart when hearts are trump" in text
    illegal = explain_play(state, parse_card("AC"))
    assert "must follow hearts" in illegal
    assert "does not hold" in explain_play(state, parse_card("AS"))
    void = plays(hearts(), "N:QC E:TC S:JC")
    text = explain_play(void, parse_card("TH"))
    assert "no clubs" in text and "never required" in text


def test_explain_play_outside_play():
    state = hand(DEAL_1, dealer="W", upcard="9C")
    assert "No card is played now" in explain_play(state, parse_card("AH"))


@pytest.mark.parametrize(
    "cards,trump,winner,phrases",
    [
        (
            "N:QC E:TC S:JC W:AD",
            H,
            "N",
            ["No trump was played", "highest club", "North", "other suits cannot win"],
        ),
        ("N:QC E:TC S:JC W:TH", H, "W", ["West", "ten of hearts", "only trump"]),
        ("N:AH E:JD S:KH W:QH", H, "E", ["East", "left bower", "highest trump"]),
        ("N:JD E:AH S:KH W:QH", H, "N", ["trump was led", "left bower"]),
        ("N:JOKER E:JH S:AH W:9C", H, "N", ["Benny", "trump was led"]),
        ("N:JD E:QD S:AH W:9C", None, "E", ["There is no trump", "queen of diamonds"]),
    ],
)
def test_explain_trick(cards, trump, winner, phrases):
    played = tuple((Seat(t.split(":")[0]), parse_card(t.split(":")[1])) for t in cards.split())
    assert winner_of(played, trump) is Seat(winner)
    text = explain_trick(Trick(played[0][0], played, Seat(winner)), trump)
    for phrase in phrases:
        assert phrase in text, text


# ---- results --------------------------------------------------------------------------------

DEAL_5 = "N: JH JD AH KH QH / E: AC KC QC JC TC / S: AD KD QD TD 9D / W: AS KS QS JS TS"


def finish(state):
    while not state.is_over:
        state = apply(state, legal_actions(state)[0], state.turn)
    return state


@pytest.mark.parametrize(
    "bidding,settings,phrases",
    [
        ("N order_up, N alone, W discard 9H", {}, ["alone", "all 5", "4 points"]),
        ("N order_up, N with_partner, W discard 9H", {}, ["all 5", "march", "2 points"]),
        ("N pass, E order_up, E alone", {}, ["euchred", "2 points", "Going alone does not change"]),
        (
            "N pass, E order_up, E with_partner, W discard 9H, N alone",
            {"lone_defender": True},
            ["euchred", "defended alone", "4 points"],
        ),
    ],
)
def test_explain_result(bidding, settings, phrases):
    state = finish(act(hand(DEAL_5, dealer="W", upcard="9H", **settings), bidding))
    text = explain_result(state)
    for phrase in phrases:
        assert phrase in text, text


def test_explain_result_lone_three_is_one_point():
    deal_3 = "N: JH JD AH 9C 9S / E: AC KC QC JC TC / S: AD KD QD TD 9D / W: AS KS QS JS TS"
    state = act(hand(deal_3, dealer="W", upcard="9H"), "N order_up, N alone, W discard TS")
    state = plays(
        state, "N:JH E:TC W:9H  N:JD E:JC W:JS  N:AH E:QC W:QS  N:9C E:AC W:KS E:KC W:AS N:9S"
    )
    assert state.result.points[state.makers] == 1
    text = explain_result(state)
    assert "4 only if it takes all 5" in text and "1 point" in text


def test_explain_result_thrown_in_and_in_progress():
    state = hand(DEAL_1, dealer="W", upcard="9C", preset="cardsuite")
    assert "not over" in explain_result(state)
    state = act(state, "N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass")
    assert "thrown in" in explain_result(state) and "nobody scores" in explain_result(state)


# ---- bids, pick-up, makers, first lead ---------------------------------------------------------


def test_explain_action_bidding():
    state = hand(DEAL_1, dealer="W", upcard="TD")
    text = explain_action(state, Action.ORDER_UP)
    assert "dealer, West" in text and "pick" in text  # trap 4: the dealer picks up
    dealer_turn = act(state, "N pass, E pass, S pass")
    assert "The dealer, West, picks up" in explain_action(dealer_turn, Action.ORDER_UP)
    round2 = act(state, "N pass, E pass, S pass, W pass")
    assert "turned-down" in explain_action(round2, Action.call(S))
    assert "turned down" in explain_action(round2, Action.call(D))  # illegal: the reason
    assert "stuck" in explain_action(round2, Action.PASS)  # bga: only the dealer
    stuck = act(round2, "N pass, E pass, S pass")
    assert "must call" in explain_action(stuck, Action.PASS)
    # No trump is not a suit: "any suit but the turned-down one" was said of it too.
    no_trump = hand(DEAL_1, dealer="W", upcard="TD", no_trump=True)
    no_trump = act(no_trump, "N pass, E pass, S pass, W pass")
    assert explain_action(no_trump, Action.call(NO_TRUMP)) == (
        "North may call no trump: the no-trump house rule allows it in round 2."
    )


def test_explain_action_discard_and_alone():
    state = act(hand(DEAL_1, dealer="W", upcard="TD"), "N order_up")
    # Said after the move too ("North goes alone."): the rule, not "North may".
    assert explain_action(state, Action.ALONE) == (
        "A maker may go alone: North's partner, South, sits out."
    )
    assert explain_action(state, Action.WITH_PARTNER) == "North plays with their partner, South."
    state = act(state, "N with_partner")
    text = explain_action(state, Action.discard(parse_card("TD")))
    assert "six cards" in text and "upcard included" in text


def test_explain_pickup_and_makers():
    state = act(hand(DEAL_1, dealer="W", upcard="TD"), "N pass, E order_up, E with_partner")
    assert "goes to the dealer, not to them" in explain_pickup(state)
    assert "East" in explain_makers(state) and "at least 3 tricks" in explain_makers(state)
    alone = act(hand(DEAL_1, dealer="W", upcard="TD"), "N pass, E order_up, E alone")
    assert "nobody picks up" in explain_pickup(alone)
    dealer = act(
        hand(DEAL_1, dealer="W", upcard="TD"), "N pass, E pass, S pass, W order_up, W with_partner"
    )
    assert "picked it up" in explain_pickup(dealer)
    benny = act(hand(DEAL_1, dealer="W", upcard="JOKER", benny=True), "W name C")
    assert "named" in explain_makers(benny)
    assert "Nobody" in explain_makers(hand(DEAL_1, dealer="W", upcard="TD"))


@pytest.mark.parametrize(
    "settings,decisions,leader,phrase",
    [
        ({}, "S alone", "E", "sits out"),
        ({}, "N with_partner", "N", "dealer's left"),
        ({"loner_starts_last": True}, "S alone", "W", "loner's left"),
        (
            {"loner_starts_last": True, "lone_defender": True},
            "S alone, E alone",
            "E",
            "defender leads",
        ),
    ],
)
def test_explain_first_lead(settings, decisions, leader, phrase):
    state = hand(DEAL_1, dealer="W", upcard="9C", preset="cardsuite", **settings)
    caller = decisions.split()[0]
    state = act(state, "N pass, E pass, S pass, W pass")
    while state.turn is not Seat(caller):
        state = act(state, f"{state.turn.value} pass")
    state = act(state, f"{caller} call H", decisions)
    text = explain_first_lead(state)
    assert phrase in text and Seat(leader).word in text
    assert state.turn is Seat(leader)


# ---- the sentences agree with the engine on random hands ---------------------------------------


@pytest.mark.parametrize("preset", ["bga", "pagat", "cardsuite"])
def test_sentences_agree_with_the_engine_on_random_hands(preset):
    rules = Rules.preset(preset)
    rng = random.Random(7)
    for i in range(15):
        state = random_hand(rules, Seat("NESW"[i % 4]), rng)
        while not state.is_over:
            if state.phase is Phase.PLAY:
                if not state.tricks and not state.trick:
                    assert state.turn.word in explain_first_lead(state)
                legal = {a.card for a in legal_actions(state)}
                for card in state.hand_of(state.turn):
                    text = explain_play(state, card)
                    refused = "must follow" in text or "No first blood" in text
                    assert refused == (card not in legal)
            for a in legal_actions(state):
                assert explain_action(state, a)
            state = apply(state, rng.choice(legal_actions(state)), state.turn)
        for trick in state.tricks:
            text = explain_trick(trick, state.trump_suit)
            assert trick.winner.word in text
        assert explain_result(state)
