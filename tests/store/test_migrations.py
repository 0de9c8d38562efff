"""The schema is versioned with Alembic: a database made by the first migration keeps its
rows when a newer app opens it, and the newest migration gives exactly ``tables.py``."""

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from tutorial_app.store import new_learner_token, open_store
from tutorial_app.store.database import alembic_config, current_revision, make_engine, upgrade
from tutorial_app.store.tables import metadata
from tutorial_app.store.tokens import token_hash

FIRST = "0001"
WHEN = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)


def head() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_there_is_more_than_the_first_revision():
    revisions = list(ScriptDirectory.from_config(alembic_config()).walk_revisions())
    assert len(revisions) >= 2 and revisions[-1].revision == FIRST and head() != FIRST


def fill_first_schema(engine, token: str) -> None:
    """Rows as the first release wrote them (its columns only)."""
    table = sa.table
    col = sa.column
    with engine.begin() as connection:
        connection.execute(
            table("learners", col("id"), col("token_hash"), col("created_at"))
            .insert()
            .values(id=7, token_hash=token_hash(token), created_at=WHEN)
        )
        connection.execute(
            table(
                "quiz_runs",
                col("id"),
                col("learner_id"),
                col("lesson"),
                col("seed"),
                col("length"),
                col("started_at"),
            )
            .insert()
            .values(id=3, learner_id=7, lesson="bowers", seed=42, length=2, started_at=WHEN)
        )
        answers = table(
            "answers",
            col("learner_id"),
            col("lesson"),
            col("item_kind"),
            col("generator"),
            col("seed"),
            col("answer"),
            col("correct"),
            col("quiz_run_id"),
            col("answered_at"),
        )
        for minute, correct in enumerate((True, True)):
            connection.execute(
                answers.insert().values(
                    learner_id=7,
                    lesson="bowers",
                    item_kind="single",
                    generator="trick_order",
                    seed=42,
                    answer="JD",
                    correct=correct,
                    quiz_run_id=3,
                    answered_at=WHEN.replace(minute=31 + minute),
                )
            )
        connection.execute(
            table("lesson_steps", col("learner_id"), col("lesson"), col("step"), col("finished_at"))
            .insert()
            .values(learner_id=7, lesson="bowers", step="2", finished_at=WHEN)
        )
        connection.execute(
            table(
                "hands",
                col("learner_id"),
                col("kind"),
                col("code"),
                col("result", sa.JSON),
                col("finished_at"),
            )
            .insert()
            .values(
                learner_id=7, kind="play", code="g7", result={"score": [10, 6]}, finished_at=WHEN
            )
        )


def test_an_upgrade_from_the_first_schema_keeps_every_row(empty_store_url):
    token = new_learner_token()
    engine = make_engine(empty_store_url)
    upgrade(engine, FIRST)
    assert current_revision(engine) == FIRST
    fill_first_schema(engine, token)
    engine.dispose()

    store = open_store(empty_store_url)  # a newer app: upgrades to the newest schema on open
    assert current_revision(store.engine) == head()
    assert store.learner(token).number == 7
    frame = store.answers(token)
    assert list(frame["answer"]) == ["JD", "JD"] and list(frame["correct"]) == [True, True]
    assert list(frame["answered_at"]) == [WHEN.replace(minute=31), WHEN.replace(minute=32)]
    assert frame["time_taken_ms"].isna().all()  # a column the first schema did not have
    assert store.lesson_progress(token)["bowers"].stars == 3
    assert store.steps_done(token) == {"bowers": {"2"}}
    assert [(h.kind, h.code, h.result) for h in store.hands(token)] == [
        ("play", "g7", {"score": [10, 6]})
    ]
    # and the new columns take values
    store.record_answer(
        token,
        lesson="bowers",
        item_kind="single",
        generator="trick_order",
        answer="JH",
        correct=False,
        time_taken_ms=2500,
    )
    store.set_display_name(token, "Sam")
    assert store.recent_answers(token, 1)["time_taken_ms"].tolist() == [2500]
    assert store.display_name(token) == "Sam"


def test_the_newest_migration_gives_the_tables_the_store_queries(empty_store_url):
    engine = open_store(empty_store_url).engine
    inspector = sa.inspect(engine)
    for table in metadata.sorted_tables:
        in_database = {column["name"] for column in inspector.get_columns(table.name)}
        assert in_database == {column.name for column in table.columns}, table.name
        indexes = {index["name"] for index in inspector.get_indexes(table.name)}
        assert {index.name for index in table.indexes} <= indexes, table.name


@pytest.mark.parametrize("revision", [FIRST, "head"])
def test_opening_twice_changes_nothing(empty_store_url, revision):
    engine = make_engine(empty_store_url)
    upgrade(engine, revision)
    upgrade(engine, revision)
    assert current_revision(engine) == (head() if revision == "head" else FIRST)
    engine.dispose()
