"""How long a lesson takes, estimated from its content: the words shown, read at 150
words a minute, plus 3 seconds a click on the shortest right path.

The path: every step's "Next step ▶" (the last one's "Take the quiz ▶"), a try step's
answer, one click on a card of an inspect step or on a scoring step's control, the
quiz's answers and each "Next question ▶". The words: the lesson's opening words, each
step's text and caption, a question's prompt, its facts, the labels of options that
are not cards, the verdict and the engine's reason shown after the answer, the card an
inspect step describes and the points a scoring step shows. Card pictures, button
labels and reference tables are looked at, not read: not counted.

A step-through costs what its walk says (``walk_cost``, given by the page that plays
it: its words and the time it plays beyond reading them); without one, a step-through
counts only its step's words.

>>> words("Clubs ♣ and **spades** ♠ - both black: 9, 10.")
7
>>> Cost(words=150, clicks=20).minutes
2.0
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine import Team, describe_card, score_hand
from lessons.game_step import game_words
from lessons.loader import Lesson, Step
from lessons.quiz import Kind, Question
from lessons.quizzes import build_quiz

__all__ = [
    "FIRST_LESSON_MINUTES",
    "LESSON_MINUTES",
    "SECONDS_A_CLICK",
    "WORDS_A_MINUTE",
    "Cost",
    "answer_clicks",
    "lesson_costs",
    "limit_minutes",
    "question_cost",
    "quiz_cost",
    "reading_seconds",
    "step_cost",
    "steps_cost",
    "words",
]

WORDS_A_MINUTE = 150
SECONDS_A_CLICK = 3.0
FIRST_LESSON_MINUTES = 5.0  # lesson 1 with its quiz
LESSON_MINUTES = 10.0  # every other lesson with its quiz
STEPPED = ("bidding", "trick", "hand")  # steps drawn as a walk through a hand record
RIGHT = "Right!"  # the verdict on the shortest path (lessons.quiz.Question.check)

WalkCost = Callable[[Step], "Cost"]


@dataclass(frozen=True)
class Cost:
    """Words to read, clicks to make and seconds of watching beyond reading."""

    words: int = 0
    clicks: int = 0
    waiting: float = 0.0

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.words + other.words, self.clicks + other.clicks, self.waiting + other.waiting
        )

    @property
    def seconds(self) -> float:
        return self.words * 60 / WORDS_A_MINUTE + self.clicks * SECONDS_A_CLICK + self.waiting

    @property
    def minutes(self) -> float:
        return self.seconds / 60


def words(text: str) -> int:
    """Words in ``text``: runs of non-space characters with a letter or digit in them."""
    return len(re.findall(r"\S*[^\W_]\S*", text))


def reading_seconds(text: str, per_minute: int = WORDS_A_MINUTE) -> float:
    return words(text) * 60 / per_minute


def limit_minutes(lesson: Lesson) -> float:
    return FIRST_LESSON_MINUTES if lesson.number == 1 else LESSON_MINUTES


def answer_clicks(question: Question) -> int:
    """Clicks to answer right: one option; each right one and "Check my answer"; each
    card in order (the last one judges); a team, a number and "Check"."""
    if question.kind is Kind.MULTI:
        return len(question.answer) + 1
    if question.kind is Kind.ORDER:
        return len(question.options)
    if question.kind is Kind.POINTS:
        return 3
    return 1


def question_cost(question: Question) -> Cost:
    """One question answered right: its words before and after, and its clicks."""
    shown = [question.prompt, *question.scene.facts, RIGHT, question.explanation]
    shown += [option.label for option in question.options if option.card is None]
    return Cost(words=sum(words(text) for text in shown), clicks=answer_clicks(question))


def quiz_cost(questions: Iterable[Question]) -> Cost:
    """A quiz answered right at once: each question and its "Next question ▶"."""
    total = Cost()
    for question in questions:
        total += question_cost(question) + Cost(clicks=1)
    return total


def step_cost(lesson: Lesson, step: Step, walk_cost: WalkCost | None = None) -> Cost:
    """One step: its words, what it asks to do, and its "Next step ▶"."""
    shown = [step.text, step.caption]
    if step is lesson.steps[0]:
        shown.append(lesson.intro)
    cost = Cost(words=sum(words(text) for text in shown), clicks=1)
    if step.question is not None:
        cost += question_cost(step.question)
    if step.show == "inspect" and step.cards:  # click a card, read what it is
        benny = step.rules is not None and step.rules.benny
        cost += Cost(words(describe_card(step.cards[0], step.trump, benny)), 1)
    if step.show == "scoring":  # move the slider once, read the points
        score = score_hand(Team.NS, 3)
        cost += Cost(words(score.explanation), 1)
        if step.game_points is not None and step.rules is not None:  # and the game's words
            cost += Cost(words(game_words(step.game_points, step.rules.target_points, score)))
    if step.show in STEPPED and walk_cost is not None:
        cost += walk_cost(step)
    return cost


def steps_cost(lesson: Lesson, walk_cost: WalkCost | None = None) -> Cost:
    total = Cost()
    for step in lesson.steps:
        total += step_cost(lesson, step, walk_cost)
    return total


def lesson_costs(
    lesson: Lesson, seeds: Iterable[int], walk_cost: WalkCost | None = None
) -> list[Cost]:
    """The lesson's steps and its quiz, for each quiz seed."""
    steps = steps_cost(lesson, walk_cost)
    return [steps + quiz_cost(build_quiz(lesson, seed)) for seed in seeds]
