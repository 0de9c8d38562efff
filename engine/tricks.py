"""Playing a card: the next state, who wins a finished trick, and the hand's result.

The plain sources' path of play: it builds the next ``HandState`` from its fields
and finds a trick's winner on the integer strength tables of ``engine.tables``.
The compiled build plays a state in C instead (engine/native_state.pyx, on the
same tables), and comes here only for a state it cannot hold in C.
``engine.reference`` plays the same phase in plain words;
tests/engine/test_fast_path.py checks that they agree.
Legality is checked before this is called (``engine.legality.may_play``).
"""

from __future__ import annotations

from engine.actions import PLAY, Action
from engine.cards import ALL_CARDS, Card, NoTrump, Suit
from engine.scoring import score_hand
from engine.seats import SEATS, Seat, Team
from engine.state import HAND_SIZE, HandResult, HandState, Phase, Trick, make_state
from engine.tables import STRENGTH, SUIT_NUMBER

_new = tuple.__new__
_NS = Team.NS
_OVER = Phase.OVER


def trick_winner(cards: tuple[tuple[Seat, Card], ...], trump: Suit | NoTrump | None) -> Seat:
    """The seat whose card wins a complete trick of (seat, card) pairs: the highest trump,
    else the highest card of the suit led (``trump`` None or NO_TRUMP: no trump)."""
    winner, card = cards[0]
    led = card.index
    strength = STRENGTH[trump][SUIT_NUMBER[trump][led]]
    best = strength[led]
    for seat, card in cards:
        value = strength[card.index]
        if value > best:
            best = value
            winner = seat
    return winner


def play_card(state: HandState, action: Action) -> HandState:
    """The state after the seat to play plays ``action.card`` (already checked legal)."""
    (
        rules,
        deal,
        phase,
        turn,
        hands,
        trump,
        maker,
        alone,
        took,
        discarded,
        leader,
        trick,
        tricks,
        tricks_won,
        history,
        result,
    ) = state[:]  # an exact tuple: unpacks without iterating
    card = action.card
    assert turn is not None and card is not None and maker is not None  # in play, all three are
    i = turn.index
    hand = hands[i]
    at = hand.index(card)
    if at == 0:  # one slice, not two and a join, when the card is at either end
        hand = hand[1:]
    elif at == len(hand) - 1:
        hand = hand[:at]
    else:
        hand = hand[:at] + hand[at + 1 :]
    if i == 0:
        hands = (hand, hands[1], hands[2], hands[3])
    elif i == 1:
        hands = (hands[0], hand, hands[2], hands[3])
    elif i == 2:
        hands = (hands[0], hands[1], hand, hands[3])
    else:
        hands = (hands[0], hands[1], hands[2], hand)
    pairs = _PAIRS[i][card.index]  # the shared ((seat, card), (seat, play card)) pairs
    trick += (pairs[0],)
    history += (pairs[1] if pairs[1][1] is action else (turn, action),)
    players, next_player = _SEATING[alone] if alone in _SEATING else _seating(alone)
    if len(trick) < players:
        return make_state(
            (
                rules,
                deal,
                phase,
                next_player[i],
                hands,
                trump,
                maker,
                alone,
                took,
                discarded,
                leader,
                trick,
                tricks,
                tricks_won,
                history,
                result,
            ),
        )
    winner = trick_winner(trick, trump)
    ns, ew = tricks_won
    if winner.team is _NS:
        ns += 1
    else:
        ew += 1
    tricks += (_new(Trick, (leader, trick, winner)),)
    if len(tricks) < HAND_SIZE:
        return make_state(
            (
                rules,
                deal,
                phase,
                winner,
                hands,
                trump,
                maker,
                alone,
                took,
                discarded,
                winner,
                (),
                tricks,
                _WON[ns][ew],
                history,
                result,
            ),
        )
    return make_state(
        (
            rules,
            deal,
            _OVER,
            None,
            hands,
            trump,
            maker,
            alone,
            took,
            discarded,
            leader,
            (),
            tricks,
            (ns, ew),
            history,
            hand_result(maker.team, ns, ew, alone),
        ),
    )


# Tuples never change, so equal ones may be shared: the (seat, card) pair a play adds to the
# trick and the (seat, action) pair it adds to the history, by seat index and card index;
# and the tricks-won pairs, by count. Sharing them saves building them on every play.
_PAIRS = tuple(
    tuple(((seat, card), (seat, PLAY[card.index])) for card in ALL_CARDS) for seat in SEATS
)
# Who plays in a trick, by who went alone: how many players, and each seat's next player
# (partners of lone players sit out). Filled in as lone players come up (a few dozen at most).
_SEATING: dict[tuple[Seat, ...], tuple[int, tuple[Seat, ...]]] = {}


def _seating(alone: tuple[Seat, ...]) -> tuple[int, tuple[Seat, ...]]:
    out = [seat.partner for seat in alone]
    next_player = []
    for seat in SEATS:
        nxt = seat.next
        while nxt in out:
            nxt = nxt.next
        next_player.append(nxt)
    seating = _SEATING[alone] = (4 - len(out), tuple(next_player))
    return seating


_WON = tuple(tuple((ns, ew) for ew in range(HAND_SIZE + 1)) for ns in range(HAND_SIZE + 1))


def hand_result(makers: Team, ns: int, ew: int, alone: tuple[Seat, ...]) -> HandResult:
    """The result of a hand played out: the makers' tricks and the score."""
    makers_tricks = ns if makers is _NS else ew
    key = (makers, makers_tricks, alone)
    try:
        return _RESULTS[key]
    except KeyError:
        pass
    score = score_hand(
        makers,
        makers_tricks,
        maker_alone=any(s.team is makers for s in alone),
        defender_alone=any(s.team is not makers for s in alone),
        alone=alone,
    )
    result = _RESULTS[key] = HandResult(False, makers_tricks, score)
    return result


# Results are immutable and few (2 teams x 6 counts x who went alone), so each is built once.
_RESULTS: dict[tuple[Team, int, tuple[Seat, ...]], HandResult] = {}
