"""What a lesson page keeps in the session between reruns: each key, declared once
(the makers take the lesson's id, or a step's key ``"<lesson>-<step>"``)."""

QUIZ_REQUESTED = "lesson-quiz-requested"  # "Take the quiz" was clicked on the last step
# A missed quiz question's "See step N again": the step number, until the page shows it.
STEP_REQUESTED = "lesson-step-requested"
# The lesson whose quiz waits for the learner, sent back to a step by a missed question.
QUIZ_WAITING = "lesson-quiz-waiting"
STEP_UNSAVED = "lesson-step-unsaved"  # why the last finished step was not saved
WALKING = "lesson-walking"  # (the step-through's key, when its move was shown) while it plays
URL_NOTE = "url-note"  # what the link's step number got wrong, shown once


def PART(lesson_id: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """Widget: the lesson's part on screen, "steps" or "quiz"."""
    return f"{lesson_id}-part"


def STEP(lesson_id: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The number of the step on screen (from 1)."""
    return f"{lesson_id}-step"


def SEED(lesson_id: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The seed of this session's quiz."""
    return f"{lesson_id}-seed"


def PICKED(step_key: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The card picked on an inspect step, to be described."""
    return f"{step_key}-picked"


def POSITION(step_key: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """How many moves a step-through step shows."""
    return f"{step_key}-pos"
