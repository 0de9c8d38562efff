"""Recording: every call commits before it returns; stars and mastery come from the rows;
a quiz position and a quiz run survive a reload; bad values are refused by name."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
import sqlalchemy as sa

from lessons.progress import MASTERY_RUN, LessonProgress, QuizRun
from tutorial_app.store import QuizPosition, StoreUnavailable, new_learner_token, open_store
from tutorial_app.store.database import make_engine
from tutorial_app.store.records import ANSWER_LIMIT

ANSWER = dict(lesson="bowers", item_kind="single", generator="trick_order", answer="JD")


def answer_run(store, token, lesson, results, length):
    run = store.start_quiz_run(token, lesson, 7, length)
    for correct in results:
        store.record_answer(token, **{**ANSWER, "lesson": lesson}, correct=correct, quiz_run=run)
    return run


# (answers in order, quiz length, stars, mastered): QuizRun's rules, replayed from rows.
RUNS = [
    ((True,) * 3, 3, 3, True),
    ((True, False, True, True), 3, 2, False),  # the miss comes back; best streak 2 of 3
    ((False, True, False, True, True, True), 4, 2, False),
    ((False, False, False, True, True, True), 3, 1, True),  # a clean run of all 3 at the end
    ((True, True), 3, 0, False),  # unfinished: no stars yet
    ((True,) * 10, 10, 3, True),
    ((True,) * 5 + (False,) + (True,) * 5, 10, 2, False),  # no run of MASTERY_RUN
]


def test_stars_and_mastery_are_computed_from_the_recorded_answers(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    for number, (results, length, stars, mastered) in enumerate(RUNS):
        lesson = f"lesson-{number}"
        run = answer_run(store, token, lesson, results, length)
        assert store.lesson_progress(token)[lesson] == LessonProgress(stars, mastered), results
        replayed = QuizRun.start(length)
        for correct in results:
            replayed = replayed.answer(correct)
        assert store.quiz_run(token, run) == replayed
    assert MASTERY_RUN == 8  # the table above counts on it


def test_a_lesson_keeps_the_best_of_its_runs(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    answer_run(store, token, "bowers", (False, False, False, True, True, True), 3)  # 1 star
    answer_run(store, token, "bowers", (True, True, True), 3)  # 3 stars
    answer_run(store, token, "bowers", (False, True, True, True), 3)  # 2 stars
    answer_run(store, token, "bowers", (True,), 3)  # unfinished
    assert store.lesson_progress(token) == {"bowers": LessonProgress(3, True)}


def test_an_answer_is_in_the_database_when_record_returns(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    number = store.record_answer(token, **ANSWER, correct=True)
    other = make_engine(store_url)  # another connection pool, as another process would have
    try:
        with other.connect() as connection:
            assert (
                connection.execute(
                    sa.text("SELECT answer FROM answers WHERE id = :n"), {"n": number}
                ).scalar()
                == "JD"
            )
    finally:
        other.dispose()


def test_times_are_kept_in_utc_and_answers_come_back_in_order(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    start = datetime(2026, 11, 30, 20, 0, tzinfo=timezone(timedelta(hours=-5)))
    for minutes in (2, 0, 1):
        store.record_answer(
            token,
            **{**ANSWER, "answer": f"m{minutes}"},
            correct=True,
            answered_at=start + timedelta(minutes=minutes),
            seed=9,
            time_taken_ms=1000 * minutes,
        )
    frame = store.answers(token)
    assert frame["answer"].tolist() == ["m0", "m1", "m2"]
    assert frame["answered_at"].iloc[0] == datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    assert frame["time_taken_ms"].tolist() == [0, 1000, 2000]
    assert store.recent_answers(token, 2)["answer"].tolist() == ["m2", "m1"]
    assert [a.at for a in store.attempts(token)] == frame["answered_at"].dt.to_pydatetime().tolist()


def test_a_quiz_position_is_kept_replaced_and_cleared(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    assert store.load_quiz_position(token, "bowers") is None
    store.save_quiz_position(token, "bowers", 42, {"run": 1, "shown": [3, 1]})
    store.save_quiz_position(token, "bowers", 43, {"run": 2})
    store.save_quiz_position(token, "scoring", 5, {"run": 3})
    assert store.load_quiz_position(token, "bowers") == QuizPosition(43, {"run": 2})
    store.clear_quiz_position(token, "bowers")
    assert store.load_quiz_position(token, "bowers") is None
    assert store.load_quiz_position(token, "scoring") == QuizPosition(5, {"run": 3})


def test_steps_count_once_and_hands_keep_their_results(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    for step in ("1", "2", "1"):
        store.record_step(token, "bowers", step)
    store.record_step(token, "scoring", "1")
    assert store.steps_done(token) == {"bowers": {"1", "2"}, "scoring": {"1"}}
    store.record_hand(token, "guided", "h1", {"tricks": 3})
    store.record_hand(token, "play", "g1", {"score": [10, 8], "won": True})
    assert [(h.kind, h.code, h.result) for h in store.hands(token)] == [
        ("guided", "h1", {"tricks": 3}),
        ("play", "g1", {"score": [10, 8], "won": True}),
    ]
    assert [h.code for h in store.hands(token, "play")] == ["g1"]


@pytest.mark.parametrize(
    "change, words",
    [
        ({"item_kind": "essay"}, "item_kind 'essay' is not one of"),
        ({"lesson": ""}, "lesson must be a non-empty text"),
        ({"generator": "g" * 81}, "generator 'gggggggggggggggggggg'... is longer than 80"),
        ({"correct": "yes"}, "correct must be True or False"),
        ({"seed": -1}, "seed must be a whole number from 0"),
        ({"answer": "x" * (ANSWER_LIMIT + 1)}, f"longer than {ANSWER_LIMIT} characters"),
        ({"time_taken_ms": 1.5}, "time_taken_ms must be a whole number"),
    ],
)
def test_a_bad_answer_is_refused_by_name(tmp_path, change, words):
    store = open_store(f"sqlite:///{tmp_path}/p.db")
    token = new_learner_token()
    with pytest.raises(ValueError, match=words):
        store.record_answer(token, **{**ANSWER, "correct": True, **change})
    assert store.learner(token) is None  # nothing written, not even the learner


def test_a_full_disk_is_a_store_unavailable_and_the_store_works_again(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/p.db")
    token = new_learner_token()
    store.record_answer(token, **ANSWER, correct=True)
    store.engine.dispose()

    def no_room_to_grow(dbapi_connection, _record):
        # The database may not grow past its size: SQLite then says "database or disk is full".
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {int(pages)}")

    sa.event.listen(store.engine, "connect", no_room_to_grow)
    longest = "x" * ANSWER_LIMIT
    with pytest.raises(StoreUnavailable) as error:
        for _ in range(10_000):  # a page holds a few dozen answers: the file must grow
            store.record_answer(token, **{**ANSWER, "answer": longest}, correct=True)
    assert error.value.message.startswith("The disk that holds your progress is full")
    kept = store.answers(token)["answer"].tolist()  # reading still works
    assert kept[0] == "JD" and set(kept[1:]) <= {longest}

    sa.event.remove(store.engine, "connect", no_room_to_grow)
    store.engine.dispose()
    store.record_answer(token, **{**ANSWER, "answer": "JH"}, correct=True)
    assert store.answers(token)["answer"].tolist() == [*kept, "JH"]
