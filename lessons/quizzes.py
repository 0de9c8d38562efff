"""Build a lesson's quiz from a seed: curated items for the classic traps plus
generated ones, in an order fixed by the seed, so one link gives one quiz.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import Rules
from lessons.generators import GENERATORS, PARTNERS_ONLY
from lessons.loader import Lesson
from lessons.quiz import Question

# At most this share of a quiz is curated; the rest is generated, so retakes vary.
CURATED_SHARE = 0.5
SEED_LIMIT = 10**9


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randrange(1, SEED_LIMIT)


def build_quiz(lesson: Lesson, seed: int, length: int | None = None) -> list[Question]:
    """The quiz for ``seed``: the same seed always gives the same questions."""
    rng = random.Random(seed)
    length = length or lesson.quiz_length
    curated = [item.question for item in lesson.items]
    take = min(len(curated), int(length * CURATED_SHARE))
    questions = rng.sample(curated, take)
    seen = {q.asked() for q in questions}
    generators = [GENERATORS[name] for name in lesson.generators]
    vary = lesson.vary if lesson.quiz_alone else lesson.vary | {PARTNERS_ONLY}
    attempts = skipped = 0
    while len(questions) < length and generators:
        # A generator that repeated itself hands over to the next one.
        generator = generators[(len(questions) + skipped) % len(generators)]
        question = generator(random.Random(rng.getrandbits(32)), lesson.rules, vary)
        attempts += 1
        if question.asked() in seen and attempts < 10 * length:
            skipped += 1
            continue
        seen.add(question.asked())
        questions.append(question)
    rng.shuffle(questions)
    if not lesson.quiz_alone:  # going alone is not taught yet: no "plays with partner"
        questions = [question.hiding("alone") for question in questions]
    return questions


def mixed_quiz_plan(
    generator_names: list[str] | tuple[str, ...], seed: int, length: int
) -> list[tuple[str, int]]:
    """The (generator, question seed) of each question of ``mixed_quiz``: question i is
    ``GENERATORS[name](random.Random(question_seed), rules, vary)``."""
    rng = random.Random(seed)
    plan = []
    for _ in range(length):
        name = generator_names[rng.randrange(len(generator_names))]
        plan.append((name, rng.getrandbits(32)))
    return plan


def mixed_quiz(
    generator_names: list[str],
    rules: Rules,
    seed: int,
    length: int,
    vary: frozenset[str] = frozenset(),
) -> list[Question]:
    """A practice set drawn from several generators (no curated items)."""
    return [
        GENERATORS[name](random.Random(question_seed), rules, vary)
        for name, question_seed in mixed_quiz_plan(generator_names, seed, length)
    ]


# Practise topics: id -> (what the learner sees, the generators behind it).
PRACTICE_TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "play": ("Which card may you play?", ("legal_plays",)),
    "tricks": ("Who won the trick?", ("trick_winner", "next_leader")),
    "points": ("How many points?", ("hand_result", "game_winner")),
    "bidding": ("Bidding and the upcard", ("bidding", "who_picks_up", "makers")),
    "alone": ("Going alone", ("first_leader", "sitting_out")),
    "trumps": ("Trumps and bowers", ("suit_members", "trick_order")),
}


DEFAULT_PRACTICE_TOPICS = ("play", "tricks", "points")


def topic_generators(topics: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The generators behind the Practise ``topics``, in order."""
    return tuple(name for topic in topics for name in PRACTICE_TOPICS[topic][1])


def skills_taught(lessons: Sequence[Lesson], up_to: int, skills: Sequence[str]) -> tuple[str, ...]:
    """The ``skills`` (generator names) that the quiz of a lesson numbered ``up_to`` or
    lower asks, in the order of ``skills``: what a learner who reached that lesson has
    been taught.

    >>> from lessons.loader import load_all
    >>> skills_taught(load_all(), 2, ("legal_plays", "trick_order", "suit_members"))
    ('trick_order', 'suit_members')
    """
    taught = {name for lesson in lessons if lesson.number <= up_to for name in lesson.generators}
    return tuple(skill for skill in skills if skill in taught)
