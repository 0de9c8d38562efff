"""A lesson's words about the upcard agree with what its table draws: when the dealer
sits out (lesson 5), nobody picks up the upcard and the table stops showing it once
the bidding is over, so the words say it leaves the table, not that it stays."""

from __future__ import annotations

import re

from lessons.loader import lesson_by_id
from tutorial_app.card_table.table_model import table_model

STAYS = re.compile(r"\b(stays|remains|is left) on the table\b")


def _step(lesson_id: str, step_id: str):
    return next(step for step in lesson_by_id(lesson_id).steps if step.id == step_id)


def test_the_upcard_nobody_picks_up_leaves_the_table_as_the_words_say():
    step = _step("going-alone", "dealer-sits-out")
    state = step.record.replay()
    assert state.sitting_out == (state.dealer,)
    assert table_model(state)["upcard"] is None  # the table shows no upcard after the bid
    text = " ".join(step.text.split())
    assert "nobody picks it up" in text and "the ace leaves the table" in text


def test_no_step_says_a_card_stays_on_the_table_when_its_table_shows_none():
    for lesson_id in ("making-trump", "going-alone"):
        for step in lesson_by_id(lesson_id).steps:
            if step.record is None or not STAYS.search(" ".join(step.text.split())):
                continue
            assert table_model(step.record.replay())["upcard"] is not None, step.id
