"""AppTest of the live class: the teacher's page (/class) and learners' pages (/join)
against one progress store (a fresh SQLite file per test), every refusal a sentence.

AppTest cannot click inside the card table: a learner's click goes through
``class_view.on_live_click``, the function the table's callbacks call, and only on
what the page's last run drew (``app_driver.click_on_table``'s rule)."""

from __future__ import annotations

import pytest
from app_driver import APP, table_shown
from streamlit.testing.v1 import AppTest

from lessons.question_source import question_for, topic_source
from lessons.quiz import Kind
from tutorial_app.features.live_class.class_view import on_live_click
from tutorial_app.store import dispose_engines, new_learner_token, open_classes, open_store

TEACHER, LEARNER = "features/live_class/teacher_page.py", "features/live_class/join_page.py"
TRICKS = topic_source("tricks", 7, 0)  # a question with seat buttons: one right


@pytest.fixture(autouse=True)
def fresh_store(tmp_path, monkeypatch):
    """Every page of the test (and the test itself) on one new SQLite file."""
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    yield
    dispose_engines()


def page(
    path: str, token: str | None = None, stored_key: str | None = None, **query: str
) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    if token is not None:  # the browser's own token, as the identity component hands it
        at.session_state["learner-token"] = token
    if stored_key is not None:  # the teacher key this browser keeps, as its component says
        at.session_state["teacher-key-browser"] = {
            "stored": {"code": query.get("class"), "key": stored_key}
        }
    at.run()
    at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def question_choice(at: AppTest):
    """The teacher's "Question" box: one widget a list (its key names the list)."""
    (choice,) = [box for box in at.selectbox if box.label == "Question"]
    return choice


def texts(at: AppTest) -> str:
    parts = [
        e.value
        for kind in ("markdown", "caption", "info", "warning", "error", "success", "subheader")
        for e in getattr(at, kind)
    ]
    return "\n".join(str(part) for part in parts)


def start_class() -> tuple[AppTest, str, str]:
    teacher = page(TEACHER)
    teacher.button(key="class-start").click().run()
    assert not teacher.exception
    return teacher, teacher.session_state["class-code"], teacher.session_state["class-key"]


def join(code: str, name: str, token: str | None = None) -> AppTest:
    learner = page(LEARNER, token, code=code)
    # A form: the name is sent with the button's click (or Enter), in one run.
    learner.text_input(key="join-name").input(name)
    learner.button(key="join-button").click().run()
    assert not learner.exception
    return learner


def click(at: AppTest, code: str, ident: str) -> None:
    """A click on the learner's table, if the last run drew it clickable."""
    model = table_shown(at)
    key = ident.removeprefix("option-")
    card = next((c for c in model["hand"] if c["code"] == key), None)
    button = next((a for a in model["actions"] if a["id"] == ident), None)
    assert (card and card["clickable"]) or (button and not button.get("disabled")), ident
    classes = open_classes()
    on_live_click(
        at.session_state,
        classes,
        code,
        at.session_state["learner-token"],
        classes.current(code),
        ident,
    )
    at.run()
    assert not at.exception, at.exception


def test_a_whole_class_on_two_pages():
    teacher, code, key = start_class()
    shown = texts(teacher)
    assert code in "".join(e.proto.body for e in teacher.get("html"))  # the big code
    assert '<img src="data:image/svg+xml' in shown  # the QR code
    assert teacher.query_params["class"] == code and "key" not in teacher.query_params
    assert "**0** learners joined (up to 100)" in shown  # the cap, where the teacher sees it

    sam = join(code, "<b>Sam</b>")
    assert "you are **&lt;b&gt;Sam&lt;/b&gt;**" in texts(sam)  # escaped, never HTML
    assert "Waiting for the next question" in texts(sam)
    kim = join(code, "Kim")

    # The teacher asks question 3 of Practise topic "Who won the trick?", set 7.
    teacher.run()
    teacher.segmented_control(key="class-from").set_value("topic").run()
    teacher.selectbox(key="class-topic").set_value("tricks").run()
    teacher.number_input(key="class-seed").set_value(7).run()
    question_choice(teacher).set_value(2).run()
    teacher.button(key="class-push").click().run()
    assert not teacher.exception
    question = question_for(topic_source("tricks", 7, 2))
    assert teacher.subheader[0].value == "Question 1" and question.prompt in texts(teacher)
    assert "The learners answer on their own screens" in table_shown(teacher)["message"]["text"]

    sam.run()
    kim.run()
    assert question.prompt in texts(sam)
    right = question.answer[0]
    wrong = next(o.key for o in question.options if o.key != right)
    click(sam, code, f"option-{wrong}")
    click(sam, code, f"option-{right}")  # changed before the reveal
    click(kim, code, f"option-{wrong}")
    assert "You answered" in table_shown(sam)["message"]["text"]
    teacher.run()
    assert "**2** answered" in texts(teacher)

    teacher.button(key="class-reveal").click().run()
    assert not teacher.exception
    assert table_shown(teacher)["message"]["tone"] == "right"
    assert "**2** answered · **1** right" in texts(teacher)  # Sam's changed answer counts
    assert question.explanation in table_shown(teacher)["message"]["text"]
    sam.run()
    kim.run()
    assert table_shown(sam)["message"]["tone"] == "right"
    assert table_shown(kim)["message"]["tone"] == "wrong"
    assert question.explanation in table_shown(kim)["message"]["text"]  # the engine's reason

    teacher.run()
    questions, learners, grid = (frame.value for frame in teacher.dataframe)
    assert questions[["question", "answered", "right"]].values.tolist() == [[1, 2, 1]]
    assert learners.values.tolist() == [["<b>Sam</b>", 1, 1, "1 of 1"], ["Kim", 1, 0, "0 of 1"]]
    assert grid.loc["<b>Sam</b>"].tolist()[1:] == ["1 of 1"]  # the grid: who answered what
    assert grid.loc["Kim"].tolist()[0].startswith("✗ ")
    downloads = teacher.get("download_button")
    assert len(downloads) == 4
    assert all(d.proto.ignore_rerun for d in downloads)  # a rerun would revoke the file
    # Each answer is in its learner's progress too.
    store = open_store()
    assert store.answers(sam.session_state["learner-token"])["correct"].tolist() == [True]

    teacher.button(key="class-end").click().run()
    teacher.button(key="class-end-yes").click().run()  # confirmed
    assert "has ended" in texts(teacher)
    late = page(LEARNER, code=code)
    assert "has ended" in texts(late) and not at_name_form(late)
    # A member sees their own summary instead of the error: answer, right one and why.
    sam.run()
    assert not sam.error and "Your answers: 1 of 1 right" in texts(sam)
    reason = question.explanation.split(".")[0]  # shown as Markdown-escaped text
    assert reason in " ".join(box.value for box in sam.success)


def test_every_kind_of_question_choice_pushes_a_question():
    teacher, code, _ = start_class()
    for where in ("lesson", "topic", "random"):
        teacher.segmented_control(key="class-from").set_value(where).run()
        teacher.button(key="class-push").click().run()
        assert not teacher.exception
    assert teacher.subheader[0].value == "Question 3"
    assert open_classes().current(code).source.kind == "topic"


@pytest.mark.parametrize("where", ["lesson", "topic"])
def test_asking_from_a_list_moves_the_choice_to_the_next_question(where):
    """Ask, then ask again: the second is the list's next question, not the same one (the
    last of the list stays chosen). A question added to a set moves the choice on too."""
    teacher, code, _ = start_class()
    teacher.segmented_control(key="class-from").set_value(where).run()
    choice = question_choice(teacher)
    last = len(choice.options) - 1
    asked = []
    for _ in range(2):
        teacher.button(key="class-push").click().run()
        asked.append(open_classes().current(code).source)
        teacher.button(key="class-reveal").click().run()
    assert [source.index for source in asked] == [0, 1]
    assert question_choice(teacher).value == 2
    question_choice(teacher).set_value(last).run()
    teacher.button(key="class-push").click().run()
    assert question_choice(teacher).value == last
    assert not teacher.exception


@pytest.mark.parametrize(
    "typed, words", [("ZZZZZZ", "There is no class ZZZZZZ"), ("<script>", "is not a class code")]
)
def test_a_wrong_code_says_so(typed, words):
    at = page(LEARNER, code=typed)
    assert words in texts(at) and "<script>" not in texts(at)
    assert at.text_input(key="join-code-input") is not None


def test_a_code_typed_in_goes_to_the_class():
    _, code, _ = start_class()
    at = page(LEARNER)
    at.text_input(key="join-code-input").input(code.lower())
    at.button(key="join-code-go").click().run()
    assert not at.exception and at.text_input(key="join-name") is not None


def test_a_name_already_taken_is_refused():
    _, code, _ = start_class()
    join(code, "Sam")
    other = join(code, "sam")
    assert "already called sam" in texts(other)
    assert at_name_form(other)


def test_a_pasted_name_too_long_is_kept_and_its_length_said():
    """The box takes more than a name may hold (a browser drops a longer paste whole, and
    the learner saw an empty box): the check says how long it is, and the name stays."""
    _, code, _ = start_class()
    name = "Maximilian-Alexander von Hohenzollern-Sigmaringen"
    other = join(code, name)
    assert f"at most 30 letters; this one has {len(name)}" in texts(other)
    assert at_name_form(other) and other.text_input(key="join-name").value == name


def at_name_form(at: AppTest) -> bool:
    return any(w.key == "join-name" for w in at.text_input)


def test_a_learner_who_reloads_rejoins_as_the_same_name():
    _, code, key = start_class()
    token = new_learner_token()
    first = join(code, "Sam", token)
    classes = open_classes()
    asked = classes.push_question(code, key, TRICKS)
    first.run()
    click(first, code, f"option-{question_for(TRICKS).answer[0]}")
    again = page(LEARNER, token, code=code)  # a reload: a new session, same token
    assert "you are **Sam**" in texts(again) and not at_name_form(again)
    assert "You answered" in table_shown(again)["message"]["text"]  # the answer kept
    assert classes.tally(code, key).members == 1 and asked


def test_a_teacher_who_reloads_keeps_the_class():
    teacher, code, key = start_class()
    teacher.button(key="class-push").click().run()
    again = page(TEACHER, **{"class": code, "key": key})
    assert again.session_state["class-code"] == code
    assert again.subheader[0].value == "Question 1"
    assert again.button(key="class-reveal") is not None


def wrong(key: str) -> str:
    """The key with its last character changed (an "A" at the end of a key that ends in
    "A" would be the key itself: one run in 64)."""
    return key[:-1] + ("B" if key.endswith("A") else "A")


@pytest.mark.parametrize("forged", ["learner token", "wrong key"])
def test_a_learner_cannot_run_the_class(forged):
    _, code, key = start_class()
    token = new_learner_token()
    join(code, "Sam", token)
    at = page(
        TEACHER,
        stored_key="",
        **{"class": code, "key": token if forged == "learner token" else wrong(key)},
    )
    assert f"does not hold class {code}'s teacher key" in texts(at)
    assert not [b for b in at.button if b.key in ("class-push", "class-reveal", "class-end")]
    assert at.button(key="class-start") is not None  # only a class of their own


def test_an_answer_after_the_reveal_is_refused_and_the_reveal_shown():
    _, code, key = start_class()
    learner = join(code, "Sam")
    classes = open_classes()
    classes.push_question(code, key, TRICKS)
    learner.run()
    question = question_for(TRICKS)
    classes.reveal(code, key)  # the learner's page has not seen it yet
    on_live_click(
        learner.session_state,
        classes,
        code,
        learner.session_state["learner-token"],
        classes.current(code),
        f"option-{question.answer[0]}",
    )
    learner.run()
    assert not learner.exception
    assert "has been revealed" in texts(learner) and "answers are closed" in texts(learner)
    message = table_shown(learner)["message"]
    assert message["tone"] == "wrong" and "No answer from you" in message["title"]
    assert question.explanation in message["text"]


def test_a_class_with_no_learners_reveals_and_reports():
    teacher, _, _ = start_class()
    teacher.button(key="class-push").click().run()
    teacher.button(key="class-reveal").click().run()
    teacher.button(key="class-end").click().run()
    teacher.button(key="class-end-yes").click().run()  # confirmed
    assert not teacher.exception
    questions, learners = (frame.value for frame in teacher.dataframe)
    assert questions["answered"].tolist() == [0] and learners.empty
    assert teacher.button(key="class-new") is not None


def test_a_points_question_is_answered_with_its_widgets():
    _, code, key = start_class()
    learner = join(code, "Sam")
    classes = open_classes()
    source = next(
        topic_source("points", 11, i)
        for i in range(10)
        if question_for(topic_source("points", 11, i)).kind is Kind.POINTS
    )
    question = question_for(source)
    classes.push_question(code, key, source)
    learner.run()
    learner.button(key="join-points-send").click().run()
    assert "Choose the team that scores and type how many points" in texts(learner)
    learner.run()  # the next poll's tick: the sentence stays until the answer is whole
    assert "Choose the team that scores and type how many points" in texts(learner)
    team, points = question.answer
    learner.radio(key="join-points-team").set_value(team).run()
    assert "Type how many points (0 to 4), then send" in texts(learner)  # what is left
    learner.number_input(key="join-points-number").set_value(int(points)).run()
    assert "then send" not in texts(learner)
    learner.button(key="join-points-send").click().run()
    assert "You answered" in texts(learner)
    classes.reveal(code, key)
    learner.run()
    assert learner.success and question.explanation in learner.success[0].value
