"""Mastery and stars, as pure values the app keeps per learner.

A quiz is a queue of questions. A right answer removes the question; a wrong
one brings it back two questions later (sooner than the rest). Stars count
wrong tries: none gives three stars. A run of ``MASTERY_RUN`` right answers in
a row during a finished quiz masters the lesson.

>>> run = QuizRun.start(3)
>>> run = run.answer(True).answer(False).answer(True).answer(True)
>>> run.finished, run.misses, run.stars
(True, 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MASTERY_RUN = 8
COME_BACK_AFTER = 2   # a missed question returns after this many others
STAR_LIMITS = ((0, 3), (2, 2))  # (most wrong tries, stars); more misses give 1 star


@dataclass(frozen=True)
class QuizRun:
    queue: tuple[int, ...]          # question indices still to answer; the head is current
    answered: tuple[int, ...] = ()  # answered right, in order
    misses: int = 0
    missed: frozenset[int] = frozenset()
    streak: int = 0
    best_streak: int = 0

    @classmethod
    def start(cls, length: int) -> QuizRun:
        return cls(tuple(range(length)))

    @property
    def current(self) -> int | None:
        return self.queue[0] if self.queue else None

    @property
    def finished(self) -> bool:
        return not self.queue

    @property
    def total(self) -> int:
        return len(self.queue) + len(self.answered)

    def answer(self, correct: bool) -> QuizRun:
        """The run after answering the current question."""
        if not self.queue:
            return self
        head, rest = self.queue[0], self.queue[1:]
        if correct:
            streak = self.streak + 1
            return replace(self, queue=rest, answered=self.answered + (head,), streak=streak,
                           best_streak=max(self.best_streak, streak))
        at = min(COME_BACK_AFTER, len(rest))
        queue = rest[:at] + (head,) + rest[at:]
        return replace(self, queue=queue, misses=self.misses + 1,
                       missed=self.missed | {head}, streak=0)

    @property
    def stars(self) -> int:
        """0 until the quiz is finished; then 3, 2 or 1 by the number of wrong tries."""
        if not self.finished:
            return 0
        for most, stars in STAR_LIMITS:
            if self.misses <= most:
                return stars
        return 1

    @property
    def mastered(self) -> bool:
        return self.finished and self.best_streak >= min(MASTERY_RUN, self.total)


@dataclass(frozen=True)
class LessonProgress:
    """The best a learner has done on one lesson."""

    stars: int = 0
    mastered: bool = False

    def with_run(self, run: QuizRun) -> LessonProgress:
        return LessonProgress(max(self.stars, run.stars), self.mastered or run.mastered)


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars) if stars else ""
