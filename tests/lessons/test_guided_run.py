"""A GuidedRun: right choices advance the script with the coach's why, a refused choice
gets the engine's reason, a worse one the coach's explanation, and stars count tries."""

from __future__ import annotations

import pytest

from engine import Action, Reason, parse_card
from lessons.guided import guided_hand, load_guided
from lessons.guided_run import GuidedRun, Verdict, choices_offered


def play(card: str) -> Action:
    return Action.play(parse_card(card))


def test_right_choices_all_the_way_give_three_stars():
    for hand in load_guided():
        run = GuidedRun.start(hand)
        for decision in hand.decisions:
            assert run.decision == decision
            run = run.choose(decision.right[0])
            assert run.feedback.verdict is Verdict.RIGHT
            assert run.feedback.text == decision.why
        assert run.finished and run.state.is_over and run.stars == 3 and run.misses == 0


def test_an_illegal_choice_gets_the_engines_reason_and_changes_nothing():
    run = GuidedRun.start(guided_hand("left-bower-follows"))
    after = run.choose(play("JD"))
    assert after.feedback.verdict is Verdict.REFUSED
    assert after.feedback.reason is Reason.MUST_FOLLOW_SUIT
    assert "jack of diamonds is not a diamond" in after.feedback.text
    assert after.state is run.state and after.misses == 1 and after.tried == (play("JD"),)


def test_a_worse_choice_gets_the_coachs_words_then_a_retry_finishes_with_two_stars():
    hand = guided_hand("protect-partner")
    run = GuidedRun.start(hand)
    run = run.choose(play("9H"))
    assert run.feedback.verdict is Verdict.WORSE
    assert run.feedback.text == hand.decisions[0].says(play("9H"))
    run = run.choose(play("QD")).choose(play("9H"))
    assert run.finished and run.misses == 1 and run.stars == 2


@pytest.mark.parametrize("hand_id", ["protect-partner", "left-bower-follows"])
def test_a_choice_marked_wrong_chosen_again_is_said_again_but_not_counted_again(hand_id):
    """A worse choice (protect-partner's 9H) or a refused one (left-bower-follows' JD),
    clicked again while marked ✗: the same words, still one wrong try."""
    wrong = {"protect-partner": play("9H"), "left-bower-follows": play("JD")}[hand_id]
    once = GuidedRun.start(guided_hand(hand_id)).choose(wrong)
    again = once.choose(wrong)
    assert once.misses == again.misses == 1 and again.tried == (wrong,)
    assert again.feedback == once.feedback


def test_three_wrong_tries_give_one_star():
    hand = guided_hand("stick-the-dealer")
    run = GuidedRun.start(hand)
    for action in (Action.PASS, Action.call(parse_card("9C").suit), Action.ALONE):
        run = run.choose(action)
        assert run.feedback.verdict is Verdict.REFUSED
    assert run.feedback.reason is not None
    run = run.choose(hand.decisions[0].right[0])
    assert run.finished and run.stars == 1


@pytest.mark.parametrize(
    "hand_id,action,reason",
    [
        ("stick-the-dealer", Action.PASS, Reason.DEALER_MUST_CALL),
        ("round-two-call", Action.call(parse_card("9S").suit), Reason.TURNED_DOWN_SUIT),
        ("no-first-blood", play("JH"), Reason.NO_FIRST_BLOOD),
    ],
)
def test_the_table_offers_the_illegal_choice_the_hand_teaches_and_the_engine_refuses_it(
    hand_id, action, reason
):
    run = GuidedRun.start(guided_hand(hand_id))
    if action.card is None:
        assert action in choices_offered(run.state)
    assert run.choose(action).feedback.reason is reason


def test_canadian_loner_refuses_playing_with_partner():
    hand = guided_hand("canadian-loner")
    run = GuidedRun.start(hand).choose(Action.ORDER_UP)
    offered = choices_offered(run.state)
    other = next(a for a in offered if a is not Action.ALONE)
    assert run.choose(other).feedback.reason is Reason.MUST_GO_ALONE


def test_news_starts_after_the_learners_last_right_choice():
    run = GuidedRun.start(guided_hand("left-bower-follows"))
    assert [a.do.value for _, a in run.news()][:1] == ["order_up"]
    run = run.choose(play("9D"))
    assert run.news()[0][1] == play("9D")


def _place(**changes):
    from lessons.guided_place import place_of

    hand = guided_hand("protect-partner")
    run = GuidedRun.start(hand).choose(play("9H"))  # one wrong try, marked ✗
    return hand, {**place_of(run), **changes}


@pytest.mark.parametrize(
    "changes",
    [
        {"version": 2},
        {"misses": True},
        {"misses": -1},
        {"misses": 0},  # fewer than the choices marked ✗
        {"misses": 10**6},
        {"tried": [{"do": "play", "card": "9H"}] * 2},  # the same ✗ twice
        {"tried": [{"do": "play", "card": "QD"}]},  # the right card is no wrong try
        {"tried": [{"do": "fly"}]},
        {"right": [{"do": "play", "card": "9H"}]},  # a wrong choice kept as right
        {"right": [{"do": "pass"}] * 50},
        {"right": "9H"},
    ],
)
def test_a_kept_place_that_does_not_fit_the_hand_gives_no_run(changes):
    from lessons.guided_place import run_from_place

    hand, place = _place(**changes)
    assert run_from_place(hand, place) is None


def test_a_kept_place_gives_back_the_run_with_its_wrong_tries():
    from lessons.guided_place import run_from_place

    hand, place = _place()
    run = run_from_place(hand, place)
    assert run.misses == 1 and run.tried == (play("9H"),) and run.feedback.verdict is Verdict.WORSE
