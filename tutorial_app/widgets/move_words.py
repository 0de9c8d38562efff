"""Actions in players' words ("West picks it up", "North calls hearts"), without Streamlit,
so pure modules (the Play session's log) and the drawing widgets say moves the same way.

>>> from engine import Action, Rules, Seat, random_hand
>>> state = random_hand(Rules(), Seat.W, 1)
>>> action_words(Seat.N, Action.PASS, state)
'North passes'
"""

from __future__ import annotations

from engine import Do, HandState, Phase, Seat

__all__ = ["ACTION_WORDS", "action_words", "choice_label"]

ACTION_WORDS = {
    Do.PASS: "passes",
    Do.ORDER_UP: "orders it up",
    Do.ALONE: "goes alone",
    Do.WITH_PARTNER: "plays with partner",
    Do.DISCARD: "discards",
}


def action_words(seat: Seat, action, before: HandState) -> str:
    """'West picks it up', 'North calls hearts', 'East defends alone': an action as
    players say it; ``before`` is the state the action was taken in."""
    if action.do is Do.ORDER_UP and seat is before.dealer:
        return f"{seat.word} (dealer) picks it up"
    if action.do is Do.PASS and before.phase is Phase.ALONE:
        return f"{seat.word} does not go alone"
    if action.do is Do.PASS and before.phase is Phase.DEFEND_ALONE:
        return f"{seat.word} does not defend alone"
    if action.do is Do.ALONE and before.makers is not None and seat.team is not before.makers:
        return f"{seat.word} defends alone"
    if action.do is Do.CALL:
        return f"{seat.word} calls {action.suit.plural}"
    if action.do is Do.NAME:
        return f"{seat.word} names {action.suit.plural}"
    if action.do is Do.PLAY:
        return f"{seat.word} plays {action.card.the_name}"
    if action.do is Do.DISCARD:
        return f"{seat.word} discards a card face down"
    return f"{seat.word} {ACTION_WORDS[action.do]}"


def choice_label(action) -> str:
    """A short label for an action in a list of choices: 'Order up', 'Call ♥ hearts',
    'Play JD'."""
    if action.card is not None:
        return f"{action.do.value.capitalize()} {action.card.label}"
    if action.suit is not None:
        symbol = getattr(action.suit, "symbol", "")
        return f"{action.do.value.capitalize()} {symbol} {action.suit.plural}".replace("  ", " ")
    return action.do.value.replace("_", " ").capitalize()
