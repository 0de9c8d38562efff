"""One quiz on a page: a question at a time, an answer widget for its kind,
feedback at once (the engine's reason, the right answer on the cards), and
stars at the end. Judging is ``Question.check``; nothing here knows a rule.

Widget keys are stable so tests can drive them: ``answer-<option>`` buttons,
``pick-<option>`` check boxes, ``order-<option>``, ``points-team``,
``points-number``, ``check`` and ``next``.
"""

from __future__ import annotations

from typing import Callable, Sequence

import streamlit as st

from lessons.progress import MASTERY_RUN, QuizRun, stars_text
from lessons.quiz import Feedback, Kind, Question
from engine.svg import WRONG_PREFIX
from tutorial_app.widgets.cards import show_card, show_hand, show_trick
from tutorial_app.widgets.table_view import facts_line, show_bidding, show_state

RIGHT_MARK = "✓ right"
WRONG_MARK = WRONG_PREFIX + "your pick"   # drawn red, not gold


def _state(quiz_id: str, length: int) -> dict:
    key = f"quiz:{quiz_id}"
    if key not in st.session_state:
        st.session_state[key] = {"run": QuizRun.start(length), "showing": 0, "feedback": None,
                                 "response": None, "order": [], "reported": False}
    return st.session_state[key]


@st.fragment
def run_quiz(quiz_id: str, questions: Sequence[Question],
             on_finished: Callable[[QuizRun], None] | None = None) -> QuizRun:
    """Show the quiz ``quiz_id`` (one id per lesson and seed); returns its run.

    A fragment: answering reruns the quiz alone, not the page and its sidebar. The
    run that finishes the quiz reruns the whole app, so the stars show everywhere.
    """
    state = _state(quiz_id, len(questions))
    run: QuizRun = state["run"]
    if run.finished and state["feedback"] is None:
        if not state["reported"] and on_finished is not None:
            on_finished(run)
            state["reported"] = True
            st.rerun()  # so the title and the sidebar show the new stars at once
        _show_summary(run)
        return run
    index = state["showing"]
    question = questions[index]
    done = len(run.answered)
    st.progress(done / run.total, text=f"{done} of {run.total} answered right"
                + (f" · {run.misses} wrong tr{'y' if run.misses == 1 else 'ies'}"
                   if run.misses else ""))
    if index in run.missed and state["feedback"] is None:
        st.info("This one came back: you missed it earlier. Have another go.")
    _show_scene(question)
    st.markdown(f"#### {question.prompt}")
    feedback: Feedback | None = state["feedback"]
    if feedback is None:
        _answer_widget(question, state)
    else:
        _show_feedback(question, feedback, state)
        st.button("Next question" if not run.finished else "See your result", key="next",
                  type="primary", on_click=_next, args=(state,))
    return run


def ask_once(key: str, question: Question) -> None:
    """One question inside a lesson step: answer it, read the reason, try again. No score."""
    state = st.session_state.setdefault(f"try:{key}", _fresh_try())
    _show_scene(question)
    st.markdown(f"#### {question.prompt}")
    if state["feedback"] is None:
        _answer_widget(question, state)
    else:
        _show_feedback(question, state["feedback"], state)
        st.button("Try it again", key="try-again",
                  on_click=lambda: (_clear_widgets(), state.update(_fresh_try())))


def _fresh_try() -> dict:
    return {"run": QuizRun.start(1), "feedback": None, "response": None, "order": []}


# ---- the scene ---------------------------------------------------------------------------------

def _options_are_cards(question: Question) -> bool:
    return bool(question.options) and all(o.card is not None for o in question.options)


def _show_scene(question: Question) -> None:
    scene = question.scene
    if scene.record is not None:
        state = scene.record.replay()
        if state.is_over and scene.facts:
            pass  # a finished hand: the facts below say all the question needs
        elif _options_are_cards(question):
            _show_state_without_hand(state, scene.hide)
        else:
            show_state(state, hide=scene.hide)
    if scene.trick and scene.record is None:
        show_trick(scene.trick)
    if scene.cards and not _options_are_cards(question):
        show_hand(scene.cards)
    if scene.facts:
        st.markdown("\n".join(f"- {fact}" for fact in scene.facts))


def _show_state_without_hand(state, hide: frozenset[str]) -> None:
    st.markdown(facts_line(state, hide))
    if state.trick:
        st.markdown(f"**The trick so far** ({state.leader.word} led):")
        show_trick(state.trick)
    elif not state.tricks:
        show_bidding(state)


# ---- answering ---------------------------------------------------------------------------------

def _submit(state: dict, question: Question, response) -> None:
    feedback = question.check(response)
    if feedback.invalid:
        state["invalid"] = feedback.headline
        return
    state.pop("invalid", None)
    state["feedback"] = feedback
    state["response"] = response
    state["run"] = state["run"].answer(feedback.correct)


def _clear_widgets() -> None:
    """Forget the answer widgets' values, so the next question starts blank."""
    for key in list(st.session_state.keys()):
        if isinstance(key, str) and key.startswith(("pick-", "points-")):
            del st.session_state[key]


def _next(state: dict) -> None:
    _clear_widgets()
    state["feedback"] = None
    state["response"] = None
    state["order"] = []
    run: QuizRun = state["run"]
    if not run.finished:
        state["showing"] = run.current


def _answer_widget(question: Question, state: dict) -> None:
    kind = question.kind
    if state.get("invalid"):
        st.warning(state["invalid"])
    if kind in (Kind.SINGLE, Kind.YESNO):
        _choose_one(question, state)
    elif kind is Kind.MULTI:
        _choose_all(question, state)
    elif kind is Kind.ORDER:
        _put_in_order(question, state)
    else:
        _points(question, state)


def _card_row(question: Question, marks: dict[str, str] | None = None) -> None:
    cards = [o.card for o in question.options]
    show_hand(cards, highlights=[(marks or {}).get(o.key) for o in question.options])


# Cards sit in columns, each above its own button or check box, at most this many a row.
MAX_COLUMNS = 6


def _option_columns(question: Question, widget, marks: dict[str, str] | None = None) -> None:
    """Each option in its own column: its card (if any) above ``widget(option)``."""
    options = question.options
    for start in range(0, len(options), MAX_COLUMNS):
        row = options[start:start + MAX_COLUMNS]
        # Cards keep a card's width; words share the row so none is cut short.
        cards = any(option.card is not None for option in row)
        columns = st.columns(MAX_COLUMNS if cards and len(options) > 3 else len(row))
        for column, option in zip(columns, row):
            with column:
                if option.card is not None:
                    show_card(option.card, highlight=(marks or {}).get(option.key))
                widget(option)


def _short_label(option) -> str:
    return option.card.label if option.card is not None else option.label


def _choose_one(question: Question, state: dict) -> None:
    _option_columns(question, lambda option: st.button(
        _short_label(option), key=f"answer-{option.key}", on_click=_submit,
        args=(state, question, option.key), width="stretch",
        help=option.label if option.card is not None else None))


def _choose_all(question: Question, state: dict) -> None:
    _option_columns(question, lambda option: st.checkbox(
        _short_label(option), key=f"pick-{option.key}", help=option.label))

    def submit() -> None:
        chosen = [o.key for o in question.options if st.session_state.get(f"pick-{o.key}")]
        _submit(state, question, chosen)

    st.button("Check my answer", key="check", type="primary", on_click=submit)
    st.caption("Tick every one that fits, or none if none does.")


def _put_in_order(question: Question, state: dict) -> None:
    order: list[str] = state["order"]

    def pick(key: str) -> None:
        if key not in state["order"]:
            state["order"] = state["order"] + [key]

    _option_columns(question, lambda option: st.button(
        _short_label(option), key=f"order-{option.key}", on_click=pick, args=(option.key,),
        disabled=option.key in order, width="stretch"),
        marks={key: f"{i + 1}." for i, key in enumerate(order)})
    if order:
        st.markdown("Your order: " + " → ".join(f"**{question.option(k).label}**"
                                                  for k in order))
    left, right = st.columns(2)
    with left:
        st.button("Start again", key="order-undo",
                  on_click=lambda: state.update(order=[]), disabled=not order)
    with right:
        st.button("Check my answer", key="check", type="primary",
                  disabled=len(order) < len(question.options),
                  on_click=lambda: _submit(state, question, list(state["order"])))
    st.caption("Click the cards one by one, the strongest first.")


def _points(question: Question, state: dict) -> None:
    teams = [o.key for o in question.options]
    labels = {o.key: o.label for o in question.options}
    st.radio("Which team scores?", teams, format_func=labels.get, key="points-team",
             horizontal=True, index=None)
    st.number_input("How many points?", min_value=0, max_value=4, step=1, key="points-number",
                    value=None, placeholder="0 to 4")

    def submit() -> None:
        team = st.session_state.get("points-team")
        number = st.session_state.get("points-number")
        _submit(state, question, None if team is None or number is None
                else (team, str(int(number))))

    st.button("Check my answer", key="check", type="primary", on_click=submit)


# ---- feedback ------------------------------------------------------------------------------------

def _show_feedback(question: Question, feedback: Feedback, state: dict) -> None:
    if feedback.correct:
        st.success(f"**{feedback.headline}** {feedback.explanation}")
    else:
        st.error(f"**{feedback.headline}**\n\n{feedback.explanation}")
    trick_seats = [getattr(seat, "value", seat) for seat, _ in question.scene.trick]
    if question.answer and question.answer[0] in trick_seats and question.scene.record is None:
        st.markdown("**On the cards:** the winning card is marked.")
        show_trick(question.scene.trick, winner=trick_seats.index(question.answer[0]))
    if _options_are_cards(question):
        response = state["response"]
        chosen = {response} if isinstance(response, str) else set(response or ())
        marks = {}
        for option in question.options:
            if option.key in question.answer:
                marks[option.key] = RIGHT_MARK
            elif option.key in chosen:
                marks[option.key] = WRONG_MARK
        if question.kind is Kind.ORDER:
            marks = {key: f"{i + 1}." for i, key in enumerate(question.answer)}
            cards = [question.option(k).card for k in question.answer]
            st.markdown("**The right order:**")
            show_hand(cards, highlights=[marks[k] for k in question.answer])
        else:
            st.markdown(f"**On the cards:** {marked_words(len(question.answer))}")
            _card_row(question, marks)


def marked_words(right: int) -> str:
    """What the marks on the cards show, for ``right`` right cards."""
    if right == 0:
        return "none of these cards is right."
    return "the right answer is marked." if right == 1 else "the right answers are marked."


def _show_summary(run: QuizRun) -> None:
    st.subheader("Quiz finished")
    stars = run.stars
    st.markdown(f"## {stars_text(stars)}")
    if run.misses == 0:
        st.success("A clean run: every answer right first time. Three stars!")
    else:
        st.info(f"You finished with {run.misses} wrong tr{'y' if run.misses == 1 else 'ies'} "
                "(a question missed twice counts twice). Answer every question right first "
                "time for three stars.")
    if run.mastered:
        st.success("Lesson mastered: you answered a long run of questions right in a row.")
    else:
        st.warning(f"Not mastered yet: answer {MASTERY_RUN} questions right in a row to "
                   "master this lesson.")
