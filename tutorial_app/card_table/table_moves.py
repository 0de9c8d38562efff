"""What a click on the card table asks of the engine: the Action to apply, or the
engine's sentence saying why not.

The table sends back a card code ("JH") or a choice id ("order_up", "call-H"); every
page's callback hands it, as a ``Click``, to ``decide_click``: no hand to move on, and
the page's own sentence says so; else ``decide_card`` or ``decide_action`` try it with
``engine.apply`` for the seat that clicked. Nothing here knows a rule: a refusal is
the ``IllegalActionError`` sentence the engine wrote.

>>> from engine import Action, Suit
>>> action_id(Action.call(Suit.HEARTS)), action_from_id("call-H")
('call-H', Action.call(Suit.HEARTS))
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from engine import (
    Action,
    Do,
    HandState,
    IllegalActionError,
    NotationError,
    Phase,
    Reason,
    Seat,
    apply,
    parse_card,
    refusal_to,
)

__all__ = [
    "Click",
    "Decision",
    "action_from_id",
    "action_id",
    "decide_action",
    "decide_card",
    "decide_click",
]


class Click(NamedTuple):
    """What the table sent: a ``card`` code ("JH") or an ``action`` id ("call-H")."""

    kind: Literal["card", "action"]
    value: str


class Decision(NamedTuple):
    """A click, judged by the engine: ``action`` to apply, or ``refusal`` (and ``reason``).
    ``asked`` is the action the click named, allowed or not (None if it named none)."""

    action: Action | None
    refusal: str | None = None
    reason: Reason | None = None
    asked: Action | None = None

    @property
    def ok(self) -> bool:
        return self.action is not None


def action_id(action: Action) -> str:
    """A short id for a choice, safe in HTML and URLs: 'pass', 'call-H', 'play-JD'."""
    if action.card is not None:
        return f"{action.do.value}-{action.card.code}"
    if action.suit is not None:
        return f"{action.do.value}-{action.suit.letter}"
    return action.do.value


def action_from_id(text: str) -> Action:
    """The action an id names; raises NotationError naming the id if it names none."""
    if not isinstance(text, str):
        raise NotationError(f"a choice is named by text like 'pass', not {text!r}")
    do, _, rest = text.partition("-")
    data = {"do": do}
    if rest:
        data["card" if do in (Do.PLAY.value, Do.DISCARD.value) else "suit"] = rest
    try:
        return Action.from_dict(data)
    except NotationError as error:
        raise NotationError(f"{text!r} is not a choice: {error}") from None


def decide_click(
    state: HandState | None, click: Click, *, over: str, seat: Seat | None = None
) -> Decision:
    """The one decision for a click on a hand's table: refused with ``over`` when there is
    no hand or nobody is to act (the hand is over); else the card or choice tried for
    ``seat`` (default: the seat to act). A ``seat`` given is the clicking player's own, so
    a refusal is said to them ("You must follow ..."); a teacher acting for every seat
    reads it by the seat's name.

    >>> from engine import Rules, Seat, random_hand
    >>> decide_click(None, Click("action", "pass"), over="Deal a hand first.").refusal
    'Deal a hand first.'
    >>> state = random_hand(Rules(), Seat.W, 1)  # North, left of the dealer, bids first
    >>> decide_click(state, Click("action", "pass"), over="").action
    Action.PASS
    >>> decide_click(state, Click("action", "pass"), over="", seat=Seat.S).reason
    <Reason.NOT_YOUR_TURN: 'NOT_YOUR_TURN'>
    """
    if state is None or state.turn is None:
        return Decision(None, over)
    you = seat is not None
    chooser = seat or state.turn
    if click.kind == "card":
        return decide_card(state, chooser, click.value, you)
    return decide_action(state, chooser, click.value, you)


def decide_card(state: HandState, seat: Seat, code: str, you: bool = False) -> Decision:
    """A click on a card of ``seat``'s hand: playing it, or discarding it when the dealer
    must discard. Returns the Action if the engine accepts it, else its refusal (said to
    the seat's player with ``you``)."""
    try:
        card = parse_card(code)
    except NotationError as error:
        return Decision(None, str(error), None)
    action = Action.discard(card) if state.phase is Phase.DISCARD else Action.play(card)
    return _tried(state, seat, action, you)


def decide_action(state: HandState, seat: Seat, ident: str, you: bool = False) -> Decision:
    """A click on a labelled choice ('order_up', 'call-H', ...), judged the same way."""
    try:
        action = action_from_id(ident)
    except NotationError as error:
        return Decision(None, str(error), None)
    return _tried(state, seat, action, you)


def _tried(state: HandState, seat: Seat, action: Action, you: bool) -> Decision:
    try:
        apply(state, action, seat)
    except IllegalActionError as error:
        said = refusal_to(state, action, seat) if you else error
        assert said is not None  # the engine refused it: said to the seat, it refuses it too
        return Decision(None, naming_the_card(said.message, action, you), error.reason, action)
    return Decision(action, asked=action)


def naming_the_card(refusal: str, action: Action, you: bool = False) -> str:
    """The engine's refusal of a card, opening with the card when the sentence does not
    name it: the player sees which click was refused, not only the rule.

    >>> from engine import parse_card
    >>> naming_the_card("South must follow hearts and holds the ace of hearts.",
    ...                 Action.play(parse_card("9C")))
    'The nine of clubs may not be played: South must follow hearts and holds the ace of hearts.'
    >>> naming_the_card("You must follow hearts: you hold the ace of hearts.",
    ...                 Action.play(parse_card("9C")), you=True)
    'You may not play the nine of clubs. You must follow hearts: you hold the ace of hearts.'
    >>> naming_the_card("South does not hold the nine of clubs.", Action.play(parse_card("9C")))
    'South does not hold the nine of clubs.'
    """
    card = action.card
    if card is None or card.the_name in refusal:
        return refusal
    discard = action.do is Do.DISCARD
    if you:
        return f"You may not {'discard' if discard else 'play'} {card.the_name}. {refusal}"
    verb = "discarded" if discard else "played"
    return f"{card.the_name[:1].upper()}{card.the_name[1:]} may not be {verb}: {refusal}"
