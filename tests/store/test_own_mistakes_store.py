"""A learner's own mistakes in the store, on SQLite and PostgreSQL: kept once, read back
within their bounds, moved along the ladder by answers on a controlled clock, private
to their learner, bounded in number, and gone with a reset."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from tutorial_app.store import MistakeError, NewMistake, OwnMistakes, new_learner_token, open_store
from tutorial_app.store.mistakes import HAND_CODE_MAX, KEPT_MOST, WHY_MAX
from tutorial_app.store.tables import mistakes

MADE = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
DAY = timedelta(days=1)
POSITION = NewMistake(
    "play", "bga.expert.7", "v1.hand", 5, "S", "play", "play AS", "play 9S", "blunder", 1.25,
    "Keep the ace for later.", "advice-7-1-5", MADE,
)  # fmt: skip


@pytest.fixture
def kept(store_url):
    return OwnMistakes(open_store(store_url))


def test_a_position_is_kept_once_and_due_at_once(kept):
    ann = new_learner_token()
    assert kept.record(ann, [POSITION, POSITION, replace(POSITION, step=9)]) == 2
    assert kept.record(ann, [POSITION]) == 0
    mine = kept.mine(ann)
    assert [m.position.step for m in mine] == [5, 9] or [m.position.step for m in mine] == [9, 5]
    assert all(m.is_due(MADE) and m.box == 0 and not m.retired for m in mine)
    assert {m.position for m in mine} == {POSITION, replace(POSITION, step=9)}


def test_answers_climb_the_ladder_and_retire_it(kept):
    ann = new_learner_token()
    kept.record(ann, [POSITION])
    (mistake,) = kept.mine(ann)
    after = kept.answer(ann, mistake.id, True, MADE + timedelta(minutes=5))
    assert after.box == 1 and not after.is_due(MADE + timedelta(hours=3))
    kept.answer(ann, mistake.id, False, MADE + DAY)
    assert kept.mine(ann)[0].box == 0 and kept.mine(ann)[0].memory.wrongs == 1
    for days in (1, 2, 5):
        kept.answer(ann, mistake.id, True, MADE + days * DAY + timedelta(hours=1))
    (retired,) = kept.mine(ann)
    assert retired.retired and retired.memory.rights == 4
    assert not retired.is_due(MADE + 30 * DAY)


def test_another_learner_can_neither_see_nor_answer_them(kept):
    ann, ben = new_learner_token(), new_learner_token()
    kept.record(ann, [POSITION])
    (mistake,) = kept.mine(ann)
    assert kept.mine(ben) == []
    with pytest.raises(MistakeError, match="not one of this learner's"):
        kept.answer(ben, mistake.id, True, MADE)
    assert kept.mine(ann)[0].box == 0


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"source": "odds"}, "source is one of play, guided"),
        ({"game": ""}, "game is a text"),
        ({"game": "g" * 81}, "game is a text"),
        ({"hand": ""}, "hand is a link code"),
        ({"hand": "v1." + "A" * HAND_CODE_MAX}, "hand is a link code"),
        ({"step": -1}, "step is a whole number"),
        ({"step": True}, "step is a whole number"),
        ({"seat": "X"}, "seat is N, E, S or W"),
        ({"phase": "over"}, "kind of decision"),
        ({"chosen": "play " + "A" * 30}, "chosen is an action"),
        ({"grade": "good"}, "grade is one of mistake, blunder, wrong try"),
        ({"cost": float("nan")}, "cost is from 0"),
        ({"cost": 99.0}, "cost is from 0"),
        ({"why": "x" * (WHY_MAX + 1)}, "reason has at most"),
        ({"made_at": datetime(2026, 12, 2)}, "time zone"),
    ],
)
def test_a_position_out_of_bounds_is_refused_in_words_and_nothing_is_kept(kept, change, words):
    ann = new_learner_token()
    with pytest.raises(MistakeError, match=words):
        kept.record(ann, [POSITION, replace(POSITION, **{"step": 8, **change})])
    assert kept.mine(ann) == []


def test_a_row_changed_behind_the_app_is_left_out_when_read(kept):
    ann = new_learner_token()
    kept.record(ann, [POSITION, replace(POSITION, step=6)])
    with kept.store.writing() as connection:
        connection.execute(update(mistakes).where(mistakes.c.step == 6).values(seat="X"))
    assert [m.position.step for m in kept.mine(ann)] == [5]


def test_past_the_bound_the_oldest_retired_goes_first(kept, monkeypatch):
    monkeypatch.setattr("tutorial_app.store.mistakes.KEPT_MOST", 3)
    ann = new_learner_token()
    steps = [replace(POSITION, step=n, made_at=MADE + n * timedelta(minutes=1)) for n in range(3)]
    kept.record(ann, steps)
    retired = next(m for m in kept.mine(ann) if m.position.step == 1)
    for days in (0, 1, 4):
        kept.answer(ann, retired.id, True, MADE + days * DAY + timedelta(hours=1))
    kept.record(ann, [replace(POSITION, step=20, made_at=MADE + DAY)])
    assert sorted(m.position.step for m in kept.mine(ann)) == [0, 2, 20]
    kept.record(ann, [replace(POSITION, step=21, made_at=MADE + 2 * DAY)])
    assert sorted(m.position.step for m in kept.mine(ann)) == [2, 20, 21]  # then the oldest
    assert KEPT_MOST == 500


def test_a_reset_forgets_them(kept):
    ann = new_learner_token()
    kept.record(ann, [POSITION])
    kept.store.reset(ann)
    assert kept.mine(ann) == []
