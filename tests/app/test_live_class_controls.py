"""The teacher's control page keeps its controls across reruns, and one click is one
move: a click that Streamlit delivers twice (its trigger replayed into the next run)
asks one question, not two (``class_view.push_after``, ``reveal_shown``)."""

from __future__ import annotations

import time

import pytest
from app_driver import APP
from streamlit.testing.v1 import AppTest
from test_live_class_pages import TRICKS, join, start_class

from tutorial_app.features.live_class.class_view import push_after, reveal_shown
from tutorial_app.features.live_class.keys import ASK_SINCE, ASKED
from tutorial_app.features.live_class.teacher_key import ASK_AFTER_SECONDS
from tutorial_app.store import dispose_engines, open_classes

TEACHER = "features/live_class/teacher_page.py"
SCREEN = "features/live_class/screen_page.py"


@pytest.fixture(autouse=True)
def fresh_store(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    yield
    dispose_engines()


def test_a_click_delivered_twice_asks_one_question():
    _, code, key = start_class()
    classes = open_classes()
    first = push_after(classes, code, key, None, lambda: TRICKS)
    assert first is not None
    assert push_after(classes, code, key, None, lambda: TRICKS) is None  # the replay
    assert classes.current(code).position == 1
    reveal_shown(classes, code, key, first)
    second = push_after(classes, code, key, first, lambda: TRICKS)
    reveal_shown(classes, code, key, first)  # a late replay of the first reveal
    assert push_after(classes, code, key, first, lambda: TRICKS) is None
    live = classes.current(code)
    assert (live.id, live.position, live.revealed) == (second, 2, False)


def controls(at) -> set[str]:
    return {button.key for button in at.button if not button.disabled}


def test_every_run_of_the_control_page_keeps_its_controls():
    """Push, reveal and move on, with a plain rerun (a poll's tick) after each click and
    a learner's page between: the ask and end buttons are in every run, the reveal
    while a question waits, and the questions are numbered one by one."""
    teacher, code, _ = start_class()
    learner = join(code, "Ann")
    for number in range(1, 6):
        assert {"class-push", "class-end"} <= controls(teacher)
        teacher.button(key="class-push").click().run()
        learner.run()
        teacher.run()  # the tick
        assert not teacher.exception
        assert teacher.subheader[0].value == f"Question {number}"
        assert {"class-push", "class-reveal", "class-end"} <= controls(teacher)
        teacher.button(key="class-reveal").click().run()
        teacher.run()
        assert "class-reveal" not in controls(teacher)  # revealed: nothing more to reveal
        assert {"class-push", "class-end"} <= controls(teacher)


@pytest.mark.parametrize("path", [TEACHER, SCREEN])
def test_a_page_kept_waiting_for_the_browsers_key_asks_again(path):
    """A lost report of the key the browser keeps left "Opening class..." (no controls)
    until a reload: after ASK_AFTER_SECONDS the page asks again, the component's data
    changes, and the browser reports anew."""
    _, code, _ = start_class()
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["class"] = code
    at.run()
    at.switch_page(path).run()
    assert "Opening class" in at.info[0].value and ASKED not in at.session_state
    assert '"asked": 0' in component_data(at)
    at.session_state[ASK_SINCE] = time.monotonic() - 2 * ASK_AFTER_SECONDS  # no report came
    at.run()
    assert at.session_state[ASKED] == 1 and '"asked": 1' in component_data(at)
    at.run()  # a report still on its way is not hurried: asked once per wait
    assert at.session_state[ASKED] == 1


def component_data(at: AppTest) -> str:
    """The JSON the teacher-key component was mounted with."""
    (data,) = [
        node.proto.json for node in at.get("bidi_component") if "keepDays" in node.proto.json
    ]
    return data
