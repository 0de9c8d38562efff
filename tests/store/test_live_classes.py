"""Live classes in the store, on SQLite and PostgreSQL: a whole class (join, ask, answer,
change, reveal, report), every refusal with its reason and sentence, and the crowded
moments (a hundred joins at once, answers racing the reveal) losing nothing."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from lessons.question_source import lesson_source, question_for, topic_source
from lessons.quiz import Kind
from tutorial_app.store import (
    ClassError,
    Reason,
    StoreUnavailable,
    new_learner_token,
    open_classes,
    open_store,
)
from tutorial_app.store.class_codes import CODE_ALPHABET, teacher_key_hash
from tutorial_app.store.tables import classes as classes_table

TRICKS = topic_source("tricks", 7, 0)  # "Who won the trick?": one seat is right


def right_and_wrong(source):
    question = question_for(source)
    wrong = next(o.key for o in question.options if o.key not in question.answer)
    return question, list(question.answer), [wrong]


@pytest.fixture
def live(store_url):
    return open_classes(store_url)


def refused(reason: Reason, call, *args):
    with pytest.raises(ClassError) as caught:
        call(*args)
    assert caught.value.reason is reason, caught.value.message
    return caught.value.message


def test_a_whole_class(live, store_url):
    code, key = live.start_class()
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET) and len(key) >= 43
    sam, kim, lee = (new_learner_token() for _ in range(3))
    assert live.join(code, "Sam", sam).name == "Sam"
    live.join(code.lower(), "  Kim ", kim)  # a code typed in lower case still works
    live.join(code, "<b>Lee</b>", lee)  # kept as typed: pages escape it
    assert live.member_names(code) == ["Sam", "Kim", "<b>Lee</b>"]
    assert live.status(code).question_id is None and live.current(code) is None

    question, right, wrong = right_and_wrong(TRICKS)
    first = live.push_question(code, key, TRICKS)
    status = live.status(code)
    assert (status.question_id, status.revealed, status.open) == (first, False, True)
    assert live.current(code).question == question
    live.answer(code, sam, first, right)
    live.answer(code, kim, first, wrong)
    live.answer(code, kim, first, right)  # changed before the reveal
    assert live.my_answer(code, kim, first) == tuple(right)
    assert live.my_answer(code, lee, first) is None
    tally = live.tally(code, key)
    assert (tally.members, tally.answered, tally.answers) == (3, 2, {",".join(right): 2})

    live.reveal(code, key)
    live.reveal(code, key)  # twice changes nothing
    assert live.status(code).revealed and live.current(code).revealed
    refused(Reason.ALREADY_REVEALED, live.answer, code, lee, first, right)

    second_source = lesson_source("bowers", 42, 0)
    second = live.push_question(code, key, second_source)
    assert live.status(code).question_id == second and not live.status(code).revealed
    q2 = question_for(second_source)
    response = ("N", "2") if q2.kind is Kind.POINTS else tuple(q2.answer) or ()
    live.answer(code, lee, second, response)
    refused(Reason.QUESTION_CHANGED, live.answer, code, sam, first, right)

    report = live.report(code, key)
    assert report.questions[["question", "answered", "right"]].values.tolist() == [
        [1, 2, 2],
        [2, 1, 1],
    ]
    assert report.questions["share_right"].tolist() == [1.0, 1.0]
    assert question.prompt in report.questions["asked"][0]
    assert report.learners.values.tolist() == [
        ["Sam", 1, 1, "1 of 2"],
        ["Kim", 1, 1, "1 of 2"],
        ["<b>Lee</b>", 1, 1, "1 of 2"],
    ]

    # The revealed question's final answers are in each learner's own progress.
    store = open_store(store_url)
    kim_answers = store.answers(kim)
    assert kim_answers[["lesson", "answer", "correct"]].values.tolist() == [
        ["tricks", ",".join(right), True]
    ]
    assert len(store.answers(lee)) == 0  # question 2 is not revealed yet

    live.end(code, key)
    live.end(code, key)
    assert not live.status(code).open
    assert "has ended" in refused(Reason.CLASS_ENDED, live.join, code, "Max", new_learner_token())
    refused(Reason.CLASS_ENDED, live.push_question, code, key, TRICKS)
    assert len(live.report(code, key).learners) == 3  # the report outlives the class


def test_the_teacher_key_is_kept_only_as_a_hash(live):
    code, key = live.start_class()
    with live.store.engine.connect() as connection:
        row = connection.execute(select(classes_table).where(classes_table.c.code == code)).one()
    assert key not in str(tuple(row)) and row.teacher_key_hash == teacher_key_hash(key)
    wrong = key[:-1] + ("y" if key.endswith("x") else "x")
    assert live.is_teacher(code, key) and not live.is_teacher(code, wrong)


@pytest.mark.parametrize("who", ["learner token", "wrong key", "no key", "other class's key"])
def test_only_the_teacher_key_pushes_reveals_and_ends(live, who):
    code, key = live.start_class()
    _, other_key = live.start_class()
    learner = new_learner_token()
    live.join(code, "Sam", learner)
    forged = {
        "learner token": learner,
        "wrong key": key[:-2] + "zz",
        "no key": "",
        "other class's key": other_key,
    }[who]
    message = refused(Reason.NOT_TEACHER, live.push_question, code, forged, TRICKS)
    assert message == f"Only the teacher who started class {code} can do that."
    live.push_question(code, key, TRICKS)
    refused(Reason.NOT_TEACHER, live.reveal, code, forged)
    refused(Reason.NOT_TEACHER, live.end, code, forged)
    refused(Reason.NOT_TEACHER, live.report, code, forged)
    assert live.status(code).open and not live.status(code).revealed


@pytest.mark.parametrize(
    "typed, words",
    [
        ("ZZZZZZ", "There is no class ZZZZZZ"),
        ("hello!", "'hello!' is not a class code"),
        ("", "That is not a class code"),
        ("\x00", "That is not a class code"),  # a control character is not echoed
    ],
)
def test_a_wrong_code_is_refused_with_a_sentence(live, typed, words):
    assert words in refused(Reason.NO_SUCH_CLASS, live.join, typed, "Sam", new_learner_token())
    assert words in refused(Reason.NO_SUCH_CLASS, live.status, typed)


def test_an_expired_class_is_closed(live):
    code, key = live.start_class()
    long_ago = datetime.now(UTC) - timedelta(hours=13)
    with live.store.engine.begin() as connection:
        connection.execute(
            update(classes_table).where(classes_table.c.code == code).values(created_at=long_ago)
        )
    status = live.status(code)
    assert status.expired and not status.open
    assert "has closed" in refused(Reason.CLASS_ENDED, live.join, code, "Sam", new_learner_token())
    refused(Reason.CLASS_ENDED, live.push_question, code, key, TRICKS)


def test_names_are_unique_in_a_class_and_a_token_rejoins_as_itself(live):
    code, _ = live.start_class()
    other_code, _ = live.start_class()
    sam = new_learner_token()
    live.join(code, "Sam", sam)
    message = refused(Reason.NAME_TAKEN, live.join, code, "SAM", new_learner_token())
    assert "already called SAM" in message
    again = live.join(code, "Samuel", sam)  # a reload: the same token, its first name
    assert again.name == "Sam" and again.rejoined
    assert live.member(code, sam).name == "Sam"
    assert live.member(code, new_learner_token()) is None
    live.join(other_code, "Sam", new_learner_token())  # another class: the name is free
    refused(Reason.BAD_NAME, live.join, code, "   ", new_learner_token())
    refused(Reason.BAD_NAME, live.join, code, "x" * 41, new_learner_token())


def test_answers_need_a_member_a_question_and_a_valid_response(live):
    code, key = live.start_class()
    sam, stranger = new_learner_token(), new_learner_token()
    live.join(code, "Sam", sam)
    refused(Reason.QUESTION_CHANGED, live.answer, code, sam, 1, "N")  # nothing asked yet
    refused(Reason.NO_QUESTION, live.reveal, code, key)
    asked = live.push_question(code, key, TRICKS)
    refused(Reason.NOT_A_MEMBER, live.answer, code, stranger, asked, "N")
    refused(Reason.BAD_ANSWER, live.answer, code, sam, asked, "not an option")
    refused(
        Reason.BAD_SOURCE,
        live.push_question,
        code,
        key,
        topic_source("tricks", 7, 0).__class__("lesson", "no-such-lesson", 1, 0),
    )


def test_a_class_with_no_learners_reports_empty_tables(live):
    code, key = live.start_class()
    live.push_question(code, key, TRICKS)
    live.reveal(code, key)
    report = live.report(code, key)
    assert report.questions[["answered", "right"]].values.tolist() == [[0, 0]]
    assert report.questions["share_right"].isna().all() and report.learners.empty


def test_a_hundred_joins_at_once_are_all_kept(live):
    code, key = live.start_class()
    tokens = [new_learner_token() for _ in range(100)]
    # Two tabs of ten learners send their join twice; ten others fight over one name.
    jobs = [(f"Learner {i}", token) for i, token in enumerate(tokens[:90])]
    jobs += [(f"Learner {i}", tokens[i]) for i in range(10)]
    jobs += [("Alex", token) for token in tokens[90:]]

    def join(job):
        try:
            return live.join(code, *job).name
        except ClassError as error:
            return error.reason

    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(join, jobs))
    assert results[:100] == [f"Learner {i}" for i in range(90)] + [
        f"Learner {i}" for i in range(10)
    ]
    assert results[100:].count("Alex") == 1
    assert results[100:].count(Reason.NAME_TAKEN) == 9
    names = live.member_names(code)
    assert len(names) == 91 and len(set(names)) == 91
    assert live.tally(code, key).members == 91


def test_answers_racing_the_reveal_are_either_counted_or_refused(live, store_url):
    code, key = live.start_class()
    tokens = [new_learner_token() for _ in range(8)]
    for i, token in enumerate(tokens):
        live.join(code, f"L{i}", token)
    question, right, wrong = right_and_wrong(TRICKS)
    asked = live.push_question(code, key, TRICKS)
    last_kept: dict[str, list[str]] = {}
    go = threading.Event()

    def keep_answering(token: str) -> None:
        go.wait()
        for turn in range(200):
            response = right if turn % 2 else wrong
            try:
                live.answer(code, token, asked, response)
            except ClassError as error:
                assert error.reason is Reason.ALREADY_REVEALED
                return
            last_kept[token] = response

    threads = [threading.Thread(target=keep_answering, args=(t,)) for t in tokens]
    for thread in threads:
        thread.start()
    go.set()
    # SQLite's lock is not fair: eight threads writing flat out may keep the reveal
    # waiting past the busy timeout on a busy machine; the teacher clicks again then.
    deadline = time.monotonic() + 60
    while True:
        try:
            live.reveal(code, key)
            break
        except StoreUnavailable:
            if time.monotonic() > deadline:
                raise
    for thread in threads:
        thread.join(60)
    store = open_store(store_url)
    for token in tokens:
        kept = live.my_answer(code, token, asked)
        progress = store.answers(token)
        if token not in last_kept:
            assert kept is None and progress.empty
            continue
        # What the class holds is the last answer accepted, and the learner's progress
        # holds exactly that one answer: nothing accepted after the reveal.
        assert kept == tuple(last_kept[token])
        assert progress["answer"].tolist() == [",".join(last_kept[token])]


def test_showing_is_one_read_of_status_and_question_shared_for_a_moment(live, store_url):
    code, key = live.start_class()
    status, shown = live.showing(code)
    assert status == live.status(code) and shown is None
    first = live.push_question(code, key, TRICKS)
    status, shown = live.showing(code, max_age=60)  # a push made here is seen at once
    assert status == live.status(code) and shown == live.current(code)
    assert (shown.id, shown.position, shown.revealed) == (first, 1, False)
    live.reveal(code, key)
    assert live.showing(code.lower(), max_age=60)[1].revealed  # so is a reveal
    # A change made by another process (here: straight in the table) shows once the
    # shared copy is older than max_age; a fresh read sees it at once.
    with open_store(store_url).engine.begin() as connection:
        connection.execute(
            update(classes_table).where(classes_table.c.code == code).values(revealed=False)
        )
    assert live.showing(code, max_age=60)[0].revealed
    assert not live.showing(code)[0].revealed
    live.end(code, key)
    assert not live.showing(code, max_age=60)[0].open
    refused(Reason.NO_SUCH_CLASS, live.showing, "ZZZZZZ")
