"""A guided hand keeps its place for its learner: a new session (a reload, a new tab) of
the same learner opens the hand where it was, wrong tries and ✗ marks included, so a
hand with a wrong try never ends with three stars; a ✗ choice clicked again is not a
second wrong try; another learner's link to the hand starts it fresh; a kept place that
does not fit the hand is said and the hand starts again; "Play it again" forgets it."""

from __future__ import annotations

from app_driver import open_page, table_shown
from test_guided_page import PAGE, click

from lessons.guided import guided_hand
from tutorial_app.features.guided.keys import RUN
from tutorial_app.features.guided.records import place_name
from tutorial_app.learner.progress_cache import forget_everything_read

HAND = guided_hand("protect-partner")
WRONG = HAND.decisions[0].wrong[0][0]  # a card the coach explains is not the best


def test_a_reload_keeps_the_wrong_tries_and_the_stars_they_cost(fresh_store, token):
    at = open_page(PAGE, token=token, hand=HAND.id)
    click(at, HAND.id, WRONG)
    again = open_page(PAGE, token=token, hand=HAND.id)  # a reload: a new session
    run = again.session_state[RUN(HAND.id)]
    assert run.misses == 1 and run.tried == (WRONG,) and run.answered == 0
    card = next(c for c in table_shown(again)["hand"] if c["code"] == WRONG.card.code)
    assert card["mark"]["kind"] == "wrong"  # still marked ✗
    click(again, HAND.id, HAND.decisions[0].right[0])
    third = open_page(PAGE, token=token, hand=HAND.id)  # and again, one decision on
    assert third.session_state[RUN(HAND.id)].answered == 1
    for decision in HAND.decisions[1:]:
        click(third, HAND.id, decision.right[0])
    assert third.session_state[RUN(HAND.id)].stars == 2
    assert [hand.result["stars"] for hand in fresh_store.hands(token, "guided")] == [2]
    finished = open_page(PAGE, token=token, hand=HAND.id)  # the end and its stars stay
    assert finished.session_state[RUN(HAND.id)].finished
    assert any("★★☆" in m.value for m in finished.markdown)


def test_a_choice_marked_wrong_clicked_again_is_one_wrong_try(fresh_store, token):
    at = open_page(PAGE, token=token, hand=HAND.id)
    click(at, HAND.id, WRONG)
    click(at, HAND.id, WRONG)  # marked ✗: its reason again, no new try
    assert at.session_state[RUN(HAND.id)].misses == 1
    assert HAND.decisions[0].says(WRONG) in table_shown(at)["message"]["text"]
    assert [row["correct"] for row in fresh_store.answer_rows(token)] == [False]


def test_another_learner_opening_the_same_link_starts_fresh(fresh_store, token):
    at = open_page(PAGE, token=token, hand=HAND.id)
    click(at, HAND.id, WRONG)
    stranger = open_page(PAGE, hand=HAND.id)  # no token: a new learner
    run = stranger.session_state[RUN(HAND.id)]
    assert run.misses == 0 and not run.tried


def test_a_place_that_does_not_fit_is_said_and_the_hand_starts_again(fresh_store, token):
    fresh_store.save_quiz_position(
        token, place_name(HAND.id), 0, {"version": 1, "right": [{"do": "alone"}] * 99}
    )
    at = open_page(PAGE, token=token, hand=HAND.id)
    run = at.session_state[RUN(HAND.id)]
    assert run.misses == 0 and run.answered == 0
    assert any("could not be read" in info.value for info in at.info)
    click(at, HAND.id, HAND.decisions[0].right[0])
    assert not any("could not be read" in info.value for info in at.info)  # said once


def test_play_it_again_forgets_the_place(fresh_store, token):
    at = open_page(PAGE, token=token, hand=HAND.id)
    click(at, HAND.id, WRONG)
    for decision in HAND.decisions:
        click(at, HAND.id, decision.right[0])
    at.button(key="guided-again").click().run()
    assert at.session_state[RUN(HAND.id)].misses == 0
    assert fresh_store.load_quiz_position(token, place_name(HAND.id)) is None
    again = open_page(PAGE, token=token, hand=HAND.id)
    assert not again.session_state[RUN(HAND.id)].answered


def test_deleting_the_progress_starts_the_hand_on_screen_again(fresh_store, token):
    at = open_page(PAGE, token=token, hand=HAND.id)
    click(at, HAND.id, WRONG)
    fresh_store.reset(token)  # what "Delete my progress" does, then it forgets what was read
    forget_everything_read(at.session_state, quizzes_too=True)
    at.run()
    assert at.session_state[RUN(HAND.id)].misses == 0
