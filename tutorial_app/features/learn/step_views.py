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
    Outcome,
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
    """Set the tricks (and who went alone) and see the points. The table shows the kinds
    of result the lesson has reached (``Step.scoring_rows``), and a switch for going alone
    shows with its rows: the lone-defender one only under rules with that house rule."""
    lone_defender = step.rules is not None and step.rules.lone_defender
    shown = step.scoring_rows or frozenset(Outcome)
    left, right = st.columns(2)
    with left:
        tricks = st.slider("Tricks the makers took", 0, 5, 3, key=f"{key}-tricks")
    with right:
        alone = Outcome.LONE_MARCH in shown and st.toggle("A maker went alone", key=f"{key}-alone")
        defender = (
            lone_defender
            and Outcome.LONE_DEFENDER_EUCHRE in shown
            and st.toggle("A defender went alone (lone defender rule)", key=f"{key}-defender")
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
        st.table(scoring_frame(lone_defender, shown), hide_index=True)


# The four seats as a compass, one grid that keeps its shape on a phone (columns would
# stack). Partners share a colour; the arrows show the way play goes.
SEAT_GRID_STYLE = """<style>
.seat-grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr));
  grid-template-areas: ". n ." "w mid e" ". s ."; gap: 0.4rem; max-width: 28rem;
  margin: 0.25rem auto 0.5rem; text-align: center; font-size: 1.15rem; }
.seat-grid .sg-seat { border-radius: 0.6rem; padding: 0.35rem 0.25rem; line-height: 1.25; }
.seat-grid .ns { background: #dcefe2; } .seat-grid .ew { background: #dde6f5; }
.seat-grid .mid { grid-area: mid; align-self: center; font-size: 2.2rem; }
.seat-grid .N { grid-area: n; } .seat-grid .S { grid-area: s; }
.seat-grid .W { grid-area: w; } .seat-grid .E { grid-area: e; }
</style>"""


def seat_grid(clockwise: bool) -> str:
    """The seats' HTML: each seat's name and whose partner it is (South: you); the play's
    arrow in the middle when ``clockwise``. Only the engine's seat words go in it."""
    boxes = [
        f'<div class="sg-seat {seat.value} {seat.team.value.lower()}"><b>{seat.word}</b><br>'
        + ("you" if seat is Seat.S else f"{seat.partner.word}'s partner")
        + "</div>"
        for seat in SEATS
    ]
    middle = '<div class="mid" aria-hidden="true">↻</div>' if clockwise else ""
    return f'<div class="seat-grid">{"".join(boxes)}{middle}</div>'


def show_table(step: Step, key: str) -> None:
    """The four seats as they sit: partners opposite, South is you. A step that teaches
    the next seat shows the way play goes; the others, the two teams (one idea a step)."""
    clockwise = "next_seat" in step.teaches
    st.html(SEAT_GRID_STYLE + seat_grid(clockwise))
    if not clockwise:  # the way play goes is the arrow's, and its step's own words
        st.markdown(f"Teams: **{Team.NS.word}** against **{Team.EW.word}**.")


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
