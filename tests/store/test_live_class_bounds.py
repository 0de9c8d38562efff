"""The live class's bounds and the teacher's powers, on SQLite and PostgreSQL: look-alike
and over-marked names refused, a member cap, the key rotated, one-time teacher links, the
report kept for a bounded time then gone, members renamed and removed, the report counted
in SQL and its CSV safe in a spreadsheet."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event, func, select, update

from lessons.question_source import question_for, topic_source
from tutorial_app.store import ClassError, Reason, new_learner_token, open_classes
from tutorial_app.store import classes as classes_module
from tutorial_app.store.tables import class_members, class_teacher_passes
from tutorial_app.store.tables import classes as classes_table

TRICKS = topic_source("tricks", 7, 0)


@pytest.fixture
def live(store_url):
    return open_classes(store_url)


def refused(reason: Reason, call, *args):
    with pytest.raises(ClassError) as caught:
        call(*args)
    assert caught.value.reason is reason, caught.value.message
    return caught.value.message


@pytest.mark.parametrize(
    "first, look_alike",
    [
        ("Sam", "Ѕаm"),  # Cyrillic Dze and a
        ("Sam", "Ｓａｍ"),  # fullwidth letters (NFKC)
        ("Paul", "Ρaul"),  # Greek Rho
        ("Olivia", "OLІVІA"),  # Ukrainian I, capitals
        ("Amy", "аmу"),  # Cyrillic a and u
        ("Li", "Lı"),  # a dotless i
    ],
)
def test_a_name_that_looks_like_a_members_is_refused(live, first, look_alike):
    code, _ = live.start_class()
    live.join(code, first, new_learner_token())
    message = refused(Reason.NAME_TAKEN, live.join, code, look_alike, new_learner_token())
    assert "already called" in message
    assert live.member_names(code) == [first]


def test_names_are_normalised_and_other_names_stay_free(live):
    code, _ = live.start_class()
    assert live.join(code, "  Ｊｏｓé ", new_learner_token()).name == "José"
    assert live.join(code, "Jose", new_learner_token()).name == "Jose"  # an accent differs
    assert live.join(code, "Саша", new_learner_token()).name == "Саша"  # Cyrillic is fine
    assert live.join(code, "Nguyễn", new_learner_token()).name == "Nguyễn"  # 2 marks on ễ


@pytest.mark.parametrize(
    "typed, words",
    [
        ("Zoe" + "\u0308" * 3, "at most 2 accents on one letter"),
        ("Z" + "\u0301\u0302\u0303\u0304" * 5, "at most 2 accents on one letter"),
        ("\u0301Sam", "starts with a letter"),
        ("x" * 31, "at most 30 letters"),
        ("Sam\u200bSam", "no line breaks, tabs or hidden characters"),
    ],
)
def test_a_name_with_stacked_marks_or_too_long_is_refused(live, typed, words):
    code, _ = live.start_class()
    assert words in refused(Reason.BAD_NAME, live.join, code, typed, new_learner_token())


def test_a_full_class_refuses_one_more_and_says_so(live, monkeypatch):
    monkeypatch.setattr(classes_module, "MAX_CLASS_MEMBERS", 3)
    code, key = live.start_class()
    tokens = [new_learner_token() for _ in range(3)]
    for number, token in enumerate(tokens):
        live.join(code, f"L{number}", token)
    message = refused(Reason.CLASS_FULL, live.join, code, "Late", new_learner_token())
    assert "is full" in message and "3 learners" in message
    assert live.join(code, "again", tokens[0]).rejoined  # a member's reload still works
    live.remove_member(code, key, "L1")
    assert live.join(code, "Late", new_learner_token()).name == "Late"


def test_a_class_asks_at_most_its_question_cap(live, monkeypatch):
    monkeypatch.setattr(classes_module, "MAX_CLASS_QUESTIONS", 2)
    code, key = live.start_class()
    live.push_question(code, key, TRICKS)
    live.push_question(code, key, TRICKS)
    refused(Reason.TOO_MANY_QUESTIONS, live.push_question, code, key, TRICKS)


def test_rotating_the_key_stops_every_old_key_and_link(live):
    code, key = live.start_class()
    link = live.teacher_link_code(code, key)
    other_device = live.use_teacher_link(code, live.teacher_link_code(code, key))
    fresh = live.rotate_key(code, key)
    assert fresh != key and live.is_teacher(code, fresh)
    for old in (key, other_device):
        assert not live.is_teacher(code, old)
        refused(Reason.NOT_TEACHER, live.push_question, code, old, TRICKS)
    refused(Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, link)
    live.push_question(code, fresh, TRICKS)


def test_a_teacher_link_works_once_for_a_short_time(live):
    code, key = live.start_class()
    other_code, other_key = live.start_class()
    one_time = live.teacher_link_code(code, key)
    assert len(one_time) == 22 and one_time not in key
    device = live.use_teacher_link(code, one_time)
    assert device != key and live.is_teacher(code, device) and live.is_teacher(code, key)
    live.push_question(code, device, TRICKS)
    assert "used already or is too old" in refused(
        Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, one_time
    )
    # another class's link, a forged code and the key itself open nothing
    refused(
        Reason.BAD_TEACHER_LINK,
        live.use_teacher_link,
        code,
        live.teacher_link_code(other_code, other_key),
    )
    refused(Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, "A" * 22)
    refused(Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, key)
    refused(Reason.NOT_TEACHER, live.teacher_link_code, code, "A" * 43)
    # an old code is refused, and spent all the same
    stale = live.teacher_link_code(code, key)
    with live.store.engine.begin() as connection:
        connection.execute(
            update(class_teacher_passes).values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
    refused(Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, stale)


def test_only_the_newest_teacher_links_and_devices_are_kept(live):
    code, key = live.start_class()
    links = [live.teacher_link_code(code, key) for _ in range(classes_module.MAX_TEACHER_LINKS + 2)]
    with live.store.engine.connect() as connection:
        assert (
            connection.scalar(select(func.count()).select_from(class_teacher_passes))
            == classes_module.MAX_TEACHER_LINKS
        )
    refused(Reason.BAD_TEACHER_LINK, live.use_teacher_link, code, links[0])
    devices = [
        live.use_teacher_link(code, live.teacher_link_code(code, key))
        for _ in range(classes_module.MAX_TEACHER_DEVICES + 1)
    ]
    assert not live.is_teacher(code, devices[0])
    assert all(live.is_teacher(code, device) for device in devices[1:])
    assert live.is_teacher(code, key)


def move_class_back(live, code: str, **ago: timedelta) -> None:
    now = datetime.now(UTC)
    with live.store.engine.begin() as connection:
        connection.execute(
            update(classes_table)
            .where(classes_table.c.code == code)
            .values({column: now - delta for column, delta in ago.items()})
        )


def test_the_report_is_readable_for_seven_days_then_gone(live):
    code, key = live.start_class()
    live.join(code, "Sam", new_learner_token())
    live.end(code, key)
    move_class_back(
        live, code, created_at=timedelta(days=6, hours=1), ended_at=timedelta(days=6, hours=23)
    )
    assert live.report(code, key).learners["learner"].tolist() == ["Sam"]
    move_class_back(
        live, code, created_at=timedelta(days=7, hours=2), ended_at=timedelta(days=7, hours=1)
    )
    assert "no longer kept" in refused(Reason.REPORT_GONE, live.report, code, key)
    refused(Reason.REPORT_GONE, live.teacher_link_code, code, key)
    assert not live.is_teacher(code, key)
    # A class never ended closes at CLASS_LIFETIME; its report goes 7 days later.
    never_ended, never_key = live.start_class()
    move_class_back(live, never_ended, created_at=timedelta(days=7, hours=11))
    assert live.report(never_ended, never_key).learners.empty
    move_class_back(live, never_ended, created_at=timedelta(days=7, hours=13))
    refused(Reason.REPORT_GONE, live.report, never_ended, never_key)
    live.start_class()  # a new class's start deletes both
    refused(Reason.NO_SUCH_CLASS, live.status, code)
    refused(Reason.NO_SUCH_CLASS, live.status, never_ended)
    with live.store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(class_members)) == 0


def test_the_teacher_renames_and_removes_a_member(live):
    code, key = live.start_class()
    sam, kim = new_learner_token(), new_learner_token()
    live.join(code, "Sam", sam)
    live.join(code, "Kim", kim)
    asked = live.push_question(code, key, TRICKS)
    live.answer(code, kim, asked, list(question_for(TRICKS).answer))
    assert live.rename_member(code, key, "Sam", " Ｓａｍ B ") == "Sam B"
    assert live.member(code, sam).name == "Sam B"
    refused(Reason.NAME_TAKEN, live.rename_member, code, key, "Sam B", "KIM")
    refused(Reason.NAME_TAKEN, live.rename_member, code, key, "Sam B", "Кim")  # Cyrillic K
    refused(Reason.BAD_NAME, live.rename_member, code, key, "Sam B", "x" * 31)
    refused(Reason.NO_SUCH_MEMBER, live.rename_member, code, key, "Nobody", "Ann")
    refused(Reason.NOT_TEACHER, live.rename_member, code, sam, "Kim", "Ann")
    refused(Reason.NOT_TEACHER, live.remove_member, code, sam, "Kim")
    live.remove_member(code, key, "Kim")
    assert live.member(code, kim) is None and live.member_names(code) == ["Sam B"]
    assert live.tally(code, key).answered == 0  # their class answer went with them
    refused(Reason.NOT_A_MEMBER, live.answer, code, kim, asked, "N")
    refused(Reason.NO_SUCH_MEMBER, live.remove_member, code, key, "Kim")


def test_the_report_csv_neutralises_formula_cells(live):
    code, key = live.start_class()
    for name in ('=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "Ann"):
        live.join(code, name, new_learner_token())
    live.push_question(code, key, TRICKS)
    rows = list(csv.DictReader(io.StringIO(live.report_csv(code, key, "learners"))))
    assert [row["learner"] for row in rows] == [
        '\'=HYPERLINK("http://x")',
        "'+1",
        "'-2",
        "'@SUM(A1)",
        "Ann",
    ]
    assert [row["score"] for row in rows] == ["0 of 1"] * 5
    questions = list(csv.DictReader(io.StringIO(live.report_csv(code, key, "questions"))))
    assert [row["question"] for row in questions] == ["1"]


def test_the_report_is_counted_in_sql_a_page_at_a_time(live):
    """Many answers, few rows read: every query over the answers groups them, and the
    number of queries does not grow with the class."""
    code, key = live.start_class()
    tokens = [new_learner_token() for _ in range(12)]
    for number, token in enumerate(tokens):
        live.join(code, f"L{number:02}", token)
    question = question_for(TRICKS)
    for _ in range(6):
        asked = live.push_question(code, key, TRICKS)
        for number, token in enumerate(tokens):
            live.answer(
                code,
                token,
                asked,
                list(question.answer)
                if number % 3
                else [next(o.key for o in question.options if o.key not in question.answer)],
            )
    statements: list[str] = []

    def seen(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(live.store.engine, "before_cursor_execute", seen)
    try:
        report = live.report(code, key, rows=5, learner_page=2)
    finally:
        event.remove(live.store.engine, "before_cursor_execute", seen)
    over_answers = [s for s in statements if "class_answers" in s]
    assert len(statements) <= 6, statements
    assert over_answers and all("GROUP BY" in s for s in over_answers), over_answers
    assert report.question_count == 6 and report.learner_count == 12
    assert report.questions["question"].tolist() == [1, 2, 3, 4, 5]
    assert report.learners.values.tolist() == [["L10", 6, 6, "6 of 6"], ["L11", 6, 6, "6 of 6"]]
    assert report.questions["right"].tolist() == [8] * 5
    assert report.questions["share_right"].tolist() == [round(8 / 12, 3)] * 5


def test_a_name_read_back_is_bounded_again(live):
    """A row written before the one name rule (up to 40 characters) is shown cut to the
    rule's 30 on the way out."""
    code, key = live.start_class()
    token = new_learner_token()
    live.join(code, "Sam", token)
    with live.store.engine.begin() as connection:
        connection.execute(update(class_members).values(display_name="L" * 40))
    assert live.member(code, token).name == "L" * 30
    assert live.report(code, key).learners["learner"].tolist() == ["L" * 30]
