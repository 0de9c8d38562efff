"""What a guided hand's words say about its position agrees with the engine, with the
Benny (a Joker, the highest trump) in the deck and without it: "the lowest club", "a
player with no clubs can trump it", "only a higher trump beats it".

Each fact names its hand, the key decision, the sentence that states it and a check of
the position at that decision. The sentence must still be in the hand's texts, so a
rewording that drops it fails here until its check is rewritten too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

from engine import (
    SEATS,
    Card,
    HandState,
    Seat,
    Suit,
    deck,
    effective_suit,
    is_trump,
    parse_cards,
    trick_strength,
)
from lessons.guided import guided_hand, paths, play_path

SOUTH = Seat.S


def _texts(hand_id: str) -> str:
    hand = guided_hand(hand_id)
    assert hand is not None, hand_id
    parts = [hand.idea, hand.intro]
    for decision in hand.decisions:
        parts += [
            decision.coach,
            decision.why,
            decision.otherwise,
            *(says for _, says in decision.wrong),
        ]
    return " ".join(parts)


def at_decision(hand_id: str, index: int, benny: bool) -> HandState:
    """The position at key decision ``index`` (from 0) of the hand, the Benny in or out."""
    hand = guided_hand(hand_id)
    assert hand is not None, hand_id
    hand = replace(hand, rules=hand.rules.with_settings(benny=benny))
    return next(state for state, at in play_path(hand, paths(hand)[0]) if at == index)


def suit_cards(cards, suit: Suit, trump: Suit | None) -> list[Card]:
    return [card for card in cards if effective_suit(card, trump) is suit]


def others_cards(state: HandState, seat: Seat = SOUTH) -> list[Card]:
    """Every card not in ``seat``'s hand and not yet played: the other hands and the kitty
    (where the Joker lies when it is in the deck)."""
    played = {card for trick in state.tricks for _, card in trick.cards}
    played |= {card for _, card in state.trick}

    return [c for c in deck(state.rules.benny) if c not in state.hand_of(seat) and c not in played]


def highest_of_suit_left(state: HandState, card: Card, seat: Seat = SOUTH) -> bool:
    """No card of ``card``'s suit outside ``seat``'s hand ranks above it."""
    suit = effective_suit(card, state.trump_suit)
    assert suit is not None
    return all(
        trick_strength(other, state.trump_suit, suit) < trick_strength(card, state.trump_suit, suit)
        for other in suit_cards(others_cards(state, seat), suit, state.trump_suit)
    )


def lowest_of_suit(state: HandState, card: Card) -> bool:
    suit = effective_suit(card, state.trump_suit)
    assert suit is not None

    return all(
        trick_strength(other, state.trump_suit, suit) > trick_strength(card, state.trump_suit, suit)
        for other in suit_cards(deck(state.rules.benny), suit, state.trump_suit)
        if other != card
    )


def someone_can_trump(state: HandState, suit: Suit) -> bool:
    """Another player holds no card of ``suit`` and holds a trump."""
    return any(
        not suit_cards(state.hand_of(seat), suit, state.trump_suit)
        and any(is_trump(c, state.trump_suit) for c in state.hand_of(seat))
        for seat in SEATS
        if seat is not SOUTH
    )


def seat_beats(state: HandState, seat: Seat, card: Card) -> bool:
    """``seat`` holds a card of ``card``'s suit that beats it when it is led."""
    suit = effective_suit(card, state.trump_suit)
    assert suit is not None
    return any(
        trick_strength(other, state.trump_suit, suit) > trick_strength(card, state.trump_suit, suit)
        for other in suit_cards(state.hand_of(seat), suit, state.trump_suit)
    )


def trump_on_plain_lead(state: HandState, card: Card) -> bool:
    """Played to this trick, ``card`` is a trump that beats every card of the suit led
    on the table, and only a higher trump could beat it."""
    led = state.led_suit
    assert led is not None and state.trump_suit is not None and state.trick
    mine = trick_strength(card, state.trump_suit, led)
    beaten = all(trick_strength(c, state.trump_suit, led) < mine for _, c in state.trick)
    beaters = [c for c in others_cards(state) if trick_strength(c, state.trump_suit, led) > mine]
    return (
        is_trump(card, state.trump_suit)
        and beaten
        and bool(beaters)  # a higher trump exists: "only a higher trump beats it"
        and all(is_trump(c, state.trump_suit) for c in beaters)
    )


def all_trumps_if(state: HandState, suit: Suit, cards: str = "") -> bool:
    """With ``suit`` as trump, every card in South's hand is a trump (and ``cards``,
    the ones named, are among them)."""
    hand = state.hand_of(SOUTH)
    return all(is_trump(card, suit) for card in hand) and set(parse_cards(cards)) <= set(hand)


def only_club(state: HandState, card: Card) -> bool:
    return suit_cards(state.hand_of(SOUTH), Suit.CLUBS, state.trump_suit) == [card]


@dataclass(frozen=True)
class Fact:
    hand: str
    decision: int
    sentence: str
    holds: Callable[[HandState], bool]


C = Card.parse
FACTS = [
    Fact("lead-trump-for-partner", 0, "Your king of clubs is a high club",
         lambda s: highest_of_suit_left(s, C("KC"))),
    Fact("lead-trump-for-partner", 0, "a player with no clubs can trump it",
         lambda s: someone_can_trump(s, Suit.CLUBS)),
    Fact("lead-trump-for-partner", 0, "A player with no spades can trump your ace",
         lambda s: someone_can_trump(s, Suit.SPADES)),
    Fact("lead-trump-for-partner", 0, "A player with no clubs can trump your ace",
         lambda s: someone_can_trump(s, Suit.CLUBS)),
    Fact("lead-trump-for-partner", 0, "The nine of diamonds is the lowest diamond",
         lambda s: lowest_of_suit(s, C("9D"))),
    Fact("lead-trump-for-partner", 0, "West can beat it",
         lambda s: seat_beats(s, Seat.W, C("9D"))),
    Fact("trump-in-or-follow", 1, "Your trump beats every card of the suit led; only a "
         "higher trump beats it", lambda s: trump_on_plain_lead(s, C("QH"))),
    Fact("lone-hand", 0, "If they are trump, all five of your cards are trumps, both bowers",
         lambda s: all_trumps_if(s, Suit.SPADES, "JS JC")),
    Fact("lone-hand", 0, "With spades as trump, all five of your cards are trumps: both "
         "bowers, the ace, the king and the queen",
         lambda s: all_trumps_if(s, Suit.SPADES, "JS JC AS KS QS")),
    Fact("dealer-discard", 1, "The ace of spades is the highest spade",
         lambda s: highest_of_suit_left(s, C("AS"))),
    Fact("dealer-discard", 1, "The nine of clubs is your only club, and the lowest",
         lambda s: only_club(s, C("9C")) and lowest_of_suit(s, C("9C"))),
]  # fmt: skip


@pytest.mark.parametrize("benny", [False, True], ids=["no-joker", "benny"])
@pytest.mark.parametrize("fact", FACTS, ids=lambda fact: f"{fact.hand}:{fact.sentence[:30]}")
def test_a_guided_hands_words_about_its_position_are_true(fact, benny):
    assert fact.sentence in _texts(fact.hand), f"{fact.hand} no longer says {fact.sentence!r}"
    assert fact.holds(at_decision(fact.hand, fact.decision, benny)), fact.sentence


@pytest.mark.parametrize("benny", [False, True], ids=["no-joker", "benny"])
def test_the_checks_catch_the_old_false_words(benny):
    """The old words were false, and these checks say so: the king of clubs is no "low
    card" (no club left out beats it); "trumping in wins the trick" is not so when an
    opponent still to play holds a higher trump (East, when West leads spades to South's
    queen of hearts: South plays last here, but East holds the ace of hearts)."""
    bidding = at_decision("lone-hand", 0, benny)  # "You hold five spades": four, and a club
    assert bidding.trump_suit is None
    assert sum(card.suit is Suit.SPADES for card in bidding.hand_of(SOUTH)) == 4
    lead = at_decision("lead-trump-for-partner", 0, benny)
    assert not lowest_of_suit(lead, C("KC")) and highest_of_suit_left(lead, C("KC"))
    assert not highest_of_suit_left(lead, C("9D"))
    trump_in = at_decision("trump-in-or-follow", 1, benny)
    east = trump_in.hand_of(Seat.E)
    assert any(
        trick_strength(c, trump_in.trump_suit, Suit.SPADES)
        > trick_strength(C("QH"), trump_in.trump_suit, Suit.SPADES)
        for c in east
    )
