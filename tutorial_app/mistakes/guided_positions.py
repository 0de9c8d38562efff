"""A wrong try in a guided hand, kept as a position and asked again: the table at that
decision, the same choices the guided table offers, judged as the guided hand judges
them (its right choices; the coach's words, or the engine's for a card it refuses).
The hand's id and the decision's number say everything: ``advice`` is
"guided:<hand id>:<decision number>"."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from engine import HandRecord, IllegalActionError, Phase, apply, refusal_to
from lessons.checkers import trump_words
from lessons.guided import LEARNER, load_guided
from lessons.guided_run import GuidedRun, Verdict, choices_offered
from lessons.quiz import Kind, Option, Question, Scene
from tutorial_app.card_table.move_words import choice_label
from tutorial_app.mistakes.puzzles import CARD_PHASES, OWN_MISTAKE, PuzzleError, action_key
from tutorial_app.mistakes.words import chosen_action
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import MISTAKE_WHY_MAX, NewMistake

__all__ = ["GUIDED_PREFIX", "guided_puzzle", "wrong_try"]

GUIDED_PREFIX = "guided:"


def wrong_try(before: GuidedRun, after: GuidedRun, made_at: datetime) -> NewMistake | None:
    """The position a new wrong try (``after`` counts one more miss than ``before``)
    leaves to practise, or None when the click was no new wrong try."""
    feedback = after.feedback
    decision = before.decision
    if after.misses <= before.misses or feedback is None or decision is None:
        return None
    if feedback.verdict not in (Verdict.WORSE, Verdict.REFUSED):
        return None
    state = before.state
    hand = before.hand
    return NewMistake(
        "guided",
        f"guided.{hand.id}"[:80],
        encode_hand(HandRecord.from_state(state)),
        len(state.actions),
        LEARNER.value,
        state.phase.value,
        str(feedback.choice),
        str(decision.right[0]),
        "wrong try",
        0.0,
        feedback.text[:MISTAKE_WHY_MAX],
        f"{GUIDED_PREFIX}{hand.id}:{before.answered}"[:80],
        made_at,
    )


@lru_cache(maxsize=64)
def guided_puzzle(advice: str, step: int, chosen: str) -> Question:
    """The puzzle of a guided wrong try kept with ``advice`` ("guided:<id>:<n>") at
    ``step``; raises PuzzleError if the hand is gone or no longer has that decision."""
    hand_id, _, number = advice.removeprefix(GUIDED_PREFIX).rpartition(":")
    hands = {hand.id: hand for hand in load_guided()}
    if hand_id not in hands or not number.isdigit():
        raise PuzzleError(f"the guided hand {hand_id[:40]!r} is not one of the app's now")
    run = GuidedRun.start(hands[hand_id])
    for _ in range(int(number)):
        if run.decision is None:
            break
        run = run.choose(run.decision.right[0])
    decision, state = run.decision, run.state
    if decision is None or len(state.actions) != step:
        raise PuzzleError(f"the guided hand {hand_id!r} has changed since this try")
    if state.phase in CARD_PHASES:
        options = tuple(Option(card.code, card.name, card) for card in state.hand_of(LEARNER))
    else:
        options = tuple(Option(action_key(a), choice_label(a)) for a in choices_offered(state))
    said = ""
    taken = chosen_action(chosen)
    if taken is not None:
        try:
            apply(state, taken, LEARNER)
            words = decision.says(taken)
        except IllegalActionError as error:
            refusal = refusal_to(state, taken, LEARNER) or error  # as the guided hand said it
            words = refusal.message
            if words.startswith("You "):  # it follows "you chose …:"
                words = "you " + words[4:]
        said = f" In the guided hand you chose {choice_label(taken)}: {words}".rstrip(": ")
    asked = "which card is best?" if state.phase is Phase.PLAY else "what is best here?"
    return Question(
        Kind.SINGLE,
        f"{trump_words(state.trump) + ' ' if state.phase in CARD_PHASES else ''}From a guided "
        f"hand you tried: {asked}",
        options,
        (action_key(decision.right[0]),),
        decision.why + said,
        Scene(record=HandRecord.from_state(state), trump=state.trump),
        OWN_MISTAKE,
        also_right=tuple(action_key(a) for a in decision.right[1:]),
    )
