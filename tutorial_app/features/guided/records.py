"""A guided hand as the progress store keeps it: each decision judged is an answer
(right, or a wrong try) with the time it took, and a finished hand is a hand
(``Store.record_hand``). The page calls these from its click callbacks with the run
before and after the click; each returns None once saved, or why nothing was saved (the
page says so and carries on).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping

from lessons.guided_run import GuidedRun
from tutorial_app.features.guided.keys import DECISION_CLOCK, UNSAVED
from tutorial_app.learner import answer_clock
from tutorial_app.learner.answer_places import GUIDED_LESSON
from tutorial_app.learner.current import save_progress
from tutorial_app.learner.progress_cache import progress_changed


def _at(run: GuidedRun) -> tuple:
    return run.hand.id, run.answered, run.misses


def note_guided_shown(session: MutableMapping, run: GuidedRun) -> None:
    """Start the clock for the decision on screen (only a new try restarts it)."""
    answer_clock.start(session, DECISION_CLOCK, _at(run))


def record_guided(session: MutableMapping, before: GuidedRun, after: GuidedRun) -> str | None:
    """Keep the decision ``after`` judged (and the finished hand, when it finished)."""
    right, wrong = after.answered > before.answered, after.misses > before.misses
    if not (right or wrong):
        return None  # a click that judged nothing (an unreadable one)
    feedback = after.feedback
    assert feedback is not None  # a judged click has its feedback
    taken = answer_clock.taken_ms(session, DECISION_CLOCK, _at(before))
    hand_id = before.hand.id

    def write(found, token) -> None:
        found.record_answer(
            token,
            lesson=f"{GUIDED_LESSON}:{hand_id}",
            item_kind="single",
            generator=f"guided/{hand_id}",
            answer=str(feedback.choice),
            correct=right,
            time_taken_ms=taken,
        )
        if after.finished and not before.finished:
            found.record_hand(
                token,
                "guided",
                hand_id,
                {"hand": hand_id, "stars": after.stars, "misses": after.misses},
            )

    problem = save_progress(session, write)
    if after.finished:
        progress_changed(session)
    return problem


def guided_move(
    session: MutableMapping, key: str, move: Callable[[GuidedRun], GuidedRun]
) -> GuidedRun:
    """A click on a guided hand's table (``move``, e.g. ``view.after_card``) on the
    run kept at ``session[key]``: the decision it judged is saved before the new run is
    kept, and ``session[UNSAVED]`` says why if it was not."""
    before = session[key]
    after = move(before)
    session[UNSAVED] = record_guided(session, before, after)
    session[key] = after
    return after
