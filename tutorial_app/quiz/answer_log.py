"""Every judged answer goes to the progress store before its verdict is shown.

A page installs an ``AnswerRecorder`` beside a quiz (``install``); the quiz's clicks
(``widgets.quiz_state.on_click`` / ``on_points``) call it when an answer is judged. It
saves the answer (lesson or topic, item kind, generator, seed, the answer, right or
wrong, the time taken since the question was shown) in one committed transaction, and
for a lesson quiz the store's quiz run and the quiz's place. When the store cannot be
used the answer is still judged, and the state says why it was not saved.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any, Protocol

from lessons.quiz import Question
from tutorial_app.learner import answer_clock
from tutorial_app.quiz.position import position_of
from tutorial_app.quiz.state import QuizState, recorder_key
from tutorial_app.store import Store, StoreUnavailable

# Session key prefix: the answer clock of the quiz named by the rest of the key.
ANSWER_CLOCK = "answer-clock:"


def _ask(state: QuizState) -> tuple[int, int]:
    """Which ask is on screen: the question, and how many answers came before it."""
    return state.showing, len(state.run.answered) + state.run.misses


def note_shown(session: MutableMapping, key: str, state: QuizState) -> None:
    """Remember when the question on screen was first shown (the quiz view calls this
    on every run; only a new ask starts the clock)."""
    answer_clock.start(session, ANSWER_CLOCK + key, _ask(state))


def time_taken_ms(session: MutableMapping, key: str, state: QuizState) -> int | None:
    return answer_clock.taken_ms(session, ANSWER_CLOCK + key, _ask(state))


class Recorder(Protocol):
    """What a quiz calls with each judged answer: keeps it, returns the state to show;
    and, when the learner goes on from a verdict, ``moved_on`` with the new state."""

    def __call__(
        self,
        session: MutableMapping,
        key: str,
        question: Question,
        before: QuizState,
        after: QuizState,
    ) -> QuizState: ...

    def moved_on(self, state: QuizState) -> None: ...


@dataclass(frozen=True)
class AnswerRecorder:
    """Where one quiz's answers go. ``lessons``, ``skills`` and ``seeds``, when given, hold
    one value per question (its Practise topic, its generator, its own seed); else
    ``lesson``, the question's ``source`` (a checker or curated item) and ``seed``.
    ``quiz_length`` set: a lesson quiz, whose answers form a quiz run in the store.
    ``position`` set: the quiz's place is kept under that name after every answer, with
    ``place_with`` beside it (what the quiz is, e.g. a Practise set's topics and rules:
    ``resume.resumed`` resumes only a quiz that matches it)."""

    store: Store | None
    problem: str | None  # why the store cannot be used (when ``store`` is None)
    token: str
    lesson: str
    seed: int | None = None
    lessons: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    seeds: tuple[int, ...] = ()
    quiz_length: int | None = None
    position: str | None = None
    place_with: Mapping[str, Any] | None = None
    keep_finished: bool = False  # a finished run stays kept: a reload shows its result

    def __call__(
        self,
        session: MutableMapping,
        key: str,
        question: Question,
        before: QuizState,
        after: QuizState,
    ) -> QuizState:
        if self.store is None:
            return replace(after, unsaved=self.problem)
        index = before.showing
        lesson = self.lessons[index] if index < len(self.lessons) else self.lesson
        seed = self.seeds[index] if index < len(self.seeds) else self.seed
        skill = self.skills[index] if index < len(self.skills) else question.source
        run = after.store_run
        assert after.feedback is not None  # an answer is recorded once judged
        try:
            if self.quiz_length is not None and run is None:
                run = self.store.start_quiz_run(
                    self.token, self.lesson, self.seed, self.quiz_length
                )
            self.store.record_answer(
                self.token,
                lesson=lesson,
                item_kind=question.kind.value,
                generator=skill or "unnamed",
                seed=seed,
                answer=",".join(after.response or ()),
                correct=after.feedback.correct,
                time_taken_ms=time_taken_ms(session, key, before),
                quiz_run=run,
            )
            after = replace(after, store_run=run, unsaved=None)
            if self.position is not None and self.seed is not None:
                if after.run.finished and not self.keep_finished:
                    self.store.clear_quiz_position(self.token, self.position)
                else:
                    self._keep_place(after)
        except StoreUnavailable as error:
            return replace(after, store_run=run, unsaved=error.message)
        except ValueError as error:  # a field the store refuses: judged, not kept
            return replace(after, store_run=run, unsaved=str(error))
        return after

    def moved_on(self, state: QuizState) -> None:
        """The learner went on from a verdict: the place kept loses the answer on screen,
        so a reload opens the question now showing, not the verdict read. Best effort:
        if the store cannot keep it, a reload shows that verdict again, nothing worse."""
        if self.store is None or self.position is None or self.seed is None:
            return
        if state.run.finished and not self.keep_finished:
            return  # its place was cleared when it finished
        with suppress(StoreUnavailable, ValueError):
            self._keep_place(state)

    def _keep_place(self, state: QuizState) -> None:
        """Save the quiz's place (and what the quiz is, ``place_with``) for ``state``."""
        assert self.store is not None and self.position is not None and self.seed is not None
        self.store.save_quiz_position(
            self.token, self.position, self.seed, {**position_of(state), **(self.place_with or {})}
        )


def install(session: MutableMapping, key: str, recorder: Recorder) -> None:
    """Put ``recorder`` beside the quiz kept at ``session[key]`` (every run: the token or
    the store may have changed since the last)."""
    session[recorder_key(key)] = recorder


def recorder(lesson: str, **fields) -> AnswerRecorder:
    """A recorder for this learner and the process's store (see ``AnswerRecorder``)."""
    from tutorial_app.learner.current import current_token, store_or_problem

    found, problem = store_or_problem()
    return AnswerRecorder(found, problem, current_token(), lesson, **fields)
