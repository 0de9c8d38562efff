"""AppTest: changing Practise's topics or rules in the middle of a set asks first
(Confirm / Keep my set); before the first answer or after the last it just changes.
A bad seed in the link is quoted as text."""

from __future__ import annotations

from app_driver import answer, open_page
from streamlit.testing.v1 import AppTest

from engine import Rules
from lessons.quizzes import mixed_quiz, topic_generators

PAGE = "features/practise/page.py"


def on_screen(at: AppTest):
    """The set on screen: (topics, rules), its seed, its questions and its quiz state."""
    (topics, preset), seed = at.session_state["practise-chosen"], at.session_state["practise-seed"]
    questions = mixed_quiz(list(topic_generators(list(topics))), Rules.preset(preset), seed, 10)
    state = at.session_state[f"quiz:practise:{preset}:{','.join(topics)}:{seed}"]
    return (topics, preset), seed, questions, state


def answer_one(at: AppTest) -> None:
    (topics, preset), seed, questions, state = on_screen(at)
    question = questions[state.showing]
    answer(at, question, question.answer, f"quiz:practise:{preset}:{','.join(topics)}:{seed}")
    at.button(key="next").click().run()


def asking(at: AppTest) -> bool:
    return any("would be lost" in warning.value for warning in at.warning)


def test_other_rules_mid_set_ask_first_and_keep_my_set_changes_nothing():
    at = open_page(PAGE, seed="5")
    answer_one(at)
    before = on_screen(at)[:2]
    at.segmented_control(key="rules").set_value("pagat").run()
    assert asking(at) and "1 answer you have given" in at.warning[0].value
    assert on_screen(at)[:2] == before  # the set on screen stays
    assert "rules" not in at.query_params  # the address keeps the set on screen
    at.button(key="practise-keep").click().run()
    assert not asking(at)
    assert at.segmented_control(key="rules").value == "bga"
    assert on_screen(at)[:2] == before and len(on_screen(at)[3].run.answered) == 1


def test_other_topics_mid_set_ask_first_and_confirm_starts_a_new_set():
    at = open_page(PAGE, seed="5")
    answer_one(at)
    answer_one(at)
    (topics, _), seed = on_screen(at)[:2]
    at.pills(key="practise-topics").set_value(["trumps"]).run()
    assert asking(at) and "2 answers" in at.warning[0].value
    at.session_state["practise-choices-open"] = True  # the learner opened the choices
    at.run()
    (choices,) = [box for box in at.expander if box.label == "Topics and rules"]
    assert choices.proto.expanded is True
    at.button(key="practise-confirm").click().run()
    assert not asking(at) and not at.exception
    # The choices fold away: the new set's first question and its feedback fit the screen.
    (choices,) = [box for box in at.expander if box.label == "Topics and rules"]
    assert choices.proto.expanded is False
    (new_topics, _), new_seed, _, state = on_screen(at)
    assert new_topics == ("trumps",) and new_seed != seed
    assert not state.run.answered
    assert at.query_params["seed"] in (str(new_seed), [str(new_seed)])


def test_before_the_first_answer_a_change_needs_no_confirmation():
    at = open_page(PAGE, seed="5")
    at.segmented_control(key="rules").set_value("pagat").run()
    assert not asking(at)
    assert on_screen(at)[0][1] == "pagat"


def test_after_the_last_answer_a_change_needs_no_confirmation():
    at = open_page(PAGE, topics="tricks", seed="5")
    while not on_screen(at)[3].run.finished:
        answer_one(at)
    at.segmented_control(key="rules").set_value("cardsuite").run()
    assert not asking(at)
    assert on_screen(at)[0][1] == "cardsuite"


def test_a_bad_seed_in_the_link_is_quoted_as_text():
    at = open_page(PAGE, seed="**<b>x</b>")
    note = next(info.value for info in at.info if "seed" in info.value)
    assert "<b>" not in note and "\\*\\*" in note
