"""Making trump (RULES.md 'Making trump', 'Benny', 'No-trump'): both rounds, pick-up and
discard, stick the dealer, the throw-in, Benny turned up."""

import pytest
from euchre_helpers import act, deal, hand, held, illegal, legal, rules

from engine import (
    JOKER,
    NO_TRUMP,
    Phase,
    Reason,
    RecordError,
    Seat,
    Suit,
    Team,
    new_hand,
    parse_card,
)

PRESETS = ["bga", "pagat", "cardsuite"]
DEAL = "N: 9C TD JH QS KC / E: 9S TS QH AC KH / S: 9H QC AH KS TH / W: JC JS QD KD TC"
FOUR_PASSES = "{1} pass, {2} pass, {3} pass, {0} pass"


def seats_from(dealer: str) -> list[str]:
    """The dealer then the next three clockwise."""
    d = Seat(dealer)
    return [d.value, d.next.value, d.next.next.value, d.next.next.next.value]


def passes(dealer: str) -> str:
    return FOUR_PASSES.format(*seats_from(dealer))


# ---- round 1 ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_round_1_goes_from_the_dealers_left_to_the_dealer(preset, dealer):
    state = hand(DEAL, dealer=dealer, upcard="AD", preset=preset)
    order = seats_from(dealer)[1:] + [dealer]
    for seat in order:
        assert state.phase is Phase.BID1
        assert state.turn is Seat(seat)
        assert legal(state) == ["order_up", "pass"]
        state = act(state, f"{seat} pass")
    assert state.phase is Phase.BID2
    assert state.turn is Seat(dealer).next
    assert state.turned_down is Suit.DIAMONDS


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_first_acceptance_makes_the_upcards_suit_trump(preset, position):
    dealer = "W"
    order = ["N", "E", "S", "W"]
    steps = [f"{s} pass" for s in order[:position]] + [f"{order[position]} order_up"]
    state = act(hand(DEAL, dealer=dealer, upcard="AD", preset=preset), *steps)
    maker = Seat(order[position])
    assert state.trump is Suit.DIAMONDS
    assert state.maker is maker
    assert state.makers is maker.team and state.defenders is maker.team.other
    assert state.phase is Phase.ALONE


@pytest.mark.parametrize("orderer", ["N", "E", "S", "W"])
def test_the_dealer_picks_up_whoever_orders_up(orderer):
    """Trap 4: when an opponent orders up, the dealer still picks up the card."""
    order = ["N", "E", "S", "W"]
    steps = [f"{s} pass" for s in order[: order.index(orderer)]]
    state = act(
        hand(DEAL, dealer="W", upcard="AD"),
        *steps,
        f"{orderer} order_up",
        f"{orderer} with_partner",
    )
    assert state.phase is Phase.DISCARD and state.turn is Seat.W
    assert held(state, "W") == "JC JS QD KD TC AD"  # six cards at the discard
    assert legal(state) == [f"discard {c}" for c in ["JC", "JS", "QD", "KD", "TC", "AD"]]
    assert state.dealer_took_upcard
    after = act(state, "W discard TC")
    assert held(after, "W") == "JC JS QD KD AD"
    assert after.discarded is parse_card("TC")
    assert after.phase is Phase.PLAY


def test_dealer_may_discard_the_upcard_itself():
    state = act(hand(DEAL, dealer="W", upcard="AD"), "N order_up, N with_partner, W discard AD")
    assert held(state, "W") == "JC JS QD KD TC"
    assert state.discarded is parse_card("AD")
    assert state.trump is Suit.DIAMONDS  # trump stays the upcard's suit


def test_discard_must_be_a_card_the_dealer_holds():
    state = act(hand(DEAL, dealer="W", upcard="AD"), "N order_up, N with_partner")
    illegal(state, "W discard 9C", Reason.CARD_NOT_IN_HAND, "West", "nine of clubs")
    illegal(state, "N discard 9C", Reason.NOT_YOUR_TURN, "West")
    illegal(state, "W play JC", Reason.WRONG_PHASE, "discard")


# ---- round 2 ------------------------------------------------------------------------------


@pytest.mark.parametrize("upcard", ["9C", "AD", "TH", "KS"])
def test_round_2_offers_every_suit_but_the_turned_down_one(upcard):
    state = act(hand("", dealer="W", upcard=upcard, preset="cardsuite"), passes("W"))
    assert state.phase is Phase.BID2 and state.turn is Seat.N
    down = upcard[1]
    others = [s for s in "CDHS" if s != down]
    assert legal(state) == [f"call {s}" for s in others] + ["pass"]
    assert state.turned_down is parse_card(upcard).suit


@pytest.mark.parametrize(
    "upcard,plural", [("9C", "clubs"), ("AD", "diamonds"), ("TH", "hearts"), ("KS", "spades")]
)
@pytest.mark.parametrize("preset", PRESETS)
def test_calling_the_turned_down_suit_is_illegal(upcard, plural, preset):
    """Trap 2, for every seat including the stuck dealer."""
    state = act(hand("", dealer="W", upcard=upcard, preset=preset), passes("W"))
    for seat in ["N", "E", "S", "W"]:
        illegal(state, f"{seat} call {upcard[1]}", Reason.TURNED_DOWN_SUIT, plural, "turned down")
        state = act(state, f"{seat} pass") if seat != "W" else state
    if preset == "bga":  # the stuck dealer still may not call it
        assert state.turn is Seat.W


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("caller", ["N", "E", "S", "W"])
def test_round_2_call_makes_trump_and_nobody_picks_up(preset, caller):
    order = ["N", "E", "S", "W"]
    steps = [f"{s} pass" for s in order[: order.index(caller)]]
    state = act(
        hand(DEAL, dealer="W", upcard="AD", preset=preset), passes("W"), *steps, f"{caller} call S"
    )
    assert state.trump is Suit.SPADES and state.maker is Seat(caller)
    assert state.phase is Phase.ALONE
    # finish the alone decisions with nobody alone
    while state.phase in (Phase.ALONE, Phase.DEFEND_ALONE):
        choice = "with_partner" if "with_partner" in legal(state) else "pass"
        state = act(state, f"{state.turn.value} {choice}")
    assert state.phase is Phase.PLAY
    assert not state.dealer_took_upcard
    assert held(state, "W") == "JC JS QD KD TC"
    assert state.turned_down is Suit.DIAMONDS


def test_round_2_call_needs_a_suit_and_round_1_cannot_call():
    state = hand(DEAL, dealer="W", upcard="AD")
    illegal(state, "N call S", Reason.WRONG_PHASE, "North")
    illegal(state, "N alone", Reason.WRONG_PHASE)
    illegal(state, "N play 9C", Reason.WRONG_PHASE)
    state = act(state, passes("W"))
    illegal(state, "N order_up", Reason.WRONG_PHASE)


def test_not_your_turn_names_whose_turn_it_is():
    state = hand(DEAL, dealer="W", upcard="AD")
    err = illegal(state, "E pass", Reason.NOT_YOUR_TURN, "North", "East")
    assert "turn" in err.message


# ---- stick the dealer and the throw-in ------------------------------------------------------


@pytest.mark.parametrize("preset,stick", [("bga", None), ("pagat", True), ("cardsuite", True)])
@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_stick_the_dealer(preset, stick, dealer):
    settings = {} if stick is None else {"stick_the_dealer": stick}
    state = hand(DEAL, dealer=dealer, upcard="AD", preset=preset, **settings)
    order = seats_from(dealer)
    state = act(state, passes(dealer), *(f"{s} pass" for s in order[1:]))
    assert state.turn is Seat(dealer) and state.phase is Phase.BID2
    assert "pass" not in legal(state)
    assert legal(state) == ["call C", "call H", "call S"]
    illegal(state, f"{dealer} pass", Reason.DEALER_MUST_CALL, "dealer", "must call")
    state = act(state, f"{dealer} call H")
    assert state.trump is Suit.HEARTS and state.maker is Seat(dealer)


def test_only_the_dealer_is_stuck():
    state = act(hand(DEAL, dealer="W", upcard="AD"), passes("W"))
    for seat in ["N", "E", "S"]:
        assert "pass" in legal(state)
        state = act(state, f"{seat} pass")


@pytest.mark.parametrize(
    "preset,settings", [("pagat", {}), ("cardsuite", {}), ("bga", {"stick_the_dealer": False})]
)
def test_throw_in_after_two_passing_rounds(preset, settings):
    state = act(
        hand(DEAL, dealer="S", upcard="AD", preset=preset, **settings), passes("S"), passes("S")
    )
    assert state.is_over and state.phase is Phase.OVER and state.turn is None
    assert state.result.thrown_in
    assert state.result.points == {Team.NS: 0, Team.EW: 0}
    assert legal(state) == []
    illegal(state, "W pass", Reason.HAND_OVER, "over")
    assert state.trump is None and state.maker is None


# ---- no trump (variant) ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_no_trump_only_in_round_2_when_switched_on(preset):
    state = hand(DEAL, dealer="W", upcard="AD", preset=preset, no_trump=True)
    assert legal(state) == ["order_up", "pass"]
    illegal(state, "N call NT", Reason.WRONG_PHASE)
    state = act(state, passes("W"))
    assert "call NT" in legal(state)
    state = act(state, "N call NT")
    assert state.trump is NO_TRUMP and state.trump_suit is None
    assert state.maker is Seat.N


@pytest.mark.parametrize("preset", PRESETS)
def test_no_trump_is_refused_without_the_variant(preset):
    state = act(hand(DEAL, dealer="W", upcard="AD", preset=preset), passes("W"))
    assert "call NT" not in legal(state)
    illegal(state, "N call NT", Reason.NO_TRUMP_NOT_ALLOWED, "no trump")


def test_stuck_dealer_may_call_no_trump_with_the_variant():
    state = act(
        hand(DEAL, dealer="W", upcard="AD", no_trump=True), passes("W"), "N pass, E pass, S pass"
    )
    assert legal(state) == ["call C", "call H", "call S", "call NT"]


# ---- Benny ----------------------------------------------------------------------------------

BENNY_DEAL = "N: 9C TD JH QS KC / E: 9S TS QH AC KH / S: 9H QC AH KS TH / W: JC JS QD KD TC"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_benny_turned_up_the_dealer_names_trump(preset, dealer):
    state = hand(BENNY_DEAL, dealer=dealer, upcard="JOKER", preset=preset, benny=True)
    assert state.phase is Phase.NAME_TRUMP
    assert state.turn is Seat(dealer)
    assert legal(state) == ["name C", "name D", "name H", "name S"]
    illegal(state, f"{dealer} order_up", Reason.WRONG_PHASE)
    illegal(state, f"{dealer} pass", Reason.WRONG_PHASE)
    illegal(state, f"{Seat(dealer).next.value} name H", Reason.NOT_YOUR_TURN)
    state = act(state, f"{dealer} name H")
    assert state.trump is Suit.HEARTS
    assert state.maker is Seat(dealer) and state.makers is Seat(dealer).team
    assert state.phase is Phase.ALONE


@pytest.mark.parametrize("preset", ["bga", "cardsuite"])
def test_benny_turned_up_the_dealer_takes_the_joker_and_discards(preset):
    state = hand(BENNY_DEAL, dealer="W", upcard="JOKER", preset=preset, benny=True)
    state = act(state, "W name S")
    assert legal(state) == ["alone", "with_partner"]  # maker mode: the dealer decides
    state = act(state, "W with_partner")
    assert state.phase is Phase.DISCARD and state.turn is Seat.W
    assert held(state, "W") == "JC JS QD KD TC JOKER"
    state = act(state, "W discard TC")
    assert held(state, "W") == "JC JS QD KD JOKER"
    assert state.phase is Phase.PLAY


def test_benny_turned_up_dealer_may_keep_nothing_but_must_discard_one():
    state = act(hand(BENNY_DEAL, dealer="W", upcard="JOKER", benny=True), "W name S, W alone")
    assert state.sitting_out == (Seat.E,)
    assert held(state, "W") == "JC JS QD KD TC JOKER"
    state = act(state, "W discard JOKER")  # even the Joker may go
    assert JOKER not in state.hand_of(Seat.W)


def test_benny_turned_up_dealer_sitting_out_takes_nothing():
    """pagat: announcements after trump is named; the dealer's partner goes alone."""
    state = hand(BENNY_DEAL, dealer="W", upcard="JOKER", preset="pagat", benny=True)
    state = act(state, "W name C")
    assert state.phase is Phase.ALONE and state.turn is Seat.N  # the dealer's left first
    state = act(state, "N pass, E alone")
    assert state.sitting_out == (Seat.W,)
    assert state.turn is Seat.S  # the other defender (lone_defender is on in pagat)
    state = act(state, "S pass")
    assert state.phase is Phase.PLAY
    assert not state.dealer_took_upcard
    assert held(state, "W") == "JC JS QD KD TC"


def test_benny_on_but_an_ordinary_upcard_means_normal_bidding():
    state = hand("N: JOKER", dealer="W", upcard="AD", benny=True)
    assert state.phase is Phase.BID1 and legal(state) == ["order_up", "pass"]


def test_the_joker_is_not_in_the_deck_without_benny():
    with pytest.raises(RecordError, match="JOKER"):
        new_hand(rules("bga"), deal("N: JOKER", dealer="W", upcard="AD"))
    with pytest.raises(RecordError, match="JOKER"):
        new_hand(rules("pagat"), deal("", dealer="W", upcard="JOKER"))


def test_a_card_dealt_twice_is_refused():
    d = deal("", dealer="W", upcard="AD")
    hands = (d.hands[0][:4] + (parse_card("AD"),),) + d.hands[1:]
    with pytest.raises(RecordError, match="AD.*twice"):
        new_hand(rules(), d._replace(hands=hands))
