"""A learner's own mistakes (issue 22): a hand's mistakes and blunders are kept as
positions, and each comes back as a puzzle judged by the same seeded evaluation as the
review that found it, from the learner's seat only."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from analysis import grade_decision, make_bot
from engine import HandRecord, Phase, Rules, Seat, apply, random_hand, seat_view
from lessons.quiz import Kind
from tutorial_app.mistakes.capture import hand_mistakes
from tutorial_app.mistakes.puzzles import PuzzleError, action_key, puzzle
from tutorial_app.shell.hand_links import decode_hand

MADE = datetime(2026, 12, 2, 9, tzinfo=UTC)
SAMPLES = 24  # enough for the grades to be stable, few enough for a quick test


def careless_hand(seed: int):
    """A whole hand: South plays at random, the others as beginners."""
    rng = random.Random(seed)
    state = random_hand(Rules.preset("bga"), Seat(rng.choice("NESW")), rng)
    south, others = make_bot("random"), make_bot("beginner")
    while state.turn is not None and state.phase is not Phase.OVER:
        seat = state.turn
        bot = south if seat is Seat.S else others
        state = apply(state, bot.decide(seat_view(state, seat), rng), seat)
    return state


def advice(seed: int):
    return lambda step: f"advice-{seed}-1-{step}"


def position_view(mistake):
    record = decode_hand(mistake.hand)
    before = HandRecord(record.rules, record.deal, record.actions[: mistake.step])
    return seat_view(before.replay(), Seat.S), record.actions[mistake.step]


@pytest.fixture(scope="module")
def kept():
    """The mistakes of careless hands, until there are some of bidding and of play."""
    found = []
    for seed in range(60):
        hand = careless_hand(seed)
        found += [
            (seed, m)
            for m in hand_mistakes(
                hand, Seat.S, advice(seed), MADE, f"bga.random.{seed}", samples=SAMPLES
            )
        ]
        if len(found) >= 6 and {m.phase == "play" for _, m in found} == {True, False}:
            break
    assert len(found) >= 6
    return found


def ask(mistake):
    return puzzle(mistake.hand, mistake.step, mistake.seat, mistake.advice, mistake.chosen, SAMPLES)


def test_each_kept_position_is_souths_mistake_with_the_reviews_figures(kept):
    for seed, mistake in kept:
        view, (who, action) = position_view(mistake)
        assert who is Seat.S and mistake.seat == "S" and str(action) == mistake.chosen
        again = grade_decision(view, action, random.Random(mistake.advice), SAMPLES)
        assert again.grade.value == mistake.grade in ("mistake", "blunder")
        assert round(again.cost, 3) == mistake.cost and len(view.legal) > 1
        assert mistake.advice == advice(seed)(mistake.step) and mistake.phase == view.phase.value


def test_the_puzzle_judges_the_choice_made_wrong_and_the_reviews_best_right(kept):
    for _, mistake in kept:
        question = ask(mistake)
        view, (_, action) = position_view(mistake)
        best = grade_decision(view, action, random.Random(mistake.advice), SAMPLES).best
        assert question.kind is Kind.SINGLE and question.answer == (action_key(best),)
        assert not question.check(action_key(action)).correct
        assert question.check(action_key(best)).correct
        assert action_key(action) not in question.also_right
        for other in question.also_right:  # as good as the best, by the same evaluation
            chosen = next(a for a in view.legal if action_key(a) == other)
            graded = grade_decision(view, chosen, random.Random(mistake.advice), SAMPLES)
            assert graded.grade.value in ("best", "good")
            assert question.check(other).correct
        assert "In your game you chose" in question.explanation


def test_the_puzzle_shows_only_what_the_seat_could_see(kept):
    for _, mistake in kept:
        question = ask(mistake)
        view, _ = position_view(mistake)
        record = question.scene.record
        assert record is not None and len(record.actions) == mistake.step
        assert seat_view(record.replay(), Seat.S) == view  # the position itself
        if view.phase in (Phase.PLAY, Phase.DISCARD):  # its cards: South's hand
            assert [o.card for o in question.options] == list(view.hand)
        else:  # its buttons: the legal choices
            assert len(question.options) == len(view.legal)


def test_a_damaged_position_says_so():
    with pytest.raises(PuzzleError, match="cannot be set up again"):
        puzzle("v1.AAAA", 3, "S", "advice-1-1-3", "pass")
