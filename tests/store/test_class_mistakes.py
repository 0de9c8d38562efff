"""The live class report's own-mistakes part (issue 22): the mistakes the class's
learners made in their own games while the class ran, for the teacher's key only,
grouped by kind of decision, and a page to print with every value escaped."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from tutorial_app.features.live_class.class_report import mistake_kinds, mistakes_sheet
from tutorial_app.store import (
    ClassError,
    ClassRuns,
    NewMistake,
    OwnMistakes,
    new_learner_token,
    open_store,
)
from tutorial_app.store.records import now


def position(made, **change) -> NewMistake:
    base = NewMistake(
        "play", "bga.expert.7", "v1.hand", 5, "S", "play", "play AS", "play 9S", "blunder",
        1.25, "Keep the ace <b>for later</b>.", "advice-7-1-5", made,
    )  # fmt: skip
    return replace(base, **change)


@pytest.fixture
def store(store_url):
    return open_store(store_url)


def test_the_teacher_sees_the_members_mistakes_made_while_the_class_ran(store):
    classes, own = ClassRuns(store), OwnMistakes(store)
    code, key = classes.start_class()
    ann, ben, eve = new_learner_token(), new_learner_token(), new_learner_token()
    classes.join(code, "Ann", ann)
    classes.join(code, "Ben", ben)
    during = now()
    own.record(
        ann,
        [position(during), position(during, step=6, phase="bid1", chosen="order_up", best="pass")],
    )
    own.record(ben, [position(during, step=8)])
    own.record(ann, [position(during - timedelta(days=2), step=9)])  # before the class
    own.record(eve, [position(during, step=10)])  # not in the class
    found = classes.mistakes(code, key)
    assert sorted((name, m.position.step) for name, m in found) == [
        ("Ann", 5),
        ("Ann", 6),
        ("Ben", 8),
    ]
    with pytest.raises(ClassError):
        classes.mistakes(code, "not-the-key")
    kinds = mistake_kinds(found)
    assert [(k.phase, k.count, k.learners) for k in kinds] == [("play", 2, 2), ("bid1", 1, 1)]
    assert kinds[0].example == "Play A♠, where Play 9♠ was best" and kinds[0].example_count == 2
    page = mistakes_sheet(code, kinds)
    assert "&lt;b&gt;for later&lt;/b&gt;" in page and "<b>for later</b>" not in page
    assert f"Class {code}: the most common mistakes" in page
