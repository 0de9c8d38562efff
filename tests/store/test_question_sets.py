"""Question sets and timed questions in the store, on SQLite and PostgreSQL: a set kept
under its browser's token (only that token changes it, a share code copies it), every
bound refused in words, a class stepping through a set with a timer that reveals by
itself, and the report grid, the learners' summaries and the leaderboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from lessons.question_source import QuestionSource, question_for, scenario_source, topic_source
from lessons.quiz import Kind
from tutorial_app.limits.question_sets import MAX_SET_QUESTIONS, MAX_SETS_PER_OWNER
from tutorial_app.store import (
    ClassError,
    Reason,
    new_learner_token,
    open_classes,
    open_question_sets,
)
from tutorial_app.store.records import now
from tutorial_app.store.tables import class_questions, question_sets

TRICKS = [topic_source("tricks", 7, index) for index in range(4)]


def refused(reason: Reason, call, *args, **kwargs) -> str:
    with pytest.raises(ClassError) as caught:
        call(*args, **kwargs)
    assert caught.value.reason is reason, caught.value.message
    return caught.value.message


def right_and_wrong(source: QuestionSource) -> tuple[list[str], list[str]]:
    question = question_for(source)
    assert question.kind in (Kind.SINGLE, Kind.YESNO)
    wrong = next(o.key for o in question.options if o.key not in question.answer)
    return list(question.answer), [wrong]


def test_a_set_is_kept_changed_shared_and_deleted(store_url):
    sets = open_question_sets(store_url)
    ann, ben = new_learner_token(), new_learner_token()
    made = sets.save(ann, None, "  Who won  the trick ", TRICKS[:2], timer=20)
    assert (made.name, made.sources, made.timer) == ("Who won the trick", tuple(TRICKS[:2]), 20)
    changed = sets.save(ann, made.id, "Tricks", TRICKS, timer=None)
    assert [(s.id, s.name, len(s.sources), s.timer) for s in sets.mine(ann)] == [
        (made.id, "Tricks", 4, None)
    ]
    assert changed.share_code == made.share_code
    # Another browser neither sees nor changes it; its share code copies it.
    assert sets.mine(ben) == []
    refused(Reason.NO_SUCH_SET, sets.save, ben, made.id, "Mine now", TRICKS)
    refused(Reason.NO_SUCH_SET, sets.delete, ben, made.id)
    copy = sets.copy_shared(ben, made.share_code.lower())
    assert copy.id != made.id and copy.share_code != made.share_code
    assert copy.sources == tuple(TRICKS) and sets.mine(ann)[0].name == "Tricks"
    sets.save(ben, copy.id, "Changed copy", TRICKS[:1])
    assert sets.shared(made.share_code).name == "Tricks"  # the original is untouched
    refused(Reason.NO_SUCH_SET, sets.shared, "not a code")
    sets.delete(ann, made.id)
    assert sets.mine(ann) == []
    refused(Reason.NO_SUCH_SET, sets.shared, made.share_code)


def test_a_set_keeps_its_bounds_on_the_way_in_and_out(store_url):
    sets = open_question_sets(store_url)
    ann = new_learner_token()
    too_many = [topic_source("tricks", seed, 0) for seed in range(1, MAX_SET_QUESTIONS + 2)]
    assert "at most 30 questions" in refused(Reason.BAD_SET, sets.save, ann, None, "A", too_many)
    assert "60 characters" in refused(Reason.BAD_SET, sets.save, ann, None, "x" * 61, TRICKS)
    assert "name" in refused(Reason.BAD_SET, sets.save, ann, None, "  ", TRICKS)
    assert "5 to 600" in refused(Reason.BAD_SET, sets.save, ann, None, "A", TRICKS, timer=2)
    made = sets.save(ann, None, "A", TRICKS)
    # A row written around the checks: a bad source and too many are left out on reading.
    with sets.store.writing() as connection:
        connection.execute(
            update(question_sets)
            .where(question_sets.c.id == made.id)
            .values(
                questions=[{"kind": "topic", "topic": "nope", "seed": 1}]
                + [TRICKS[0].to_dict()] * (MAX_SET_QUESTIONS + 5),
                timer_seconds=10_000,
            )
        )
    read = sets.mine(ann)[0]
    assert len(read.sources) == MAX_SET_QUESTIONS - 1 and read.dropped == 7
    assert read.timer is None
    for number in range(MAX_SETS_PER_OWNER - 1):
        sets.save(ann, None, f"Set {number}", TRICKS[:1])
    assert "delete one" in refused(Reason.BAD_SET, sets.save, ann, None, "One more", TRICKS)


def test_a_class_steps_through_a_set_with_a_timer(store_url):
    live = open_classes(store_url)
    code, key = live.start_class()
    sam = new_learner_token()
    live.join(code, "Sam", sam)
    refused(Reason.NO_SET, live.push_next, code, key)
    live.use_set(code, key, "Tricks", TRICKS[:2], 30)
    first = live.push_next(code, key)
    shown = live.current(code)
    assert shown.id == first and shown.source == TRICKS[0]
    assert 28 < shown.seconds_left() <= 30
    assert live.showing(code)[1].deadline == shown.deadline  # what the projector reads
    right, _ = right_and_wrong(TRICKS[0])
    live.answer(code, sam, first, right)
    # The clock runs out: the answer is closed, and the next poll reveals by itself.
    with live.store.writing() as connection:
        connection.execute(
            update(class_questions)
            .where(class_questions.c.id == first)
            .values(deadline=now() - timedelta(seconds=1))
        )
    assert "Time is up" in refused(Reason.TIME_UP, live.answer, code, sam, first, right)
    assert live.status(code).revealed and live.current(code).revealed
    assert live.summary(code, sam)[0].correct  # counted at the reveal, as a teacher's
    second = live.push_next(code, key, asked=1)
    assert live.push_next(code, key, asked=1) == second  # the same press again: nothing more
    assert live.set_progress(code).asked == 2 and live.set_progress(code).done
    assert "2 of 2" in refused(Reason.SET_DONE, live.push_next, code, key)
    live.reveal(code, key)  # the teacher may reveal before the time is up
    assert live.current(code).id == second and live.current(code).revealed
    # A question pushed by hand has no timer unless given one; a bad timer is refused.
    live.push_question(code, key, TRICKS[3])
    assert live.current(code).deadline is None
    refused(Reason.BAD_SET, live.push_question, code, key, TRICKS[3], timer=9999)


def test_a_built_scenario_is_pushed_like_any_question(store_url):
    from engine import HandRecord

    record = HandRecord.loads(
        '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
        '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
        '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": [{"seat": "N", "do": "pass"}, '
        '{"seat": "E", "do": "order_up"}, {"seat": "E", "do": "with_partner"}, '
        '{"seat": "W", "do": "discard", "card": "JS"}, '
        '{"seat": "N", "do": "play", "card": "9C"}, {"seat": "E", "do": "play", "card": "AC"}]}'
    )
    live = open_classes(store_url)
    code, key = live.start_class()
    sam = new_learner_token()
    live.join(code, "Sam", sam)
    question_id = live.push_question(code, key, scenario_source("legal", record))
    assert live.answer(code, sam, question_id, ["QC"]) == ("QC",)
    live.reveal(code, key)
    assert live.summary(code, sam)[0].correct


def test_the_grid_the_summaries_and_the_leaderboard(store_url):
    live = open_classes(store_url)
    code, key = live.start_class()
    tokens = {name: new_learner_token() for name in ("Ann", "Ben", "Cat")}
    for name, token in tokens.items():
        live.join(code, name, token)
    live.use_set(code, key, "Tricks", TRICKS[:3])
    plan = {"Ann": "RRR", "Ben": "RW-", "Cat": "W-W"}  # right, wrong, no answer
    for position, source in enumerate(TRICKS[:3], 1):
        question_id = live.push_next(code, key)
        right, wrong = right_and_wrong(source)
        for name, marks in plan.items():
            if marks[position - 1] != "-":
                live.answer(
                    code, tokens[name], question_id, right if marks[position - 1] == "R" else wrong
                )
        if position < 3:
            live.reveal(code, key)
    grid = live.grid(code, key)
    assert grid.learners == ["Ann", "Ben", "Cat"]
    assert [(q.position, q.revealed) for q in grid.questions] == [(1, True), (2, True), (3, False)]
    for name, marks in plan.items():
        for position, mark in enumerate(marks, 1):
            cell = grid.cells.get((name, position))
            assert (cell and cell[1]) == (mark == "R") or (mark == "-" and cell is None)
    refused(Reason.NOT_TEACHER, live.grid, code, "not-the-key" * 4)
    # A learner's summary lists the revealed questions only, with their own answers.
    ben = live.summary(code, tokens["Ben"])
    assert [(row.position, row.correct) for row in ben] == [(1, True), (2, False)]
    assert ben[1].given is not None
    assert [row.given for row in live.summary(code, tokens["Cat"])][1] is None
    refused(Reason.NOT_A_MEMBER, live.summary, code, new_learner_token())
    # The leaderboard: off by default; on, it counts revealed right answers only.
    assert live.leaderboard(code) is None and not live.leaderboard_on(code)
    live.show_leaderboard(code, key, True)
    assert live.leaderboard(code) == [("Ann", 2), ("Ben", 1), ("Cat", 0)]
    live.reveal(code, key)
    live.end(code, key)
    assert live.leaderboard(code) == [("Ann", 3), ("Ben", 1), ("Cat", 0)]
    assert len(live.summary(code, tokens["Ann"])) == 3  # still read after the end
