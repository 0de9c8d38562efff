"""The spaced-repetition scheduler's choices on fixed histories, the streak, the daily deal."""

import doctest
import random
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from engine import Rules
from lessons import spaced
from lessons.generators import GENERATORS
from lessons.quiz import Question
from lessons.spaced import (
    MAX_HALF_LIFE_DAYS,
    MIN_HALF_LIFE_DAYS,
    PRACTICE_SKILLS,
    Attempt,
    daily_deal,
    daily_deal_seed,
    daily_streak,
    memories,
    next_skills,
    practice_days,
    skill_recall,
)

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
SKILLS = ("trick_winner", "legal_plays", "makers", "hand_result")


def answered(skill, correct, days_ago=0.0, minutes_ago=0.0):
    return Attempt(skill, correct, NOW - timedelta(days=days_ago, minutes=minutes_ago))


def rights(skill, count, days_ago):
    """``count`` right answers, a day apart, the last ``days_ago`` days ago."""
    return [answered(skill, True, days_ago + n) for n in range(count)]


def test_the_module_examples_hold():
    assert doctest.testmod(spaced).failed == 0


def test_a_missed_skill_comes_back_first_even_just_after_the_miss():
    history = [
        *rights("trick_winner", 3, 0.5),
        *rights("legal_plays", 2, 0.5),
        answered("legal_plays", False, minutes_ago=1),
    ]
    assert next_skills(history, NOW, 4, SKILLS) == [
        "legal_plays",
        "makers",
        "hand_result",
        "trick_winner",
    ]


def test_new_skills_come_before_skills_just_answered_right():
    history = [answered("trick_winner", True, minutes_ago=5)]
    assert next_skills(history, NOW, 3, SKILLS) == ["legal_plays", "makers", "hand_result"]


def test_a_half_forgotten_skill_comes_before_new_ones():
    history = [answered("hand_result", True, days_ago=3)]  # half-life 1 day: p = 1/8
    assert next_skills(history, NOW, 2, SKILLS) == ["hand_result", "trick_winner"]


def test_the_weakest_of_several_misses_comes_first():
    history = [
        answered("makers", False, minutes_ago=1),
        answered("trick_winner", False, minutes_ago=30),
    ]  # longer ago: weaker now
    assert next_skills(history, NOW, 2, SKILLS) == ["trick_winner", "makers"]


def test_a_mastered_skill_fades_back_in_slowly():
    history = rights("makers", 8, days_ago=1)  # eight right answers: a long half-life
    later = {
        days: next_skills(history, NOW + timedelta(days=days), len(SKILLS), SKILLS)
        for days in (0, 30, 200)
    }
    assert later[0][-1] == "makers"  # a day after: last of all
    assert later[30][-1] == "makers"  # a month after: still after new skills
    assert later[200][0] == "makers"  # after long enough it comes back first
    recall = [
        skill_recall(history, NOW + timedelta(days=d), SKILLS)["makers"] for d in (0, 30, 60, 120)
    ]
    assert recall == sorted(recall, reverse=True) and recall[-1] < spaced.UNSEEN_RECALL


@pytest.mark.parametrize(
    "right, wrong, last_correct, half_life",
    [
        (1, 0, True, 1.0),
        (3, 0, True, 4.0),
        (5, 0, True, 16.0),
        (5, 1, True, 4.0),  # a miss costs two rights
        (40, 0, True, MAX_HALF_LIFE_DAYS),
        (1, 3, True, 1 / 64),
        (1, 4, True, MIN_HALF_LIFE_DAYS),
        (9, 1, False, MIN_HALF_LIFE_DAYS),  # the latest answer missed: start again
    ],
)
def test_half_life_grows_with_rights_and_shrinks_with_misses(right, wrong, last_correct, half_life):
    earlier = [True] * (right - last_correct) + [False] * (wrong - (not last_correct))
    history = [answered("makers", correct, days_ago=10 + n) for n, correct in enumerate(earlier)]
    history.append(answered("makers", last_correct))  # the latest answer
    memory = memories(history)["makers"]
    assert (memory.rights, memory.wrongs) == (right, wrong)
    assert memory.half_life_days == pytest.approx(half_life)


def test_the_order_of_the_history_does_not_matter():
    history = [
        answered("makers", False, minutes_ago=1),
        *rights("trick_winner", 2, 0.1),
        answered("makers", True, days_ago=2),
    ]
    shuffled = history[:]
    random.Random(3).shuffle(shuffled)
    assert next_skills(shuffled, NOW, 4, SKILLS) == next_skills(history, NOW, 4, SKILLS)


def test_more_questions_than_skills_start_again_from_the_weakest():
    history = [answered("makers", False, minutes_ago=1)]
    assert next_skills(history, NOW, 6, SKILLS[:3]) == [
        "makers",
        "trick_winner",
        "legal_plays",
        "makers",
        "trick_winner",
        "legal_plays",
    ]
    assert next_skills(history, NOW, 0, SKILLS) == [] and next_skills([], NOW, 3, ()) == []


def test_every_practice_skill_is_a_generator():
    assert PRACTICE_SKILLS and set(PRACTICE_SKILLS) <= set(GENERATORS)


@pytest.mark.parametrize(
    "days_ago, streak",
    [
        ((), 0),
        ((0,), 1),
        ((1,), 1),  # not yet today: yesterday's streak is still alive
        ((2,), 0),
        ((0, 1, 2, 3), 4),
        ((1, 2, 3, 5, 6), 3),
        ((0, 2, 3), 1),
    ],
)
def test_daily_streak(days_ago, streak):
    today = date(2026, 11, 30)
    assert daily_streak([today - timedelta(days=n) for n in days_ago], today) == streak


def test_practice_days_are_counted_in_the_learners_time_zone():
    late = datetime(2026, 11, 30, 3, 0, tzinfo=UTC)  # 22:00 the day before in UTC-5
    history = [Attempt("makers", True, late), Attempt("makers", False, late + timedelta(hours=6))]
    assert practice_days(history) == {date(2026, 11, 30): 2}
    assert practice_days(history, timezone(timedelta(hours=-5))) == {
        date(2026, 11, 29): 1,
        date(2026, 11, 30): 1,
    }


def test_the_daily_deal_is_the_same_for_everyone_on_a_date_and_new_the_next_day():
    day = date(2026, 11, 30)
    deal = daily_deal(day)
    assert deal == daily_deal(date.fromisoformat("2026-11-30"))
    assert deal != daily_deal(day + timedelta(days=1))
    assert len(deal) == spaced.DAILY_DEAL_SIZE
    assert len({item.skill for item in deal}) == min(len(PRACTICE_SKILLS), len(deal))
    assert daily_deal_seed(day) != daily_deal_seed(day + timedelta(days=1))


def test_every_daily_deal_item_builds_its_question():
    rules = Rules.preset("bga")
    for item in daily_deal(date(2026, 12, 1)):
        first = GENERATORS[item.skill](random.Random(item.seed), rules, frozenset())
        again = GENERATORS[item.skill](random.Random(item.seed), rules, frozenset())
        assert isinstance(first, Question) and first.fingerprint() == again.fingerprint()
