"""Per-seat views (engine.view.seat_view): a seat sees its own hand and the public table only."""

import pytest
from euchre_helpers import act, cards_in, codes, hand, legal

from engine import Action, Phase, Seat, parse_card
from engine.actions import Do
from engine.view import seat_view

DEAL = "N: 9C TD JH QS AS / E: 9D TS QH AC KH / S: 9H QC AH KS TH / W: JC JS QD KD 9S"
# the same deal with East and West exchanging two cards nobody else has seen
SWAPPED = "N: 9C TD JH QS AS / E: 9D TS QH AC JC / S: 9H QC AH KS TH / W: KH JS QD KD 9S"


def visible(view):
    return set(cards_in(tuple(v for k, v in view._asdict().items() if k != "rules")))


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_fresh_deal_shows_own_hand_and_the_upcard_only(seat):
    state = hand(DEAL, dealer="W", upcard="AD")
    view = seat_view(state, Seat(seat))
    assert view.seat is Seat(seat)
    assert view.hand == state.hand_of(Seat(seat))
    assert visible(view) == set(state.hand_of(Seat(seat))) | {parse_card("AD")}
    assert view.upcard is parse_card("AD") and not view.upcard_taken
    assert view.dealer is Seat.W and view.turn is Seat.N and view.phase is Phase.BID1
    assert view.legal == (legal_or_empty(state, seat))


def legal_or_empty(state, seat):
    from engine import legal_actions

    return legal_actions(state) if state.turn is Seat(seat) else ()


def test_only_the_dealer_sees_the_discard():
    state = act(
        hand(DEAL, dealer="W", upcard="AD"), "N pass, E order_up, E with_partner, W discard 9S"
    )
    dealer = seat_view(state, Seat.W)
    assert dealer.discarded is parse_card("9S")
    assert (Seat.W, Action.discard(parse_card("9S"))) in dealer.actions
    for seat in (Seat.N, Seat.E, Seat.S):
        view = seat_view(state, seat)
        assert view.discarded is None
        assert all(a.do is not Do.DISCARD for _, a in view.actions)
        assert parse_card("9S") not in visible(view)
        assert view.upcard_taken  # public: the dealer picked it up
        assert view.upcard is parse_card("AD")
        assert len(view.actions) == 3


def test_public_table_is_shared():
    state = act(hand(DEAL, dealer="W", upcard="AD"), "N pass, E order_up, E alone")
    # East alone: West (the dealer) sits out, so nobody picks up
    assert state.phase is Phase.PLAY
    state = act(state, "N play AS, E play TS")
    views = [seat_view(state, s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)]
    for view in views:
        assert view.trump is state.trump and view.maker is Seat.E
        assert view.alone == (Seat.E,) and view.sitting_out == (Seat.W,)
        assert view.trick == state.trick and view.played == (parse_card("AS"), parse_card("TS"))
        assert view.tricks_won == (0, 0) and view.leader is Seat.N
    assert codes(views[0].hand) == "9C TD JH QS"
    assert views[2].legal and not views[0].legal


def test_turned_down_suit_is_public():
    state = act(
        hand(DEAL, dealer="W", upcard="AD", preset="cardsuite"), "N pass, E pass, S pass, W pass"
    )
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        assert seat_view(state, seat).turned_down is state.upcard.suit


@pytest.mark.parametrize(
    "steps",
    [
        "",
        "N pass, E order_up, E with_partner",
        "N pass, E order_up, E with_partner, W discard 9S, N play AS",
        "N pass, E pass, S pass, W pass, N call H, N alone, N play 9C, E play AC",
    ],
)
@pytest.mark.parametrize("viewer", ["N", "S"])
def test_hidden_cards_do_not_change_a_view(steps, viewer):
    """East and West exchange KH and JC, which neither North nor South has seen."""
    a = act(hand(DEAL, dealer="W", upcard="AD", preset="cardsuite"), steps)
    b = act(hand(SWAPPED, dealer="W", upcard="AD", preset="cardsuite"), steps)
    assert a != b
    assert seat_view(a, Seat(viewer)) == seat_view(b, Seat(viewer))
    assert seat_view(a, Seat.E) != seat_view(b, Seat.E)
    assert seat_view(a, Seat.W) != seat_view(b, Seat.W)


def test_sitting_out_hand_is_hidden_too():
    state = act(
        hand(DEAL, dealer="W", upcard="AD", preset="cardsuite"),
        "N pass, E pass, S pass, W pass, N call H, N alone",
    )
    view = seat_view(state, Seat.E)
    assert not (set(state.hand_of(Seat.S)) & visible(view))


def test_view_after_the_hand_is_over():
    state = act(
        hand(DEAL, dealer="W", upcard="AD", preset="cardsuite"),
        "N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass",
    )
    view = seat_view(state, Seat.N)
    assert view.phase is Phase.OVER and view.legal == () and view.turn is None
    assert legal(state) == []
