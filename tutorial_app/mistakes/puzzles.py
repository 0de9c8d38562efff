"""A kept mistake asked again: the position from the learner's own seat (the table shows
only what that seat could see), the same choices, judged by the same seeded evaluation
as the review that found the mistake.

The best choice is the review's; any other choice the evaluation grades best or good
(it gives away at most 0.15 points) is right too. The reason is the engine's, and says
what the learner chose in the game and what it gave away.
"""

from __future__ import annotations

import random
from functools import lru_cache

from analysis import GradeName, classify, hint
from engine import Action, HandRecord, Phase, Seat, seat_view
from engine.errors import EuchreError
from lessons.checkers import trump_words
from lessons.quiz import Kind, Option, Question, Scene
from tutorial_app.card_table.move_words import choice_label
from tutorial_app.shell.hand_links import LinkError, decode_hand

__all__ = ["OWN_MISTAKE", "PuzzleError", "action_key", "puzzle"]

OWN_MISTAKE = "own_mistake"  # the skill a puzzle's answers are kept under
RIGHT_GRADES = (GradeName.BEST, GradeName.GOOD)
ASKED = {
    Phase.PLAY: "which card is best to play?",
    Phase.DISCARD: "which card is best to discard?",
}
CARD_PHASES = (Phase.PLAY, Phase.DISCARD)


class PuzzleError(ValueError):
    """A kept position that cannot be asked (a damaged hand code): the message says why."""


def action_key(action: Action) -> str:
    """An option's key: the card's code for a card, else "pass", "call-H", "alone"."""
    if action.card is not None:
        return action.card.code
    if action.suit is not None:
        return f"{action.do.value}-{action.suit.letter}"
    return action.do.value


@lru_cache(maxsize=256)
def puzzle(
    hand: str, step: int, seat: str, advice: str, chosen: str, samples: int | None = None
) -> Question:
    """The puzzle for the decision at ``step`` of the hand ``hand`` (a link code), taken
    by ``seat``, who chose ``chosen`` (an action as ``str(Action)`` writes it);
    ``advice`` seeds the evaluation (of ``samples`` worlds, as the review drew them).
    Raises PuzzleError."""
    try:
        record = decode_hand(hand)
        before = HandRecord(record.rules, record.deal, record.actions[:step])
        state = before.replay()
    except (LinkError, EuchreError) as error:
        raise PuzzleError(f"this position cannot be set up again: {error}") from None
    who = Seat(seat)
    view = seat_view(state, who)
    if state.turn is not who or not view.legal:
        raise PuzzleError(f"it is not {who.word}'s turn at move {step + 1} of this hand")
    advice_now = hint(view, random.Random(advice), samples)
    best_points = advice_now.best.points
    costs = {v.action: max(0.0, best_points - v.points) for v in advice_now.options}
    right = [a for a, cost in costs.items() if classify(cost) in RIGHT_GRADES]
    if view.phase in CARD_PHASES:
        options = tuple(Option(card.code, card.name, card) for card in view.hand)
    else:
        options = tuple(Option(action_key(a), choice_label(a)) for a in view.legal)
    taken = next((a for a in view.legal if str(a) == chosen), None)
    said = ""
    if taken is not None:
        said = (
            f" In your game you chose {choice_label(taken)}: it gives away about "
            f"{costs[taken]:.1f} point{'s' if round(costs[taken], 1) != 1 else ''} on average."
        )
    return Question(
        Kind.SINGLE,
        f"{trump_words(view.trump) + ' ' if view.phase in CARD_PHASES else ''}From your "
        f"own game: {ASKED.get(view.phase, 'what is the best choice?')}",
        options,
        (action_key(advice_now.recommended),),
        advice_now.explanation + said,
        Scene(record=before, trump=state.trump),
        OWN_MISTAKE,
        also_right=tuple(action_key(a) for a in right if a is not advice_now.recommended),
    )
