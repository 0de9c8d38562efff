"""Practise keeps its place for its learner: a reload or a new tab (a new session of the
same learner) finds the same For-you set (not a new one), on the verdict just given or
at the next question, and a topic set at its question number; another learner's copy
of the link starts afresh; a kept set that does not fit is replaced, never a traceback;
and an option already marked ✗ clicked again is not another wrong try."""

from __future__ import annotations

from app_driver import answer, open_page, table_shown
from progress_helpers import wrong_response
from test_practise import current_set
from test_practise_for_you import PAGE, for_you_quiz, question_of

from tutorial_app.features.practise.mode import FOR_YOU_PLACE
from tutorial_app.quiz.state import on_click, option_id


def test_for_you_keeps_its_set_through_a_reload_even_before_an_answer(fresh_store, token):
    items, key, _ = for_you_quiz(open_page(PAGE, token=token))
    again_items, again_key, state = for_you_quiz(open_page(PAGE, token=token))
    assert (again_items, again_key) == (items, key) and state.showing == 0


def test_for_you_resumes_at_the_next_question_with_its_wrong_try(fresh_store, token):
    at = open_page(PAGE, token=token)
    items, key, _ = for_you_quiz(at)
    question = question_of(items[0].skill, items[0].seed)
    answer(at, question, wrong_response(question), key)
    answered = at.session_state[key]
    left = answered.run
    # A reload while the verdict is on screen shows that verdict again...
    again = open_page(PAGE, token=token)
    again_items, again_key, state = for_you_quiz(again)
    assert again_items == items and again_key == key
    assert state.run == left and state.run.misses == 1
    assert state.showing == 0 and state.feedback == answered.feedback
    # ...and once the learner goes on, a reload opens the next question.
    again.button(key="next").click().run()
    _items, _key, state = for_you_quiz(open_page(PAGE, token=token))
    assert state.run == left and state.showing == left.current and not state.answered
    # Another learner gets a set of their own.
    stranger_items, _key, stranger = for_you_quiz(open_page(PAGE))
    assert stranger.run.misses == 0


def test_a_kept_for_you_set_that_does_not_fit_is_replaced(fresh_store, token):
    fresh_store.save_quiz_position(
        token, FOR_YOU_PLACE, 7, {"day": "2026-01-01", "items": [["nope", -1, "<b>x</b>"]]}
    )
    at = open_page(PAGE, token=token)
    items, _key, state = for_you_quiz(at)
    assert len(items) == 10 and state.showing == 0 and not state.run.answered


def test_a_topic_set_keeps_its_question_number_through_a_reload(fresh_store, token):
    link = {"topics": "tricks,trumps", "seed": "5"}
    at = open_page(PAGE, token=token, **link)
    key, questions, state = current_set(at)
    for _ in range(2):
        question = questions[at.session_state[f"quiz:{key}"].showing]
        answer(at, question, question.answer, f"quiz:{key}")
        at.button(key="next").click().run()
    left = at.session_state[f"quiz:{key}"]
    again = open_page(PAGE, token=token, **link)
    _key, _questions, state = current_set(again)
    assert state.run == left.run and state.showing == left.showing == 2
    assert "2 of 10 answered right" in again.get("progress")[0].proto.text
    # The same link in another learner's browser starts at question 1.
    _key, _questions, theirs = current_set(open_page(PAGE, **link))
    assert not theirs.run.answered
    # Another set's link (other rules) does not take this set's place.
    _key, _questions, other = current_set(open_page(PAGE, token=token, rules="pagat", **link))
    assert not other.run.answered


def test_an_option_marked_wrong_clicked_again_is_not_another_wrong_try(fresh_store, token):
    at = open_page(PAGE, token=token, topics="tricks", seed="5")
    key, questions, state = current_set(at)
    question = questions[state.showing]
    (wrong,) = wrong_response(question)
    answer(at, question, (wrong,), f"quiz:{key}")
    model = table_shown(at)
    marked = [c["code"] for c in model["hand"] if (c.get("mark") or {}).get("kind") == "wrong"]
    marked += [a["id"] for a in model["actions"] if a.get("mark") == "wrong"]
    assert marked in ([wrong], [option_id(wrong)])  # the pick marked ✗
    on_click(at.session_state, f"quiz:{key}", question, option_id(wrong))  # the ✗ again
    at.run()
    assert at.session_state[f"quiz:{key}"].run.misses == 1
    assert [row["correct"] for row in fresh_store.answer_rows(token)] == [False]
