"""Play: a game against the computer. You sit South; the bots play the other seats.
Ask for a hint at any decision; after each hand, see every decision graded."""

import random

import pandas as pd
import streamlit as st

from analysis import GRADES, hint, make_bot, review_hand
from engine import (PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS, Rules, Seat, explain_result,
                    new_game, seat_view, start_hand)
from lessons.quizzes import new_seed, parse_seed
from tutorial_app.play_moves import REFUSAL, YOU, forget, learner_action, learner_card, take
from tutorial_app.widgets.card_table import card_table, coach_line, table_model
from tutorial_app.widgets.table_view import action_label
from tutorial_app.widgets.url_state import seed_choice, sync_choice

LEVELS = {"beginner": "Beginner bots", "expert": "Expert bots"}

st.title("Play a game")
st.markdown("You sit **South**; your partner is North. The computer plays the other three "
            "seats. Click a card to play it. Press **Hint** whenever you are unsure. After "
            "each hand you can see how good each of your decisions was. Beginner bots play by "
            "simple rules of thumb; expert bots think through the cards they cannot see.")

seed_choice("play-rules", PRESETS, "bga")
seed_choice("play-level", LEVELS, "beginner")
left, right = st.columns(2)
with left:
    # The URL keeps the short value (?play-rules=pagat); people read the preset's name.
    preset = st.segmented_control("Rules", list(PRESETS), key="play-rules", required=True,
                                  format_func=PRESET_NAMES.get)
    st.caption(f"{PRESET_NAMES[preset]} rules: {PRESET_DESCRIPTIONS[preset]}")
with right:
    level = st.segmented_control("Opponents and partner", list(LEVELS), key="play-level",
                                 format_func=LEVELS.get, required=True)
sync_choice("play-rules", preset, "bga")
sync_choice("play-level", level, "beginner")

seed, note = parse_seed(st.query_params.get("seed"), "a new game")
if note:
    st.info(note)
setup = (preset, level)
if st.session_state.get("play-setup") != setup or "play-game" not in st.session_state:
    first_visit = "play-setup" not in st.session_state
    st.session_state["play-setup"] = setup
    st.session_state["play-seed"] = seed if first_visit and seed is not None else new_seed()
    st.session_state["play-game"] = new_game(Rules.preset(preset), Seat.W)
    st.session_state["play-log"] = []   # (words, reason) of every move and trick so far
    forget(st.session_state, "play-hint", "play-review", REFUSAL)
seed = st.session_state["play-seed"]
st.query_params["seed"] = str(seed)
bots = {seat: make_bot(level) for seat in Seat if seat is not YOU}


def deal_rng(game) -> random.Random:
    """The deck for hand n of this game: the same seed gives the same deals."""
    return random.Random(f"{seed}-{len(game.finished)}")


def bot_rng(game) -> random.Random:
    return random.Random(f"{seed}-{len(game.finished)}-{len(game.hand.actions)}")


def advice_rng(hand_number: int, step: int) -> random.Random:
    """Hints and the review draw the same samples for a decision, so their figures agree."""
    return random.Random(f"advice-{seed}-{hand_number}-{step}")


def next_hand() -> None:
    game = st.session_state["play-game"]
    st.session_state["play-game"] = start_hand(game, deal_rng(game))
    st.session_state["play-log"] = []
    forget(st.session_state, "play-review", REFUSAL)


def new_game_same_setup() -> None:
    st.session_state["play-seed"] = new_seed()
    st.session_state["play-game"] = new_game(Rules.preset(preset), Seat.W)
    st.session_state["play-log"] = []
    forget(st.session_state, "play-review", REFUSAL)


def show_table(game, hand, message: str, tone: str) -> None:
    """The card table from your chair; clicks go to the engine through play_moves."""
    model = table_model(hand, bottom=YOU, show_last_trick=True, score=game.scores,
                        target=game.rules.target_points, show_roles=True,
                        lift_playable=st.session_state.get("play-lift", False),
                        four_colour=st.session_state.get("play-four", False),
                        message=message, message_tone=tone)
    card_table(model, key="play-table",
               on_card=lambda code: learner_card(st.session_state, code),
               on_action=lambda ident: learner_action(st.session_state, ident))


def table_options() -> None:
    left, right = st.columns(2)
    left.toggle("Lift the cards I may play", key="play-lift")
    right.toggle("Four-colour deck", key="play-four",
                 help="Clubs green, diamonds blue, hearts red, spades black.")


def numbered(log: list[tuple[str, str]]) -> str:
    return "\n".join(f"{i + 1}. **{words}.** {why}" for i, (words, why) in enumerate(log))


@st.fragment
def game_area() -> None:
    """The game itself, a fragment: a move reruns the table, not the page and its sidebar."""
    game = st.session_state["play-game"]
    if game.hand is None and not game.finished and game.winner is None:
        next_hand()
        game = st.session_state["play-game"]

    # The bots move until it is your turn or the hand is over.
    while game.hand is not None and game.hand.turn is not YOU:
        seat = game.hand.turn
        take(st.session_state, bots[seat].decide(seat_view(game.hand, seat), bot_rng(game)),
             seat)
        game = st.session_state["play-game"]

    log = st.session_state["play-log"]

    if game.hand is None:   # a hand just ended
        last = game.finished[-1]
        show_table(game, last, explain_result(last), "success")
        with st.expander("What happened in the hand", expanded=False):
            st.markdown(numbered(log))
        if st.button("Review my decisions", key="play-review-button"):
            number = len(game.finished) - 1
            st.session_state["play-review"] = review_hand(
                last, YOU, lambda step: advice_rng(number, step))
        grades = st.session_state.get("play-review")
        if grades is not None:
            counts = {name: sum(1 for g in grades if g.grade == name) for name in GRADES}
            st.markdown(" · ".join(f"{name}: **{n}**" for name, n in counts.items()))
            st.table(pd.DataFrame([{
                "Your decision": action_label(g.action), "Grade": g.grade,
                "Points given up": f"{g.cost:.1f}",
                # A choice as good as the best (a tie) is shown as the best.
                "Best": action_label(g.action if g.grade == "best" else g.best),
                "Why": g.hint.explanation} for g in grades]), hide_index=True)
        if game.winner is not None:
            won = game.winner is YOU.team
            if won:
                st.balloons()
            st.subheader(f"{'You win' if won else 'East-West win'} the game, "
                         f"{game.score(game.winner)} to {game.score(game.winner.other)}!")
            st.button("Play a new game", key="play-new", type="primary",
                      on_click=new_game_same_setup)
        else:
            st.button("Deal the next hand", key="play-next", type="primary", on_click=next_hand)
        return

    state = game.hand
    refusal = st.session_state.get(REFUSAL)
    show_table(game, state, refusal or coach_line(state, YOU), "refusal" if refusal else "info")

    hint_column, options_column = st.columns([1, 3], vertical_alignment="center")
    with options_column:
        table_options()
    if hint_column.button("💡 Hint", key="play-hint-button"):
        with st.spinner("Thinking it through..."):
            st.session_state["play-hint"] = hint(seat_view(state, YOU),
                                                 advice_rng(len(game.finished), len(state.actions)))
    advice = st.session_state.get("play-hint")
    if advice is not None:
        st.info(f"**Hint: {action_label(advice.recommended)}.** {advice.explanation}")
        st.table(pd.DataFrame([{
            "Choice": action_label(v.action), "Tricks your team expects": f"{v.tricks:.1f}",
            "Points you expect to gain (+) or lose (−)": f"{v.points:+.1f}"}
            for v in advice.options]), hide_index=True)
    if log:
        st.markdown("\n".join(f"- **{words}.** {why}" for words, why in log[-4:]))
        with st.expander("Everything so far in this hand"):
            st.markdown(numbered(log))


game_area()
