"""Rank order and effective suit of every card under every trump (RULES.md 'Card ranking')."""

import itertools
from collections import Counter

import pytest
from euchre_helpers import spec_winner

from engine import (
    JOKER,
    Seat,
    Suit,
    deck,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    parse_card,
    parse_suit,
    rank_order,
    sort_hand,
    suit_order,
    trump_position,
    winner_of,
)

# Every suit's order, highest first, under every trump ("-" = no trump), written out in full.
ORDERS = {
    # clubs trump: the jack of spades is the left bower and leaves the spade suit
    ("C", "C"): "JC JS AC KC QC TC 9C",
    ("C", "D"): "AD KD QD JD TD 9D",
    ("C", "H"): "AH KH QH JH TH 9H",
    ("C", "S"): "AS KS QS TS 9S",
    # diamonds trump
    ("D", "C"): "AC KC QC JC TC 9C",
    ("D", "D"): "JD JH AD KD QD TD 9D",
    ("D", "H"): "AH KH QH TH 9H",
    ("D", "S"): "AS KS QS JS TS 9S",
    # hearts trump (RULES.md's example: J of diamonds is the second-highest heart,
    # the diamond suit then has only A K Q 10 9)
    ("H", "C"): "AC KC QC JC TC 9C",
    ("H", "D"): "AD KD QD TD 9D",
    ("H", "H"): "JH JD AH KH QH TH 9H",
    ("H", "S"): "AS KS QS JS TS 9S",
    # spades trump
    ("S", "C"): "AC KC QC TC 9C",
    ("S", "D"): "AD KD QD JD TD 9D",
    ("S", "H"): "AH KH QH JH TH 9H",
    ("S", "S"): "JS JC AS KS QS TS 9S",
    # no trump (declared, or not yet made): A K Q J 10 9, jacks ordinary
    ("-", "C"): "AC KC QC JC TC 9C",
    ("-", "D"): "AD KD QD JD TD 9D",
    ("-", "H"): "AH KH QH JH TH 9H",
    ("-", "S"): "AS KS QS JS TS 9S",
}

BENNY_TRUMP_ORDERS = {
    "C": "JOKER JC JS AC KC QC TC 9C",
    "D": "JOKER JD JH AD KD QD TD 9D",
    "H": "JOKER JH JD AH KH QH TH 9H",
    "S": "JOKER JS JC AS KS QS TS 9S",
}

# The cards whose effective suit is not their printed suit.
DISGUISED = {
    "C": {"JS": "C", "JOKER": "C"},
    "D": {"JH": "D", "JOKER": "D"},
    "H": {"JD": "H", "JOKER": "H"},
    "S": {"JC": "S", "JOKER": "S"},
    "-": {"JOKER": None},
}
LEFT_BOWER = {"C": "JS", "D": "JH", "H": "JD", "S": "JC"}


def trump_of(key: str):
    return None if key == "-" else parse_suit(key)


@pytest.mark.parametrize("trump,suit", list(ORDERS), ids=[f"{t}-trump-{s}" for t, s in ORDERS])
def test_suit_order(trump, suit):
    got = " ".join(c.code for c in suit_order(parse_suit(suit), trump_of(trump)))
    assert got == ORDERS[(trump, suit)]


@pytest.mark.parametrize("trump,suit", list(ORDERS), ids=[f"{t}-trump-{s}" for t, s in ORDERS])
def test_suit_order_with_benny(trump, suit):
    """With the Joker in the deck the trump suit gains it on top; other suits are unchanged."""
    if trump == "-":
        expected = ORDERS[(trump, suit)]
    else:
        expected = BENNY_TRUMP_ORDERS[trump] if trump == suit else ORDERS[(trump, suit)]
    got = " ".join(c.code for c in suit_order(parse_suit(suit), trump_of(trump), benny=True))
    assert got == expected


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_trump_has_seven_cards_and_next_suit_five(trump):
    t = parse_suit(trump)
    assert len(suit_order(t, t)) == 7
    assert len(suit_order(t.same_colour, t)) == 5
    assert len(suit_order(t, t, benny=True)) == 8
    assert sum(is_trump(c, t) for c in deck()) == 7
    assert sum(is_trump(c, t) for c in deck(benny=True)) == 8


@pytest.mark.parametrize("trump", ["C", "D", "H", "S", "-"])
def test_rank_order_lists_every_card_once_trump_first(trump):
    groups = rank_order(trump_of(trump))
    cards = [c for _, group in groups for c in group]
    assert Counter(cards) == Counter(deck())
    if trump != "-":
        suit, group = groups[0]
        assert suit is parse_suit(trump)
        assert " ".join(c.code for c in group) == ORDERS[(trump, trump)]
    for suit, group in groups:
        key = (trump, suit.letter)
        assert " ".join(c.code for c in group) == ORDERS[key]


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_rank_order_with_benny_puts_the_joker_first(trump):
    groups = rank_order(parse_suit(trump), benny=True)
    assert " ".join(c.code for c in groups[0][1]) == BENNY_TRUMP_ORDERS[trump]
    assert Counter(c for _, g in groups for c in g) == Counter(deck(benny=True))


CARD_TRUMP = [(c.code, t) for t in ["C", "D", "H", "S", "-"] for c in deck(benny=True)]


@pytest.mark.parametrize("code,trump", CARD_TRUMP, ids=[f"{c}-{t}" for c, t in CARD_TRUMP])
def test_effective_suit_of_every_card_under_every_trump(code, trump):
    card = parse_card(code)
    expected = DISGUISED[trump].get(code, code[1] if code != "JOKER" else None)
    got = effective_suit(card, trump_of(trump))
    assert (got.letter if got is not None else None) == expected
    t = trump_of(trump)
    assert is_trump(card, t) == (t is not None and expected == trump)
    assert is_right_bower(card, t) == (t is not None and code == "J" + trump)
    assert is_left_bower(card, t) == (t is not None and code == LEFT_BOWER[trump])


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_trump_position(trump):
    t = parse_suit(trump)
    for i, code in enumerate(ORDERS[(trump, trump)].split(), 1):
        assert trump_position(parse_card(code), t) == i
    for i, code in enumerate(BENNY_TRUMP_ORDERS[trump].split(), 1):
        assert trump_position(parse_card(code), t, benny=True) == i
    for code in ORDERS[(trump, t.same_colour.letter)].split():
        assert trump_position(parse_card(code), t) is None


@pytest.mark.parametrize("trump", ["C", "D", "H", "S", "-"])
def test_every_lead_against_every_card(trump):
    """Two-card tricks: highest trump wins, else the highest card of the suit led."""
    t = trump_of(trump)
    spec_trump = None if trump == "-" else trump
    cards = deck(benny=trump != "-")
    for a, b in itertools.permutations(cards, 2):
        trick = [(Seat.N, a), (Seat.E, b)]
        expected = spec_winner([("N", a.code), ("E", b.code)], spec_trump)
        assert winner_of(trick, t).value == expected, (trump, a.code, b.code)


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_left_bower_is_not_its_printed_suit(trump):
    t = parse_suit(trump)
    left = parse_card(LEFT_BOWER[trump])
    nine_next = parse_card("9" + t.same_colour.letter)
    # the left bower beats the ace of trump, and any card of its printed suit...
    assert winner_of([(Seat.N, parse_card("A" + trump)), (Seat.E, left)], t) is Seat.E
    assert (
        winner_of([(Seat.N, parse_card("A" + t.same_colour.letter)), (Seat.E, left)], t) is Seat.E
    )
    # ...and loses to the right bower; led, it is trump led
    assert winner_of([(Seat.N, left), (Seat.E, parse_card("J" + trump))], t) is Seat.E
    assert winner_of([(Seat.N, left), (Seat.E, nine_next)], t) is Seat.N


def test_highest_card_on_table_does_not_win_trap_9():
    # hearts trump, 9 of clubs led; the ace of spades is higher but not of the suit led
    trick = [
        (Seat.N, parse_card("9C")),
        (Seat.E, parse_card("AS")),
        (Seat.S, parse_card("AD")),
        (Seat.W, parse_card("TC")),
    ]
    assert winner_of(trick, Suit.HEARTS) is Seat.W
    # the lowest trump beats them all
    assert winner_of(trick + [(Seat.N, parse_card("9H"))], Suit.HEARTS) is Seat.N


def test_no_trump_jacks_are_ordinary():
    trick = [(Seat.N, parse_card("JD")), (Seat.E, parse_card("QD")), (Seat.S, parse_card("JH"))]
    assert winner_of(trick, None) is Seat.E


def test_benny_beats_the_right_bower_and_led_is_trump():
    trick = [(Seat.N, JOKER), (Seat.E, parse_card("JS")), (Seat.S, parse_card("AS"))]
    assert winner_of(trick, Suit.SPADES) is Seat.N
    trick = [(Seat.N, parse_card("JS")), (Seat.E, JOKER)]
    assert winner_of(trick, Suit.CLUBS) is Seat.E
    assert effective_suit(JOKER, Suit.DIAMONDS) is Suit.DIAMONDS


def test_sort_hand_shows_trumps_first_highest_first():
    cards = [parse_card(c) for c in ["9C", "JD", "AH", "9H", "KD"]]
    shown = [c.code for c in sort_hand(cards, Suit.HEARTS)]
    assert shown[:3] == ["JD", "AH", "9H"]
    assert sorted(shown) == sorted(c.code for c in cards)


# ---- figures learners ask about (TEACHING.md), counted with the engine's trump test -----------


def test_number_of_five_card_hands():
    assert sum(1 for _ in itertools.combinations(deck(), 5)) == 42504


def test_chances_of_holding_k_trumps():
    """0..5 trumps of a named suit (seven with the left bower):
    14.56% 39.20% 33.60% 11.20% 1.40% 0.05%."""
    counts = Counter(
        sum(is_trump(c, Suit.HEARTS) for c in h) for h in itertools.combinations(deck(), 5)
    )
    total = sum(counts.values())
    shown = [round(100 * counts[k] / total, 2) for k in range(6)]
    assert shown == [14.56, 39.20, 33.60, 11.20, 1.40, 0.05]
