"""What the progress page reads, counted by the database on both backends: answers per
skill per quarter hour, the total, one page of the newest answers (an answer stored longer
than the bound, before it, comes back cut to it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from tutorial_app.store import new_learner_token, open_store
from tutorial_app.store.records import ANSWER_LIMIT
from tutorial_app.store.summaries import AnswerCount
from tutorial_app.store.tables import answers

START = datetime(2026, 11, 30, 23, 50, tzinfo=UTC)


def test_answers_are_counted_per_skill_per_quarter_hour(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    for minutes, skill, correct in (
        (0, "makers", True),
        (4, "makers", False),
        (9, "makers", True),
        (12, "legal_plays", True),
        (31, "makers", True),
    ):
        store.record_answer(
            token,
            lesson="tricks",
            item_kind="single",
            generator=skill,
            answer="JD",
            correct=correct,
            answered_at=START + timedelta(minutes=minutes),
        )
    quarter = datetime(2026, 11, 30, 23, 45, tzinfo=UTC)
    assert store.answer_counts(token) == [  # 23:50, 23:54, 23:59; 00:02; 00:21
        AnswerCount(quarter, "makers", 3, 2),
        AnswerCount(quarter + timedelta(minutes=15), "legal_plays", 1, 1),
        AnswerCount(quarter + timedelta(minutes=30), "makers", 1, 1),
    ]
    assert store.answer_count(token) == 5
    assert store.answer_counts(new_learner_token()) == []


def test_the_newest_answers_come_a_page_at_a_time_and_cut_to_the_bound(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    for minutes in range(5):
        store.record_answer(
            token,
            lesson="tricks",
            item_kind="single",
            generator="makers",
            answer=f"a{minutes}",
            correct=True,
            answered_at=START + timedelta(minutes=minutes),
        )
    learner = store.learner(token).number
    with store.engine.begin() as connection:  # a row from before the bound
        connection.execute(
            sa.insert(answers).values(
                learner_id=learner,
                lesson="tricks",
                item_kind="single",
                generator="makers",
                answer="y" * 131_072,
                correct=False,
                answered_at=START + timedelta(hours=1),
            )
        )
    first = store.recent_answers(token, 2)
    assert first["answer"].tolist() == ["y" * ANSWER_LIMIT, "a4"]
    assert store.recent_answers(token, 2, offset=2)["answer"].tolist() == ["a3", "a2"]
    assert store.recent_answers(token, 2, offset=6).empty
    assert str(first["answered_at"].iloc[0].tz) == "UTC"


def test_practise_reads_the_newest_answers_and_the_deal_its_own_day_only(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    for minutes in range(7):
        store.record_answer(
            token,
            lesson="daily:2026-12-01" if minutes == 3 else "tricks",
            item_kind="single",
            generator=f"skill{minutes}",
            answer="JD",
            correct=True,
            answered_at=START + timedelta(minutes=minutes),
        )
    newest = store.attempts(token, most=4)
    assert [attempt.skill for attempt in newest] == ["skill3", "skill4", "skill5", "skill6"]
    assert len(store.attempts(token)) == 7
    deal = store.answer_rows(token, lesson="daily:2026-12-01")
    assert [row["generator"] for row in deal] == ["skill3"]
    assert store.answer_rows(token, lesson="daily:2026-12-02") == []
