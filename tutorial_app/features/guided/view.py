"""A guided hand on the card table: the table's model for a ``GuidedRun``, the clicks
that advance it, and the moves since the learner's last choice in players' words.

The learner's clicks go to ``lessons.guided_run``: the engine refuses what is illegal
(its sentence shows on the table), the coach explains a legal choice that is not the
best. Plain functions, so AppTest tests drive them directly (it cannot click inside
the component).
"""

from __future__ import annotations

from dataclasses import replace

from engine import (
    Action,
    Card,
    Do,
    Phase,
    Seat,
    apply,
    explain_result,
    explain_trick,
    new_hand,
)
from lessons.guided_run import OVER, Feedback, GuidedRun, Verdict, choices_offered
from tutorial_app.card_table.model_types import TableModel
from tutorial_app.card_table.move_words import action_words
from tutorial_app.card_table.table_model import coach_line, table_model
from tutorial_app.card_table.table_moves import Click, decide_click
from tutorial_app.card_table.table_options import Pace, TableOptions, table_message

__all__ = ["after_card", "after_choice", "guided_model", "news_words"]

YOU = Seat.S
TITLES = {
    Verdict.REFUSED: ("Not allowed.", "refusal"),
    Verdict.WORSE: ("Not the best choice.", "wrong"),
    Verdict.RIGHT: ("Right.", "right"),
}


def after_card(run: GuidedRun, code: str) -> GuidedRun:
    """A click on a card of the learner's hand: played, or discarded when discarding."""
    return _after(run, Click("card", code))


def after_choice(run: GuidedRun, ident: str) -> GuidedRun:
    """A click on a labelled choice ('order_up', 'call-H', ...)."""
    return _after(run, Click("action", ident))


def _after(run: GuidedRun, click: Click) -> GuidedRun:
    """The run judges the action the click named, allowed or not (a refusal is a miss);
    a click that names none, or comes once the hand is over, is only refused."""
    decision = decide_click(run.state, click, over=OVER, seat=YOU)
    if decision.asked is not None:
        return run.choose(decision.asked)
    assert decision.refusal is not None  # no action named: the click was refused
    return replace(run, feedback=Feedback(Verdict.REFUSED, Action.PASS, decision.refusal))


def _message(run: GuidedRun) -> tuple[str, str, str | None]:
    """(text, tone, title) for the strip under the cards."""
    feedback = run.feedback
    if run.finished:
        return explain_result(run.state), "success", "The hand is over."
    if feedback is None:  # the coach's line stands beside the table
        return coach_line(run.state, YOU), "info", "Your turn."
    title: str | None
    title, tone = TITLES[feedback.verdict]
    if feedback.verdict is Verdict.REFUSED:
        title = None  # the table itself heads a refusal "✗ Not allowed."
    text = feedback.text
    if feedback.verdict is not Verdict.RIGHT:
        text += " Try again."
    return text, tone, title


def guided_model(run: GuidedRun) -> TableModel:
    """The table from South's chair, the learner's choices as buttons (illegal ones too:
    the engine says why not), the wrong tries marked on the cards."""
    state = run.state
    deciding = run.decision is not None
    marks: dict[Card | str, str | tuple[str, str]] = {
        action.card: ("wrong", "tried")
        for action in run.tried
        if action.card is not None and action.card in state.hand_of(YOU)
    }
    text, tone, title = _message(run)
    offered = choices_offered(state) if deciding else ()
    options = TableOptions(
        bottom=YOU,
        hold_last_trick=True,
        keep_bidding=True,
        show_last_trick=True,
        # A card's role ("left bower") would answer the coach's question for the learner:
        # shown once they have tried, and between decisions.
        show_roles=not deciding or bool(run.tried),
        marks=marks,
        actions=tuple(offered),
        tried=frozenset(action for action in run.tried if action.card is None),
        cards_clickable=deciding and state.phase in (Phase.PLAY, Phase.DISCARD),
        message=table_message(text, tone, title),
        pace=arrival(run),
    )
    return table_model(state, options)


def arrival(run: GuidedRun) -> Pace:
    """The cards played since the learner last chose right (their card, then the other
    seats' up to the next decision or the end) arrive one by one, each finished trick
    held with its winner named: the hand's last tricks are seen, not skipped. The key
    names this arrival, so a rerun of the page does not play it again."""
    before = sum(1 for _, action in run.state.actions[: run.since] if action.do is Do.PLAY)
    return Pace(before, key=f"guided-{run.hand.id}-{len(run.state.actions)}")


def news_words(run: GuidedRun) -> list[str]:
    """The moves since the learner last chose right, and each trick they ended, in
    players' words: ['South (you) plays the nine of diamonds', 'Trick 1 goes to North. ...']."""
    state = new_hand(run.state.rules, run.state.deal)
    words = []
    for number, (seat, action) in enumerate(run.state.actions):
        after = apply(state, action, seat)
        if number >= run.since:
            said = action_words(seat, action, state)
            if seat is YOU:
                said = said.replace(seat.word, f"{seat.word} (you)", 1)
                if action.do is Do.DISCARD and action.card is not None:  # a discard's card
                    said = f"South (you) discards {action.card.the_name}, face down"
            words.append(said)
            if len(after.tricks) > len(state.tricks):
                trick = after.tricks[-1]
                assert trick.winner is not None  # a finished trick has a winner
                words.append(
                    f"Trick {len(after.tricks)} goes to {trick.winner.word}. "
                    f"{explain_trick(trick, after.trump_suit)}"
                )
        state = after
    return words
