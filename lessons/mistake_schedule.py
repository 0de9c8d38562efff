"""When a learner's own mistake comes back as a puzzle, and when it retires.

A position the learner got wrong in a game climbs a short ladder (Leitner's boxes):

- **box 0**, learning: a new mistake, or a puzzle just missed. It is due at once (a
  miss: after ``AFTER_A_MISS``, so the rest of the set comes first).
- A right answer in box 0 moves it to **box 1**, due a day later: right just after
  seeing the answer proves little.
- A right answer in box 1 (on a later day) moves it to **box 2**, due three days later.
- A right answer in box 2 **retires** it: right twice in a row at growing intervals.
  A retired position is never asked again.
- A wrong answer anywhere sends it back to box 0.

Due positions come missed first (box 0), then the longest overdue, then the oldest
mistake. No Streamlit and no store here: the store keeps ``MistakeMemory`` values.

>>> from datetime import datetime, timedelta, timezone
>>> day = datetime(2026, 12, 2, 9, tzinfo=timezone.utc)
>>> new = MistakeMemory.new(day)
>>> new.is_due(day), new.box
(True, 0)
>>> later = new.answered(True, day + timedelta(minutes=5))
>>> later.box, later.is_due(day + timedelta(hours=2)), later.is_due(day + timedelta(days=2))
(1, False, True)
>>> later.answered(True, day + timedelta(days=1)).answered(True, day + timedelta(days=4)).retired
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TypeVar

__all__ = [
    "AFTER_A_MISS",
    "BOX_WAITS",
    "RETIRING_BOX",
    "MistakeMemory",
    "due_first",
]

# How long a position waits after a right answer that brought it to box n.
BOX_WAITS = (timedelta(0), timedelta(days=1), timedelta(days=3))
RETIRING_BOX = len(BOX_WAITS) - 1  # a right answer here retires the position
AFTER_A_MISS = timedelta(minutes=10)  # a missed puzzle comes back later in the sitting


@dataclass(frozen=True, slots=True)
class MistakeMemory:
    """Where one position is on the ladder."""

    box: int
    due_at: datetime  # timezone-aware
    made_at: datetime  # when the mistake was made
    rights: int = 0
    wrongs: int = 0
    answered_at: datetime | None = None
    retired_at: datetime | None = None

    @classmethod
    def new(cls, made_at: datetime) -> MistakeMemory:
        """A mistake just made: box 0, due at once."""
        return cls(0, made_at, made_at)

    @property
    def retired(self) -> bool:
        return self.retired_at is not None

    def is_due(self, now: datetime) -> bool:
        return not self.retired and now >= self.due_at

    def answered(self, correct: bool, now: datetime) -> MistakeMemory:
        """The memory after an answer at ``now`` (a retired position stays retired)."""
        if self.retired:
            return self
        if not correct:
            return replace(
                self, box=0, due_at=now + AFTER_A_MISS, wrongs=self.wrongs + 1, answered_at=now
            )
        counted = replace(self, rights=self.rights + 1, answered_at=now)
        if self.box >= RETIRING_BOX:
            return replace(counted, retired_at=now)
        box = self.box + 1
        return replace(counted, box=box, due_at=now + BOX_WAITS[box])


Keyed = TypeVar("Keyed")


def due_first(items: Iterable[tuple[Keyed, MistakeMemory]], now: datetime) -> list[Keyed]:
    """The keys of the due positions, in the order to ask them: missed (box 0) first,
    then the longest overdue, then the oldest mistake.

    >>> from datetime import datetime, timedelta, timezone
    >>> t = datetime(2026, 12, 2, tzinfo=timezone.utc)
    >>> old = MistakeMemory.new(t - timedelta(days=3)).answered(True, t - timedelta(days=3))
    >>> missed = MistakeMemory.new(t - timedelta(days=1)).answered(False, t - timedelta(hours=1))
    >>> later = MistakeMemory.new(t + timedelta(days=1))
    >>> due_first([("old", old), ("missed", missed), ("later", later)], t)
    ['missed', 'old']
    """
    due = [(key, memory) for key, memory in items if memory.is_due(now)]
    due.sort(key=lambda item: (item[1].box != 0, item[1].due_at, item[1].made_at))
    return [key for key, _ in due]
