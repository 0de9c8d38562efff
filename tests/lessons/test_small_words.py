"""Small words in the questions the quizzes and Practise ask: counts take the right
plural ("1 trick", never "1 tricks"), and every game target a question uses is
explained where it is used (a game to 9 is no rule set's, so the question says what
the target is and that tables pick their own)."""

from __future__ import annotations

import random
import re

import pytest

from engine import PRESETS, Rules, Team
from lessons.checkers import STANDARD_TARGETS, game_winner_question
from lessons.generators import GENERATORS
from lessons.loader import load_all
from lessons.quizzes import build_quiz

SEEDS = range(60)
BAD_PLURAL = re.compile(r"\b1 (tricks|points|cards|players)\b|\b([02-9]|1\d) (trick|point)\b(?!s)")


def _texts(question) -> list[str]:
    return [question.prompt, question.explanation, *question.scene.facts]


def _generated():
    for preset in PRESETS:
        rules = Rules.preset(preset)
        for name, generator in GENERATORS.items():
            for seed in SEEDS if name == "game_winner" else range(8):
                yield generator(random.Random(seed), rules, frozenset())
    for lesson in load_all():
        for seed in range(6):
            yield from build_quiz(lesson, seed)


QUESTIONS = list(_generated())


def test_counts_take_the_right_plural():
    bad = {text for q in QUESTIONS for text in _texts(q) if BAD_PLURAL.search(text)}
    assert not bad, sorted(bad)[:5]


@pytest.mark.parametrize("tricks, words", [(0, "took no tricks"), (1, "took 1 trick.")])
def test_the_game_question_counts_tricks_in_words(tricks, words):
    assert words in game_winner_question((3, 4), 10, Team.NS, tricks).prompt


def test_every_game_target_is_explained_where_a_question_uses_it():
    targets = set()
    for question in QUESTIONS:
        if question.source != "game_winner":
            continue
        target = int(re.search(r"Game to (\d+)", question.scene.facts[0]).group(1))
        targets.add(target)
        assert f"the first team to reach {target} points wins" in question.scene.facts[0]
        own = "each table picks its own target" in question.scene.facts[0]
        assert own == (target not in STANDARD_TARGETS), question.scene.facts[0]
    assert targets - STANDARD_TARGETS and targets & STANDARD_TARGETS  # both kinds came up
