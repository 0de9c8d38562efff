"""Scoring a hand: every row of RULES.md's table, by ``score_hand`` and by hands played out."""

import pytest
from euchre_helpers import act, hand, plays

from engine import Outcome, Team, score_hand, scoring_table
from engine.explain import explain_result

# (makers' tricks, lone maker, lone defender) -> (who scores, points), written out in full.
TABLE = {
    (0, False, False): ("defenders", 2),
    (1, False, False): ("defenders", 2),
    (2, False, False): ("defenders", 2),
    (3, False, False): ("makers", 1),
    (4, False, False): ("makers", 1),
    (5, False, False): ("makers", 2),
    # a lone maker: 4 only for all five; euchred is still 2 (trap 5 and 6)
    (0, True, False): ("defenders", 2),
    (1, True, False): ("defenders", 2),
    (2, True, False): ("defenders", 2),
    (3, True, False): ("makers", 1),
    (4, True, False): ("makers", 1),
    (5, True, False): ("makers", 4),
    # a lone defender: 4 for a euchre; makers who make it score as usual
    (0, False, True): ("defenders", 4),
    (1, False, True): ("defenders", 4),
    (2, False, True): ("defenders", 4),
    (3, False, True): ("makers", 1),
    (4, False, True): ("makers", 1),
    (5, False, True): ("makers", 2),
    # both alone
    (0, True, True): ("defenders", 4),
    (1, True, True): ("defenders", 4),
    (2, True, True): ("defenders", 4),
    (3, True, True): ("makers", 1),
    (4, True, True): ("makers", 1),
    (5, True, True): ("makers", 4),
}
OUTCOMES = {
    ("makers", 1, False): Outcome.MADE,
    ("makers", 2, False): Outcome.MARCH,
    ("makers", 1, True): Outcome.LONE_MADE,
    ("makers", 4, True): Outcome.LONE_MARCH,
    ("defenders", 2): Outcome.EUCHRE,
    ("defenders", 4): Outcome.LONE_DEFENDER_EUCHRE,
}

CASES = [(team, *key) for team in Team for key in TABLE]


@pytest.mark.parametrize(
    "makers,tricks,maker_alone,defender_alone",
    CASES,
    ids=[f"{t.value}-{n}-{'L' if a else 'p'}{'D' if d else 'd'}" for t, n, a, d in CASES],
)
def test_score_hand_every_row(makers, tricks, maker_alone, defender_alone):
    to, points = TABLE[(tricks, maker_alone, defender_alone)]
    score = score_hand(makers, tricks, maker_alone=maker_alone, defender_alone=defender_alone)
    winner = makers if to == "makers" else makers.other
    assert score.winner is winner
    assert score.points_won == points
    assert score.points == {winner: points, winner.other: 0}
    assert score.makers is makers and score.makers_tricks == tricks
    key = (to, points) if to == "defenders" else (to, points, maker_alone)
    assert score.outcome is OUTCOMES[key]


@pytest.mark.parametrize("tricks", [-1, 6, 3.0, "3", None])
def test_score_hand_rejects_impossible_trick_counts(tricks):
    with pytest.raises(ValueError, match="0 to 5"):
        score_hand(Team.NS, tricks)


def test_scoring_table_rows_match_rules_md():
    rows = [(r.makers_tricks, r.points, r.to) for r in scoring_table(lone_defender=True)]
    assert rows == [
        ("3-4", 1, "makers"),
        ("5", 2, "makers"),
        ("5", 4, "makers"),
        ("3-4", 1, "makers"),
        ("0-2", 2, "defenders"),
        ("0-2", 4, "defenders"),
    ]
    labels = [r.outcome.lower() for r in scoring_table(lone_defender=True)]
    assert "lone maker" in labels[2] and "all 5" in labels[2]
    assert "lone maker" in labels[3] and "3 or 4" in labels[3]
    assert "euchred" in labels[4] and "lone defender" in labels[5]
    assert len(scoring_table(lone_defender=False)) == 5


# ---- the same rows, by hands played to the end ---------------------------------------------------
#
# Hearts trump, the upcard the 9 of hearts, West deals; North holds the top trumps.

DEAL_5 = "N: JH JD AH KH QH / E: AC KC QC JC TC / S: AD KD QD TD 9D / W: AS KS QS JS TS"
DEAL_4 = "N: JH JD AH KH 9C / E: AC KC QC JC TC / S: AD KD QD TD 9D / W: AS KS QS JS TS"
DEAL_3 = "N: JH JD AH 9C 9S / E: AC KC QC JC TC / S: AD KD QD TD 9D / W: AS KS QS JS TS"

PLAYED = {
    # name: (deal, settings, bidding, play, makers' tricks, (NS, EW) points)
    "march": (
        DEAL_5,
        {},
        "N order_up, N with_partner, W discard 9H",
        "N:JH E:TC S:9D W:TS  N:JD E:JC S:TD W:JS  N:AH E:QC S:QD W:QS"
        " N:KH E:KC S:KD W:KS  N:QH E:AC S:AD W:AS",
        5,
        (2, 0),
    ),
    "lone march": (
        DEAL_5,
        {},
        "N order_up, N alone, W discard 9H",
        "N:JH E:TC W:TS  N:JD E:JC W:JS  N:AH E:QC W:QS  N:KH E:KC W:KS N:QH E:AC W:AS",
        5,
        (4, 0),
    ),
    "made 4": (
        DEAL_4,
        {},
        "N order_up, N with_partner, W discard TS",
        "N:JH E:TC S:9D W:9H  N:JD E:JC S:TD W:JS  N:AH E:QC S:QD W:QS"
        " N:KH E:KC S:KD W:KS  N:9C E:AC S:AD W:AS",
        4,
        (1, 0),
    ),
    "lone 4": (
        DEAL_4,
        {},
        "N order_up, N alone, W discard TS",
        "N:JH E:TC W:9H  N:JD E:JC W:JS  N:AH E:QC W:QS  N:KH E:KC W:KS N:9C E:AC W:AS",
        4,
        (1, 0),
    ),
    "made 3": (
        DEAL_3,
        {},
        "N order_up, N with_partner, W discard TS",
        "N:JH E:TC S:9D W:9H  N:JD E:JC S:TD W:JS  N:AH E:QC S:QD W:QS"
        " N:9C E:AC S:KD W:KS  E:KC S:AD W:AS N:9S",
        3,
        (1, 0),
    ),
    "lone 3": (
        DEAL_3,
        {},
        "N order_up, N alone, W discard TS",
        "N:JH E:TC W:9H  N:JD E:JC W:JS  N:AH E:QC W:QS  N:9C E:AC W:KS E:KC W:AS N:9S",
        3,
        (1, 0),
    ),
    "euchre": (
        DEAL_5,
        {},
        "N pass, E order_up, E with_partner, W discard 9H",
        "N:JH E:TC S:9D W:TS  N:JD E:JC S:TD W:JS  N:AH E:QC S:QD W:QS"
        " N:KH E:KC S:KD W:KS  N:QH E:AC S:AD W:AS",
        0,
        (2, 0),
    ),
    "lone maker euchred": (
        DEAL_5,
        {},
        "N pass, E order_up, E alone",
        "N:JH E:TC S:9D  N:JD E:JC S:TD  N:AH E:QC S:QD  N:KH E:KC S:KD N:QH E:AC S:AD",
        0,
        (2, 0),
    ),
    "lone defender euchre": (
        DEAL_5,
        {"lone_defender": True},
        "N pass, E order_up, E with_partner, W discard 9H, N alone",
        "N:JH E:TC W:TS  N:JD E:JC W:JS  N:AH E:QC W:QS  N:KH E:KC W:KS N:QH E:AC W:AS",
        0,
        (4, 0),
    ),
    "two loners, euchre": (
        DEAL_5,
        {"lone_defender": True},
        "N pass, E order_up, E alone, N alone",
        "N:JH E:TC  N:JD E:JC  N:AH E:QC  N:KH E:KC  N:QH E:AC",
        0,
        (4, 0),
    ),
    "lone defender, makers make it": (
        DEAL_5,
        {"lone_defender": True},
        "N order_up, N with_partner, W discard 9H, E alone",
        "N:JH E:TC S:9D  N:JD E:JC S:TD  N:AH E:QC S:QD  N:KH E:KC S:KD  N:QH E:AC S:AD",
        5,
        (2, 0),
    ),
}


@pytest.mark.parametrize("name", list(PLAYED))
def test_played_hands_score_per_the_table(name):
    text, settings, bidding, play, makers_tricks, (ns, ew) = PLAYED[name]
    state = act(hand(text, dealer="W", upcard="9H", **settings), bidding)
    assert state.phase.value == "play"
    state = plays(state, play)
    assert state.is_over and state.turn is None
    assert state.result.thrown_in is False
    assert state.result.makers_tricks == makers_tricks
    assert state.result.points == {Team.NS: ns, Team.EW: ew}
    maker_alone = any(s.team is state.makers for s in state.alone)
    defender_alone = any(s.team is not state.makers for s in state.alone)
    to, points = TABLE[(makers_tricks, maker_alone, defender_alone)]
    assert (state.makers if to == "makers" else state.defenders) is (Team.NS if ns else Team.EW)
    assert points == max(ns, ew)
    assert sum(state.tricks_won) == 5
    assert explain_result(state)


def test_thrown_in_scores_nothing():
    state = hand(DEAL_5, dealer="W", upcard="9H", preset="cardsuite")
    state = act(state, "N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass")
    assert state.is_over
    assert state.result.thrown_in is True
    assert state.result.score is None
    assert state.result.points == {Team.NS: 0, Team.EW: 0}
    assert state.tricks == () and state.maker is None
    assert "thrown in" in explain_result(state)
