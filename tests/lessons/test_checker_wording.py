"""The checkers' explanations use the question's rules: a Benny deck ranks every trump one
place lower, and a dealer who picked up is not said to have ordered up."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import HandRecord, Phase, Rules, Seat, Suit, describe_card, parse_card, parse_cards
from lessons.checkers import (
    callable_suits_question,
    effective_suit_question,
    first_leader_question,
    is_trump_question,
    legal_plays_question,
    rank_order_question,
    suit_members_question,
    trick_order_question,
    trick_winner_question,
)
from lessons.generators import gen_suit_members, random_position
from lessons.loader import load_all, load_lesson

H = Suit.HEARTS


def test_with_the_benny_the_right_bower_is_the_second_highest_trump():
    jack = parse_card("JH")
    assert "second-highest heart" in effective_suit_question(jack, H, True).explanation
    assert "second-highest heart" in is_trump_question(jack, H, True).explanation
    members = suit_members_question(parse_cards("JH JD AH 9C"), H, H, True)
    assert "second-highest heart" in members.explanation
    assert "third-highest heart" in members.explanation  # the left bower
    assert "Joker" in rank_order_question(parse_cards("JH AH 9H"), H, True).explanation
    assert (
        "Joker" in trick_order_question(parse_cards("JH AH 9S"), H, Suit.SPADES, True).explanation
    )
    # Without the Benny nothing changes.
    assert "the highest heart" in is_trump_question(jack, H).explanation


def test_generated_members_are_described_under_the_rules_benny():
    rules = Rules.preset("bga").with_settings(benny=True)
    for seed in range(30):
        question = gen_suit_members(random.Random(seed), rules)
        trump = question.scene.trump
        for card in question.scene.cards:
            if card.is_joker or card.rank.letter == "J":
                assert describe_card(card, trump, True) in question.explanation


LESSON = """id = "t"
number = 1
title = "T"
summary = "S"
rules = { preset = "bga", benny = true }
[[steps]]
id = "a"
show = "text"
[quiz]
length = 10
generators = ["colour"]
[[quiz.items]]
id = "right-bower"
ask = "is_trump"
card = "JH"
trump = "H"
answer = ["yes"]
"""


def test_curated_items_are_described_under_the_lessons_benny(tmp_path: Path):
    path = tmp_path / "01_t.toml"
    path.write_text(LESSON, encoding="utf-8")
    path.with_suffix(".md").write_text("# T\n\n## a\nWords.\n", encoding="utf-8")
    (item,) = load_lesson(path).items
    assert "second-highest heart" in item.question.explanation


def test_the_dealer_who_picked_up_is_said_to_have_picked_up():
    lesson = next(lesson for lesson in load_all() if lesson.id == "making-trump")
    item = next(item for item in lesson.items if item.id == "pick-it-up-words")
    assert "South, the dealer, picked up" in item.question.explanation
    assert "ordered up" not in item.question.explanation


def test_a_team_is_never_said_to_go_alone():
    from engine import Team
    from lessons.checkers import game_winner_question, hand_points_question

    points = hand_points_question(Team.NS, 4, maker_alone=True)
    assert "(alone)" not in points.prompt and "one of them alone" in points.prompt
    game = game_winner_question((8, 3), 10, Team.EW, 5, True)
    assert "made trump alone" not in game.prompt


def test_a_finished_hand_says_who_defended_alone():
    from lessons.generators import gen_hand_result

    rules = Rules.preset("bga").with_settings(lone_defender=True)
    seen = 0
    for seed in range(80):
        question = gen_hand_result(random.Random(seed), rules)
        state = question.scene.record.replay()
        for seat in state.alone:
            verb = "went" if seat.team is state.makers else "defended"
            assert f"{seat.word} {verb} alone" in question.scene.facts
            seen += verb == "defended"
    assert seen


@pytest.mark.parametrize("no_trump", [False, True])
def test_no_trump_is_offered_as_a_call_not_as_a_suit(no_trump):
    """With the no trump rule the options hold "no trump", which is no suit: the
    question says "which suits, or no trump", never that no trump is a suit."""
    rules = Rules.preset("bga").with_settings(no_trump=no_trump)
    state = random_position(random.Random(3), rules, lambda s: s.phase is Phase.BID2)
    question = callable_suits_question(HandRecord.from_state(state))
    offered_no_trump = any("no trump" in option.label.lower() for option in question.options)
    assert offered_no_trump == no_trump
    assert ("Which suits, or no trump, may" in question.prompt) == no_trump
    assert ("Which suits may" in question.prompt) == (not no_trump)


# ---- a wrong answer is told why its trap is one ------------------------------------------

TRAP_DEAL = (
    '{"dealer": "W", "upcard": "9C", "hands": {'
    '"N": ["AC", "KD", "QD", "9H", "TS"], "E": ["KC", "AD", "TD", "9S", "QS"], '
    '"S": ["JH", "JS", "AH", "KH", "9D"], "W": ["QC", "TC", "JD", "KS", "AS"]}, '
    '"actions": [{"seat": "N", "do": "order_up"}, {"seat": "N", "do": "%s"}, '
    '{"seat": "W", "do": "discard", "card": "QC"}%s]}'
)


def test_a_wrong_pick_of_a_jack_is_told_which_suit_the_jack_belongs_to():
    """Clubs are trump and led: the jack of spades (the left bower) must follow, the jack
    of hearts may not. Picking the jack of hearts, or missing the jack of spades, says so."""
    lead = ', {"seat": "N", "do": "play", "card": "AC"}, {"seat": "E", "do": "play", "card": "KC"}'
    record = HandRecord.loads(TRAP_DEAL % ("with_partner", lead))
    question = legal_plays_question(record)
    assert question.answer == ("JS",)
    told = question.check(["JS", "JH"]).explanation
    assert "The jack of hearts is not a trump." in told
    assert "left bower" not in told.split("The jack of hearts")[1]  # only what strayed
    missed = question.check(["9D"]).explanation
    assert "The jack of spades is the left bower" in missed
    assert question.check(["JS"]).explanation == question.explanation  # right: no notes


def test_a_wrong_trick_winner_is_told_why_that_card_loses():
    trick = tuple(
        (seat, parse_card(code))
        for seat, code in ((Seat.E, "9C"), (Seat.S, "AC"), (Seat.W, "TD"), (Seat.N, "JH"))
    )
    question = trick_winner_question(trick, None)  # no trump: a jack is just a jack
    assert question.answer == ("S",)
    told = question.check(["N"]).explanation
    assert "North's jack of hearts is not a club, the suit led, and there is no trump" in told
    assert "a jack is just a jack" in told


def test_picking_a_seat_that_sits_out_to_lead_is_told_it_sits_out():
    record = HandRecord.loads(TRAP_DEAL % ("alone", ""))
    question = first_leader_question(record)
    told = question.check(["S"]).explanation
    assert "South sits out: their partner, North, plays alone." in told


@pytest.mark.parametrize("out", [1, 2])
def test_a_trick_played_short_says_who_plays_alone_and_who_sits_out(out):
    """A trick of three cards (or two, a defender alone too) asked about with no word on
    who is missing read as a puzzle the learner could not solve; the question says who
    plays alone and who sits out, as the engine has it."""
    rng = random.Random(7)
    rules = Rules.from_settings({"preset": "bga", "lone_defender": True})
    for _ in range(6):
        state = random_position(
            rng, rules, lambda s: len(s.sitting_out) == out and len(s.tricks) >= 1, tries=5000
        )
        prompt = trick_winner_question(state.tricks[-1].cards, state.trump_suit).prompt
        for seat in state.sitting_out:
            assert f"{seat.partner.word} plays alone, so {seat.word} sits out." in prompt, prompt
        assert prompt.count("sits out") == out, prompt
        assert prompt.endswith("Who wins this trick?")
    full = random_position(rng, rules, lambda s: not s.sitting_out and len(s.tricks) >= 1)
    assert "sits out" not in trick_winner_question(full.tricks[-1].cards, full.trump_suit).prompt
