"""Going alone (RULES.md 'Going alone'): the maker's decision, the announcement round,
the Canadian loner, the lone defender, and the order of decisions after trump is made."""

import pytest
from euchre_helpers import act, hand, held, illegal, legal

from engine import Phase, Reason, Seat

DEAL = "N: 9C TD JH QS KC / E: 9S TS QH AC KH / S: 9H QC AH KS TH / W: JC JS QD KD TC"
ORDER = ["N", "E", "S", "W"]


def order_up(dealer: str, orderer: str, preset: str = "bga", **settings):
    """A hand where ``orderer`` orders up the AD after the seats before them pass."""
    state = hand(DEAL, dealer=dealer, upcard="AD", preset=preset, **settings)
    while state.turn is not Seat(orderer):
        state = act(state, f"{state.turn.value} pass")
    return act(state, f"{orderer} order_up")


def call_in_round_2(dealer: str, caller: str, preset: str = "bga", **settings):
    state = hand(DEAL, dealer=dealer, upcard="AD", preset=preset, **settings)
    for _ in range(4):
        state = act(state, f"{state.turn.value} pass")
    while state.turn is not Seat(caller):
        state = act(state, f"{state.turn.value} pass")
    return act(state, f"{caller} call S")


# ---- alone_decision = "maker" -------------------------------------------------------------


@pytest.mark.parametrize("preset", ["bga", "cardsuite"])
@pytest.mark.parametrize("maker", ORDER)
@pytest.mark.parametrize("choice", ["alone", "with_partner"])
def test_maker_decides_alone_or_with_partner(preset, maker, choice):
    state = order_up("W", maker, preset)
    assert state.phase is Phase.ALONE and state.turn is Seat(maker)
    assert legal(state) == ["alone", "with_partner"]
    illegal(state, f"{maker} pass", Reason.WRONG_PHASE)
    state = act(state, f"{maker} {choice}")
    partner = Seat(maker).partner
    if choice == "alone":
        assert state.alone == (Seat(maker),)
        assert state.sitting_out == (partner,)
        assert partner not in state.active_seats and len(state.active_seats) == 3
    else:
        assert state.alone == () and state.sitting_out == ()
    if choice == "alone" and partner is Seat.W:
        # the dealer sits out: no exchange
        assert state.phase is Phase.PLAY
        assert not state.dealer_took_upcard
        assert held(state, "W") == "JC JS QD KD TC"
    else:
        assert state.phase is Phase.DISCARD and state.turn is Seat.W
        assert len(state.hand_of(Seat.W)) == 6


@pytest.mark.parametrize("maker", ORDER)
def test_maker_decides_after_a_round_2_call_too(maker):
    state = call_in_round_2("W", maker, "cardsuite")
    assert state.turn is Seat(maker) and legal(state) == ["alone", "with_partner"]
    state = act(state, f"{maker} alone")
    assert state.phase is Phase.PLAY  # no exchange after round 2
    assert state.sitting_out == (Seat(maker).partner,)


def test_only_the_maker_decides_in_maker_mode():
    state = order_up("W", "N")
    illegal(state, "S alone", Reason.NOT_YOUR_TURN, "North")
    illegal(state, "E alone", Reason.NOT_YOUR_TURN)


# ---- Canadian loner -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "preset,settings",
    [("bga", {"canadian_loner": True}), ("cardsuite", {"canadian_loner": True}), ("pagat", {})],
)
@pytest.mark.parametrize("dealer", ORDER)
def test_canadian_loner_dealers_partner_must_go_alone(preset, settings, dealer):
    partner = Seat(dealer).partner.value
    state = order_up(dealer, partner, preset, **settings)
    # pagat asks the seats before the dealer's partner first (announcement round)
    while state.turn is not Seat(partner):
        state = act(state, f"{state.turn.value} pass")
    assert legal(state) == ["alone"]
    if preset != "pagat":
        illegal(state, f"{partner} with_partner", Reason.MUST_GO_ALONE, "alone")
    state = act(state, f"{partner} alone")
    assert state.sitting_out == (Seat(dealer),)
    while state.phase in (Phase.ALONE, Phase.DEFEND_ALONE):
        state = act(state, f"{state.turn.value} pass")
    # the dealer sits out: no exchange
    assert state.phase is Phase.PLAY
    assert not state.dealer_took_upcard
    assert len(state.hand_of(Seat(dealer))) == 5
    assert state.upcard not in state.hand_of(Seat(dealer))
    assert state.turn is not Seat(dealer)


def test_canadian_loner_pass_in_the_announcement_round_says_must_go_alone():
    state = order_up("W", "E", "pagat")
    state = act(state, "N pass")
    assert state.turn is Seat.E and legal(state) == ["alone"]
    illegal(state, "E pass", Reason.MUST_GO_ALONE, "alone")


@pytest.mark.parametrize("orderer", ["N", "S", "W"])
def test_canadian_loner_does_not_bind_other_seats(orderer):
    state = order_up("W", orderer, "bga", canadian_loner=True)
    assert legal(state) == ["alone", "with_partner"]


def test_canadian_loner_only_in_round_1():
    state = call_in_round_2("W", "E", "bga", canadian_loner=True)
    assert legal(state) == ["alone", "with_partner"]
    state = act(state, "E with_partner")
    assert state.phase is Phase.PLAY


def test_without_canadian_loner_dealers_partner_may_play_with_partner():
    state = order_up("W", "E", "bga")
    assert legal(state) == ["alone", "with_partner"]
    state = act(state, "E with_partner")
    assert state.phase is Phase.DISCARD and state.turn is Seat.W


# ---- alone_decision = "any": one announcement round --------------------------------------

# (dealer, maker, lone_defender, decisions in turn order, turns expected, alone expected)
ANNOUNCE = [
    ("W", "N", True, "pass pass pass pass", "N E S W", ""),
    ("W", "N", True, "alone pass pass", "N E W", "N"),  # S skipped
    ("W", "N", True, "pass alone pass", "N E S", "E"),  # W skipped
    ("W", "N", True, "pass alone alone", "N E S", "E S"),  # maker's partner alone
    ("W", "N", True, "pass pass alone alone", "N E S W", "S W"),
    ("W", "N", True, "alone alone", "N E", "N E"),  # both teams done
    ("W", "N", False, "pass pass", "N S", ""),  # defenders not asked
    ("W", "N", False, "pass alone", "N S", "S"),  # the maker sits out
    ("W", "N", False, "alone", "N", "N"),
    ("N", "W", True, "pass pass pass pass", "E S W N", ""),
    ("N", "W", True, "alone pass pass", "E S N", "E"),  # W skipped
    ("S", "N", False, "pass pass", "N S", ""),  # dealer's left is W
    ("E", "E", False, "pass alone", "W E", "E"),
]


@pytest.mark.parametrize(
    "dealer,maker,lone_defender,decisions,turns,alone",
    ANNOUNCE,
    ids=[
        f"{d}deals-{m}makes-{'LD' if ld else 'noLD'}-{x.replace(' ', '.')}"
        for d, m, ld, x, _, _ in ANNOUNCE
    ],
)
def test_announcement_round(dealer, maker, lone_defender, decisions, turns, alone):
    state = call_in_round_2(dealer, maker, "bga", alone_decision="any", lone_defender=lone_defender)
    seen = []
    for decision in decisions.split():
        assert state.phase is Phase.ALONE
        assert legal(state) == ["alone", "pass"]
        seen.append(state.turn.value)
        if decision == "pass":
            illegal(state, f"{state.turn.value} with_partner", Reason.WRONG_PHASE)
        state = act(state, f"{state.turn.value} {decision}")
    assert " ".join(seen) == turns
    assert " ".join(s.value for s in state.alone) == alone
    # the round replaces the lone-defender step: straight to play after a round-2 call
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize("dealer", ORDER)
def test_announcements_come_before_the_discard(dealer):
    state = order_up(dealer, Seat(dealer).next.value, "pagat")
    assert state.phase is Phase.ALONE and state.turn is Seat(dealer).next
    phases = []
    while state.phase is not Phase.PLAY:
        phases.append(state.phase)
        discard = f"discard {held(state, dealer).split()[0]}"
        choice = "pass" if state.phase is Phase.ALONE else discard
        state = act(state, f"{state.turn.value} {choice}")
    assert phases == [Phase.ALONE] * 4 + [Phase.DISCARD]
    assert Phase.DEFEND_ALONE not in phases


# ---- lone defender (alone_decision = "maker") --------------------------------------------

# (dealer, maker, defenders in the order asked)
DEFENDERS = [
    ("W", "N", "E W"),
    ("W", "E", "N S"),
    ("W", "W", "N S"),
    ("W", "S", "E W"),
    ("N", "E", "S N"),
    ("N", "N", "E W"),
    ("E", "N", "W E"),
    ("S", "S", "W E"),
]


@pytest.mark.parametrize("preset", ["bga", "cardsuite"])
@pytest.mark.parametrize("dealer,maker,asked", DEFENDERS)
def test_lone_defender_asked_from_the_dealers_left(preset, dealer, maker, asked):
    state = order_up(dealer, maker, preset, lone_defender=True)
    phases = [state.phase]
    state = act(state, f"{maker} with_partner")
    phases.append(state.phase)
    state = act(state, f"{dealer} discard {held(state, dealer).split()[0]}")
    phases.append(state.phase)
    # (1) makers' alone decision, (2) discard, (3) lone defender, (4) first lead
    assert phases == [Phase.ALONE, Phase.DISCARD, Phase.DEFEND_ALONE]
    first, second = asked.split()
    assert state.turn is Seat(first)
    assert legal(state) == ["alone", "pass"]
    illegal(state, f"{first} with_partner", Reason.WRONG_PHASE)
    illegal(state, f"{second} alone", Reason.NOT_YOUR_TURN)
    after_pass = act(state, f"{first} pass")
    assert after_pass.turn is Seat(second) and after_pass.phase is Phase.DEFEND_ALONE
    both_pass = act(after_pass, f"{second} pass")
    assert both_pass.phase is Phase.PLAY and both_pass.alone == ()
    # the first to go alone ends the asking
    first_alone = act(state, f"{first} alone")
    assert first_alone.phase is Phase.PLAY
    assert first_alone.alone == (Seat(first),) and first_alone.sitting_out == (Seat(second),)
    second_alone = act(after_pass, f"{second} alone")
    assert second_alone.phase is Phase.PLAY and second_alone.sitting_out == (Seat(first),)


@pytest.mark.parametrize("preset", ["bga", "cardsuite"])
def test_lone_defender_against_a_lone_maker(preset):
    state = order_up("W", "N", preset, lone_defender=True)
    state = act(state, "N alone, W discard TC")
    assert state.phase is Phase.DEFEND_ALONE and state.turn is Seat.E
    state = act(state, "E alone")
    assert state.alone == (Seat.N, Seat.E)
    assert set(state.sitting_out) == {Seat.S, Seat.W}
    assert state.active_seats == (Seat.N, Seat.E)
    assert state.phase is Phase.PLAY


def test_lone_defender_after_the_dealer_sits_out():
    state = order_up("W", "E", "bga", lone_defender=True)
    state = act(state, "E alone")  # the dealer W sits out: no discard
    assert state.phase is Phase.DEFEND_ALONE and state.turn is Seat.N
    state = act(state, "N pass, S alone")
    assert state.alone == (Seat.E, Seat.S)
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize("preset", ["bga", "cardsuite"])
def test_no_lone_defender_step_without_the_setting(preset):
    state = act(order_up("W", "N", preset), "N with_partner, W discard TC")
    assert state.phase is Phase.PLAY


def test_sitting_out_partner_keeps_cards_face_down_and_takes_no_part():
    state = act(order_up("W", "N"), "N alone, W discard TC")
    assert state.sitting_out == (Seat.S,)
    assert len(state.hand_of(Seat.S)) == 5
    seats = []
    while not state.is_over:
        seats.append(state.turn)
        state = act(state, f"{state.turn.value} play {legal(state)[0].split()[1]}")
    assert Seat.S not in seats
    assert len(seats) == 15
    assert all(len(t.cards) == 3 for t in state.tricks)
