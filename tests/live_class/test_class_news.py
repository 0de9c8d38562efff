"""The news route (``tutorial_app.class_news``) and the stamps behind it: a stamp moves
exactly when what a page of the class shows moves, equals the one a page draws for
the same state, and the route refuses anything but one class code, in words."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from sqlalchemy import update
from starlette.requests import Request

from lessons.question_source import topic_source
from tutorial_app import class_news
from tutorial_app.store import dispose_engines, new_learner_token, open_classes
from tutorial_app.store.records import now
from tutorial_app.store.tables import class_questions

TRICKS = topic_source("tricks", 7, 0)


@pytest.fixture
def classes(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", url)  # the route opens the server's store
    monkeypatch.setattr("tutorial_app.store.classes.NEWS_SHARED_SECONDS", 0.0)  # no reuse
    yield open_classes(url)
    dispose_engines()


def ask(**query: str) -> tuple[int, dict]:
    """The route's answer to ``GET /api/class-news?<query>``: (status, JSON body)."""
    scope = {
        "type": "http",
        "method": "GET",
        "path": class_news.PATH,
        "query_string": urlencode(query).encode(),
        "headers": [],
    }
    with ThreadPoolExecutor(1) as thread:  # an event loop of its own (Playwright may hold ours)
        answer = thread.submit(asyncio.run, class_news.class_news(Request(scope))).result()
    assert answer.headers["cache-control"] == "no-store"
    return answer.status_code, json.loads(answer.body)


def test_each_stamp_moves_with_what_its_pages_show_and_only_then(classes):
    code, key = classes.start_class()
    seen = []

    def stamps() -> dict:
        status, body = ask(**{"class": code})
        assert status == 200
        tally = classes.tally(code, key)  # what the teacher's page draws
        assert body == {"screen": classes.status(code).news, "room": tally.news}
        seen.append(body)
        return body

    waiting = stamps()
    assert stamps() == waiting  # nothing happened: no news
    token = new_learner_token()
    classes.join(code, "Sam", token)
    joined = stamps()
    assert joined["screen"] == waiting["screen"] and joined["room"] != waiting["room"]
    question = classes.push_question(code, key, TRICKS)
    asked = stamps()
    assert asked["screen"] != joined["screen"] and asked["room"] != joined["room"]
    classes.answer(code, token, question, "N")
    answered = stamps()
    assert answered["screen"] == asked["screen"] and answered["room"] != asked["room"]
    classes.answer(code, token, question, "E")  # a changed answer changes the teacher's chart
    changed = stamps()
    assert changed["screen"] == asked["screen"] and changed["room"] != answered["room"]
    classes.reveal(code, key)
    revealed = stamps()
    assert revealed["screen"] != asked["screen"]
    classes.end(code, key)
    ended = stamps()
    assert ended["screen"] != revealed["screen"]
    assert len({body["room"] for body in seen}) == 7  # every change, and only those


def test_asking_for_news_reveals_a_timed_question_past_its_deadline(classes):
    code, key = classes.start_class()
    question = classes.push_question(code, key, TRICKS, timer=30)
    before = ask(**{"class": code})[1]
    with classes.store.writing() as connection:
        connection.execute(
            update(class_questions)
            .where(class_questions.c.id == question)
            .values(deadline=now() - timedelta(seconds=1))
        )
    after = ask(**{"class": code})[1]
    assert classes.current(code).revealed and after["screen"] != before["screen"]


@pytest.mark.parametrize(
    "query, status, words",
    [
        ({}, 400, "Ask for one class"),
        ({"class": "x" * 41}, 400, "Ask for one class"),
        ({"class": "ABCDEF", "key": "secret"}, 400, "Ask for one class"),
        ({"class": "<b>hi"}, 400, "is not a class code"),
        ({"class": "ABCDEF"}, 404, "There is no class ABCDEF"),
    ],
)
def test_anything_but_one_class_code_is_refused_in_words(classes, query, status, words):
    got, body = ask(**query)
    assert got == status and words in body["error"] and set(body) == {"error"}


def test_the_stamps_tell_nothing_of_the_counts_behind_them(classes):
    """The room's stamp is keyed by the class's key hash: two classes in the same state
    have different stamps, so a learner cannot look a count up from a stamp."""
    first, _ = classes.start_class()
    second, _ = classes.start_class()
    assert ask(**{"class": first})[1]["room"] != ask(**{"class": second})[1]["room"]
