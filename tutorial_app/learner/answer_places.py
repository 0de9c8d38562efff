"""Where an answer was given, as the progress store's lesson column keeps it, and the
same place in a learner's words: a lesson's id ("bowers"), a Practise topic
("practise:tricks"), a daily deal ("daily:2026-11-30") or a guided hand
("guided:lone-hand"). The features that write answers make the column with these
prefixes; the progress page reads it back in words.

>>> place_words("practise:tricks")
'Practise: Who won the trick?'
>>> place_words("bowers"), place_words("guided:lone-hand")
('Lesson 2: Trump and the bowers', 'Guided hand: Going alone, and who leads')
>>> place_words("daily:2026-11-30"), place_words("practise")
('Daily deal of 30 Nov 2026', 'Practise')
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from lessons.guided import guided_hand
from lessons.loader import load_all
from lessons.quizzes import PRACTICE_TOPICS

__all__ = ["DAILY_LESSON", "GUIDED_LESSON", "PRACTISE_LESSON", "place_words"]

PRACTISE_LESSON = "practise"  # "practise:<topic>"
DAILY_LESSON = "daily"  # "daily:<date>"
GUIDED_LESSON = "guided"  # "guided:<hand id>"


@lru_cache(maxsize=1)
def _lesson_titles() -> dict[str, str]:
    return {lesson.id: f"Lesson {lesson.number}: {lesson.title}" for lesson in load_all()}


def place_words(column: str) -> str:
    """The lesson column in words; a column it does not know is given back as it is."""
    kind, _, rest = str(column).partition(":")
    if not rest:
        if kind == PRACTISE_LESSON:
            return "Practise"
        return _lesson_titles().get(kind, column)
    if kind == PRACTISE_LESSON:
        topic = PRACTICE_TOPICS.get(rest)
        return f"Practise: {topic[0]}" if topic else "Practise"
    if kind == DAILY_LESSON:
        try:
            return f"Daily deal of {date.fromisoformat(rest).strftime('%d %b %Y')}"
        except ValueError:
            return "Daily deal"
    if kind == GUIDED_LESSON:
        hand = guided_hand(rest)
        return f"Guided hand: {hand.title}" if hand else "Guided hand"
    return column
