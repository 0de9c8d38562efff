"""A live-class question on the card table: the learner's clicks before the reveal, and
the tables the learner and the teacher see before and after it.

Unlike a quiz, nothing is judged on the learner's screen before the reveal: a click
picks by the quiz's own rule (``quiz.state.click``: choose-all and ordering questions
collect picks), and what that rule would judge is sent instead; the answer sent can be
changed until the teacher reveals. After the reveal the table shows the verdict
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
from tutorial_app.card_table.model_types import CardsModel, TableModel
from tutorial_app.quiz.scene import options_are_cards, question_model
from tutorial_app.quiz.state import CHECK, QuizState, click

__all__ = [
    "answer_words",
    "learner_model",
    "live_click",
    "points_missing",
    "short_answer_words",
    "revealed_feedback",
    "teacher_model",
]

_RUN = QuizRun.start(1)


def live_click(
    picks: tuple[str, ...], question: Question, ident: str
) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """A click on the live question: (the picks now, the answer to send or None).
    The quiz's rule moves the picks; where it would judge an answer (one-answer
    questions at once, choose-all on "check", an order once every option is placed),
    that answer is sent instead, and stays picked."""
    if ident == CHECK and question.kind is not Kind.MULTI:
        return picks, None  # the picks hold the answer already sent: nothing to judge again
    after = click(QuizState(_RUN, picks=picks), question, ident)
    if after.response is not None:
        return after.response, after.response
    return after.picks, None


def answer_words(question: Question, given: tuple[str, ...] | None) -> str:
    """An answer in words ("the jack of hearts", "North", "2 points to North-South")."""
    if given is None:
        return "no answer"
    return question.words(given)


def short_answer_words(question: Question, given: tuple[str, ...] | None) -> str:
    """``answer_words`` for a chart or a grid cell: cards by their printed form, so five
    cards in order fit one line of a projector's bar ("A♥ → 10♥ → 9♠"); other answers
    as ``answer_words`` says them."""
    options = [question.option(key) for key in given or ()]
    cards = [option.card for option in options if option is not None and option.card]
    if not given or len(cards) != len(given):
        return answer_words(question, given)
    return (" → " if question.kind is Kind.ORDER else ", ").join(card.label for card in cards)


def points_missing(team: str | None, points: float | None) -> str | None:
    """What a points answer still lacks, in words, or None when it can be sent.

    >>> points_missing(None, 2)
    'Choose the team that scores, then send your answer.'
    >>> points_missing("NS", None)
    'Type how many points (0 to 4), then send your answer.'
    >>> points_missing("NS", 0) is None
    True
    """
    if team is None and points is None:
        return "Choose the team that scores and type how many points, then send your answer."
    if team is None:
        return "Choose the team that scores, then send your answer."
    if points is None:
        return "Type how many points (0 to 4), then send your answer."
    return None


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
) -> TableModel | CardsModel:
    """The learner's table: the picks (or the answer sent) before the reveal, the verdict
    after it."""
    if revealed:
        feedback = revealed_feedback(question, sent)
        state = QuizState(_RUN, feedback=feedback, response=sent or ())
        return question_model(question, state)
    shown = picks if picks or question.kind in (Kind.MULTI, Kind.ORDER) else (sent or ())
    one_answer = question.kind in (Kind.SINGLE, Kind.YESNO) and not options_are_cards(question)
    return question_model(
        question,
        QuizState(_RUN, picks=shown),
        press_picks=one_answer,  # the button of the answer sent stays pressed
        message=None
        if sent is None
        else {
            "title": "Your answer is in",
            "text": f"You answered: {answer_words(question, sent)}. You can "
            "change it until your teacher reveals the answer.",
            "tone": "info",
        },
    )


def teacher_model(
    question: Question, revealed: bool, on_projector: bool = True
) -> TableModel | CardsModel:
    """The projector's table: the question without its answer (nothing to click), then
    the right answer marked (the projector says it and the engine's reason in large
    words above the table; the teacher's page, under it). The teacher's own page shows
    it too (``on_projector`` False), with words for the teacher, not the room."""
    if revealed:
        feedback = Feedback(
            True,
            question.answer,
            f"The answer: {question.answer_text}.",
            question.explanation,
            question.answer_text,
        )
        return question_model(
            question,
            QuizState(_RUN, feedback=feedback, response=question.answer),
            answer_only=True,  # "✓ right answer", never "✓ picked": nobody picked here
            quiet=on_projector,  # said once, in the projector's large words
            projector=on_projector,
        )
    return question_model(
        question,
        QuizState(_RUN),
        look_only=True,
        message={
            "text": "Answer on your own screen."
            if on_projector  # the room reads it; the teacher's page says what happens
            else "The learners answer on their own screens.",
            "tone": "info",
        },
        projector=on_projector,
    )
