"""The interactive part of a lesson step, by its ``show`` kind in the lesson TOML.

Each view draws what the engine says: rank orders, what a card is, each bid
and card of a scenario with the engine's reason, the points for a result. Cards,
hands and tricks are drawn by the card-table component (``card_table``): the table
for a hand in progress, its "cards" layout for loose cards.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine import (
    SEATS,
    Card,
    Seat,
    Team,
    card_role,
    describe_card,
    score_hand,
)
from lessons.game_step import game_words
from lessons.loader import Step
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.table_options import table_message
from tutorial_app.features.learn.keys import PICKED
from tutorial_app.features.learn.step_through import step_through
from tutorial_app.quiz.view import ask_once
from tutorial_app.rule_tables.ranking import (
    DEFAULT_TRUMP,
    TRUMP_CHOICES,
    presets_frame,
    ranking_groups,
    scoring_frame,
    trump_from_choice,
)


def show_cards(step: Step, key: str) -> None:
    notes: dict[Card | str, str] = {card: card_role(card, step.trump) for card in step.cards}
    model = cards_model(step.cards, trump=step.trump, notes=notes, face_down=step.face_down)
    card_table(model, key=f"{key}-cards")


def show_ranking(step: Step, key: str) -> None:
    choices = [c for c in TRUMP_CHOICES if c not in ("NT", "none")]  # a lesson picks a suit
    # The step's words say "pick a trump suit": no label line, so the step fits 720 pixels.
    choice = st.segmented_control(
        "Pick a trump suit",
        choices,
        format_func=TRUMP_CHOICES.__getitem__,
        key=f"{key}-trump",
        default=DEFAULT_TRUMP,
        required=True,
        label_visibility="collapsed",
    )
    trump = trump_from_choice(choice or DEFAULT_TRUMP)
    rows = [
        (group.heading, group.cards, group.highlights) for group in ranking_groups(trump, False)
    ]
    card_table(cards_model(rows=rows, title="The rank order"), key=f"{key}-cards")


def inspect_click(session, key: str, code: str) -> None:
    """A click on a card of an inspect step: that card is the one described."""
    session[PICKED(key)] = code


def show_inspect(step: Step, key: str) -> None:
    trump = step.trump
    picked = st.session_state.get(PICKED(key))
    card = next((c for c in step.cards if c.code == picked), None)
    if card is not None:
        words = describe_card(card, trump, step.rules is not None and step.rules.benny)
    else:
        words = "Choose a card to see what it is under this trump."
    model = cards_model(
        step.cards,
        trump=trump,
        clickable=True,
        marks={card: ("picked", "this one")} if card else None,
        message=table_message(words, "success" if card else "info"),
        label="Cards to ask about",
    )
    card_table(
        model, key=f"{key}-cards", on_card=lambda code: inspect_click(st.session_state, key, code)
    )


def show_try(step: Step, key: str) -> None:
    assert step.question is not None  # the loader gives every "try" step its question
    ask_once(key, step.question)


def show_stepped(step: Step, key: str) -> None:
    step_through(step, key)


def show_scoring(step: Step, key: str) -> None:
    """Set the tricks (and who went alone) and see the points; the lone-defender row and
    switch appear only under rules that have that house rule."""
    lone_defender = step.rules is not None and step.rules.lone_defender
    left, right = st.columns(2)
    with left:
        tricks = st.slider("Tricks the makers took", 0, 5, 3, key=f"{key}-tricks")
    with right:
        alone = st.toggle("A maker went alone", key=f"{key}-alone")
        defender = lone_defender and st.toggle(
            "A defender went alone (lone defender rule)", key=f"{key}-defender"
        )
    score = score_hand(Team.NS, tricks, maker_alone=alone, defender_alone=defender)
    st.success(
        f"**{score.points_won} point{'s' if score.points_won != 1 else ''} to "
        f"{score.winner.word}.** {score.explanation}"
        + (
            f" {game_words(step.game_points, step.rules.target_points, score)}"
            if step.game_points is not None and step.rules is not None
            else ""
        )
    )
    if step.game_points is None:  # the game step's words are its table
        st.table(scoring_frame(lone_defender), hide_index=True)


def _seat_box(seat: Seat) -> str:
    who = "you" if seat is Seat.S else f"{seat.partner.word}'s partner"
    return f"<div style='text-align:center;font-size:1.3em'><b>{seat.word}</b><br>{who}</div>"


def show_table(step: Step, key: str) -> None:
    """The four seats as they sit: partners opposite, play clockwise, South is you."""
    grid = [(None, Seat.N, None), (Seat.W, "↻", Seat.E), (None, Seat.S, None)]
    for row in grid:
        for column, cell in zip(st.columns(3), row, strict=False):
            if isinstance(cell, Seat):
                column.markdown(_seat_box(cell), unsafe_allow_html=True)
            elif cell:
                column.markdown(
                    f"<div style='text-align:center;font-size:2em'>{cell}</div>",
                    unsafe_allow_html=True,
                )
    order = " → ".join(seat.word for seat in (*SEATS, SEATS[0]))
    st.markdown(
        f"Play goes clockwise: {order}. Teams: **{Team.NS.word}** against **{Team.EW.word}**."
    )


def show_presets(step: Step, key: str) -> None:
    """The engine's three presets side by side, one row per house rule."""
    st.table(presets_frame(), hide_index=True)


STEP_VIEWS: dict[str, Callable[[Step, str], None]] = {
    "text": lambda step, key: None,
    "cards": show_cards,
    "ranking": show_ranking,
    "inspect": show_inspect,
    "bidding": show_stepped,
    "trick": show_stepped,
    "hand": show_stepped,
    "scoring": show_scoring,
    "table": show_table,
    "presets": show_presets,
    "try": lambda step, key: show_try(step, key),
}
