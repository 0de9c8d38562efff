"""Playing a guided hand: a frozen ``GuidedRun`` that the learner's choices advance.

The script moves the other seats (and South's moves that teach nothing) up to the
learner's next key decision. At a key decision the learner's choice is judged:

- a choice the engine refuses: the engine's own sentence; try again;
- a legal choice that is not right: the coach's explanation of why another is better;
  try again;
- a right choice: applied, the coach's one-line why, and the script runs on.

Every wrong try counts once: a choice already tried (marked ✗ on the table) and chosen
again shows its reason again but is no new miss. Stars as in the quizzes
(``lessons.progress.STAR_LIMITS``): no wrong try gives three. No Streamlit here.

>>> from lessons.guided import load_guided
>>> run = GuidedRun.start(load_guided()[0])
>>> run.finished, run.decision is not None
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from engine import (
    Action,
    HandState,
    IllegalActionError,
    Reason,
    Seat,
    apply,
    legal_actions,
    refusal_to,
)
from lessons.guided import LEARNER, GuidedHand, KeyDecision
from lessons.progress import STAR_LIMITS

OVER = "The hand is over: start it again to play it once more."  # a click after the end


class Verdict(Enum):
    REFUSED = "refused"  # the engine does not allow it
    WORSE = "worse"  # allowed, but the coach explains why another choice is better
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner's last choice earned, and the words to show."""

    verdict: Verdict
    choice: Action
    text: str
    reason: Reason | None = None  # the engine's reason, for a refused choice


@dataclass(frozen=True, slots=True)
class GuidedRun:
    """Where the learner is in a guided hand.

    ``position`` counts the script's moves taken; ``answered`` the key decisions done;
    ``tried`` holds the wrong choices at the current decision; ``since`` is how many
    actions the hand held when the learner last chose right (what came after is news).
    """

    hand: GuidedHand
    state: HandState
    position: int = 0
    answered: int = 0
    misses: int = 0
    tried: tuple[Action, ...] = ()
    feedback: Feedback | None = None
    since: int = 0

    @classmethod
    def start(cls, hand: GuidedHand) -> GuidedRun:
        """The hand dealt and scripted up to the learner's first key decision."""
        return _run_script(cls(hand, hand.start()))

    @property
    def decision(self) -> KeyDecision | None:
        """The key decision the learner faces now, or None once the script is done."""
        return None if self.finished else self.hand.decisions[self.answered]

    @property
    def finished(self) -> bool:
        return self.answered == len(self.hand.decisions) and self.position == len(self.hand.moves)

    @property
    def stars(self) -> int:
        """0 until the hand is finished; then 3, 2 or 1 by the number of wrong tries."""
        if not self.finished:
            return 0
        return next((stars for most, stars in STAR_LIMITS if self.misses <= most), 1)

    def choose(self, action: Action) -> GuidedRun:
        """The run after the learner's choice at the current key decision."""
        decision = self.decision
        if decision is None:
            return replace(
                self,
                feedback=Feedback(
                    Verdict.REFUSED,
                    action,
                    OVER,
                ),
            )
        try:
            after = apply(self.state, action, LEARNER)
        except IllegalActionError as error:
            said = refusal_to(self.state, action, LEARNER) or error  # to the learner: "You must"
            return self._missed(Feedback(Verdict.REFUSED, action, said.message, error.reason))
        if action not in decision.right:
            return self._missed(Feedback(Verdict.WORSE, action, decision.says(action)))
        run = replace(
            self,
            state=after,
            position=self.position + 1,
            answered=self.answered + 1,
            tried=(),
            feedback=Feedback(Verdict.RIGHT, action, decision.why),
            since=len(self.state.actions),
        )
        return _run_script(run)

    def _missed(self, feedback: Feedback) -> GuidedRun:
        if feedback.choice in self.tried:  # marked ✗ already: said again, not counted again
            return replace(self, feedback=feedback)
        return replace(
            self, misses=self.misses + 1, tried=self.tried + (feedback.choice,), feedback=feedback
        )

    def news(self) -> tuple[tuple[Seat, Action], ...]:
        """The (seat, action) moves since the learner last chose right: theirs and the
        script's after it."""
        return self.state.actions[self.since :]


def _run_script(run: GuidedRun) -> GuidedRun:
    """The script's moves taken up to the next ``S ?`` or the end."""
    state, position = run.state, run.position
    moves = run.hand.moves
    while position < len(moves) and (move := moves[position]) is not None:
        seat, action = move
        state = apply(state, action, seat)  # the loader replayed it: it is legal
        position += 1
    return replace(run, state=state, position=position)


def choices_offered(state: HandState) -> tuple[Action, ...]:
    """The buttons a guided table shows in the bidding: every choice of the phase, the
    illegal ones too (the turned-down suit, a stuck dealer's pass, playing with partner
    after a Canadian order-up), so the learner may try one and hear the engine's reason."""
    from engine import NO_TRUMP, Do, Phase, Suit

    phase = state.phase
    if phase is Phase.BID1:
        return (Action.ORDER_UP, Action.PASS)
    if phase is Phase.BID2:
        calls = [Action.call(suit) for suit in Suit]
        if state.rules.no_trump:
            calls.append(Action.call(NO_TRUMP))
        return (*calls, Action.PASS)
    if phase is Phase.ALONE:
        other = Action.WITH_PARTNER if state.rules.alone_decision == "maker" else Action.PASS
        return (Action.ALONE, other)
    if phase is Phase.DEFEND_ALONE:
        return (Action.ALONE, Action.PASS)
    if phase is Phase.NAME_TRUMP:
        return tuple(Action.name_trump(suit) for suit in Suit)
    return tuple(a for a in legal_actions(state) if a.do not in (Do.PLAY, Do.DISCARD))
