"""Mastery and stars, as pure values the app keeps per learner.

A quiz is a queue of questions. A right answer removes the question; a wrong
one brings it back two questions later (sooner than the rest). Stars count
wrong tries: none gives three stars. A run of ``MASTERY_RUN`` right answers in
a row during a finished quiz masters the lesson.

Stars and mastery need only counts (``RunCounts``): right answers, wrong tries and the
longest streak, each at most a few a question. A stored or imported quiz is never
replayed as a queue of its length, and its length is bounded by the lesson's own
(``quiz_length_limit``), so no row can ask for more memory than a real quiz.

>>> run = QuizRun.start(3)
>>> run = run.answer(True).answer(False).answer(True).answer(True)
>>> run.finished, run.misses, run.stars
(True, 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MASTERY_RUN = 8
COME_BACK_AFTER = 2  # a missed question returns after this many others
STAR_LIMITS = ((0, 3), (2, 2))  # (most wrong tries, stars); more misses give 1 star
FEWEST_STARS = 1


def stars_for(finished: bool, misses: int) -> int:
    """0 until the quiz is finished; then 3, 2 or 1 by the number of wrong tries.

    >>> stars_for(False, 0), stars_for(True, 0), stars_for(True, 2), stars_for(True, 9)
    (0, 3, 2, 1)
    """
    if not finished:
        return 0
    for most, stars in STAR_LIMITS:
        if misses <= most:
            return stars
    return FEWEST_STARS


def star_rule_words() -> str:
    """How many wrong tries each number of stars allows, in words.

    >>> star_rule_words()
    'Three stars for no wrong try, two for 2 or fewer, one for more.'
    """
    words = {3: "three", 2: "two", 1: "one"}
    parts = [
        f"{words[stars]} for " + ("no wrong try" if most == 0 else f"{most} or fewer")
        for most, stars in STAR_LIMITS
    ]
    parts.append(f"{words[FEWEST_STARS]} for more")
    parts[0] = parts[0].replace(" for", " stars for", 1).capitalize()
    return ", ".join(parts) + "."


def streak_to_master(length: int) -> int:
    """The run of right answers in a row that masters a quiz of ``length`` questions."""
    return min(MASTERY_RUN, length)


# Quizzes that once were longer: the runs recorded then (and files exported then) stay
# valid. Lesson 7's quiz had 12 questions until the course was fitted into an hour.
LONGER_BEFORE = {"house-rules": 12}


def quiz_length_limits() -> tuple[dict[str, int], int]:
    """Each lesson's longest quiz, now or before (``LONGER_BEFORE``), by lesson id, and
    the longest of them (the bound for a name that is not a lesson): from the lessons'
    own files, the one source."""
    from lessons.loader import load_all  # loaded on first use: the store's CLI starts fast

    lengths = {
        lesson.id: max(lesson.quiz_length, LONGER_BEFORE.get(lesson.id, 0)) for lesson in load_all()
    }
    return lengths, max(lengths.values())


def quiz_length_limit(lesson_id: str) -> int:
    """The most questions a quiz of ``lesson_id`` has, or had. Every quiz length that
    arrives (a recorded run, an imported file, a stored row) is held to this.

    >>> quiz_length_limit("bowers"), quiz_length_limit("house-rules")
    (10, 12)
    """
    lengths, longest = quiz_length_limits()
    return lengths.get(lesson_id, longest)


@dataclass(frozen=True)
class QuizRun:
    queue: tuple[int, ...]  # question indices still to answer; the head is current
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
            return replace(
                self,
                queue=rest,
                answered=self.answered + (head,),
                streak=streak,
                best_streak=max(self.best_streak, streak),
            )
        at = min(COME_BACK_AFTER, len(rest))
        queue = rest[:at] + (head,) + rest[at:]
        return replace(
            self, queue=queue, misses=self.misses + 1, missed=self.missed | {head}, streak=0
        )

    @property
    def stars(self) -> int:
        """0 until the quiz is finished; then 3, 2 or 1 by the number of wrong tries."""
        return stars_for(self.finished, self.misses)

    @property
    def mastered(self) -> bool:
        return self.finished and self.best_streak >= streak_to_master(self.total)


@dataclass(frozen=True)
class RunCounts:
    """A quiz run as counts, all that stars and mastery need: the same verdicts as
    ``QuizRun`` from the same answers, in constant memory whatever ``length`` says.

    >>> counts = RunCounts(3)
    >>> for correct in (True, False, True, True):
    ...     counts = counts.answer(correct)
    >>> counts.finished, counts.misses, counts.stars, counts.mastered
    (True, 1, 2, False)
    >>> RunCounts(2_000_000_000).answer(True).stars
    0
    """

    length: int
    rights: int = 0  # right answers before the quiz was finished (at most length)
    misses: int = 0  # wrong tries before the quiz was finished
    best_streak: int = 0
    streak: int = 0

    def answer(self, correct: bool) -> RunCounts:
        """The counts after one more answer (none count once the quiz is finished)."""
        if self.finished:
            return self
        if not correct:
            return replace(self, misses=self.misses + 1, streak=0)
        streak = self.streak + 1
        return replace(
            self, rights=self.rights + 1, streak=streak, best_streak=max(self.best_streak, streak)
        )

    @property
    def finished(self) -> bool:
        return self.rights >= self.length

    @property
    def stars(self) -> int:
        return stars_for(self.finished, self.misses)

    @property
    def mastered(self) -> bool:
        return self.finished and self.best_streak >= streak_to_master(self.length)


@dataclass(frozen=True)
class LessonProgress:
    """The best a learner has done on one lesson."""

    stars: int = 0
    mastered: bool = False

    def with_run(self, run: QuizRun | RunCounts) -> LessonProgress:
        return LessonProgress(max(self.stars, run.stars), self.mastered or run.mastered)


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars) if stars else ""
