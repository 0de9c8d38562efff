"""AppTest of question sets and the class report: a set prepared on /class-sets (from a
Practise set, pasted links, reordered, named, timed), saved under the browser's token and
copied by its share link; the teacher uses it and steps through it with a timer that
reveals by itself; a built scenario pushed from its link; the leaderboard switch; and
the grid's CSV and printable page keeping learners' names harmless."""

from __future__ import annotations

from datetime import timedelta

import pytest
from app_driver import countdown_shown
from sqlalchemy import update
from test_live_class_pages import TEACHER, join, page, question_choice
from test_live_class_pages import texts as markdown_texts

from engine import HandRecord
from lessons.question_source import question_for, topic_source
from tutorial_app.features.live_class.class_report import (
    grid_csv,
    missed_words,
    most_missed,
    printable_report,
)
from tutorial_app.features.live_class.keys import SET_DRAFT
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import (
    AskedQuestion,
    ClassGrid,
    ClassRuns,
    StoreUnavailable,
    dispose_engines,
    new_learner_token,
    open_classes,
    open_question_sets,
)
from tutorial_app.store.records import now
from tutorial_app.store.tables import class_questions

SETS = "features/live_class/sets_page.py"
TRICKS = [topic_source("tricks", 7, index) for index in range(3)]
SCENARIO = encode_hand(
    HandRecord.loads(
        '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
        '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
        '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": [{"seat": "N", "do": "pass"}, '
        '{"seat": "E", "do": "order_up"}, {"seat": "E", "do": "with_partner"}, '
        '{"seat": "W", "do": "discard", "card": "JS"}, '
        '{"seat": "N", "do": "play", "card": "9C"}, {"seat": "E", "do": "play", "card": "AC"}]}'
    )
)


def texts(at) -> str:
    """The page's texts as read (Markdown's escapes of typed or linked text taken off)."""
    return markdown_texts(at).replace("\\", "")


@pytest.fixture(autouse=True)
def fresh_store(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    yield
    dispose_engines()


def test_a_set_is_prepared_saved_and_copied_by_its_link():
    ann = new_learner_token()
    at = page(SETS, ann)
    at.segmented_control(key="class-from").set_value("topic").run()
    at.selectbox(key="class-topic").set_value("tricks").run()
    at.number_input(key="class-seed").set_value(7).run()
    at.button(key="set-add-all").click().run()
    assert "Questions: 10 of at most 30" in texts(at)
    at.text_area(key="class-set-links").input(
        f"https://school.example/build?hand={SCENARIO}\nnot a link"
    ).run()
    at.button(key="set-add-links").click().run()
    assert "Questions: 11 of at most 30" in texts(at)
    assert "Line 2: not a question link" in texts(at)  # a bad line says why, no traceback
    at.button(key="set-remove-0").click().run()
    at.button(key="set-up-9").click().run()  # the scenario, one place earlier
    at.text_input(key="class-set-name").input("Tricks and a scenario").run()
    at.selectbox(key="class-set-timer").set_value(30).run()
    at.button(key="set-save").click().run()
    assert not at.exception and "Saved: Tricks and a scenario (10 questions)" in texts(at)
    (kept,) = open_question_sets().mine(ann)
    assert kept.timer == 30 and kept.sources[8].kind == "scenario"
    assert kept.sources[:8] == tuple(topic_source("tricks", 7, i) for i in range(1, 9))
    link = at.get("code")[0].value
    assert link.endswith(f"/class-sets?copy={kept.share_code}")

    ben = new_learner_token()
    copied = page(SETS, ben, copy=kept.share_code)
    assert "Copied to your sets: Tricks and a scenario" in texts(copied)
    assert "copy" not in copied.query_params
    assert [s.sources for s in open_question_sets().mine(ben)] == [kept.sources]
    assert len(open_question_sets().mine(ann)) == 1  # the original stays Ann's alone
    broken = page(SETS, ben, copy="nothing")
    assert "holds no set code" in texts(broken) and not broken.exception


def shows_no_timer(at) -> bool:
    """The timer box shows its first choice, "No timer: I reveal": the browser draws the
    default (0). A None put in the box's key is sent as a value set to nothing, which
    the browser draws as "Choose an option"."""
    box = at.selectbox(key="class-set-timer")
    return box.value is None and not box.proto.set_value and box.proto.default == 0


def test_a_new_set_and_a_set_without_a_timer_show_no_timer_chosen():
    ann = new_learner_token()
    open_question_sets().save(ann, None, "Timed", TRICKS[:1], timer=30)
    open_question_sets().save(ann, None, "Untimed", TRICKS[:1], timer=None)
    at = page(SETS, ann)
    assert shows_no_timer(at)  # a new set
    timed, untimed = sorted(open_question_sets().mine(ann), key=lambda kept: kept.name)
    at.selectbox(key="class-set-choice").set_value(timed.id).run()
    assert at.selectbox(key="class-set-timer").value == 30
    at.selectbox(key="class-set-choice").set_value(untimed.id).run()
    assert shows_no_timer(at)


def test_adding_one_question_moves_the_choice_to_the_next():
    at = page(SETS, new_learner_token())
    at.segmented_control(key="class-from").set_value("topic").run()
    at.selectbox(key="class-topic").set_value("tricks").run()
    at.number_input(key="class-seed").set_value(7).run()
    for _ in range(2):
        at.button(key="set-add-one").click().run()
    assert "Questions: 2 of at most 30" in texts(at)
    assert question_choice(at).value == 2  # the third is chosen next
    _, draft = at.session_state[SET_DRAFT]
    assert list(draft) == TRICKS[:2]  # the first and the second, not the first twice
    assert not at.exception
    at.button(key="set-add-all").click().run()  # the two already in are not added again
    assert "Questions: 10 of at most 30" in texts(at)
    assert "2 questions were in the set already." in texts(at)
    _, draft = at.session_state[SET_DRAFT]
    assert list(draft[:3]) == TRICKS and len(set(map(repr, draft))) == 10


def test_the_teacher_steps_through_a_set_and_the_timer_reveals():
    teacher_token = new_learner_token()
    open_question_sets().save(teacher_token, None, "Tricks", TRICKS[:2], timer=20)
    teacher = page(TEACHER, teacher_token)
    teacher.button(key="class-start").click().run()
    code = teacher.session_state["class-code"]
    learner = join(code, "Sam")
    teacher.button(key="class-use-set-button").click().run()
    assert teacher.button(key="class-next-in-set").label.startswith(
        "Next question in the set (1 of 2)"
    )
    # The set's button is the one filled: "Ask this question" would ask the picker's.
    assert teacher.button(key="class-next-in-set").proto.type == "primary"
    assert teacher.button(key="class-push").proto.type == "secondary"
    teacher.button(key="class-next-in-set").click().run()
    classes = open_classes()
    live = classes.current(code)
    assert live.source == TRICKS[0] and 18 < live.seconds_left() <= 20
    assert 18 < countdown_shown(teacher) <= 20  # the watcher counts down in the browser
    learner.run()
    assert 18 < countdown_shown(learner) <= 20
    assert question_for(TRICKS[0]).prompt in texts(learner)
    with classes.store.writing() as connection:  # the clock runs out
        connection.execute(
            update(class_questions)
            .where(class_questions.c.id == live.id)
            .values(deadline=now() - timedelta(seconds=1))
        )
    teacher.run()  # the page's own read of the class reveals it
    assert classes.current(code).revealed and not teacher.exception
    assert countdown_shown(teacher) is None
    assert teacher.button(key="class-push").proto.type == "secondary"  # revealed, set on
    teacher.button(key="class-next-in-set").click().run()
    assert classes.current(code).source == TRICKS[1]
    assert "all 2 questions asked" in texts(teacher)
    teacher.button(key="class-reveal").click().run()
    assert teacher.button(key="class-push").proto.type == "primary"  # the set is done


def test_a_set_that_cannot_be_read_says_so_and_is_read_again_on_request(monkeypatch):
    """The set's button once vanished with no word after a reveal on a starved machine:
    a failed read now says what happened and offers to read it again."""
    teacher_token = new_learner_token()
    open_question_sets().save(teacher_token, None, "Tricks", TRICKS[:2])
    teacher = page(TEACHER, teacher_token)
    teacher.button(key="class-start").click().run()
    teacher.button(key="class-use-set-button").click().run()
    message = "The progress database took too long to answer."

    def unread(self, code):
        raise StoreUnavailable(message)

    with monkeypatch.context() as fault:
        fault.setattr(ClassRuns, "set_progress", unread)
        teacher.run()
    assert not teacher.exception
    assert f"Cannot show the set's next question now: {message}" in [
        warning.value.replace("\\", "") for warning in teacher.warning
    ]
    assert not [button for button in teacher.button if button.key == "class-next-in-set"]
    teacher.button(key="class-retry-set").click().run()  # the database answers again
    assert teacher.button(key="class-next-in-set").label.startswith(
        "Next question in the set (1 of 2)"
    )
    assert not [button for button in teacher.button if button.key == "class-retry-set"]


def test_a_built_scenario_is_asked_from_its_link():
    teacher = page(TEACHER)
    teacher.button(key="class-start").click().run()
    code = teacher.session_state["class-code"]
    teacher.segmented_control(key="class-from").set_value("scenario").run()
    teacher.text_input(key="class-scenario-link").input("https://x/build?hand=v1.AAAA").run()
    assert "cannot be asked" in texts(teacher)
    teacher.button(key="class-push").click().run()
    assert not teacher.exception and open_classes().current(code) is None
    assert "damaged" in texts(teacher)  # the refusal says why
    teacher.text_input(key="class-scenario-link").input(
        f"https://x/question?hand={SCENARIO}&ask=legal"
    ).run()
    teacher.selectbox(key="class-push-timer").set_value(45).run()
    teacher.button(key="class-push").click().run()
    live = open_classes().current(code)
    assert live.source.kind == "scenario" and 43 < live.seconds_left() <= 45


def test_the_leaderboard_is_off_until_the_teacher_switches_it_on():
    teacher = page(TEACHER)
    teacher.button(key="class-start").click().run()
    code = teacher.session_state["class-code"]
    join(code, "Ann")
    teacher.button(key="class-push").click().run()
    classes = open_classes()
    assert not teacher.toggle(key="class-leaderboard").value
    assert classes.leaderboard(code) is None
    teacher.toggle(key="class-leaderboard").set_value(True).run()
    assert classes.leaderboard_on(code) and "Leaderboard" in texts(teacher)
    assert "1. Ann: 0 right" in texts(teacher)


def test_the_grid_csv_and_printable_page_keep_names_harmless():
    classes = open_classes()
    code, key = classes.start_class()
    names = ['=HYPERLINK("http://x")', "<img src=x onerror=alert(1)>"]
    tokens = [new_learner_token() for _ in names]
    for name, token in zip(names, tokens, strict=True):
        classes.join(code, name, token)
    question_id = classes.push_question(code, key, TRICKS[0])
    classes.answer(code, tokens[0], question_id, list(question_for(TRICKS[0]).answer))
    classes.reveal(code, key)
    grid = classes.grid(code, key)
    text = grid_csv(grid)
    assert "'=HYPERLINK" in text and "\n=HYPERLINK" not in text
    assert text.splitlines()[0] == "learner,Q1,right"
    printed = printable_report(code, grid)
    assert "<img src=x" not in printed and "&lt;img src=x" in printed
    assert question_for(TRICKS[0]).explanation.split(".")[0] in printed


def test_the_report_keeps_wrong_answers_apart_from_no_answer():
    """A question whose timer ran out before anyone answered is not 'the most missed':
    only wrong answers count as missed, and the silent are counted on their own."""
    right = question_for(TRICKS[0]).answer
    wrong = tuple(o.key for o in question_for(TRICKS[0]).options if o.key not in right)[:1]
    asked = [AskedQuestion(1, TRICKS[0], True), AskedQuestion(2, TRICKS[1], True)]
    cells = {("Ann", 1): (right, True), ("Ben", 1): (wrong, False)}
    grid = ClassGrid(asked, ["Ann", "Ben", "Cy"], cells)
    first, second = most_missed(grid)
    assert (first.position, first.missed, first.answered) == (1, 1, 2)
    assert missed_words(first, 3) == "1 of 3 wrong, 1 did not answer"
    assert (second.position, second.missed) == (2, 0)
    assert missed_words(second, 3) == "0 of 3 wrong, 3 did not answer"


def test_adding_says_so_under_the_adding_buttons_and_an_empty_set_is_not_saved():
    """A note about what was added (or left out) is drawn in the open 'Add questions'
    box, under the buttons just pressed, not above the form out of sight; saving a set
    with no question says to add one."""
    at = page(SETS, new_learner_token())
    at.text_input(key="class-set-name").input("Empty").run()
    at.button(key="set-save").click().run()
    assert "Add at least one question before saving the set." in texts(at)
    at.text_area(key="class-set-links").input("nonsense link").run()
    at.button(key="set-add-links").click().run()
    (adding,) = at.expander
    assert "Line 1: not a question link" in " ".join(w.value for w in adding.warning).replace(
        "\\", ""
    )
    at.button(key="set-add-one").click().run()
    (adding,) = at.expander  # still open: the note is where the teacher looks
    assert [s.value.replace("\\", "") for s in adding.success] == ["Added 1 question."]
    assert "Questions: 1 of at most 30" in texts(at)
