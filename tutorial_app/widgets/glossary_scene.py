"""A glossary term on the card table: the model the card-table component draws for it.

Every fact comes from the engine: which card is a bower (``card_role``), what a card
is (``describe_card``), who won a trick and why (``explain_trick``), what a hand
scored (``explain_result``), who picks up, who the makers are, why a card may not be
played. The term only says which cards or which hand to show.
"""

from __future__ import annotations

from engine import (
    Action,
    HandState,
    Phase,
    apply,
    card_role,
    deck,
    describe_card,
    explain_action,
    explain_makers,
    explain_pickup,
    explain_result,
    explain_trick,
    legal_actions,
    sort_hand,
)
from engine.explain import illegal_action_error
from lessons.glossary import Term
from tutorial_app.widgets.cards_model import cards_model
from tutorial_app.widgets.table_model import table_model

__all__ = ["term_model"]


def term_model(term: Term) -> dict:
    """The card-table model showing ``term``; raises ValueError for an unknown show."""
    draw = {"cards": _cards, "trick": _trick, "hand": _hand, "table": _table, "next": _next}
    if term.show not in draw:
        raise ValueError(f"a glossary term is shown as one of {', '.join(draw)}, not {term.show!r}")
    return draw[term.show](term)


def _label(term: Term) -> str:
    return f"Cards for “{term.name}”"


def _cards(term: Term) -> dict:
    notes = {card: card_role(card, term.trump) for card in term.cards}
    words = " ".join(describe_card(card, term.trump) for card in term.focus)
    return cards_model(
        term.cards, trump=term.trump, notes=notes, message=words or None, label=_label(term)
    )


def _trick(term: Term) -> dict:
    state = term.record.replay()
    trick = state.tricks[0]
    leader, led = trick.cards[0]
    return cards_model(
        trick=trick.cards,
        winner=trick.winner,
        trump=state.trump_suit,
        message=explain_trick(trick, state.trump_suit),
        message_title=f"{leader.word} leads {led.the_name}.",
        label=_label(term),
    )


def _hand(term: Term) -> dict:
    state = term.record.replay()
    # The winning card is marked; the heading says who led and who won.
    rows = [
        (
            f"Trick {number}, {trick.leader.word} led: {trick.winner.word} wins",
            [card for _, card in trick.cards],
            [f"{seat.word} wins" if seat is trick.winner else None for seat, _ in trick.cards],
        )
        for number, trick in enumerate(state.tricks, 1)
    ]
    return cards_model(
        rows=rows,
        trump=state.trump_suit,
        message=explain_result(state),
        message_tone="success",
        label=_label(term),
        title="The whole hand, trick by trick",
    )


def _states(term: Term) -> tuple[HandState, HandState]:
    """(before the last action applied, after it): the first ``term.at`` actions."""
    actions = term.record.actions[: term.at] if term.at is not None else term.record.actions
    state = before = term.record.start()
    for seat, action in actions:
        before, state = state, apply(state, action, seat)
    return before, state


def _table(term: Term) -> dict:
    before, state = _states(term)
    marks, tone = None, "info"
    if term.refuse is not None:
        state = _where_refused(term)
        words = illegal_action_error(state, Action.play(term.refuse)).message
        marks, tone = {term.refuse: ("wrong", "not allowed")}, "refusal"
    elif term.say == "deal":
        words = (
            f"{state.dealer.word} dealt five cards each and turned up "
            f"{state.upcard.the_name}: the upcard."
        )
    elif term.say == "pickup":
        words = explain_pickup(state)
    elif term.say == "makers":
        words = explain_makers(state)
    else:  # "last", the default: the engine's reason for the last action shown
        _, last = (term.record.actions[: term.at] if term.at is not None else term.record.actions)[
            -1
        ]
        words = explain_action(before, last)
    return table_model(
        state,
        keep_bidding=True,
        cards_clickable=False,
        actions=(),
        marks=marks,
        message=words,
        message_tone=tone,
    )


def _where_refused(term: Term) -> HandState:
    """The first position of the record where the holder of ``term.refuse`` is to play
    and the engine does not allow it; raises ValueError if there is none."""
    state = term.record.start()
    for seat, action in term.record.actions:
        if (
            state.phase is Phase.PLAY
            and term.refuse in state.hands[state.turn.index]
            and Action.play(term.refuse) not in legal_actions(state)
        ):
            return state
        state = apply(state, action, seat)
    raise ValueError(f"{term.name}: {term.refuse.name} is never refused in this hand")


def _next(term: Term) -> dict:
    turned = term.turned_down.suit
    following = turned.same_colour
    suit_cards = sort_hand([card for card in deck() if card.suit is following], None)
    rows = [
        (f"Turned down: {turned.plural}", [term.turned_down], ["turned down"]),
        (f"Next: {following.plural}, the same colour", suit_cards, []),
    ]
    words = (
        f"{term.turned_down.the_name[0].upper()}{term.turned_down.the_name[1:]} was "
        f"turned down, so {turned.plural} cannot be trump this hand. "
        f"{following.plural[0].upper()}{following.plural[1:]} are next."
    )
    return cards_model(rows=rows, message=words, label=_label(term))
