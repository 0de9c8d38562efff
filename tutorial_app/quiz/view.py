"""One quiz on a page: a question at a time, answered on the card table (click the
card; other options are the table's buttons), feedback at once on the cards and under
them (the engine's reason), and stars at the end. Judging is ``Question.check``;
nothing here knows a rule.

The quiz's place is a frozen ``QuizState`` in ``st.session_state["quiz:<id>"]`` (a
lesson's try step: ``"try:<key>"``), replaced on every click by the functions of
``quiz_state``, which AppTest tests call the same way (they cannot click inside the
component). A POINTS question (a team and a number) has Streamlit widgets instead:
``points-team``, ``points-number`` and ``check``; every question has ``next`` (in a
quiz) or ``try-again`` (in a step) once answered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from lessons.progress import (
    MASTERY_RUN,
    QuizRun,
    star_rule_words,
    stars_text,
    streak_to_master,
)
from lessons.quiz import Question
from tutorial_app.card_table.component import card_table
from tutorial_app.learner.current import unsaved_warning
from tutorial_app.learner.read_once import clear_on_reset
from tutorial_app.quiz.answer_log import ANSWER_CLOCK, Recorder, install, note_shown
from tutorial_app.quiz.scene import has_table, marked_words, question_model
from tutorial_app.quiz.state import (
    QuizState,
    next_question,
    on_click,
    on_points,
    option_id,
    recorder_key,
)

__all__ = [
    "TABLE_KEY",
    "Review",
    "ask_once",
    "marked_words",
    "points_inputs",
    "points_number_key",
    "points_team_key",
    "quiz_key",
    "run_quiz",
    "try_key",
]

TABLE_KEY = "quiz-table"  # the card-table component of the question on screen
POINTS = "points"  # the prefix of a POINTS question's widgets (``points_team_key``)
QUIZ = "quiz:"  # session key prefix: a quiz's QuizState, by quiz id
clear_on_reset(QUIZ, ANSWER_CLOCK + QUIZ)  # a reset deletes the runs of the quizzes in progress


@dataclass(frozen=True)
class Review:
    """A way back to what teaches a missed question: a button's words, its tooltip, and
    what it does (it leaves the quiz where it is)."""

    label: str
    help: str
    go: Callable[[], None]


def quiz_key(quiz_id: str) -> str:
    return QUIZ + quiz_id


def try_key(step_key: str) -> str:
    return f"try:{step_key}"


def _state(key: str, length: int, start: QuizState | None = None) -> QuizState:
    if key not in st.session_state:
        st.session_state[key] = start if start is not None else QuizState.start(length)
    return st.session_state[key]


@st.fragment
def run_quiz(
    quiz_id: str,
    questions: Sequence[Question],
    on_finished: Callable[[QuizRun], None] | None = None,
    recorder: Recorder | None = None,
    start: QuizState | None = None,
    note: Callable[[int], str] | None = None,
    lesson_mastery: bool = False,
    review: Callable[[Question], Review | None] | None = None,
) -> QuizRun:
    """Show the quiz ``quiz_id`` (one id per lesson and seed); returns its run.

    ``recorder`` keeps each answer (before its verdict shows); ``start`` is where a
    quiz that this session has not shown yet begins (a place kept from a past visit);
    ``note(index)`` is said of question ``index`` beside the quiz's progress (why it
    was chosen). ``lesson_mastery``: the summary says whether the lesson is mastered
    (a lesson's quiz; Practise has no lesson to master). ``review(question)``: after a
    wrong answer, a way back to what teaches it (a lesson's step), if there is one.
    A fragment: answering reruns the quiz alone, not the page and its sidebar. The
    run that finishes the quiz reruns the whole app, so the stars show everywhere.
    """
    key = quiz_key(quiz_id)
    if recorder is not None:
        install(st.session_state, key, recorder)
    state = _state(key, len(questions), start)
    run = state.run
    if run.finished and not state.answered:
        if not state.reported and on_finished is not None:
            on_finished(run)
            st.session_state[key] = QuizState(run, state.showing, reported=True)
            st.rerun()  # so the title and the sidebar show the new stars at once
        _show_summary(run, lesson_mastery)
        return run
    question = questions[state.showing]
    done = len(run.answered)
    text = f"{done} of {run.total} answered right"
    if run.misses:
        text += f" · {run.misses} wrong tr{'y' if run.misses == 1 else 'ies'}"
    if state.showing in run.missed and not state.answered:
        text += " · this one came back: you missed it earlier, have another go"
    if lesson_mastery:  # the rule said from the first question, not only at the end
        text += " · " + mastery_words(run)
    if note is not None:
        text += f" · {note(state.showing)}"
    _question(key, question)
    # One row under the question: how far through the quiz, and on once answered (the
    # verdict, the cards and the way on are on screen together).
    with st.container(horizontal=True, vertical_alignment="center", wrap=False, key="quiz-nav"):
        st.progress(done / run.total, text=text)
        now = st.session_state[key]
        if now.answered:
            offer = (
                review(question) if review and now.feedback and not now.feedback.correct else None
            )
            if offer is not None and st.button(
                offer.label, key="review-step", icon=":material/undo:", help=offer.help
            ):
                offer.go()
            st.button(
                "Next question ▶" if not run.finished else "See your result ▶",
                key="next",
                type="primary",
                on_click=_next,
                args=(key,),
            )
    return st.session_state[key].run


def ask_once(step_key: str, question: Question, recorder: Recorder | None = None) -> None:
    """One question inside a lesson step: answer it, read the reason, try again. No score
    (``recorder`` keeps each answer)."""
    key = try_key(step_key)
    if recorder is not None:
        install(st.session_state, key, recorder)
    _state(key, 1)
    _question(key, question)
    if st.session_state[key].answered:
        st.button("Try it again", key="try-again", on_click=_try_again, args=(key,))


def _question(key: str, question: Question) -> None:
    """The question, its cards and its choices; after an answer, the verdict on them."""
    st.markdown(f"**{question.prompt}**")
    if question.scene.facts:
        st.markdown("\n".join(f"- {fact}" for fact in question.scene.facts))
    state: QuizState = st.session_state[key]
    if not state.answered:
        note_shown(st.session_state, key, state)  # the clock for the time taken
    elif state.unsaved:
        unsaved_warning(state.unsaved)
    if has_table(question):
        card_table(
            question_model(question, state),
            key=TABLE_KEY,
            on_card=lambda code: on_click(st.session_state, key, question, option_id(code)),
            on_action=lambda ident: on_click(st.session_state, key, question, ident),
        )
        return
    if state.answered:
        feedback = state.feedback
        assert feedback is not None  # answered: the feedback is in
        alert = st.success if feedback.correct else st.error
        # A wrong answer typed into widgets is gone from the page: say it beside the right one.
        yours = "" if feedback.correct else f"You answered {question.words(state.response or ())}. "
        alert(f"**{feedback.headline}** {yours}{feedback.explanation}")
    else:
        _points(key, question, state)


def points_team_key(prefix: str = POINTS) -> str:
    """Widget: a POINTS question's team."""
    return f"{prefix}-team"


def points_number_key(prefix: str = POINTS) -> str:
    """Widget: a POINTS question's number of points."""
    return f"{prefix}-number"


def points_inputs(question: Question, prefix: str) -> None:
    """A POINTS question's two answers: the team (``points_team_key(prefix)``) and the
    number of points (``points_number_key(prefix)``), side by side."""
    teams = [o.key for o in question.options]
    labels = {o.key: o.label for o in question.options}
    left, right = st.columns(2)
    left.radio(
        "Which team scores?",
        teams,
        format_func=labels.get,
        key=points_team_key(prefix),
        horizontal=True,
        index=None,
    )
    right.number_input(
        "How many points?",
        min_value=0,
        max_value=4,
        step=1,
        key=points_number_key(prefix),
        value=None,
        placeholder="0 to 4",
    )


def _points(key: str, question: Question, state: QuizState) -> None:
    if state.invalid:
        st.warning(state.invalid)
    points_inputs(question, POINTS)

    def submit() -> None:
        on_points(
            st.session_state,
            key,
            question,
            st.session_state.get(points_team_key()),
            st.session_state.get(points_number_key()),
        )

    st.button("Check my answer", key="check", type="primary", on_click=submit)


def _clear_widgets() -> None:
    """Forget the answer widgets' values, so the next question starts blank."""
    for name in list(st.session_state.keys()):
        if isinstance(name, str) and name.startswith(POINTS + "-"):
            del st.session_state[name]


def _next(key: str) -> None:
    _clear_widgets()
    st.session_state[key] = now = next_question(st.session_state[key])
    recorder = st.session_state.get(recorder_key(key))
    if recorder is not None:
        recorder.moved_on(now)


def _try_again(key: str) -> None:
    _clear_widgets()
    st.session_state[key] = QuizState.start(1)


def mastery_words(run: QuizRun) -> str:
    """How far the run is towards mastering its lesson: right answers in a row."""
    need = streak_to_master(run.total)
    if run.best_streak >= need:
        return f"{need} in a row ✓: the lesson is mastered when you finish the quiz"
    return f"{run.streak} of {need} in a row to master the lesson"


def _show_summary(run: QuizRun, lesson_mastery: bool) -> None:
    st.subheader("Quiz finished")
    stars = run.stars
    st.markdown(f"## {stars_text(stars)}")
    if run.misses == 0:
        st.success("A clean run: every answer right first time. Three stars!")
    else:
        st.info(
            f"You finished with {run.misses} wrong tr{'y' if run.misses == 1 else 'ies'} "
            f"(a question missed twice counts twice). {star_rule_words()}"
        )
    if not lesson_mastery:
        return
    if run.mastered:
        st.success("Lesson mastered: you answered a long run of questions right in a row.")
    else:
        st.warning(
            f"Not mastered yet: answer {MASTERY_RUN} questions right in a row to "
            "master this lesson."
        )
