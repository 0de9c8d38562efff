"""Questions a teacher may ask about a built scenario: which cards may the seat to play
play, who wins the trick just finished, how many points the finished hand scores.

Each is a ``lessons.quiz.Question`` whose answer and reason come from the engine through
the checkers (``lessons.checkers``); this module only says which question fits which
table, and why another does not. A house rule that decides the answer (no first blood,
stick the dealer, loner starts last) is said in the question, in the quiz generators'
words (``lessons.generators.ask_saying_rules``).

>>> from engine import HandRecord, Rules, Seat, random_hand
>>> record = HandRecord.from_state(random_hand(Rules(), Seat.W, 1))
>>> ask_problem("legal", record)
'“Which cards may be played?” needs a card to be played next: add the moves up to it.'
"""

from __future__ import annotations

from engine import SEATS, HandRecord, Phase, explain_trick
from lessons.checkers import (
    hand_result_question,
    legal_plays_question,
    trick_winner_prompt,
    trick_winner_question,
)
from lessons.generators import ask_saying_rules
from lessons.quiz import Kind, Option, Question, Scene

__all__ = ["ASKS", "ask_problem", "scenario_question"]

# id (the link's ``ask=``) -> how the builder names the question
ASKS: dict[str, str] = {
    "legal": "Which cards may be played?",
    "trick": "Who wins this trick?",
    "points": "How many points?",
}


def ask_problem(ask: str, record: HandRecord) -> str | None:
    """Why question ``ask`` cannot be asked about ``record``'s table, or None if it can."""
    if ask not in ASKS:
        return f"There is no question {ask[:20]!r}: the questions are {', '.join(ASKS)}."
    state = record.replay()
    words = f"“{ASKS[ask]}”"
    if ask == "legal" and state.phase is not Phase.PLAY:
        return f"{words} needs a card to be played next: add the moves up to it."
    if ask == "trick" and not (
        state.tricks
        and not state.trick
        and record.actions
        and record.actions[-1][1].card is not None
    ):
        return f"{words} needs the moves to end with a trick's last card."
    if ask == "points" and (state.result is None or state.result.thrown_in):
        return f"{words} needs a hand played to its end (not thrown in)."
    return None


def scenario_question(ask: str, record: HandRecord) -> Question:
    """Question ``ask`` about ``record``; raises ValueError saying why it cannot be asked."""
    problem = ask_problem(ask, record)
    if problem:
        raise ValueError(problem)
    if ask == "legal":
        return ask_saying_rules(legal_plays_question, record)
    if ask == "points":
        return ask_saying_rules(hand_result_question, record)
    state = record.replay()
    trick = state.tricks[-1]
    if state.is_over:  # the last trick: no hand left to draw, the trick by seat
        return trick_winner_question(trick.cards, state.trump_suit)
    seats = {seat for seat, _ in trick.cards}
    assert trick.winner is not None  # a finished trick has a winner
    return Question(
        Kind.SINGLE,
        trick_winner_prompt(state.trump_suit, seats),
        tuple(Option(seat.value, seat.word) for seat in SEATS if seat in seats),
        (trick.winner.value,),
        explain_trick(trick, state.trump_suit),
        Scene(record=record, trump=state.trump, hide=frozenset({"turn", "winner"})),
        "scenario_trick",
    )
