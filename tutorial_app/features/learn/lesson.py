"""A lesson page: the steps, one idea each, then the quiz.

The address says where you are: ``?step=3`` opens a step, ``?part=quiz&seed=42``
opens the quiz for seed 42 (the same questions for everyone with that link).
"""

from __future__ import annotations

import streamlit as st

from lessons.guided import hand_for_lesson
from lessons.loader import Lesson, load_all
from lessons.progress import stars_text
from lessons.quiz import Question
from lessons.quizzes import new_seed
from tutorial_app.features.learn.keys import (
    PART,
    QUIZ_REQUESTED,
    QUIZ_WAITING,
    SEED,
    STEP,
    STEP_REQUESTED,
    STEP_UNSAVED,
    URL_NOTE,
)
from tutorial_app.features.learn.step_views import STEP_VIEWS
from tutorial_app.learner.current import current_token, store, unsaved_warning
from tutorial_app.learner.progress_cache import lesson_progress, progress_changed, steps_changed
from tutorial_app.limits.link_numbers import is_seed, number_from_link, seed_from_link
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.answer_log import install, recorder
from tutorial_app.quiz.resume import forget_kept, resumed, unfinished_kept
from tutorial_app.quiz.shared_quizzes import lesson_quiz
from tutorial_app.quiz.view import Review, run_quiz, try_key
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import sync_params
from tutorial_app.store import StoreUnavailable

# A phone (390x844): a smaller title, the step's text at 16 px, compact tables, and the
# step buttons kept at the foot of the screen while a long step (a table of rules)
# scrolls under them, so going on never needs scrolling. The buttons' wrapper sticks:
# it is the fragment's child.
PHONE_CSS = (
    ".st-key-lesson-head h1 { font-size: 1.6rem; }"
    ".st-key-step-text p { font-size: 0.95rem; }"
    "[data-testid=stLayoutWrapper]:has(> .st-key-step-nav) {"
    " position: sticky; bottom: 0; z-index: 3; background: #ffffff;"
    " padding: 0.25rem 0 0.3rem; box-shadow: 0 -6px 6px -6px rgba(0, 0, 0, 0.35); }"
    # A missed question's row (See step N again, Next question) and the step's row it
    # leads to (with Back to the quiz) have one button more: they wrap, the progress
    # first, on a line of its own.
    ":is(.st-key-quiz-nav:has(.st-key-review-step),"
    " .st-key-step-nav:has(.st-key-step-back-to-quiz)) { flex-wrap: wrap; }"
    ":is(.st-key-quiz-nav:has(.st-key-review-step),"
    " .st-key-step-nav:has(.st-key-step-back-to-quiz)) > :has([data-testid=stProgress])"
    " { flex-basis: 100%; order: -1; }"
    "[data-testid=stTable] th, [data-testid=stTable] td {"
    " padding: 0.2rem 0.35rem; font-size: 0.85rem; line-height: 1.25; }"
)


def render_lesson(lesson_id: str) -> None:
    lessons = load_all()
    lesson = next(item for item in lessons if item.id == lesson_id)
    progress = lesson_progress(lesson.id)
    badge = f" {stars_text(progress.stars)}" if progress.stars else ""
    # The title and the steps/quiz switch share one row, in a smaller type than a
    # page title: the room goes to the table, so a step fits a 720-pixel-high screen.
    st.html(
        "<style>.st-key-lesson-head h1 { font-size: 2.1rem; padding: 0.25rem 0; }"
        ".st-key-step-text p { margin-bottom: 0.4rem; }"
        "[data-testid=stMainBlockContainer] [data-testid=stVerticalBlock] { gap: 0.7rem; }"
        f"@media (max-width: 640px) {{ {PHONE_CSS} }}"
        "</style>"
    )
    # The switch takes its own width and the title the rest (two fixed columns gave the
    # title too little: "1. Cards, seats and the deal" broke over two lines).
    head_row = st.container(
        key="lesson-head", horizontal=True, vertical_alignment="center", gap="medium"
    )
    with head_row, st.container(width="stretch", gap=None):
        st.title(f"{lesson.number}. {lesson.title}{badge}")
        if progress.mastered:
            st.caption("Mastered ✓")
    part_key = PART(lesson.id)
    if part_key not in st.session_state:  # the link's part, once; then the widget's own value
        st.session_state[part_key] = "quiz" if st.query_params.get("part") == "quiz" else "steps"
    if st.session_state.pop(QUIZ_REQUESTED, False):  # "Take the quiz" on the last step
        st.session_state[part_key] = "quiz"
    if (number := st.session_state.pop(STEP_REQUESTED, None)) is not None:  # a missed question's
        st.session_state[part_key] = "steps"  # "See step N again"; the quiz waits as it is
        st.session_state[STEP(lesson.id)] = number
    # No default=: the value lives in the session state, which "Take the quiz" also sets
    # (a widget given both logs a warning on every such click).
    with head_row:
        choice = st.segmented_control(
            "Part",
            ["steps", "quiz"],
            key=part_key,
            format_func={"steps": "Learn step by step", "quiz": "Take the quiz"}.__getitem__,
            required=True,
            label_visibility="collapsed",
        )
    if choice == "quiz":
        st.session_state.pop(QUIZ_WAITING, None)
        sync_params({"part": "quiz", "step": None})
        _quiz(lesson, lessons)
    else:
        sync_params({"part": None, "seed": None})
        _steps(lesson)


@st.fragment
def _steps(lesson: Lesson) -> None:
    """The steps, a fragment: stepping reruns them alone, not the page and its sidebar."""
    count = len(lesson.steps)
    key = STEP(lesson.id)
    if key not in st.session_state:
        st.session_state[key] = _step_from_url(count)
    if st.session_state.get(URL_NOTE):  # it quotes the link: shown as text
        st.info(markdown_text(st.session_state.pop(URL_NOTE)))
    number = st.session_state[key]
    sync_params({"step": str(number)})
    step = lesson.steps[number - 1]
    if st.session_state.get(STEP_UNSAVED):
        unsaved_warning(st.session_state.pop(STEP_UNSAVED))
    if lesson.intro and number == 1:  # the lesson's opening words, once
        st.markdown(lesson.intro)
    with st.container(key="step-text"):
        st.markdown(step.text)
    if step.show == "try":  # its answers are kept, as the quiz's are
        install(st.session_state, try_key(f"{lesson.id}-{step.id}"), recorder(lesson.id))
    STEP_VIEWS[step.show](step, f"{lesson.id}-{step.id}")
    if step.caption:  # full size: it is read from the back of a classroom too
        st.markdown(f"*{step.caption}*")
    # One row under the cards, on a phone too: back, how far through the lesson, on.
    with st.container(horizontal=True, vertical_alignment="center", wrap=False, key="step-nav"):
        st.button(
            "◀ Previous step",
            key="step-back",
            disabled=number == 1,
            on_click=_go_step,
            args=(key, number - 1),
        )
        st.progress(number / count, text=f"Step {number} of {count}")
        # Sent here by a missed quiz question: the way back to it is the main button.
        waiting = st.session_state.get(QUIZ_WAITING) == lesson.id
        if number < count:
            st.button(
                "Next step ▶",
                key="step-next",
                type="secondary" if waiting else "primary",
                on_click=_go_step,
                args=(key, number + 1, lesson.id, step.id),
            )
        elif not waiting and st.button("Take the quiz ▶", key="step-quiz", type="primary"):
            _step_done(lesson.id, step.id)
            # The part switch lives outside this fragment: rerun the whole page.
            st.session_state[QUIZ_REQUESTED] = True
            st.rerun(scope="app")
        if waiting and st.button("Back to the quiz ▶", key="step-back-to-quiz", type="primary"):
            st.session_state[QUIZ_REQUESTED] = True  # the part switch is outside this fragment
            st.rerun(scope="app")
    if number == count:
        now_play_it(lesson)


def now_play_it(lesson: Lesson) -> None:
    """The lesson's guided hand, if it has one: the last step and the finished quiz end
    with it."""
    hand = hand_for_lesson(lesson.id)
    if hand is not None:
        st.page_link(
            "features/guided/page.py",
            label=f"Now play it: {hand.title}",
            icon=":material/sports_esports:",
            query_params={"hand": hand.id},
        )


def _step_from_url(count: int) -> int:
    number, note = number_from_link(
        st.query_params.get("step"), least=1, most=count, what="step", instead="Showing step 1."
    )
    if note:
        st.session_state[URL_NOTE] = note
    return number or 1


def _go_step(
    key: str, number: int, lesson_id: str | None = None, finished: str | None = None
) -> None:
    """To step ``number``; ``finished`` is the step the learner finished on the way."""
    if finished is not None:
        assert lesson_id is not None  # a finished step names its lesson
        _step_done(lesson_id, finished)
    st.session_state[key] = number


def _step_done(lesson_id: str, step_id: str) -> None:
    try:
        store().record_step(current_token(), lesson_id, step_id)
        steps_changed()  # Home's "Continue lesson N" reads them again
    except StoreUnavailable as error:
        st.session_state[STEP_UNSAVED] = error.message


def _quiz_finished(lesson_id: str) -> None:
    """The stars come from the recorded answers: read them again."""
    progress_changed()
    forget_kept(lesson_id)


def _quiz(lesson: Lesson, lessons: tuple[Lesson, ...]) -> None:
    seed_key = SEED(lesson.id)
    seed, note = seed_from_link(st.query_params.get("seed"))
    if note:  # it quotes the link: shown as text
        st.info(markdown_text(note))
    if seed is None and not note:  # no seed in the link: this session's quiz, or the kept one
        seed = st.session_state.get(seed_key)
        if seed is None and (kept := unfinished_kept(lesson.id)) is not None:
            seed = kept.seed if is_seed(kept.seed) else None  # checked again on the way out
    seed = new_seed() if seed is None else seed
    st.session_state[seed_key] = seed
    sync_params({"seed": str(seed)})
    questions = lesson_quiz(lesson.id, seed)
    quiz_id = f"{lesson.id}:{seed}"
    run = run_quiz(
        quiz_id,
        questions,
        on_finished=lambda _run: _quiz_finished(lesson.id),
        recorder=recorder(
            lesson.id,
            seed=seed,
            quiz_length=len(questions),
            position=lesson.id,
            keep_finished=True,  # a reload of the result shows the result, not question 1
        ),
        start=resumed(lesson.id, quiz_id, seed, questions, finished_too=True),
        lesson_mastery=True,
        review=lambda question: _review(lesson, question),
    )
    # Under the quiz, so the question, its cards and its buttons come first on the screen;
    # folded, since only a teacher giving a class one quiz needs it.
    with st.expander("For teachers: give a class this quiz", icon=":material/school:"):
        st.caption(
            f"This is quiz number {seed}. Everyone who opens this page's address gets "
            "the same questions."
        )
    if run.finished:
        now_play_it(lesson)
        left, right = st.columns(2)
        with right:
            st.button(
                "Try a new quiz",
                key="new-quiz",
                on_click=_fresh_quiz,
                args=(seed_key,),
                width="stretch",
            )
        later = [item for item in lessons if item.number > lesson.number]
        with left:
            if later:  # the way on: the page's main button, as Home's "Start lesson 1"
                if st.button(
                    f"Next lesson: {later[0].title}",
                    key="next-lesson",
                    type="primary",
                    icon=":material/arrow_forward:",
                    width="stretch",
                ):
                    st.switch_page(lesson_page_path(later[0].id))
            else:  # the last lesson: on to real deals
                st.page_link(
                    "features/practise/page.py",
                    label="Practise on real deals",
                    icon=":material/quiz:",
                )
                st.page_link(
                    "features/play/page.py",
                    label="Play a game against the computer",
                    icon=":material/playing_cards:",
                )


def _review(lesson: Lesson, question: Question) -> Review | None:
    """After a miss: the step that teaches this kind of question, the quiz kept as it is."""
    number = lesson.step_teaching(question)
    if number is None:
        return None

    def go() -> None:
        st.session_state[STEP_REQUESTED] = number
        st.session_state[QUIZ_WAITING] = lesson.id
        st.rerun(scope="app")  # the part switch lives outside the quiz's fragment

    return Review(
        f"See step {number} again",
        "The step that teaches this. Your quiz waits here: come back with “Back to the quiz”.",
        go,
    )


def _fresh_quiz(seed_key: str) -> None:
    st.session_state[seed_key] = new_seed()
    sync_params({"seed": str(st.session_state[seed_key])})
