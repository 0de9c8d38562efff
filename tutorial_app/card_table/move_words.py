"""Actions in players' words ("West picks it up", "North calls hearts"), without Streamlit,
so pure modules (the Play session's log) and the drawing widgets say moves the same way.

>>> from engine import Action, Rules, Seat, random_hand
>>> state = random_hand(Rules(), Seat.W, 1)
>>> action_words(Seat.N, Action.PASS, state)
'North passes'
"""

from __future__ import annotations

from engine import Action, Do, HandState, Phase, Seat, legal_actions

__all__ = ["ACTION_WORDS", "action_words", "choice_label", "turn_prompt"]

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
    if action.do is Do.WITH_PARTNER or (action.do is Do.PASS and before.phase is Phase.ALONE):
        # Not "plays with partner": the rule's sentence after it names the partner.
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


def turn_prompt(state: HandState, shown: list[Seat]) -> str:
    """What the seat to act does now, for the line under the table ("" once the hand is
    over). Bids are public: their buttons show whether or not the hand is face up."""
    seat = state.turn
    if seat is None:
        return ""
    name, phase = seat.word, state.phase
    if phase is Phase.BID1:
        verb = "pick up" if seat is state.dealer else "order up"
        return f"{name} to bid: {verb} {state.upcard.the_name}, or pass."
    if phase is Phase.BID2:
        assert state.upcard.suit is not None  # a turned-up Joker skips the bidding rounds
        turned = state.upcard.suit.plural
        stuck = Action.PASS not in legal_actions(state)  # the engine says if they may pass
        return (
            f"{name} is the dealer and stuck: call a suit other than {turned}."
            if stuck
            else f"{name} to bid: call a suit other than {turned}, or pass."
        )
    if phase is Phase.NAME_TRUMP:
        return f"{name} names the trump suit."
    if phase is Phase.ALONE:
        return f"{name} decides: go alone, or not?"
    if phase is Phase.DEFEND_ALONE:
        return f"{name} decides: defend alone, or not?"
    doing = {Phase.DISCARD: "discard", Phase.PLAY: "lead" if not state.trick else "play"}[phase]
    if seat not in shown:
        return (
            f"{name} to {doing}, but {name}'s cards are face down: turn them up "
            f"beside the table to choose one."
        )
    return f"{name} to {doing}: choose one of {name}'s cards."
