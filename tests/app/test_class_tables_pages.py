"""AppTest of tables of four (issue 23): the teacher seats the class, each learner's
join page then shows their table from their own chair (their hand face up, the others'
face down), the bots move when it is their turn (one move per page run, applied once),
a stale click says so, and the teacher's overview shows every table; pause and end."""

from __future__ import annotations

import re

from app_driver import tables_shown
from test_live_class_pages import join, start_class

from engine import Seat
from tutorial_app.store import ClassTables, database_url, open_store


def seat_model(at) -> dict:
    (model,) = [m for m in tables_shown(at) if m.get("layout") == "table"]
    return model


def test_the_class_is_seated_and_each_learner_sees_their_own_table(monkeypatch):
    teacher, code, key = start_class()
    learners = [join(code, name) for name in ("Ann", "Ben", "Cat")]
    teacher.run()
    teacher.button(key="tables-make").click().run()
    assert not teacher.exception
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    assert [
        name for _seat, name in sorted(view.seats.items(), key=lambda i: "NESW".index(i[0].value))
    ] == [
        "Ann",
        "Ben",
        "Cat",
        None,
    ]
    lines = [m.value for m in teacher.markdown if m.value.startswith("**Table 1**")]
    assert lines and "N Ann" in lines[0] and "W bot" in lines[0]
    for number, learner in enumerate(learners):
        learner.run()  # the watcher's news: the seat shows
        assert not learner.exception
        seat = "NES"[number]
        assert any(f"you sit {Seat(seat).word}" in h.value for h in learner.subheader)
        model = seat_model(learner)
        assert model["bottom"] == seat
        hands = {s["seat"]: s for s in model["seats"]}
        assert hands[seat]["you"] and len(model["hand"]) >= 5  # their own cards, face up
        assert all(not hands[other]["cards"] for other in hands if other != seat)  # others hidden


def test_bots_move_on_a_page_run_and_once(monkeypatch):
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    learner.run()  # the seat shows (and a bot on turn makes its move)
    versions = [tables.table(view.id).game.version]
    while tables.table(view.id).game.replay().hand.turn is not Seat.N:
        assert len(versions) < 8, versions  # at most three bots a round, and a round
        learner.run()  # a page run that sees a bot's turn moves that bot, once
        assert not learner.exception
        versions.append(tables.table(view.id).game.version)
    assert [b - a for a, b in zip(versions, versions[1:], strict=False)] == [1] * (
        len(versions) - 1
    )
    message = seat_model(learner)["message"]
    assert re.search(r"Your turn", str(message))


def test_the_teacher_pauses_and_ends_the_games():
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    teacher.button(key="tables-pause").click().run()
    learner.run()
    assert any("paused" in info.value for info in learner.info)
    teacher.button(key="tables-pause").click().run()  # resume
    teacher.button(key="tables-end").click().run()
    assert not teacher.exception
    learner.run()
    learner.run()
    assert not any("you sit" in h.value for h in learner.subheader)  # back to the questions


def test_a_hint_when_hints_are_allowed_and_it_is_your_turn():
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    learner.run()
    while tables.table(view.id).game.replay().hand.turn is not Seat.N:
        learner.run()  # the bots move up to Ann's turn
    learner.button(key="table-hint").click().run()
    assert not learner.exception
    assert any(info.value.startswith("**Best: ") for info in learner.info)
