"""Guided hands: every scripted hand replays through the engine, every right choice is
legal, every alternative the coach calls worse is legal and valued no higher than the
right choice (the double-dummy solver for a card to play, the hint module for a bid,
alone or discard), every claim holds, and the loader rejects bad content clearly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from guided_values import choice_values

from engine import Phase, legal_actions
from lessons.guided import (
    GuidedError,
    format_choice,
    format_move,
    load_guided,
    load_guided_hand,
    parse_choice,
    parse_move,
    paths,
    play_path,
)
from lessons.loader import load_all

HANDS = load_guided()
DECISIONS = [
    (hand, choices, index, state)
    for hand in HANDS
    for choices in paths(hand)
    for state, index in play_path(hand, choices)[:-1]
]
GOOD = (
    Path(__file__).resolve().parents[2]
    / "lessons"
    / "content"
    / "guided"
    / "01_left_bower_follows.toml"
)


def test_there_are_at_least_twelve_guided_hands_each_with_its_own_id():
    assert len(HANDS) >= 12
    assert len({hand.id for hand in HANDS}) == len(HANDS)


@pytest.mark.parametrize("number", [2, 3, 4, 5, 6, 7])
def test_lessons_two_to_seven_each_end_with_a_guided_hand(number):
    lesson = next(item for item in load_all() if item.number == number)
    assert [hand.id for hand in HANDS if hand.lesson == lesson.id], lesson.id


def test_each_house_rule_has_a_hand_under_its_preset():
    rules = {
        (hand.rules.preset_name, name)
        for hand in HANDS
        for name in ("benny", "no_trump", "canadian_loner", "no_first_blood")
        if getattr(hand.rules, name)
    }
    assert {
        ("pagat", "benny"),
        ("bga", "no_trump"),
        ("pagat", "canadian_loner"),
        ("cardsuite", "no_first_blood"),
    } <= rules


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: hand.id)
def test_every_way_through_the_script_replays_to_the_end_of_the_hand(hand):
    for choices in paths(hand):
        states = play_path(hand, choices)
        assert states[-1][0].is_over and not states[-1][0].result.thrown_in
        assert len(states) - 1 == len(hand.decisions)


@pytest.mark.parametrize(
    "hand,choices,index,state", DECISIONS, ids=lambda v: getattr(v, "id", None)
)
def test_right_and_named_choices_are_legal_and_every_other_choice_is_explained(
    hand, choices, index, state
):
    decision = hand.decisions[index]
    legal = legal_actions(state)
    assert state.turn.value == "S"
    assert set(decision.right) <= set(legal)
    assert all(action in legal for action, _ in decision.wrong)
    for action in legal:
        assert action in decision.right or decision.says(action).strip()


@pytest.mark.parametrize(
    "hand,choices,index,state", DECISIONS, ids=lambda v: getattr(v, "id", None)
)
def test_the_analysis_values_each_right_choice_at_least_as_high_as_every_worse_one(
    hand, choices, index, state
):
    decision = hand.decisions[index]
    kind, values = choice_values(state)
    assert kind == ("solver" if state.phase is Phase.PLAY else "hint")
    worse = [a for a in legal_actions(state) if a not in decision.right]
    for right in decision.right:
        for other in worse:
            assert values[right] >= values[other], (
                f"{hand.id} decision {index + 1}: the {kind} values {format_choice(other)} "
                f"({values[other]}) above {format_choice(right)} ({values[right]})"
            )


def test_most_named_alternatives_are_strictly_worse():
    """Not a tie dressed up as a mistake: of the alternatives the coach names, the
    analysis values every one strictly below the right choice."""
    ties = []
    for hand, _choices, index, state in DECISIONS:
        decision = hand.decisions[index]
        _, values = choice_values(state)
        for action, _ in decision.wrong:
            if values[action] >= min(values[r] for r in decision.right):
                ties.append((hand.id, index + 1, format_choice(action)))
    assert ties == []


# Only the hands that carry claims: the others would pass checking nothing.
CLAIM_HANDS = [hand for hand in HANDS if any(decision.claims for decision in hand.decisions)]


@pytest.mark.parametrize("hand", CLAIM_HANDS, ids=lambda hand: hand.id)
def test_every_claim_holds_in_the_engines_hand(hand):
    for choices in paths(hand):
        final = play_path(hand, choices)[-1][0]
        for decision in hand.decisions:
            for claim in decision.claims:
                assert claim.problem(final) is None


WINS = re.compile(r"\b(wins?|takes? (a|the) (third )?trick|scores? \d)\b", re.IGNORECASE)


# Only the hands where some "why" says who wins: the others would pass checking nothing.
WIN_HANDS = [hand for hand in HANDS if any(WINS.search(d.why) for d in hand.decisions)]


def test_claims_and_winning_whys_are_found():
    assert len(CLAIM_HANDS) >= 5 and len(WIN_HANDS) >= 3, (len(CLAIM_HANDS), len(WIN_HANDS))


@pytest.mark.parametrize("hand", WIN_HANDS, ids=lambda hand: hand.id)
def test_a_why_that_says_who_wins_carries_a_claim_to_check(hand):
    for index, decision in enumerate(hand.decisions):
        if WINS.search(decision.why):
            assert decision.claims, f"{hand.id} decision {index + 1}: {decision.why!r}"


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "order_up",
        "call H",
        "call NT",
        "play JD",
        "discard 9C",
        "alone",
        "with_partner",
        "name S",
        "play JOKER",
    ],
)
def test_choices_round_trip(text):
    assert format_choice(parse_choice(text)) == text
    seat, action = parse_move(f"W {text}")
    assert format_move(seat, action) == f"W {text}"


@pytest.mark.parametrize("text", ["", "play", "play XX", "fold", "S", "Q pass", "N play 9C 9D"])
def test_bad_moves_are_refused_naming_the_text(text):
    with pytest.raises(ValueError):
        parse_move(text)


def _write(tmp_path: Path, old: str, new: str) -> Path:
    text = GOOD.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "hand.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('lesson = "bowers"', 'lesson = "bowers"\ncolour = "red"', "unknown key 'colour'"),
        ('why = "Right. The jack', 'shout = "x"\nwhy = "Right. The jack', "unknown key 'shout'"),
        (
            'right = ["play 9D"]',
            'right = ["play 9D"]\nwrong = [{ choice = "play AC", says = "x", extra = 1 }]',
            "unknown key 'extra'",
        ),
        (
            'right = ["play 9D"]',
            'right = ["play JD"]',
            "move 6 (S play JD): South must follow diamonds",
        ),
        (
            'right = ["play 9D"]',
            'right = ["play 9D"]\nwrong = [{ choice = "play AC", says = "x" }]',
            "not legal: the engine explains",
        ),
        (
            '"N play AD, E play KD, S ?, W play TD"',
            '"N play AD, E play KD, S play 9D, W play TD"',
            "one decision for each",
        ),
        (
            '"N play 9C, E play AS, S play AC, W play KS"',
            '"N play 9C, E play AS, S play AC"',
            "stop before the hand is over",
        ),
        (
            '"N play AD, E play KD, S ?, W play TD"',
            '"N play AD, S ?, E play KD, W play TD"',
            "East's turn",
        ),
        (
            'claims = [{ trick = 2, winner = "N" }]',
            'claims = [{ trick = 2, winner = "E" }]',
            "East wins trick 2; North does",
        ),
        ('claims = [{ trick = 2, winner = "N" }]', "claims = [{ trick = 2 }]", "a claim is"),
        ('N = "JH AH TH AD 9C"', 'N = "JH AH TH AD"', "five cards"),
        ('lesson = "bowers"', 'lesson = "nope"', "not a lesson"),
    ],
)
def test_the_loader_rejects_bad_hands_saying_what_to_fix(tmp_path, old, new, message):
    with pytest.raises(GuidedError if "unknown key" not in message else ValueError) as error:
        load_guided_hand(_write(tmp_path, old, new))
    assert message in str(error.value)
    assert "hand.toml" in str(error.value)
