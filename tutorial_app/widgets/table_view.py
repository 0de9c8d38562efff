"""Draw a hand in progress as the learner (South) sees it: who dealt, the upcard,
the bidding so far, trump and makers, the trick on the table and South's cards.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from engine import SEATS, Do, HandState, Phase, Seat, apply, card_role, new_hand, sort_hand
from engine.svg import DEFAULT_WIDTH
from tutorial_app.widgets.cards import show_hand, show_trick
from tutorial_app.widgets.move_words import ACTION_WORDS, action_words  # noqa: F401 (re-exported)


def history_words(state: HandState) -> list[str]:
    """Every action of the hand so far in players' words (replayed to know each phase)."""
    words = []
    before = new_hand(state.rules, state.deal)
    for seat, action in state.actions:
        words.append(action_words(seat, action, before))
        before = apply(before, action, seat)
    return words


def action_label(action) -> str:
    """A short button label for an action: 'Order up', 'Call ♥ hearts', 'Play JD'."""
    if action.card is not None:
        return f"{action.do.value.capitalize()} {action.card.label}"
    if action.suit is not None:
        symbol = getattr(action.suit, "symbol", "")
        return f"{action.do.value.capitalize()} {symbol} {action.suit.plural}".replace("  ", " ")
    return action.do.value.replace("_", " ").capitalize()


def facts_line(state: HandState, hide: frozenset[str] = frozenset()) -> str:
    """One short line: dealer, trump and makers, lone players (less what is hidden)."""
    parts = [f"Dealer: **{state.dealer.word}**"]
    if state.trump is not None:
        parts.append(f"Trump: **{state.trump.plural}**")
        if "makers" not in hide:
            parts.append(f"Makers: **{state.makers.word}** ({state.maker.word} made it)")
    for seat in state.alone:
        parts.append(f"**{seat.word}** is alone" if "sitting_out" in hide else
                     f"**{seat.word}** is alone, **{seat.partner.word}** sits out")
    if state.tricks:
        parts.append(f"Tricks: North-South {state.tricks_won[0]}, "
                     f"East-West {state.tricks_won[1]}")
    return " · ".join(parts)


def show_bidding(state: HandState) -> None:
    """The bids so far, one line per seat, and the upcard while it matters."""
    bids = [(seat, a) for seat, a in state.actions if a.do not in (Do.PLAY,)]
    if state.phase in (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP) or not state.trick:
        label = "Upcard" if state.phase is Phase.BID1 else (
            "Upcard (turned down)" if state.turned_down else "Upcard")
        st.markdown(f"**{label}**")
        show_hand([state.upcard], width=100, title=f"{label}: {state.upcard.name}")
    if bids:
        words = history_words(state)[:len(bids)]  # every bid comes before the first card
        st.markdown("\n".join(f"{i + 1}. {escape(text)}" for i, text in enumerate(words)))


def show_state(state: HandState, *, seat: Seat = Seat.S, highlights: dict | None = None,
               hand_title: str | None = None, hide: frozenset[str] = frozenset()) -> None:
    """The table from ``seat``'s chair: public facts, bidding or trick, and that seat's hand.

    ``hide`` leaves out what a quiz question asks (see ``lessons.quiz.Scene``).
    """
    st.markdown(facts_line(state, hide))
    in_bidding = state.phase in (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP, Phase.ALONE,
                                 Phase.DISCARD, Phase.DEFEND_ALONE)
    if "bidding" not in hide and (in_bidding or not (state.trick or state.tricks)):
        show_bidding(state)
    if state.trick:
        st.markdown(f"**The trick so far** ({state.leader.word} led):")
        show_trick(state.trick)
    elif state.tricks and state.phase is Phase.PLAY:
        last = state.tricks[-1]
        if "winner" in hide:
            st.markdown("**Last trick:**")
            show_trick(last.cards)
        else:
            st.markdown(f"**Last trick**, won by {last.winner.word}:")
            show_trick(last.cards, winner=[s for s, _ in last.cards].index(last.winner))
    if state.turn is not None and "turn" not in hide:
        st.markdown(f"**{state.turn.word}** is to act.")
    if "hand" not in hide:
        show_seat_hand(state, seat, highlights=highlights, title=hand_title)


def show_seat_hand(state: HandState, seat: Seat, *, highlights: dict | None = None,
                   title: str | None = None, width: int = DEFAULT_WIDTH) -> None:
    hand = sort_hand(state.hand_of(seat), state.trump_suit)
    if not hand:
        return
    marks = [(highlights or {}).get(card) or card_role(card, state.trump_suit) or None
             for card in hand]
    st.markdown(title or f"**{seat.word}'s cards**" + (" (yours)" if seat is Seat.S else ""))
    show_hand(hand, highlights=marks, width=width)


def show_every_hand(state: HandState) -> None:
    """The table with all four hands face up: for a teacher explaining a deal."""
    st.markdown(facts_line(state))
    if state.phase in (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP) or not (
            state.trick or state.tricks):
        show_bidding(state)
    if state.trick:
        st.markdown(f"**The trick so far** ({state.leader.word} led):")
        show_trick(state.trick)
    if state.turn is not None:
        st.markdown(f"**{state.turn.word}** is to act.")
    for seat in SEATS:
        note = " (sits out)" if seat in state.sitting_out else (
            " (dealer)" if seat is state.dealer else "")
        show_seat_hand(state, seat, title=f"**{seat.word}**{note}", width=90)
