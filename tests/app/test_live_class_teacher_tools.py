"""AppTest of the live class's guards and the teacher's tools: the key never in the
address (a legacy ``?key=`` opens the class once and is changed), teacher links spent on
use, a new key, renaming and removing learners, the member cap, look-alike names, wrong
codes slowing down, and the report's CSV built only when it is downloaded."""

from __future__ import annotations

import pytest
from test_live_class_pages import LEARNER, TEACHER, at_name_form, join, page, start_class, texts

import tutorial_app.store as store_package
from tutorial_app.features.live_class import class_view as class_pages
from tutorial_app.store import classes as classes_module
from tutorial_app.store import dispose_engines, new_learner_token, open_classes


@pytest.fixture(autouse=True)
def fresh_store(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    yield
    dispose_engines()


def test_the_key_is_never_written_to_the_address():
    teacher, code, key = start_class()
    assert set(teacher.query_params) == {"class"}
    teacher.button(key="class-push").click().run()
    assert "key" not in teacher.query_params and key not in texts(teacher)


def test_an_old_address_with_the_key_opens_the_class_once_then_the_key_changes():
    _, code, key = start_class()
    at = page(TEACHER, **{"class": code, "key": key})
    assert at.session_state["class-code"] == code
    fresh = at.session_state["class-key"]
    classes = open_classes()
    assert fresh != key and classes.is_teacher(code, fresh) and not classes.is_teacher(code, key)
    at.run()  # the browser took ?key= off its address; Streamlit's copy forgets it too
    assert "key" not in at.query_params
    again = page(TEACHER, stored_key="", **{"class": code, "key": key})  # the address again
    assert "class-code" not in again.session_state
    assert f"does not hold class {code}'s teacher key" in texts(again)


def test_a_teacher_link_opens_the_class_on_another_device_once():
    teacher, code, key = start_class()
    teacher.button(key="class-teacher-link").click().run()
    link = teacher.code[0].value
    assert f"/class?class={code}&teacher=" in link and key not in link
    one_time = link.rsplit("teacher=", 1)[1]
    phone = page(TEACHER, **{"class": code, "teacher": one_time})
    assert phone.session_state["class-code"] == code
    assert open_classes().is_teacher(code, phone.session_state["class-key"])
    assert phone.session_state["class-key"] != key
    phone.button(key="class-push").click().run()
    assert phone.subheader[0].value == "Question 1"
    again = page(TEACHER, stored_key="", **{"class": code, "teacher": one_time})
    assert "class-code" not in again.session_state
    assert "used already or is too old" in texts(again)
    assert again.button(key="class-start") is not None


def test_changing_the_key_locks_out_every_other_device():
    teacher, code, key = start_class()
    teacher.button(key="class-teacher-link").click().run()
    one_time = teacher.code[0].value.rsplit("teacher=", 1)[1]
    phone = page(TEACHER, **{"class": code, "teacher": one_time})
    teacher.button(key="class-rotate").click().run()
    fresh = teacher.session_state["class-key"]
    classes = open_classes()
    assert fresh != key and classes.is_teacher(code, fresh)
    assert not classes.is_teacher(code, key)
    assert not classes.is_teacher(code, phone.session_state["class-key"])
    assert "The teacher key has changed" in texts(teacher)


def test_the_teacher_renames_and_removes_a_learner():
    teacher, code, _ = start_class()
    ann, ben = new_learner_token(), new_learner_token()
    join(code, "Ann", ann)
    join(code, "Bob", ben)
    teacher.run()
    teacher.selectbox(key="class-member").set_value("Bob").run()
    teacher.text_input(key="class-new-name").input("Ben").run()
    teacher.button(key="class-rename").click().run()
    assert not teacher.exception
    assert open_classes().member_names(code) == ["Ann", "Ben"]
    teacher.selectbox(key="class-member").set_value("Ann").run()
    teacher.text_input(key="class-new-name").input("Веn").run()  # Cyrillic: looks like Ben
    teacher.button(key="class-rename").click().run()
    assert "already called" in texts(teacher)
    teacher.button(key="class-remove").click().run()
    assert open_classes().member_names(code) == ["Ben"]
    assert at_name_form(page(LEARNER, ann, code=code))  # Ann may join again


def test_a_look_alike_name_is_refused_on_the_join_page():
    _, code, _ = start_class()
    join(code, "Sam")
    other = join(code, "Ѕаm")  # Cyrillic Dze and a
    assert "already called" in texts(other) and at_name_form(other)


def test_a_full_class_says_so_and_the_teacher_sees_the_cap(monkeypatch):
    monkeypatch.setattr(classes_module, "MAX_CLASS_MEMBERS", 2)
    monkeypatch.setattr(
        "tutorial_app.features.live_class.teacher_page.MAX_CLASS_MEMBERS", 2, raising=False
    )
    teacher, code, _ = start_class()
    join(code, "Ann")
    join(code, "Ben")
    late = join(code, "Cat")
    assert "is full" in texts(late) and at_name_form(late)
    teacher.run()
    assert "learners joined" in texts(teacher)


def try_code(at, typed: str) -> None:
    """A code typed in (``go_to_code`` puts it in the address) and the page's run."""
    at.query_params["code"] = typed
    at.run()
    assert not at.exception


def test_wrong_codes_slow_down_the_next_tries():
    _, code, _ = start_class()
    at = page(LEARNER, code="ZZZZZZ")  # one wrong code
    at.run()
    at.run()  # reruns do not count it again
    assert at.session_state[class_pages.WRONG_CODES] == 1
    try_code(at, "ZZZZZY")
    try_code(at, "ZZZZZX")  # the third: the next one waits
    try_code(at, code)  # even the right code waits now
    assert "Too many wrong codes. Wait 2 seconds" in texts(at)
    assert not at_name_form(at)
    at.session_state[class_pages.NEXT_TRY] = 0.0  # as if the 2 seconds had passed
    try_code(at, "ZZZZZW")
    try_code(at, code)
    assert "Wait 4 seconds" in texts(at) and not at_name_form(at)  # twice as long
    at.session_state[class_pages.NEXT_TRY] = 0.0
    at.run()
    assert at_name_form(at)  # and a right code starts afresh
    assert class_pages.WRONG_CODES not in at.session_state


def test_the_report_csv_is_built_only_when_downloaded(monkeypatch):
    built = []
    real = classes_module.LiveClasses.report_csv
    monkeypatch.setattr(
        classes_module.LiveClasses,
        "report_csv",
        lambda self, *args: built.append(args) or real(self, *args),
    )
    teacher, code, key = start_class()
    join(code, '=HYPERLINK("http://x")')
    teacher.button(key="class-push").click().run()
    teacher.button(key="class-end").click().run()
    teacher.button(key="class-end-yes").click().run()  # confirmed
    assert not teacher.exception and len(teacher.dataframe) == 3  # and the grid
    assert built == []  # drawn, not built
    assert "'=HYPERLINK" in open_classes().report_csv(code, key, "learners")


def test_the_report_shows_a_page_at_a_time(monkeypatch):
    monkeypatch.setattr(classes_module, "REPORT_PAGE_ROWS", 2)  # the store's queries
    monkeypatch.setattr(store_package, "REPORT_PAGE_ROWS", 2)  # the page's pager
    teacher, code, key = start_class()
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve"):
        join(code, name)
    teacher.run()
    learners = teacher.dataframe[1].value
    assert learners["learner"].tolist() == ["Ann", "Ben"]
    teacher.number_input(key="class-learners-page").set_value(3).run()
    assert teacher.dataframe[1].value["learner"].tolist() == ["Eve"]
    open_classes().remove_member(code, key, "Eve")  # the last page goes away
    teacher.run()
    teacher.run()
    assert not teacher.exception
    assert teacher.dataframe[1].value["learner"].tolist() == ["Cat", "Dan"]


def test_the_report_counts_the_learners_own_mistakes_by_kind_of_decision():
    """Issue 22: a learner's blunder in their own game while the class runs shows in the
    teacher's report, by kind of decision, with a page to print."""
    from datetime import UTC, datetime

    from tutorial_app.store import (
        NewMistake,
        OwnMistakes,
        database_url,
        new_learner_token,
        open_store,
    )

    teacher, code, _key = start_class()
    token = new_learner_token()
    join(code, "Sam", token)
    blunder = NewMistake(
        "play", "bga.expert.7", "v1.hand", 5, "S", "play", "play AS", "play 9S", "blunder",
        1.25, "Keep the ace.", "advice-7-1-5", datetime.now(UTC),
    )  # fmt: skip
    OwnMistakes(open_store(database_url())).record(token, [blunder])
    teacher.run()
    assert not teacher.exception
    (table,) = [
        frame.value for frame in teacher.dataframe if "Kind of decision" in frame.value.columns
    ]
    assert table.values.tolist() == [
        ["Playing a card", 1, 1, "Play A♠, where Play 9♠ was best (1×)"]
    ]
    assert any(
        button.proto.label.startswith("Download the common mistakes")
        for button in teacher.get("download_button")
    )


def test_ending_a_class_asks_first_and_keep_it_running_keeps_it():
    """ "End the class" ended it on one click, and "Start a new class" took its place:
    a double click ended the class and started another, dropping every learner."""
    teacher, code, key = start_class()
    join(code, "Sam")
    assert any(code in e.proto.body for e in teacher.get("html"))  # the join code, large
    teacher.button(key="class-end").click().run()
    assert open_classes().status(code).open  # only asked
    assert "End class" in " ".join(w.value for w in teacher.warning)
    assert [b.key for b in teacher.button if b.key.startswith("class-end")][:2] == [
        "class-end-no",  # in the first button's place: a second click keeps the class
        "class-end-yes",
    ]
    teacher.button(key="class-end-no").click().run()
    assert open_classes().status(code).open
    assert teacher.button(key="class-end") is not None
    teacher.button(key="class-end").click().run()
    teacher.button(key="class-end-yes").click().run()
    assert not open_classes().status(code).open
    assert "has ended" in texts(teacher)
    assert not any(code in e.proto.body for e in teacher.get("html"))  # no dead code advertised
