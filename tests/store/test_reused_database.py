"""The store tests' PostgreSQL database is reused, emptied between tests
(``helpers.postgres.ReusedDatabase``): each test still starts from a database as new."""

from __future__ import annotations

import pytest
from helpers.postgres import ReusedDatabase

from tutorial_app.store import dispose_engines, new_learner_token, open_store


@pytest.fixture
def database(postgres_cluster):
    database = ReusedDatabase(postgres_cluster)
    yield database
    dispose_engines()
    database.drop()


def answer(url: str, token: str) -> None:
    open_store(url).record_answer(
        token, lesson="bowers", item_kind="single", generator="g", answer="JD", correct=True
    )


def test_the_next_test_finds_no_row_and_ids_from_the_start(database):
    token = new_learner_token()
    url = database.url()
    answer(url, token)
    first_id = open_store(url).learner(token).number
    dispose_engines()
    assert database.url() == url  # the same database, emptied
    assert open_store(url).learner(token) is None
    answer(url, token)
    assert open_store(url).learner(token).number == first_id


def test_a_dropped_table_gets_a_new_copy(database):
    url = database.url()
    with open_store(url).engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE answers")
    dispose_engines()
    fresh = database.url()
    assert fresh != url
    token = new_learner_token()
    answer(fresh, token)
    assert len(open_store(fresh).answers(token)) == 1
