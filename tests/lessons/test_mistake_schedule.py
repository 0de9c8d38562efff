"""The ladder a learner's own mistakes climb (lessons.mistake_schedule), on a controlled
clock: due at once, back first when missed, retired after right answers at growing
intervals, never asked once retired."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta

import pytest

from lessons import mistake_schedule
from lessons.mistake_schedule import AFTER_A_MISS, BOX_WAITS, MistakeMemory, due_first

MADE = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
DAY = timedelta(days=1)


def test_the_module_examples_hold():
    assert doctest.testmod(mistake_schedule).failed == 0


def test_a_new_mistake_is_due_the_same_day_and_not_before_it_was_made():
    memory = MistakeMemory.new(MADE)
    assert memory.is_due(MADE) and memory.is_due(MADE + timedelta(hours=2))
    assert not memory.is_due(MADE - timedelta(seconds=1))


def test_right_answers_at_growing_intervals_retire_it_after_two_later_days():
    memory = MistakeMemory.new(MADE).answered(True, MADE + timedelta(minutes=3))
    assert memory.box == 1 and not memory.is_due(MADE + timedelta(hours=12))
    tomorrow = MADE + DAY + timedelta(minutes=3)
    assert memory.is_due(tomorrow)
    memory = memory.answered(True, tomorrow)
    assert memory.box == 2 and not memory.retired
    assert not memory.is_due(tomorrow + 2 * DAY) and memory.is_due(tomorrow + BOX_WAITS[2])
    memory = memory.answered(True, tomorrow + BOX_WAITS[2])
    assert memory.retired and memory.rights == 3 and memory.wrongs == 0
    assert not any(memory.is_due(tomorrow + n * DAY) for n in range(1, 400, 7))


def test_a_miss_sends_it_back_to_the_start_and_soon():
    memory = MistakeMemory.new(MADE).answered(True, MADE).answered(True, MADE + DAY)
    assert memory.box == 2
    missed = memory.answered(False, MADE + 4 * DAY)
    assert (missed.box, missed.wrongs, missed.rights) == (0, 1, 2)
    assert not missed.is_due(MADE + 4 * DAY + AFTER_A_MISS / 2)
    assert missed.is_due(MADE + 4 * DAY + AFTER_A_MISS)
    # back on the ladder from the bottom: three more rights to retire
    again = missed.answered(True, MADE + 5 * DAY)
    assert again.box == 1 and not again.retired


def test_a_retired_position_stays_retired_whatever_comes():
    retired = MistakeMemory.new(MADE)
    for days in (0, 1, 4):
        retired = retired.answered(True, MADE + days * DAY)
    assert retired.retired
    assert retired.answered(False, MADE + 9 * DAY) == retired


def test_missed_ones_come_first_then_the_longest_overdue_and_retired_never():
    now = MADE + 10 * DAY
    overdue = MistakeMemory.new(MADE).answered(True, MADE)  # due since day 1
    recent = MistakeMemory.new(MADE + 8 * DAY).answered(True, MADE + 8 * DAY)  # due day 9
    missed = MistakeMemory.new(MADE + 2 * DAY).answered(False, now - timedelta(hours=1))
    new = MistakeMemory.new(now - timedelta(minutes=1))
    retired = MistakeMemory.new(MADE)
    for days in (0, 1, 4):
        retired = retired.answered(True, MADE + days * DAY)
    not_yet = MistakeMemory.new(MADE).answered(True, now - timedelta(hours=1))
    items = [
        ("recent", recent),
        ("retired", retired),
        ("overdue", overdue),
        ("not yet", not_yet),
        ("new", new),
        ("missed", missed),
    ]
    assert due_first(items, now) == ["missed", "new", "overdue", "recent"]


@pytest.mark.parametrize("wrongs", [1, 3])
def test_counts_keep_every_answer(wrongs):
    memory = MistakeMemory.new(MADE)
    for n in range(wrongs):
        memory = memory.answered(False, MADE + n * AFTER_A_MISS)
    memory = memory.answered(True, MADE + DAY)
    assert (memory.rights, memory.wrongs, memory.answered_at) == (1, wrongs, MADE + DAY)
