"""Where a learner is in a quiz, as a frozen value, and the clicks that move it on.

``QuizState`` is what ``st.session_state`` keeps for one quiz (or one lesson "try"
step); every click replaces it with a new one. The moves are plain functions, so the
card table's callbacks and AppTest tests (which cannot click inside the component)
make exactly the same moves. Judging is ``Question.check``, which compares with the
answer the engine gave; nothing here knows a rule.

A click means, by the question's kind: SINGLE / YESNO, the answer; MULTI, pick or
unpick (then "check"); ORDER, the next in order, judged once every option is placed.

>>> from lessons.quiz import Kind, Option, Question
>>> question = Question(Kind.ORDER, "Order these", (Option("a", "A"), Option("b", "B")),
...                     ("b", "a"), "B beats A.")
>>> state = click(QuizState.start(1), question, "option-b")
>>> state.picks, state.feedback is None
(('b',), True)
>>> click(state, question, "option-a").feedback.correct
True
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, replace

from lessons.progress import QuizRun
from lessons.quiz import Feedback, Kind, Question
from tutorial_app.shell.session_map import get

__all__ = [
    "CHECK",
    "OPTION",
    "RESTART",
    "QuizState",
    "answer_points",
    "click",
    "next_question",
    "on_click",
    "on_points",
    "option_id",
    "recorder_key",
    "submit",
]

OPTION, CHECK, RESTART = "option-", "check", "restart"  # the ids a click sends


@dataclass(frozen=True, slots=True)
class QuizState:
    """One quiz in progress: the run, the question showing, the picks so far and, once
    answered, the feedback on the response given."""

    run: QuizRun
    showing: int = 0  # index of the question on screen
    picks: tuple[str, ...] = ()  # MULTI: picked option keys; ORDER: in order
    feedback: Feedback | None = None  # set once the question is answered
    response: tuple[str, ...] | None = None  # what was judged (option keys, or team+points)
    invalid: str | None = None  # why the last check judged nothing
    reported: bool = False  # the finished run went to the progress store
    store_run: int | None = None  # the progress store's number for this quiz run
    unsaved: str | None = None  # why the last answer was judged but not saved

    @classmethod
    def start(cls, length: int) -> QuizState:
        return cls(QuizRun.start(length))

    @property
    def answered(self) -> bool:
        return self.feedback is not None


def option_id(key: str) -> str:
    """The id a click on option ``key`` sends ("option-JD", "option-yes")."""
    return OPTION + key


def submit(state: QuizState, question: Question, response) -> QuizState:
    """Judge ``response``; an empty or malformed one judges nothing and says why."""
    if state.answered:
        return state
    feedback = question.check(response)
    if feedback.invalid:
        return replace(state, invalid=feedback.headline)
    given = (response,) if isinstance(response, str) else tuple(response)
    return replace(
        state,
        feedback=feedback,
        response=given,
        invalid=None,
        run=state.run.answer(feedback.correct),
    )


def click(state: QuizState, question: Question, ident: str) -> QuizState:
    """A click on an option (``option_id``; a card sends its code, which is its key),
    on "check" or on "restart". Clicks after the answer, or on no option, change nothing."""
    if state.answered:
        return state
    if ident == CHECK:
        if question.kind is Kind.ORDER and len(state.picks) < len(question.options):
            return replace(state, invalid="Put every card in order first.")
        return submit(state, question, state.picks)
    if ident == RESTART:
        return replace(state, picks=(), invalid=None)
    key = ident.removeprefix(OPTION)
    if question.option(key) is None:
        return state
    kind = question.kind
    if kind is Kind.MULTI:
        picks = (
            tuple(k for k in state.picks if k != key)
            if key in state.picks
            else (state.picks + (key,))
        )
        return replace(state, picks=picks, invalid=None)
    if kind is Kind.ORDER:
        if key in state.picks:
            return state
        picks = state.picks + (key,)
        state = replace(state, picks=picks, invalid=None)
        # The last one has only one place left: judge the order at once.
        return submit(state, question, picks) if len(picks) == len(question.options) else state
    if kind in (Kind.SINGLE, Kind.YESNO):
        return submit(state, question, key)
    return state


def answer_points(
    state: QuizState, question: Question, team: str | None, points: int | float | None
) -> QuizState:
    """A POINTS answer: the team chosen and the number of points (None if not given)."""
    if team is None or points is None:
        return submit(state, question, None)
    return submit(state, question, (team, str(int(points))))


def next_question(state: QuizState) -> QuizState:
    """On to the question the run puts first (or to the summary when it is finished)."""
    run = state.run
    current = run.current
    return QuizState(
        run,
        current if current is not None else state.showing,  # None: finished
        reported=state.reported,
        store_run=state.store_run,
    )


# ---- the same moves on a session (st.session_state, or an AppTest's) --------------------

# A page that keeps answers puts a recorder at ``session[recorder_key(key)]``: called as
# ``recorder(session, key, question, before, after)`` when a click judges an answer, it
# saves it and returns the state to keep (``unsaved`` set when it could not be saved).
RECORDER = "recorder:"


def recorder_key(key: str) -> str:
    return RECORDER + key


def _kept(
    session: MutableMapping, key: str, question: Question, before: QuizState, after: QuizState
) -> QuizState:
    """``after`` as the session keeps it: a newly judged answer goes to the page's
    recorder first, so the verdict shows only once the answer is saved (or said not to be)."""
    recorder = get(session, recorder_key(key))
    if recorder is not None and after.answered and not before.answered:
        after = recorder(session, key, question, before, after)
    session[key] = after
    return after


def on_click(session: MutableMapping, key: str, question: Question, ident: str) -> QuizState:
    """The click ``ident`` on the quiz kept at ``session[key]``; returns the new state."""
    before = session[key]
    return _kept(session, key, question, before, click(before, question, ident))


def on_points(
    session: MutableMapping, key: str, question: Question, team: str | None, points
) -> QuizState:
    before = session[key]
    return _kept(session, key, question, before, answer_points(before, question, team, points))
