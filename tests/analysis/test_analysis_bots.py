"""Bots: legal play at every level, decisions from the seat's view only, rules of thumb."""

from __future__ import annotations

import random

import pytest
from analysis_cases import RULE_SETS, random_decisions, record_state

from analysis.bidding import (
    ALONE_THRESHOLD,
    DEFEND_ALONE_THRESHOLD,
    MAKE_THRESHOLD,
    beginner_decision,
    expert_decision,
    place,
)
from analysis.bots import LEVELS, beginner_card, make_bot, play_hand
from analysis.evaluation import evaluate, weakest_card
from analysis.sampling import Sampler
from analysis.worlds import rebuild
from engine import SEATS, Action, Seat, Suit, parse_card, parse_cards, random_hand, seat_view
from engine.hand import Phase

DEAL = "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC"


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_hands_by_the_rules(name, level):
    rng = random.Random(f"{name} {level}")
    bots = [make_bot(level) for _ in SEATS]
    for i in range(1 if level == "expert" else 20):
        end = play_hand(random_hand(RULE_SETS[name], SEATS[i % 4], rng), bots, rng)
        assert end.phase is Phase.OVER  # apply() checked every action


def test_mixed_tables_play_by_seat():
    rng = random.Random(1)
    bots = {
        Seat.N: make_bot("expert"),
        Seat.E: make_bot("random"),
        Seat.S: make_bot("beginner"),
        Seat.W: make_bot("random"),
    }
    end = play_hand(random_hand(RULE_SETS["pagat"], Seat.N, rng), bots, rng)
    assert end.is_over


def _look_alike(state, seat, rng):
    """Another state the seat cannot tell from ``state``, with the hidden cards dealt anew."""
    view = seat_view(state, seat)
    sampler = Sampler(view)
    for _ in range(20):
        other = rebuild(view, sampler.sample(rng), sampler, rng)
        if other.hands != state.hands:
            return other
    return None


DECISIONS = [
    s
    for name in ("bga", "pagat", "benny")
    for s in random_decisions(RULE_SETS[name], random.Random(name), 8)
]


@pytest.mark.parametrize("level", LEVELS)
def test_states_that_look_the_same_get_the_same_decision(level):
    rng = random.Random(2)
    compared = 0
    for state in DECISIONS:
        other = _look_alike(state, state.turn, rng)
        if other is None:
            continue
        assert seat_view(other, state.turn) == seat_view(state, state.turn)
        bot = make_bot(level)
        a = bot.decide(seat_view(state, state.turn), random.Random(5))
        b = bot.decide(seat_view(other, state.turn), random.Random(5))
        assert a == b, (state.phase, a, b)
        compared += 1
    assert compared >= len(DECISIONS) - 2


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level 'master'"):
        make_bot("master")


# ---- the beginner's rules of thumb -----------------------------------------------------------


def _play_view(actions: str, seat: str = None, **kw):
    state = record_state(DEAL, dealer="W", upcard="KD", actions=actions, **kw)
    return seat_view(state, state.turn if seat is None else Seat(seat))


BIDDING = "N pass, E pass, S pass, W pass, N call H, N with_partner"


@pytest.mark.parametrize(
    "actions, card, why",
    [
        (BIDDING, "JH", "makers with the right bower lead it"),
        (
            BIDDING + ", N play 9C",
            "9H",
            "no clubs: the cheapest card that wins is the nine of trumps",
        ),
        (BIDDING + ", N play JH", "9H", "cannot win: the lowest heart"),
        (BIDDING + ", N play AS, E play 9S", "QS", "partner winning: play low"),
        (
            "N pass, E pass, S pass, W pass, N pass, E call C, E with_partner",
            "AH",
            "a defender leads an off-suit ace",
        ),
    ],
)
def test_beginner_rules_of_thumb(actions, card, why):
    view = _play_view(actions)
    assert beginner_card(view) is parse_card(card), why


@pytest.mark.parametrize(
    "hand, upcard, seat, expected",
    [
        ("JH JD AH 9C 9S", "KH", "N", "order_up"),  # three trumps
        ("JH 9C TC 9S TS", "KH", "N", "pass"),  # one trump
        ("JH AH 9C TC 9S", "KH", "W", "order_up"),  # the dealer counts the upcard
    ],
)
def test_beginner_counts_trumps_to_bid(hand, upcard, seat, expected):
    cards = parse_cards(hand)
    view = _bid_view(cards, upcard, Seat(seat))
    assert beginner_decision(view).do.value == expected


def _bid_view(hand, upcard: str, seat: Seat, dealer: Seat = Seat.W):
    """A round-1 view of ``seat`` holding ``hand`` (others from the rest of the deck)."""
    from engine import Deal, deck, new_hand
    from engine import apply as engine_apply

    up = parse_card(upcard)
    rest = [c for c in deck() if c not in hand and c is not up]
    hands, at = [], 0
    for s in SEATS:
        if s is seat:
            hands.append(tuple(hand))
        else:
            hands.append(tuple(rest[at : at + 5]))
            at += 5
    state = new_hand(RULE_SETS["bga"], Deal(dealer, tuple(hands), up, tuple(rest[at:])))
    while state.turn is not seat:
        state = engine_apply(state, Action.PASS)
    return seat_view(state, seat)


# ---- the expert's evaluation and thresholds --------------------------------------------------


def test_thresholds_cover_every_seat():
    for table in (MAKE_THRESHOLD[1], MAKE_THRESHOLD[2], ALONE_THRESHOLD, DEFEND_ALONE_THRESHOLD):
        assert set(table) == {1, 2, 3, 4}
    assert [place(s, Seat.W) for s in SEATS] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "hand, upcard, seat, expected",
    [
        ("JH JD AH KH AS", "9H", "N", "order_up"),  # a loner's hand
        ("JH QH 9C TC 9S", "9H", "N", "pass"),  # two trumps, no ace
        ("9C TC QC 9S TS", "JH", "N", "pass"),  # nothing, and the right bower to the dealer
    ],
)
def test_expert_orders_up_on_the_evaluation(hand, upcard, seat, expected):
    view = _bid_view(parse_cards(hand), upcard, Seat(seat))
    assert expert_decision(view).do.value == expected


def test_the_upcard_counts_for_whoever_gets_it():
    hand = parse_cards("QH AS KS 9C TC")
    up = parse_card("JH")
    mine = evaluate(hand, Suit.HEARTS, up, "me").team_tricks
    partner = evaluate(hand, Suit.HEARTS, up, "partner").team_tricks
    nobody = evaluate(hand, Suit.HEARTS, up, "nobody").team_tricks
    opponent = evaluate(hand, Suit.HEARTS, up, "opponent").team_tricks
    assert mine > partner > nobody > opponent


def test_expert_goes_alone_with_a_loners_hand():
    state = record_state(
        "N: JH JD AH KH AS / E: 9H TH QH 9S TS / S: 9C QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="AD",
        actions="N pass, E pass, S pass, W pass, N call H",
    )
    assert expert_decision(seat_view(state, Seat.N)) == Action.ALONE
    assert beginner_decision(seat_view(state, Seat.N)) == Action.ALONE


def test_weakest_card_keeps_trumps_and_makes_voids():
    hand = parse_cards("JH AH 9S AC KC QH")
    assert weakest_card(hand, Suit.HEARTS) is parse_card("9S")


def test_stuck_dealer_calls():
    state = record_state(
        DEAL,
        dealer="W",
        upcard="KD",
        actions="N pass, E pass, S pass, W pass, N pass, E pass, S pass",
    )
    view = seat_view(state, Seat.W)
    assert Action.PASS not in view.legal
    for decide in (expert_decision, beginner_decision):
        assert decide(view).do.value == "call"
    assert make_bot("expert").decide(view, random.Random(1)) == Action.call(Suit.CLUBS)


def test_expert_beats_random_play():
    rng = random.Random(8)
    from engine import Team, deal_cards, new_hand

    rules = RULE_SETS["bga"]
    edge = 0
    for i in range(10):
        deal = deal_cards(rules, SEATS[i % 4], rng)
        for team in (Team.NS, Team.EW):
            bots = [make_bot("expert" if s.team is team else "random") for s in SEATS]
            points = play_hand(new_hand(rules, deal), bots, rng).result.points
            edge += points[team] - points[team.other]
    assert edge / 20 > 0.5
