"""A guided hand as the progress store keeps it: each decision judged is an answer
(right, or a wrong try) with the time it took, and a finished hand is a hand
(``Store.record_hand``); a wrong try is also kept as a position to practise
(``tutorial_app.mistakes.guided_positions``). The page calls these from its click
callbacks with the run before and after the click; each returns None once saved, or why
nothing was saved (the page says so and carries on).

The hand's place (``lessons.guided_place``: its right choices, the wrong tries) is kept
with each judged decision, under ``place_name(hand)`` among the learner's quiz places, so
a reload or a new tab of the same learner opens the hand where it was, wrong tries
included: a reload never turns a hand with wrong tries into a clean one. Only this
learner's rows hold it: a link to a hand (``?hand=``) names the hand, never a place.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from datetime import UTC, datetime

from lessons.guided import GuidedHand
from lessons.guided_place import place_of, run_from_place
from lessons.guided_run import GuidedRun
from tutorial_app.features.guided.keys import DECISION_CLOCK, RUN, UNSAVED
from tutorial_app.learner import answer_clock
from tutorial_app.learner.answer_places import GUIDED_LESSON
from tutorial_app.learner.current import current_token, save_progress, store
from tutorial_app.learner.progress_cache import progress_changed
from tutorial_app.learner.read_once import clear_on_reset
from tutorial_app.mistakes.guided_positions import wrong_try
from tutorial_app.store import OwnMistakes, StoreUnavailable

clear_on_reset(RUN(""))  # a reset deletes the kept places: the hands on screen start again

NOT_READ = "Your place in this hand could not be read, so the hand starts again"


def place_name(hand_id: str) -> str:
    """The name a hand's place is kept under: 'guided:order-up-partner'."""
    return f"guided:{hand_id}"


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
        # Kept finished too: a reload shows the hand's end and its stars.
        found.save_quiz_position(token, place_name(hand_id), 0, place_of(after))
        if wrong and (position := wrong_try(before, after, datetime.now(UTC))) is not None:
            OwnMistakes(found).record(token, [position])  # it comes back in Practise

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


def kept_run(hand: GuidedHand) -> tuple[GuidedRun, str | None]:
    """Where this learner left ``hand`` (a fresh start if nowhere), and a note when a kept
    place could not be used."""
    try:
        kept = store().load_quiz_position(current_token(), place_name(hand.id))
    except StoreUnavailable as error:
        return GuidedRun.start(hand), f"{NOT_READ}: {error.message}"
    if kept is None:
        return GuidedRun.start(hand), None
    run = run_from_place(hand, kept.state)
    return (GuidedRun.start(hand), f"{NOT_READ}.") if run is None else (run, None)


def start_again(session: MutableMapping, key: str, hand: GuidedHand) -> None:
    """ "Play it again": a fresh run, and no place kept for the hand."""
    session[key] = GuidedRun.start(hand)
    session[UNSAVED] = save_progress(
        session, lambda found, token: found.clear_quiz_position(token, place_name(hand.id))
    )
