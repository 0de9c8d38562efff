"""Play (RULES.md 'Play', 'No-trump', 'Benny'): the first lead, following suit by effective
suit, no first blood, trick winning, sitting-out players."""

import pytest
from euchre_helpers import act, hand, illegal, legal, plays

from engine import Phase, Reason, Seat, Suit, Team, first_leader

# Hearts will be called in round 2 (the 9 of clubs is turned down); West deals, North leads.
#   clubs 9C up, TC E, JC S, QC N, KC E, AC E   diamonds 9D N, TD stock, JD E, QD S, KD S, AD W
#   hearts 9H JH stock, TH QH W, KH S, AH N     spades 9S E, TS N, JS W, QS W, KS N, AS S
DEAL_1 = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"
# as DEAL_1, but East holds the 10 of diamonds beside the left bower
DEAL_2 = "N: AH 9D TS QC KS / E: JD TD AC KC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"
# as DEAL_1 with AH and JD swapped: North leads the left bower
DEAL_3 = "N: JD 9D TS QC KS / E: AH AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"
BENNY = "N: JOKER 9D TS QC KS / E: AH AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"

BIDDING = "N pass, E pass, S pass, W pass, N call {suit}, N with_partner"


def hearts(text=DEAL_1, preset="cardsuite", suit="H", **settings):
    state = hand(text, dealer="W", upcard="9C", preset=preset, **settings)
    state = act(state, BIDDING.format(suit=suit))
    assert state.phase is Phase.PLAY and state.turn is Seat.N
    return state


def plays_of(state) -> str:
    return " ".join(a.split()[1] for a in legal(state))


# ---- following suit: the left bower (trap 1) ----------------------------------------------


def test_trump_led_the_left_bower_must_follow():
    state = plays(hearts(), "N:AH")
    assert plays_of(state) == "JD"  # East's only heart is the jack of diamonds
    illegal(
        state,
        "E play AC",
        Reason.MUST_FOLLOW_SUIT,
        "East must follow hearts",
        "the jack of diamonds is a heart when hearts are trump",
    )
    state = plays(state, "E:JD")
    assert plays_of(state) == "KH"
    state = plays(state, "S:KH")
    assert sorted(plays_of(state).split()) == ["QH", "TH"]
    state = plays(state, "W:TH")
    assert state.tricks[0].winner is Seat.E  # the left bower beats the ace
    assert state.turn is Seat.E and state.leader is Seat.E


def test_printed_suit_led_the_left_bower_does_not_follow():
    state = plays(hearts(), "N:9D")
    # East's jack of diamonds is a heart: East is void in diamonds and may play anything
    assert sorted(plays_of(state).split()) == sorted(["JD", "AC", "KC", "TC", "9S"])
    state = plays(state, "E:9S")
    assert sorted(plays_of(state).split()) == ["KD", "QD"]
    illegal(
        state,
        "S play KH",
        Reason.MUST_FOLLOW_SUIT,
        "South must follow diamonds",
        "queen of diamonds",
    )
    state = plays(state, "S:QD W:AD")
    assert state.tricks[0].winner is Seat.W


def test_printed_suit_led_the_left_bower_may_not_be_played_as_that_suit():
    state = plays(hearts(DEAL_2), "N:9D")
    assert plays_of(state) == "TD"
    err = illegal(
        state,
        "E play JD",
        Reason.MUST_FOLLOW_SUIT,
        "East must follow diamonds",
        "jack of diamonds",
        "left bower",
    )
    assert "not a diamond" in err.message


def test_left_bower_led_is_trump_led():
    state = plays(hearts(DEAL_3), "N:JD")
    assert state.led_suit is Suit.HEARTS
    assert plays_of(state) == "AH"
    illegal(state, "E play AC", Reason.MUST_FOLLOW_SUIT, "must follow hearts", "ace of hearts")
    state = plays(state, "E:AH S:KH W:QH")
    assert state.tricks[0].winner is Seat.N


def test_benny_led_is_trump_led():
    state = hearts(BENNY, benny=True)
    state = plays(state, "N:JOKER")
    assert state.led_suit is Suit.HEARTS
    assert plays_of(state) == "AH"
    illegal(state, "E play AC", Reason.MUST_FOLLOW_SUIT, "must follow hearts")
    state = plays(state, "E:AH S:KH W:QH")
    assert state.tricks[0].winner is Seat.N


def test_cannot_follow_any_card_trumping_allowed_never_required():
    """Trap 8."""
    state = plays(hearts(), "N:QC E:TC S:JC")
    assert sorted(plays_of(state).split()) == sorted(["QH", "TH", "AD", "JS", "QS"])
    trumped = plays(state, "W:TH")
    assert trumped.tricks[0].winner is Seat.W
    discarded = plays(state, "W:AD")
    # trap 9: the ace of diamonds is not of the suit led; the queen of clubs wins
    assert discarded.tricks[0].winner is Seat.N
    assert discarded.turn is Seat.N


# ---- no trump --------------------------------------------------------------------------


def test_no_trump_jacks_are_ordinary_cards():
    state = hearts(DEAL_1, suit="NT", no_trump=True)
    state = plays(state, "N:9D")
    assert plays_of(state) == "JD"  # a diamond again
    state = plays(state, "E:JD S:QD W:AD")
    assert state.tricks[0].winner is Seat.W
    state = plays(state, "W:QH")
    assert plays_of(state) == "AH"
    state = plays(state, "N:AH")
    # East holds no hearts at all: anything goes
    assert len(plays_of(state).split()) == 4


def test_no_trump_highest_of_suit_led_wins_even_a_jack_of_next():
    state = hearts(DEAL_3, suit="NT", no_trump=True)
    state = plays(state, "N:JD")
    assert state.led_suit is Suit.DIAMONDS
    # East holds no diamond (the ace of hearts is not the left bower in no trump)
    assert sorted(plays_of(state).split()) == sorted(["AH", "AC", "KC", "TC", "9S"])
    state = plays(state, "E:AH S:KD W:AD")
    assert state.tricks[0].winner is Seat.W


# ---- trick winning -------------------------------------------------------------------------


def test_lowest_trump_beats_the_ace_led():
    state = plays(hearts(), "N:KS E:9S S:AS W:QS")
    assert state.tricks[0].winner is Seat.S
    state = plays(state, "S:KD W:AD N:9D E:JD")
    assert state.tricks[1].winner is Seat.E  # the left bower trumps the ace of diamonds
    assert state.tricks_won == (1, 1)
    assert state.team_tricks(Team.EW) == 1


def test_five_tricks_then_over():
    state = hearts()
    count = 0
    while not state.is_over:
        state = act(state, f"{state.turn.value} {legal(state)[0]}")
        count += 1
    assert count == 20 and len(state.tricks) == 5
    assert all(len(t.cards) == 4 for t in state.tricks)
    assert all(state.tricks[i + 1].leader is state.tricks[i].winner for i in range(4))
    illegal(state, "N play AH", Reason.HAND_OVER)


def test_play_errors_name_the_card_and_the_seat():
    state = hearts()
    illegal(state, "N play AS", Reason.CARD_NOT_IN_HAND, "North", "ace of spades")
    illegal(state, "E play JD", Reason.NOT_YOUR_TURN, "North")
    illegal(state, "N pass", Reason.WRONG_PHASE)
    illegal(state, "N discard AH", Reason.WRONG_PHASE)


# ---- no first blood -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["cardsuite", "bga", "pagat"])
def test_no_first_blood_first_lead_cannot_be_trump(preset):
    state = hearts(DEAL_1, preset=preset, no_first_blood=True) if preset != "pagat" else None
    if state is None:  # pagat: announcements after the call, then play
        state = hand(DEAL_1, dealer="W", upcard="9C", preset="pagat", no_first_blood=True)
        state = act(
            state, "N pass, E pass, S pass, W pass, N call H, N pass, E pass, S pass, W pass"
        )
    assert state.turn is Seat.N
    assert sorted(plays_of(state).split()) == sorted(["9D", "TS", "QC", "KS"])
    illegal(state, "N play AH", Reason.NO_FIRST_BLOOD, "first trick", "ace of hearts")


def test_no_first_blood_left_bower_is_a_trump():
    state = hearts(DEAL_3, no_first_blood=True)
    assert "JD" not in plays_of(state)
    illegal(state, "N play JD", Reason.NO_FIRST_BLOOD, "jack of diamonds")


def test_no_first_blood_leader_with_only_trumps_may_lead_one():
    state = hand(
        "N: JD AH KH QH TH", dealer="W", upcard="9S", preset="cardsuite", no_first_blood=True
    )
    state = act(state, "N pass, E pass, S pass, W pass, N call H, N with_partner")
    assert sorted(plays_of(state).split()) == sorted(["JD", "AH", "KH", "QH", "TH"])
    state = plays(state, "N:JD")
    assert state.trick


def test_no_first_blood_only_the_first_lead():
    state = hearts(no_first_blood=True)
    # followers may trump in on the first trick
    state = plays(state, "N:9D")
    assert "JD" in plays_of(state)
    state = plays(state, "E:9S S:QD W:AD")
    assert state.tricks[0].winner is Seat.W
    # the second lead may be trump
    assert {"QH", "TH"} <= set(plays_of(state).split())
    state = plays(state, "W:TH")
    assert state.led_suit is Suit.HEARTS


def test_without_no_first_blood_trump_may_be_led():
    state = hearts(DEAL_1)
    assert "AH" in plays_of(state)


# ---- the first lead --------------------------------------------------------------------------

# (settings, dealer, caller, alone decisions after the call, expected leader)
FIRST_LEAD = [
    ({}, "W", "N", "N with_partner", "N"),
    ({}, "N", "S", "S with_partner", "E"),
    ({}, "E", "N", "N with_partner", "S"),
    ({}, "S", "E", "E with_partner", "W"),
    ({}, "W", "N", "N alone", "N"),
    ({}, "W", "S", "S alone", "E"),  # North sits out: skipped
    ({}, "N", "W", "W alone", "S"),  # East sits out: skipped
    ({"lone_defender": True}, "W", "S", "S alone, E alone", "E"),
    ({"lone_defender": True}, "W", "N", "N with_partner, E pass, W alone", "N"),
    ({"loner_starts_last": True}, "W", "N", "N with_partner", "N"),  # nobody alone
    ({"loner_starts_last": True}, "W", "S", "S alone", "W"),  # the loner's left
    ({"loner_starts_last": True}, "W", "N", "N alone", "E"),
    ({"loner_starts_last": True}, "N", "E", "E alone", "S"),
    (
        {"loner_starts_last": True, "lone_defender": True},
        "W",
        "N",
        "N with_partner, E alone",
        "S",
    ),  # a lone defender
    (
        {"loner_starts_last": True, "lone_defender": True},
        "W",
        "S",
        "S alone, E alone",
        "E",
    ),  # two loners: defender
    ({"loner_starts_last": True, "lone_defender": True}, "W", "N", "N alone, E pass, W alone", "W"),
    ({"loner_starts_last": True, "lone_defender": True}, "S", "W", "W alone, N alone", "N"),
]


@pytest.mark.parametrize(
    "settings,dealer,caller,decisions,leader",
    FIRST_LEAD,
    ids=[f"{'+'.join(s) or 'plain'}-{d}deals-{x.replace(' ', '')}" for s, d, _, x, _ in FIRST_LEAD],
)
def test_first_lead(settings, dealer, caller, decisions, leader):
    state = hand(DEAL_1, dealer=dealer, upcard="9C", preset="cardsuite", **settings)
    for _ in range(4):
        state = act(state, f"{state.turn.value} pass")
    while state.turn is not Seat(caller):
        state = act(state, f"{state.turn.value} pass")
    state = act(state, f"{caller} call H", decisions)
    assert state.phase is Phase.PLAY
    assert state.turn is Seat(leader) and state.leader is Seat(leader)
    assert first_leader(state) is Seat(leader)
    assert Seat(leader) in state.active_seats


@pytest.mark.parametrize(
    "decisions,leader",
    [
        ("N pass, E alone, S alone", "E"),
        ("N alone, E pass, W pass", "E"),
        ("N pass, E pass, S alone, W pass", "W"),
        ("N pass, E pass, S pass, W pass", "N"),
    ],
)
def test_first_lead_pagat(decisions, leader):
    """pagat: loner starts last, announcements from the dealer's left."""
    state = hand(DEAL_1, dealer="W", upcard="9C", preset="pagat")
    state = act(state, "N pass, E pass, S pass, W pass, N call H", decisions)
    assert state.phase is Phase.PLAY and state.turn is Seat(leader)


def test_two_lone_players_play_two_cards_a_trick():
    state = hand(DEAL_1, dealer="W", upcard="9C", preset="cardsuite", lone_defender=True)
    state = act(state, "N pass, E pass, S pass, W pass, N call H, N alone, E alone")
    assert state.active_seats == (Seat.N, Seat.E)
    state = plays(state, "N:AH E:JD")
    assert len(state.tricks[0].cards) == 2 and state.tricks[0].winner is Seat.E
    assert state.turn is Seat.E
    state = plays(state, "E:AC N:QC")
    assert state.turn is Seat.E  # S and W are skipped


# ---- the Benny is a trump for every purpose --------------------------------------------------

# East's only trump (hearts) is the Joker; North holds the Joker in BENNY.
BENNY_E = "N: AH 9D TS QC KS / E: JOKER AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def test_trump_led_the_benny_must_follow():
    state = plays(hearts(BENNY_E, benny=True), "N:AH")
    assert plays_of(state) == "JOKER"
    illegal(state, "E play AC", Reason.MUST_FOLLOW_SUIT, "must follow hearts", "Joker")
    state = plays(state, "E:JOKER S:KH W:QH")
    assert state.tricks[0].winner is Seat.E


def test_benny_does_not_follow_a_plain_suit():
    state = plays(hearts(BENNY_E, benny=True), "N:QC")
    assert sorted(plays_of(state).split()) == ["AC", "KC", "TC"]
    illegal(state, "E play JOKER", Reason.MUST_FOLLOW_SUIT, "must follow clubs")


def test_no_first_blood_benny_is_a_trump():
    state = hearts(BENNY, benny=True, no_first_blood=True)
    assert "JOKER" not in plays_of(state)
    illegal(state, "N play JOKER", Reason.NO_FIRST_BLOOD, "Joker")


def test_no_first_blood_does_not_apply_in_no_trump():
    state = hearts(DEAL_3, suit="NT", no_trump=True, no_first_blood=True)
    assert sorted(plays_of(state).split()) == sorted(["JD", "9D", "TS", "QC", "KS"])
