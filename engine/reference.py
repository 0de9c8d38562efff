"""The play phase written plainly: RULES.md 'Play' on card objects and the ranking functions.

No tables, no shortcuts: the yardstick for the fast path (the table-driven
checks of ``engine.legality`` and ``engine.tricks.play_card``), which
tests/engine/test_fast_path.py holds to it over 100,000 random plays. Too slow
for search, and never called by ``apply``.

>>> from engine.notation import parse_card, parse_seat
>>> from engine.cards import Suit
>>> trick = [(parse_seat("N"), parse_card("AD")), (parse_seat("E"), parse_card("JD"))]
>>> plain_trick_winner(trick, Suit.HEARTS)  # the left bower is a heart, and trumps it
Seat.E
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cards import Card, Suit
from engine.ranking import effective_suit, is_trump, suit_order
from engine.scoring import score_hand
from engine.seats import SEATS, Seat
from engine.state import HAND_SIZE, HandResult, HandState, Phase, Trick


def plain_legal_plays(state: HandState) -> list[Card]:
    """The cards the seat to play may play, in the order of their hand."""
    assert state.turn is not None  # in play, a seat is to play
    hand = list(state.hand_of(state.turn))
    trump = state.trump_suit
    if state.trick:  # follow the suit led if you can (the left bower and Benny are trumps)
        led = effective_suit(state.trick[0][1], trump)
        following = [card for card in hand if effective_suit(card, trump) is led]
        return following or hand
    if state.rules.no_first_blood and not state.tricks and trump is not None:
        not_trumps = [card for card in hand if not is_trump(card, trump)]
        return not_trumps or hand
    return hand


def plain_trick_winner(cards: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """The highest trump in the trick; if it holds none, the highest card of the suit led."""
    trumps = [(seat, card) for seat, card in cards if is_trump(card, trump)]
    if trumps:
        contenders, suit = trumps, trump
    else:
        suit = effective_suit(cards[0][1], trump)
        contenders = [(seat, card) for seat, card in cards if effective_suit(card, trump) is suit]
    assert suit is not None  # a trick is played under a trump or no trump, never with the Joker
    highest_first = suit_order(suit, trump, benny=True)
    return min(contenders, key=lambda played: highest_first.index(played[1]))[0]


def plain_play(state: HandState, card: Card) -> HandState:
    """The state after the seat to play plays ``card`` (which must be legal)."""
    seat = state.turn
    assert seat is not None and state.leader is not None  # in play: a seat plays, one led
    hands = list(state.hands)
    hands[seat.index] = tuple(held for held in hands[seat.index] if held is not card)
    trick = state.trick + ((seat, card),)
    actions = state.actions + ((seat, Action.play(card)),)
    playing = [s for s in SEATS if s not in state.sitting_out]
    if len(trick) < len(playing):
        nxt = seat.next
        while nxt not in playing:
            nxt = nxt.next
        return state._replace(hands=tuple(hands), trick=trick, actions=actions, turn=nxt)
    winner = plain_trick_winner(trick, state.trump_suit)
    won = list(state.tricks_won)
    won[winner.team.index] += 1
    tricks = state.tricks + (Trick(state.leader, trick, winner),)
    if len(tricks) < HAND_SIZE:
        return state._replace(
            hands=tuple(hands),
            trick=(),
            tricks=tricks,
            tricks_won=(won[0], won[1]),
            actions=actions,
            turn=winner,
            leader=winner,
        )
    assert state.maker is not None  # play follows the making of trump
    makers = state.maker.team
    score = score_hand(
        makers,
        won[makers.index],
        maker_alone=any(s.team is makers for s in state.alone),
        defender_alone=any(s.team is not makers for s in state.alone),
        alone=state.alone,
    )
    return state._replace(
        hands=tuple(hands),
        trick=(),
        tricks=tricks,
        tricks_won=(won[0], won[1]),
        actions=actions,
        phase=Phase.OVER,
        turn=None,
        result=HandResult(False, won[makers.index], score),
    )
