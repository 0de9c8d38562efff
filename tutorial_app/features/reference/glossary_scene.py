"""A glossary term on the card table: the model the card-table component draws for it.

Every fact comes from the engine: which card is a bower (``card_role``), what a card
is (``describe_card``), who won a trick and why (``explain_trick``), what a hand
scored (``explain_result``), who picks up, who the makers are, why a card may not be
played. The term only says which cards or which hand to show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import (
    Action,
    Card,
    HandRecord,
    HandState,
    Phase,
    Seat,
    Trick,
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
from engine.legality import illegal_action_error
from lessons.glossary import Term
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.model_types import CardsModel, TableModel
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message

__all__ = ["term_model"]


def term_model(term: Term) -> TableModel | CardsModel:
    """The card-table model showing ``term``; raises ValueError for an unknown show."""
    draw: dict[str, Callable[[Term], TableModel | CardsModel]] = {
        "cards": _cards,
        "trick": _trick,
        "hand": _hand,
        "table": _table,
        "next": _next,
    }
    if term.show not in draw:
        raise ValueError(f"a glossary term is shown as one of {', '.join(draw)}, not {term.show!r}")
    return draw[term.show](term)


def _record(term: Term) -> HandRecord:
    """The term's scenario: every picture but "cards" and "next" draws one."""
    if term.record is None:
        raise ValueError(f"{term.name}: this picture needs a scenario")
    return term.record


def cards_label(term: Term) -> str:
    """The name of the term's cards: each table on the glossary has its own."""
    return f"Cards for “{term.name}”"


def _cards(term: Term) -> CardsModel:
    notes: dict[Card | str, str] = {card: card_role(card, term.trump) for card in term.cards}
    words = " ".join(describe_card(card, term.trump) for card in term.focus)
    return cards_model(
        term.cards,
        trump=term.trump,
        notes=notes,
        message=table_message(words or None),
        label=cards_label(term),
    )


def _trick(term: Term) -> CardsModel:
    state = _record(term).replay()
    trick = state.tricks[0]
    leader, led = trick.cards[0]
    return cards_model(
        trick=trick.cards,
        winner=trick.winner,
        trump=state.trump_suit,
        message=table_message(
            explain_trick(trick, state.trump_suit), title=f"{leader.word} leads {led.the_name}."
        ),
        label=cards_label(term),
    )


def _winner(trick: Trick) -> Seat:
    assert trick.winner is not None  # a finished trick has a winner
    return trick.winner


def _hand(term: Term) -> CardsModel:
    state = _record(term).replay()
    # The winning card is marked; the heading says who led and who won.
    rows: list[tuple[str, Sequence[Card], Sequence[str | None]]] = [
        (
            f"Trick {number}, {trick.leader.word} led: {_winner(trick).word} wins",
            [card for _, card in trick.cards],
            [f"{seat.word} wins" if seat is trick.winner else None for seat, _ in trick.cards],
        )
        for number, trick in enumerate(state.tricks, 1)
    ]
    return cards_model(
        rows=rows,
        trump=state.trump_suit,
        message=table_message(explain_result(state), "success"),
        label=cards_label(term),
        title="The whole hand, trick by trick",
    )


def _states(term: Term) -> tuple[HandState, HandState]:
    """(before the last action applied, after it): the first ``term.at`` actions."""
    actions = _record(term).actions[: term.at] if term.at is not None else _record(term).actions
    state = before = _record(term).start()
    for seat, action in actions:
        before, state = state, apply(state, action, seat)
    return before, state


def _table(term: Term) -> TableModel:
    before, state = _states(term)
    marks: dict[Card | str, str | tuple[str, str]] | None = None
    tone = "info"
    if term.refuse is not None:
        state = _where_refused(term, term.refuse)
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
        _, last = (
            _record(term).actions[: term.at] if term.at is not None else _record(term).actions
        )[-1]
        words = explain_action(before, last)
    options = TableOptions(
        keep_bidding=True,
        cards_clickable=False,
        actions=(),
        marks=marks or {},
        message=table_message(words, tone),
    )
    return table_model(state, options)


def _where_refused(term: Term, refuse: Card) -> HandState:
    """The first position of the record where the holder of ``refuse`` is to play
    and the engine does not allow it; raises ValueError if there is none."""
    state = _record(term).start()
    for seat, action in _record(term).actions:
        if (
            state.phase is Phase.PLAY
            and state.turn is not None
            and refuse in state.hands[state.turn.index]
            and Action.play(refuse) not in legal_actions(state)
        ):
            return state
        state = apply(state, action, seat)
    raise ValueError(f"{term.name}: {refuse.name} is never refused in this hand")


def _next(term: Term) -> CardsModel:
    down = term.turned_down
    if down is None or down.suit is None:
        raise ValueError(f"{term.name}: this picture needs the suit turned down")
    turned = down.suit
    following = turned.same_colour
    suit_cards = sort_hand([card for card in deck() if card.suit is following], None)
    rows: list[tuple[str, Sequence[Card], Sequence[str | None]]] = [
        (f"Turned down: {turned.plural}", [down], ["turned down"]),
        (f"Next: {following.plural}, the same colour", suit_cards, []),
    ]
    words = (
        f"{down.the_name[0].upper()}{down.the_name[1:]} was "
        f"turned down, so {turned.plural} cannot be trump this hand. "
        f"{following.plural[0].upper()}{following.plural[1:]} are next."
    )
    return cards_model(rows=rows, message=table_message(words), label=cards_label(term))
