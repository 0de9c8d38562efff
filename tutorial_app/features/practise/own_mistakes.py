"""Practise's side of a learner's own mistakes: the positions kept from their games
(``tutorial_app.mistakes``), asked again as puzzles in "Your mistakes" and mixed into
"For you". Each answer is kept like any Practise answer and moves the position on its
ladder (``lessons.mistake_schedule``): back soon when missed, retired after right
answers on later days."""

from __future__ import annotations

import hashlib
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import streamlit as st

from lessons.mistake_schedule import due_first
from lessons.quiz import Question
from tutorial_app.features.practise.keys import MISTAKES, MISTAKES_SET
from tutorial_app.features.practise.plan import MISTAKES_LABEL, SET_LENGTH, ago
from tutorial_app.learner.current import current_token, store, unsaved_warning
from tutorial_app.mistakes.guided_positions import guided_puzzle
from tutorial_app.mistakes.puzzles import OWN_MISTAKE, PuzzleError, puzzle
from tutorial_app.mistakes.words import chosen_words
from tutorial_app.quiz.answer_log import AnswerRecorder, recorder
from tutorial_app.quiz.state import QuizState
from tutorial_app.quiz.view import run_quiz
from tutorial_app.store import KeptMistake, MistakeError, OwnMistakes, StoreUnavailable

__all__ = [
    "clock",
    "LadderRecorder",
    "due_numbers",
    "kept_positions",
    "mistake_question",
    "mistakes_quiz_id",
    "show_mistakes",
    "why_chosen",
]


WHY_MOST = 60  # a For-you line's length (plan.WHY_FORM)


def clock() -> datetime:
    """Now, for the ladder (a test moves it on by days)."""
    return datetime.now(UTC)


def kept_positions() -> tuple[dict[int, KeptMistake], str | None]:
    """The learner's kept positions by number (read once, until a set ends), and why they
    could not be read, if so."""
    token = current_token()
    try:
        kept = MISTAKES.read(token, lambda: OwnMistakes(store()).mine(token))
    except StoreUnavailable as error:
        return {}, error.message
    return {mistake.id: mistake for mistake in kept}, None


def why_chosen(mistake: KeptMistake, now: datetime) -> str:
    """ "You played the ace of spades here yesterday" ("... in a guided hand ..."): the
    line under its puzzle."""
    position = mistake.position
    where = "in a guided hand" if position.source == "guided" else "here"
    when = ago(now - position.made_at)
    line = f"You {chosen_words(position.chosen)} {where} {when}"
    return line if len(line) <= WHY_MOST else f"Your choice {where} {when}"


def due_numbers(kept: dict[int, KeptMistake], now: datetime | None = None) -> list[tuple[int, str]]:
    """The due positions' numbers at ``now`` (else the clock), most due first, each with
    why it comes back."""
    now = now or clock()
    order = due_first([(number, m.memory) for number, m in kept.items()], now)
    return [(number, why_chosen(kept[number], now)) for number in order]


def mistake_question(mistake: KeptMistake) -> Question | None:
    """The position's puzzle, or None if it can no longer be set up."""
    position = mistake.position
    try:
        if position.source == "guided":
            return guided_puzzle(position.advice, position.step, position.chosen)
        return puzzle(position.hand, position.step, position.seat, position.advice, position.chosen)
    except PuzzleError:
        return None


@dataclass(frozen=True)
class LadderRecorder:
    """Keeps each answer as ``inner`` does, then moves an own position (``numbers[i]``
    for question ``i``; None for another kind of question) on its ladder."""

    inner: AnswerRecorder
    numbers: tuple[int | None, ...]

    def __call__(
        self,
        session: MutableMapping,
        key: str,
        question: Question,
        before: QuizState,
        after: QuizState,
    ) -> QuizState:
        after = self.inner(session, key, question, before, after)
        index = before.showing
        number = self.numbers[index] if index < len(self.numbers) else None
        if number is None or after.feedback is None or self.inner.store is None:
            return after
        try:
            OwnMistakes(self.inner.store).answer(
                self.inner.token, number, after.feedback.correct, clock()
            )
        except (StoreUnavailable, MistakeError) as error:
            return replace(after, unsaved=getattr(error, "message", str(error)))
        return after

    def moved_on(self, state: QuizState) -> None:
        self.inner.moved_on(state)


def ladder_recorder(
    numbers: Sequence[int | None], skills: Sequence[str], seeds: Sequence[int], lessons
) -> LadderRecorder:
    return LadderRecorder(
        recorder("practise", skills=tuple(skills), seeds=tuple(seeds), lessons=tuple(lessons)),
        tuple(numbers),
    )


def mistakes_quiz_id(planned_at: str, numbers: Sequence[int]) -> str:
    """The quiz of these positions planned at that moment: each set starts afresh."""
    text = repr((planned_at, tuple(numbers)))
    return "mistakes:" + hashlib.sha256(text.encode()).hexdigest()[:12]


def new_mistakes_set() -> None:
    """The next set is planned from the store again (the answers moved the ladder)."""
    MISTAKES.forget()
    MISTAKES_SET.forget()


def show_mistakes(head) -> None:
    """ "Your mistakes": the due positions from the learner's own games, most due first
    (at most a set's length), each a puzzle; ``head`` is the room beside the mode switch."""
    kept, problem = kept_positions()
    if problem:
        unsaved_warning(problem)
    now = clock()
    # planned once a set: a position falling due meanwhile waits for the next set
    planned_at, due = MISTAKES_SET.read(
        current_token(), lambda: (now.isoformat(), due_numbers(kept, now)[:SET_LENGTH])
    )
    open_count = sum(1 for m in kept.values() if not m.retired)
    head.markdown(
        "**Your mistakes:** positions from your games where the review found a mistake. "
        "Each comes back until you get it right on later days."
    )
    asked = [
        (n, why, q) for n, why in due if n in kept and (q := mistake_question(kept[n])) is not None
    ]
    if not asked:
        if not kept:
            st.info(
                "No mistakes kept yet. Play a game: when the review finds a mistake or a "
                "blunder of yours, that position comes back here as a puzzle.",
                icon=":material/playing_cards:",
            )
        else:
            upcoming = min((m.memory.due_at for m in kept.values() if not m.retired), default=None)
            when = f" The next one is due {upcoming:%A at %H:%M} (UTC)." if upcoming else ""
            st.success(
                f"Nothing due now: {open_count} position{'s' if open_count != 1 else ''} "
                f"still learning, {len(kept) - open_count} retired.{when}",
                icon=":material/check_circle:",
            )
        return
    numbers = tuple(n for n, _, _ in asked)
    quiz_id = mistakes_quiz_id(planned_at, numbers)
    run = run_quiz(
        quiz_id,
        tuple(q for _, _, q in asked),
        recorder=ladder_recorder(
            numbers,
            [OWN_MISTAKE] * len(numbers),
            numbers,
            [MISTAKES_LABEL] * len(numbers),
        ),
        note=lambda index: asked[index][1],
        on_finished=lambda _run: MISTAKES.forget(),  # the counts below read afresh
    )
    st.caption(
        f"{open_count} of your positions are still learning; {len(kept) - open_count} "
        "retired. A miss brings a position back soon; right answers on later days retire it."
    )
    if run.finished:
        st.button(
            "Check for more",
            key="practise-mistakes-more",
            type="primary",
            on_click=new_mistakes_set,
        )
