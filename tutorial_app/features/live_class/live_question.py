"""A live-class question on the card table: the learner's clicks before the reveal, and
the tables the learner and the teacher see before and after it.

Unlike a quiz, nothing is judged on the learner's screen before the reveal: a click
picks (choose-all and ordering questions collect picks, then send), and the answer sent
can be changed until the teacher reveals. After the reveal the table shows the verdict
as a quiz does (``quiz_scene.question_model``), with the engine's reason. Nothing here
knows a rule: ``Question.check`` judges.

>>> from lessons.quiz import Kind, Option, Question
>>> question = Question(Kind.MULTI, "Which?", (Option("a", "A"), Option("b", "B")),
...                     ("a",), "A fits.")
>>> picks, send = live_click((), question, "option-b")
>>> picks, send
(('b',), None)
>>> live_click(picks, question, "check")
(('b',), ('b',))
"""

from __future__ import annotations

from lessons.progress import QuizRun
from lessons.quiz import Feedback, Kind, Question
from tutorial_app.quiz.scene import options_are_cards, question_model
from tutorial_app.quiz.state import CHECK, OPTION, RESTART, QuizState

__all__ = ["live_click", "learner_model", "teacher_model", "revealed_feedback", "answer_words"]

_RUN = QuizRun.start(1)


def live_click(
    picks: tuple[str, ...], question: Question, ident: str
) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """A click on the live question: (the picks now, the answer to send or None).
    One-answer questions send at once; choose-all sends on "check"; an order sends
    when every option is placed; "restart" clears the picks."""
    if ident == RESTART:
        return (), None
    if ident == CHECK:
        if question.kind is Kind.MULTI:
            return picks, picks
        return picks, None
    key = ident.removeprefix(OPTION)
    if question.option(key) is None:
        return picks, None
    if question.kind is Kind.MULTI:
        return (tuple(k for k in picks if k != key) if key in picks else picks + (key,)), None
    if question.kind is Kind.ORDER:
        if key in picks:
            return picks, None
        picks = picks + (key,)
        return picks, picks if len(picks) == len(question.options) else None
    if question.kind in (Kind.SINGLE, Kind.YESNO):
        return (key,), (key,)
    return picks, None


def answer_words(question: Question, given: tuple[str, ...] | None) -> str:
    """An answer in words ("the jack of hearts", "North", "2 points to North-South")."""
    if given is None:
        return "no answer"
    if question.kind is Kind.POINTS and len(given) == 2:
        team = question.option(given[0])
        points = int(given[1])
        return f"{points} point{'s' if points != 1 else ''} to {team.label if team else given[0]}"
    labels = [option.label if (option := question.option(key)) else key for key in given]
    if not labels:
        return "none of them"
    return (", then " if question.kind is Kind.ORDER else ", ").join(labels)


def revealed_feedback(question: Question, given: tuple[str, ...] | None) -> Feedback:
    """The verdict on ``given`` once revealed (``Question.check``); with no answer given,
    the right answer and the reason all the same."""
    if given is None:
        return Feedback(
            False,
            question.answer,
            f"No answer from you this time. The answer is: {question.answer_text}.",
            question.explanation,
            question.answer_text,
        )
    return question.check(given)


def learner_model(
    question: Question, picks: tuple[str, ...], sent: tuple[str, ...] | None, revealed: bool
) -> dict:
    """The learner's table: the picks (or the answer sent) before the reveal, the verdict
    after it."""
    if revealed:
        feedback = revealed_feedback(question, sent)
        state = QuizState(_RUN, feedback=feedback, response=sent or ())
        return question_model(question, state)
    shown = picks if picks or question.kind in (Kind.MULTI, Kind.ORDER) else (sent or ())
    model = question_model(question, QuizState(_RUN, picks=shown))
    if question.kind in (Kind.SINGLE, Kind.YESNO) and not options_are_cards(question):
        for action in model["actions"]:
            action["pressed"] = action["id"].removeprefix(OPTION) in shown
    if sent is not None:
        model["message"] = {
            "title": "Your answer is in",
            "text": f"You answered: {answer_words(question, sent)}. You can "
            "change it until your teacher reveals the answer.",
            "tone": "info",
        }
    return model


def teacher_model(question: Question, revealed: bool) -> dict:
    """The projector's table: the question without its answer (nothing to click), then
    the right answer marked with the engine's reason."""
    if revealed:
        feedback = Feedback(
            True,
            question.answer,
            f"The answer: {question.answer_text}.",
            question.explanation,
            question.answer_text,
        )
        return question_model(
            question, QuizState(_RUN, feedback=feedback, response=question.answer)
        )
    model = question_model(question, QuizState(_RUN))
    for card in model["hand"]:
        card["clickable"] = False
    model["actions"] = [
        {**action, "disabled": True}
        for action in model["actions"]
        if action["id"].startswith(OPTION)
    ]
    model["message"] = {"text": "Answer on your own screen.", "tone": "info"}
    return model
