"""The exact odds of the deal, checked against an independent brute-force count: every
five-card hand enumerated with itertools, trumps and suits written out by hand here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from analysis.odds import (
    BOWER_PLACES,
    KITTY,
    OPPONENTS,
    PARTNER,
    can_trump_in_share,
    deck_for,
    percent,
    right_bower_odds,
    suit_count_odds,
    trump_count_odds,
    trumps_in,
)
from engine import Rules, Suit, deck

# The test's own deck and trump rules (RULES.md), hearts trump: no engine function used.
CODES = [rank + suit for suit in "CDHS" for rank in "9TJQKA"]
HEART_TRUMPS = {"9H", "TH", "JH", "QH", "KH", "AH", "JD", "JOKER"}
PLAYED_SUIT = {code: code[1] for code in CODES} | {"JD": "H", "JOKER": "H"}


def own_deck(joker: bool) -> list[str]:
    return CODES + (["JOKER"] if joker else [])


def brute_trump_counts(codes: list[str]) -> Counter:
    return Counter(sum(card in HEART_TRUMPS for card in hand) for hand in combinations(codes, 5))


def brute_suit_counts(codes: list[str]) -> Counter:
    return Counter(len({PLAYED_SUIT[card] for card in hand}) for hand in combinations(codes, 5))


@pytest.mark.parametrize("joker", [False, True])
def test_the_engine_deals_the_deck_this_test_counts(joker):
    rules = Rules.preset("bga").with_settings(benny=joker)
    assert sorted(card.code for card in deck_for(rules)) == sorted(own_deck(joker))
    assert trumps_in(deck_for(rules), Suit.HEARTS) == (8 if joker else 7)


@pytest.mark.parametrize("joker", [False, True])
def test_trumps_in_a_hand_match_a_count_of_every_hand(joker):
    codes = own_deck(joker)
    counted = brute_trump_counts(codes)
    hands = sum(counted.values())
    odds = trump_count_odds(deck(joker), Suit.HEARTS)
    assert list(odds) == [0, 1, 2, 3, 4, 5]
    assert odds == {k: Fraction(counted[k], hands) for k in range(6)}
    assert sum(odds.values()) == 1


def test_trumps_in_a_hand_printed_to_one_decimal():
    shown = [percent(share) for share in trump_count_odds(deck(False), Suit.HEARTS).values()]
    assert shown == ["14.6%", "39.2%", "33.6%", "11.2%", "1.4%", "0.0%"]
    shown = [percent(share) for share in trump_count_odds(deck(True), Suit.HEARTS).values()]
    assert shown == ["11.6%", "35.8%", "35.8%", "14.3%", "2.2%", "0.1%"]


@pytest.mark.parametrize("joker", [False, True])
def test_suits_in_a_hand_match_a_count_of_every_hand(joker):
    counted = brute_suit_counts(own_deck(joker))
    hands = sum(counted.values())
    odds = suit_count_odds(deck(joker), Suit.HEARTS)
    assert list(odds) == [4, 3, 2, 1]
    assert odds == {k: Fraction(counted[k], hands) for k in (4, 3, 2, 1)}


@pytest.mark.parametrize("joker, shown", [(False, "55.8%"), (True, "59.9%")])
def test_the_hands_able_to_trump_in_match_a_count_of_every_hand(joker, shown):
    """Able to trump in: no card of some plain suit, and a trump to play when it is led."""
    hands = list(combinations(own_deck(joker), 5))
    able = sum(
        any(card in HEART_TRUMPS for card in hand)
        and bool(set("CDS") - {PLAYED_SUIT[card] for card in hand})
        for hand in hands
    )
    share = can_trump_in_share(deck(joker), Suit.HEARTS)
    assert share == Fraction(able, len(hands)) and percent(share) == shown


@pytest.mark.parametrize("trump", list(Suit))
def test_every_named_suit_gives_the_same_odds(trump):
    assert trump_count_odds(deck(), trump) == trump_count_odds(deck(), Suit.HEARTS)
    assert suit_count_odds(deck(), trump) == suit_count_odds(deck(), Suit.HEARTS)


@pytest.mark.parametrize("joker", [False, True])
def test_where_the_right_bower_lies_matches_a_count_of_every_deal(joker):
    # One seat's hand and the upcard, neither the right bower; every partner hand and
    # every kitty of the unseen cards is equally likely.
    mine, upcard = ["9C", "TC", "QC", "KC", "AC"], "9S"
    unseen = [c for c in own_deck(joker) if c not in mine and c != upcard]
    kitty_size = len(own_deck(joker)) - 21
    partner_hands = list(combinations(unseen, 5))
    kitties = list(combinations(unseen, kitty_size))
    partner = Fraction(sum("JH" in hand for hand in partner_hands), len(partner_hands))
    kitty = Fraction(sum("JH" in cards for cards in kitties), len(kitties))
    odds = right_bower_odds(deck(joker), Suit.HEARTS)
    assert list(odds) == list(BOWER_PLACES)
    assert odds[PARTNER] == partner
    assert odds[KITTY] == kitty
    assert odds[OPPONENTS] == 1 - partner - kitty
    assert [percent(odds[p]) for p in BOWER_PLACES] == (
        ["26.3%", "52.6%", "21.1%"] if joker else ["27.8%", "55.6%", "16.7%"]
    )


def test_a_deck_too_small_to_deal_is_refused():
    with pytest.raises(ValueError, match="cannot deal four hands"):
        trump_count_odds(deck()[:20], Suit.HEARTS)
    no_right_bower = [c for c in deck() if c.code != "JH"]
    with pytest.raises(ValueError, match="no jack of hearts"):
        right_bower_odds(no_right_bower, Suit.HEARTS)


def test_hand_counts_are_whole_numbers_of_hands():
    hands = comb(24, 5)
    for share in suit_count_odds(deck(), Suit.SPADES).values():
        assert (share * hands).denominator == 1
