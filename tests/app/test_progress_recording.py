"""AppTest: what a learner does in a lesson lasts. An answer is in the store when its
verdict shows; the stars come back in a new session of the same learner (the token is
what the browser component will hand over); a quiz resumes where it was left (on the
verdict being read, or the next question), and a finished one reloads on its result;
finished steps and try-step answers are kept; with the store out of reach the quiz
still judges and says its answer was not saved."""

from __future__ import annotations

from app_driver import answer, feedback_shown, open_page
from progress_helpers import wrong_response
from streamlit.testing.v1 import AppTest

from lessons.loader import load_all
from lessons.quizzes import build_quiz
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.view import quiz_key, try_key
from tutorial_app.store import ENV_VAR, Store, StoreUnavailable

LESSONS = {lesson.id: lesson for lesson in load_all()}
SEED = 4242


def open_quiz(lesson_id: str, token: str, **query: str) -> AppTest:
    return open_page(lesson_page_path(lesson_id), token=token, part="quiz", **query)


def on_screen(at: AppTest, lesson_id: str, seed: int = SEED):
    """(the question on screen, the quiz's state key, its state)."""
    key = quiz_key(f"{lesson_id}:{seed}")
    state = at.session_state[key]
    return build_quiz(LESSONS[lesson_id], seed)[state.showing], key, state


def test_an_answer_is_kept_with_its_facts_and_the_stars_come_back_in_a_new_session(
    fresh_store, token
):
    at = open_quiz("scoring", token, seed=str(SEED))
    question, key, _ = on_screen(at, "scoring")
    answer(at, question, question.answer, key)
    assert feedback_shown(at)[0]
    (row,) = fresh_store.answer_rows(token)
    assert row["lesson"] == "scoring" and row["generator"] == question.source
    assert row["item_kind"] == question.kind.value and row["seed"] == SEED
    assert row["correct"] is True and row["quiz_run"] == 1
    assert row["quiz_length"] == len(build_quiz(LESSONS["scoring"], SEED))
    assert 0 <= row["time_taken_ms"] < 60_000
    while not at.session_state[key].run.finished:
        at.button(key="next").click().run()
        question, key, _ = on_screen(at, "scoring")
        answer(at, question, question.answer, key)
    # A reload on the last verdict shows it again, and goes on to the result.
    last = open_quiz("scoring", token, seed=str(SEED))
    assert last.session_state[key].feedback == at.session_state[key].feedback
    last.button(key="next").click().run()  # "See your result"
    assert [h.value for h in last.subheader] == ["Quiz finished"]
    at.button(key="next").click().run()  # "See your result"
    assert "★★★" in at.title[0].value

    reload = open_quiz("scoring", token, seed=str(SEED))  # the result's address again
    assert [h.value for h in reload.subheader] == ["Quiz finished"]  # not question 1
    assert reload.session_state[key].run.finished and not reload.get("progress")
    new_quiz = open_quiz("scoring", token)  # no seed in the address: a new quiz
    (new_seed,) = (
        [new_quiz.query_params["seed"]]
        if isinstance(new_quiz.query_params["seed"], str)
        else new_quiz.query_params["seed"]
    )
    assert new_seed != str(SEED)
    assert not new_quiz.session_state[quiz_key(f"scoring:{new_seed}")].run.answered
    again = open_page(lesson_page_path("scoring"), token=token)  # a reload, a new tab
    assert "★★★" in again.title[0].value
    assert fresh_store.lesson_progress(token)["scoring"].stars == 3
    # Another learner (no token: a fresh one) sees none of it.
    stranger = open_page(lesson_page_path("scoring"))
    assert "★" not in stranger.title[0].value


def test_the_quiz_resumes_where_it_was_left_in_a_new_session(fresh_store, token):
    at = open_quiz("bowers", token, seed=str(SEED))
    question, key, _ = on_screen(at, "bowers")
    answer(at, question, wrong_response(question), key)  # a wrong try...
    assert not feedback_shown(at)[0]
    at.button(key="next").click().run()
    question, key, _ = on_screen(at, "bowers")
    answer(at, question, question.answer, key)  # ...then one right
    answered = at.session_state[key]
    left = answered.run

    # A reload while the verdict is on screen: the same verdict, judged again, not lost.
    reading = open_quiz("bowers", token)
    shown = reading.session_state[key]
    assert shown.run == left and shown.showing == answered.showing
    assert shown.feedback == answered.feedback and shown.feedback.correct
    assert feedback_shown(reading)[0]
    assert len(fresh_store.answer_rows(token)) == 2  # shown again, not answered again
    reading.button(key="next").click().run()  # the learner goes on

    # A new session with no seed in the address: the kept quiz, at the next question.
    again = open_quiz("bowers", token)
    assert again.query_params["seed"] in (str(SEED), [str(SEED)])
    resumed = again.session_state[key]
    assert resumed.run == left and resumed.showing == left.current and not resumed.answered
    assert "1 of 10 answered right · 1 wrong try" in again.get("progress")[0].proto.text
    # Its next answer belongs to the same recorded run.
    question, key, _ = on_screen(again, "bowers")
    answer(again, question, question.answer, key)
    assert {row["quiz_run"] for row in fresh_store.answer_rows(token)} == {1}
    assert len(fresh_store.answer_rows(token)) == 3


def test_a_quiz_link_with_another_seed_starts_that_quiz_afresh(fresh_store, token):
    at = open_quiz("bowers", token, seed=str(SEED))
    question, key, _ = on_screen(at, "bowers")
    answer(at, question, question.answer, key)
    other = open_quiz("bowers", token, seed="77")
    state = other.session_state[quiz_key("bowers:77")]
    assert not state.run.answered and state.run.misses == 0


def test_finished_steps_and_try_step_answers_are_kept(fresh_store, token):
    lesson = next(
        lesson for lesson in LESSONS.values() if any(step.show == "try" for step in lesson.steps)
    )
    at = open_page(lesson_page_path(lesson.id), token=token)
    at.button(key="step-next").click().run()
    at.button(key="step-next").click().run()
    assert fresh_store.steps_done(token)[lesson.id] == {s.id for s in lesson.steps[:2]}
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.show == "try")
    at = open_page(lesson_page_path(lesson.id), token=token, step=str(number))
    answer(at, step.question, step.question.answer, try_key(f"{lesson.id}-{step.id}"))
    (row,) = fresh_store.answer_rows(token)
    assert row["lesson"] == lesson.id and row["correct"] is True and row["quiz_run"] is None


def test_without_a_store_the_quiz_still_judges_and_says_nothing_was_saved(
    tmp_path, monkeypatch, token
):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ENV_VAR, f"sqlite:///{blocker}/p.sqlite3")  # cannot be made
    at = open_quiz("bowers", token, seed=str(SEED))
    assert not at.exception
    assert any("could not be read" in w.value for w in at.sidebar.warning)
    question, key, _ = on_screen(at, "bowers")
    answer(at, question, question.answer, key)
    right, words = feedback_shown(at)
    assert right and "Right!" in words
    assert any("could not be saved" in w.value and "keep going" in w.value for w in at.warning)
    at.button(key="next").click().run()  # the page goes on
    assert not at.exception and not at.session_state[key].answered


def test_a_store_failing_at_the_answer_is_said_and_the_verdict_still_shown(
    fresh_store, token, monkeypatch
):
    def busy(*_args, **_kwargs):
        raise StoreUnavailable("The progress database is busy: another program is writing to it.")

    monkeypatch.setattr(Store, "record_answer", busy)
    at = open_quiz("bowers", token, seed=str(SEED))
    question, key, _ = on_screen(at, "bowers")
    answer(at, question, wrong_response(question), key)
    right, words = feedback_shown(at)
    assert not right and "Not quite" in words
    (warning,) = [w.value for w in at.warning if "could not be saved" in w.value]
    assert "busy" in warning
    assert at.session_state[key].unsaved


def test_a_finished_quiz_says_what_each_star_needs_and_leads_on_to_the_next_lesson(
    fresh_store, token
):
    at = open_quiz("bowers", token, seed=str(SEED))
    question, key, _ = on_screen(at, "bowers")
    wrong = next(option.key for option in question.options if option.key not in question.answer)
    answer(at, question, (wrong,), key)  # one wrong try: two stars
    at.button(key="next").click().run()  # the missed question comes back later
    while not at.session_state[key].run.finished:
        question, key, _ = on_screen(at, "bowers")
        answer(at, question, question.answer, key)
        at.button(key="next").click().run()  # the next question, or "See your result"
    (said,) = [i.value for i in at.info if "wrong try" in i.value]
    assert "Three stars for no wrong try, two for 2 or fewer, one for more." in said
    at.button(key="next-lesson").click().run()
    assert not at.exception
    assert at.title[0].value.startswith("3. Making trump")
