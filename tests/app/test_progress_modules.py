"""The plain modules behind progress: the charts' figures (text from a file escaped),
the For-you plan and the daily deal's score, a quiz's kept place, a Play hand recorded
once when it finishes; and their doctests."""

from __future__ import annotations

import doctest
import re
from datetime import UTC, datetime, timedelta, timezone
from types import SimpleNamespace

import pandas as pd
import pytest

from engine import legal_actions
from lessons.progress import LessonProgress
from lessons.spaced import Attempt, DealItem
from tutorial_app.features.play import game as play
from tutorial_app.features.play.records import record_play
from tutorial_app.features.practise import plan as practice_plan
from tutorial_app.features.progress import charts as progress_charts
from tutorial_app.quiz import position as quiz_position
from tutorial_app.quiz.position import position_of, quiz_from_position
from tutorial_app.quiz.state import QuizState
from tutorial_app.shell import session_map
from tutorial_app.store import ANSWER_COLUMNS
from tutorial_app.store.summaries import AnswerCount

NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "module",
    [progress_charts, practice_plan, quiz_position, session_map],
    ids=lambda module: module.__name__,
)
def test_doctests(module):
    failures, tried = doctest.testmod(module)
    assert tried and not failures


def answers(*rows) -> pd.DataFrame:
    frame = pd.DataFrame(
        [
            {
                **dict.fromkeys(ANSWER_COLUMNS),
                "lesson": "x",
                "item_kind": "single",
                "answer": "a",
                "generator": skill,
                "correct": correct,
                "answered_at": at,
                "time_taken_ms": 1500,
            }
            for skill, correct, at in rows
        ],
        columns=list(ANSWER_COLUMNS),
    )
    frame["answered_at"] = pd.to_datetime(frame["answered_at"], utc=True)
    frame["time_taken_ms"] = frame["time_taken_ms"].astype("Int64")
    return frame


def counts(*rows) -> pd.DataFrame:
    return progress_charts.counts_frame(
        AnswerCount(at, skill, answers, right) for skill, answers, right, at in rows
    )


def test_accuracy_is_per_skill_per_day_and_names_from_a_file_are_escaped():
    frame = counts(
        ("legal_plays", 1, 1, NOW),
        ("legal_plays", 1, 0, NOW + timedelta(hours=1)),
        ("<b>odd", 1, 1, NOW - timedelta(days=1)),
    )
    daily = progress_charts.accuracy_by_day(frame, UTC)
    legal = daily[daily["skill"] == "cards you may play"].iloc[0]
    assert (legal["answers"], legal["right"], legal["accuracy"]) == (2, 1, 50.0)
    figure = progress_charts.accuracy_chart(frame, UTC)
    names = {trace.name for trace in figure.data}
    assert names == {"cards you may play", "&lt;b&gt;odd"}


def test_days_are_counted_in_the_learners_own_time_zone():
    late = datetime(2026, 11, 30, 23, 45, tzinfo=UTC)  # 00:45 on 1 December in Paris
    frame = counts(("makers", 3, 2, late), ("makers", 2, 2, late - timedelta(hours=2)))
    paris = timezone(timedelta(hours=1))
    assert progress_charts.answers_per_day(frame, paris) == {
        late.date(): 2,
        late.date() + timedelta(days=1): 3,
    }
    assert progress_charts.answers_per_day(frame, UTC) == {late.date(): 5}


def test_lessons_chart_shows_stars_and_mastery_in_lesson_order():
    figure = progress_charts.lessons_chart(
        {"b": LessonProgress(3, True), "a": LessonProgress(1, False)},
        [("a", "1. <A>"), ("b", "2. B"), ("c", "3. C")],
    )
    bars = figure.data[0]
    assert list(bars.x) == [1, 3, 0] and list(bars.y) == ["1. &lt;A&gt;", "2. B", "3. C"]
    assert list(bars.text) == ["★", "★★★ · mastered", "no stars yet"]


def test_the_calendar_has_a_column_per_week_and_nothing_after_today():
    today = NOW.date()
    figure = progress_charts.streak_calendar({today: 5, today - timedelta(days=8): 2}, today)
    heat = figure.data[0]
    assert len(heat.z) == 7 and all(len(row) == progress_charts.CALENDAR_WEEKS for row in heat.z)
    assert heat.z[today.weekday()][-1] == 5
    assert all(heat.z[day][-1] is None for day in range(today.weekday() + 1, 7))
    assert sum(value or 0 for row in heat.z for value in row) == 7


def test_the_recent_table_is_newest_first_in_words():
    frame = answers(("makers", False, NOW - timedelta(hours=1)), ("makers", True, NOW))
    table = progress_charts.recent_table(frame, UTC)
    assert list(table["Right?"]) == ["✓ right", "✗ wrong"]
    assert list(table["Time taken"]) == ["1.5 s", "1.5 s"]


def test_for_you_puts_a_miss_before_new_skills_and_new_before_known():
    history = [Attempt("makers", True, NOW - timedelta(days=1))] * 5 + [
        Attempt("legal_plays", False, NOW - timedelta(minutes=3))
    ]
    plan = practice_plan.for_you_set(
        history, NOW, seed=3, length=3, skills=("makers", "trick_winner", "legal_plays")
    )
    assert [item.skill for item in plan] == ["legal_plays", "trick_winner", "makers"]
    assert [item.why.split(":")[0].split(" ")[0] for item in plan] == ["You", "New", "Due"]
    assert plan == practice_plan.for_you_set(
        history, NOW, seed=3, length=3, skills=("makers", "trick_winner", "legal_plays")
    )


def test_the_deal_score_counts_each_items_first_answer():
    day = NOW.date()
    items = [DealItem("makers", 1), DealItem("makers", 2), DealItem("trick_winner", 3)]
    label = practice_plan.daily_label(day)
    rows = [
        {"lesson": label, "generator": "makers", "seed": 1, "correct": False},
        {"lesson": label, "generator": "makers", "seed": 1, "correct": True},
        {"lesson": label, "generator": "makers", "seed": 2, "correct": True},
        {"lesson": "daily:1999-01-01", "generator": "trick_winner", "seed": 3, "correct": True},
    ]
    assert practice_plan.deal_score(rows, day, items) == (2, 1)


@pytest.mark.parametrize(
    "kept",
    [
        None,
        [],
        {"version": 2},
        {"version": 1, "run": {}},
        {
            "version": 1,
            "store_run": -1,
            "run": {
                "queue": [0],
                "answered": [],
                "missed": [],
                "misses": 0,
                "streak": 0,
                "best_streak": 0,
            },
        },
        {
            "version": 1,
            "run": {
                "queue": [0, 1, 9],
                "answered": [],
                "missed": [],
                "misses": 0,
                "streak": 0,
                "best_streak": 0,
            },
        },
        {
            "version": 1,
            "run": {
                "queue": [],
                "answered": [0, 1, 2],
                "missed": [],
                "misses": 0,
                "streak": 3,
                "best_streak": 3,
            },
        },
    ],
)
def test_a_kept_place_that_does_not_fit_the_quiz_is_not_resumed(kept):
    assert quiz_from_position(kept, 3) is None


def test_a_kept_place_round_trips():
    state = QuizState.start(4)
    for correct in (True, False, True):
        state = QuizState(state.run.answer(correct), store_run=12)
    back = quiz_from_position(position_of(state), 4)
    assert back.run == state.run and back.store_run == 12 and back.showing == state.run.current


def test_a_play_hand_is_recorded_once_when_it_finishes(fresh_store, token):
    session = {"learner-token": token}
    game = play.new_bot_game("bga", "beginner", seed=17)
    while game.game.hand is not None:
        before = game
        game = play.learner_plays(game, legal_actions(game.game.hand)[0])
        assert record_play(session, before, game) is None
    assert record_play(session, game, game) is None  # no new finish: nothing
    (hand,) = fresh_store.hands(token, "play")
    assert hand.result["hand"] == 1 and hand.result["seed"] == 17
    assert hand.result["score"] == play.score_words(game)


def test_a_store_that_cannot_be_opened_is_not_tried_again_at_once(tmp_path, monkeypatch):
    from tutorial_app.learner import current as learner
    from tutorial_app.store import ENV_VAR, StoreUnavailable

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ENV_VAR, f"sqlite:///{blocker}/p.sqlite3")
    tries = []
    real = learner.open_store
    monkeypatch.setattr(learner, "open_store", lambda url: tries.append(url) or real(url))
    for _ in range(3):
        with pytest.raises(StoreUnavailable, match="cannot be made"):
            learner.store()
    assert len(tries) == 1
    monkeypatch.setattr(learner, "RETRY_AFTER_SECONDS", 0.0)
    with pytest.raises(StoreUnavailable):
        learner.store()
    assert len(tries) == 2


def test_the_recent_table_speaks_in_card_team_and_lesson_names():
    frame = answers(
        ("legal_plays", True, NOW), ("hand_result", False, NOW), ("bowers/x", True, NOW)
    )
    frame["answer"] = ["JD,JH,AH", "EW,1", "N"]
    frame["item_kind"] = ["multi", "points", "single"]
    frame["lesson"] = ["practise:tricks", "scoring", "guided:lone-hand"]
    table = progress_charts.recent_table(frame, UTC)
    assert set(table["Your answer"]) == {
        "jack of diamonds, jack of hearts, ace of hearts",
        "East-West, 1 point",
        "North",
    }
    assert set(table["Lesson or topic"]) == {
        "Practise: Who won the trick?",
        "Lesson 6: Scoring",
        "Guided hand: Going alone, and who leads",
    }
    codes = re.compile(r"\b[2-9TJQKA][CDHS]\b|\b(NS|EW),\d|\w+:\w+|_")
    for column in ("Your answer", "Lesson or topic", "Skill"):
        assert not [text for text in table[column] if codes.search(text)], column


def test_the_accuracy_legend_stands_clear_of_the_axes():
    """Beside the plot, above it, or hung below the dates by its top edge: never grown up
    from below over the x axis (plotly anchors a legend below the plot by its bottom)."""
    counts = progress_charts.counts_frame(
        [
            SimpleNamespace(starts_at=NOW, generator=name, answers=3, right=2)
            for name in progress_charts.SKILL_WORDS
        ]
    )
    legend = progress_charts.accuracy_chart(counts, UTC).layout.legend
    right = legend.x is not None and legend.x >= 1 and legend.xanchor == "left"
    above = legend.y is not None and legend.y >= 1 and legend.yanchor == "bottom"
    below = legend.y is not None and legend.y < 0 and legend.yanchor == "top"
    assert right or above or below


def test_a_kept_none_of_them_answer_is_shown_again():
    """Choose all that apply, answered "none of them" (no key): the verdict comes back."""
    from lessons.quiz import Kind, Option, Question
    from tutorial_app.quiz.position import answered_from_position

    question = Question(Kind.MULTI, "Which?", (Option("a", "A"), Option("b", "B")), ("a",), "")
    kept = position_of(QuizState(QuizState.start(2).run.answer(False)))
    kept["shown"] = {"index": 0, "response": []}
    shown = answered_from_position(kept, [question] * 2)
    assert shown is not None and shown.showing == 0 and not shown.feedback.correct


@pytest.mark.parametrize(
    "shown",
    [
        None,
        "0",
        {"index": 5, "response": ["a"]},  # no such question
        {"index": -1, "response": ["a"]},
        {"index": True, "response": ["a"]},
        {"index": 0, "response": "a"},  # not a list
        {"index": 0, "response": []},  # no answer to a single-choice question
        {"index": 0, "response": ["a"] * 13},  # over MOST_RESPONSE_KEYS
        {"index": 0, "response": ["x" * 17]},  # over LONGEST_RESPONSE_KEY
        {"index": 0, "response": [3]},
        {"index": 0, "response": ["zz"]},  # no such option: judged invalid
    ],
)
def test_a_kept_verdict_that_does_not_fit_is_not_shown_but_the_place_is(shown):
    from lessons.quiz import Kind, Option, Question
    from tutorial_app.quiz.position import answered_from_position

    question = Question(Kind.SINGLE, "Which?", (Option("a", "A"), Option("b", "B")), ("a",), "")
    kept = position_of(QuizState(QuizState.start(3).run.answer(True)))
    if shown is not None:
        kept["shown"] = shown
    assert answered_from_position(kept, [question] * 3) is None
    assert quiz_from_position(kept, 3).showing == 1  # the next question, as before
