"""The next thing a learner does in the course, from what they have done: the first
lesson whose quiz they have not finished (continued at its first step not done, or at
its quiz), else a review in Practise. No Streamlit here.

>>> from lessons.loader import load_all
>>> lessons = load_all()
>>> start = next_step(lessons, {}, {})
>>> start.kind, start.number, start.step, start.quiz
('start', 1, 1, False)
>>> first = lessons[0]
>>> next_step(lessons, {}, {first.id: {first.steps[0].id}}).step
2
>>> done = {lesson.id: LessonProgress(stars=1) for lesson in lessons}
>>> next_step(lessons, done, {}).kind
'review'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from lessons.loader import Lesson
from lessons.progress import LessonProgress

__all__ = ["NextStep", "next_step"]


@dataclass(frozen=True, slots=True)
class NextStep:
    """``kind``: "start" (a lesson not begun), "continue" (a lesson begun) or "review"
    (every lesson's quiz finished: Practise). ``step`` is the step to open (1-based);
    ``quiz`` says to open the lesson's quiz instead."""

    kind: str
    lesson: str | None = None
    number: int = 0
    title: str = ""
    step: int = 1
    quiz: bool = False


def next_step(
    lessons: Sequence[Lesson],
    progress: Mapping[str, LessonProgress],
    steps_done: Mapping[str, Set[str]],
    quiz_begun: Set[str] = frozenset(),
) -> NextStep:
    """Where the learner goes on: ``progress`` holds the stars per lesson id (a finished
    quiz has at least one), ``steps_done`` the ids of the steps finished per lesson,
    ``quiz_begun`` the lessons whose quiz has a place kept."""
    for lesson in lessons:
        if progress.get(lesson.id, LessonProgress()).stars:
            continue
        done = steps_done.get(lesson.id, set())
        left = [number for number, step in enumerate(lesson.steps, 1) if step.id not in done]
        begun = bool(done) or lesson.id in quiz_begun
        return NextStep(
            "continue" if begun else "start",
            lesson.id,
            lesson.number,
            lesson.title,
            step=left[0] if left else len(lesson.steps),
            quiz=lesson.id in quiz_begun or (begun and not left),
        )
    return NextStep("review")
