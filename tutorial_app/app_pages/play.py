"""Play: a game against the computer. You sit South; the bots play the other seats.
Ask for a hint at any decision; after each hand, see every decision graded."""

import random

import pandas as pd
import streamlit as st

from analysis import GRADES, hint, make_bot, review_hand
from engine import (PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS, Rules, Seat, explain_action,
                    explain_result, explain_trick, game_apply, new_game, seat_view, start_hand)
from lessons.quizzes import new_seed, parse_seed
from tutorial_app.widgets.cards import show_trick
from tutorial_app.widgets.table_view import action_label, action_words, show_state
from tutorial_app.widgets.url_state import seed_choice, sync_choice

LEVELS = {"beginner": "Beginner bots", "expert": "Expert bots"}
YOU = Seat.S

st.title("Play a game")
st.markdown("You sit **South**; your partner is North. The computer plays the other three "
            "seats. Press **Hint** whenever you are unsure. After each hand you can see how "
            "good each of your decisions was. Beginner bots play by simple rules of thumb; "
            "expert bots think through the cards they cannot see.")

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
    st.session_state.pop("play-hint", None)
    st.session_state.pop("play-review", None)
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


def take(action, seat: Seat) -> None:
    """Apply one action to the game, noting it (and any trick it ends) with the engine's reason."""
    game = st.session_state["play-game"]
    before = game.hand
    log = st.session_state["play-log"]
    log.append((action_words(seat, action, before), explain_action(before, action)))
    game = st.session_state["play-game"] = game_apply(game, action, seat)
    after = game.hand if game.hand is not None else game.finished[-1]
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        log.append((f"Trick {len(after.tricks)} goes to {trick.winner.word}",
                    explain_trick(trick, after.trump_suit)))
    st.session_state.pop("play-hint", None)


def next_hand() -> None:
    game = st.session_state["play-game"]
    st.session_state["play-game"] = start_hand(game, deal_rng(game))
    st.session_state["play-log"] = []
    st.session_state.pop("play-review", None)


def new_game_same_setup() -> None:
    st.session_state["play-seed"] = new_seed()
    st.session_state["play-game"] = new_game(Rules.preset(preset), Seat.W)
    st.session_state["play-log"] = []
    st.session_state.pop("play-review", None)


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
        take(bots[seat].decide(seat_view(game.hand, seat), bot_rng(game)), seat)
        game = st.session_state["play-game"]

    st.markdown(f"**Score:** North-South (you) {game.scores[0]} · East-West {game.scores[1]} · "
                f"game to {game.rules.target_points}")
    log = st.session_state["play-log"]

    if game.hand is None:   # a hand just ended
        last = game.finished[-1]
        with st.expander("What happened in the hand", expanded=False):
            st.markdown(numbered(log))
        if last.tricks:
            final = last.tricks[-1]
            st.markdown(f"**Last trick**, won by {final.winner.word}. Tricks in this hand: "
                        f"North-South {last.tricks_won[0]}, East-West {last.tricks_won[1]}.")
            show_trick(final.cards, winner=[s for s, _ in final.cards].index(final.winner),
                       width=80)
        st.success(explain_result(last))
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
    if log:
        with st.expander("Everything so far in this hand"):
            st.markdown(numbered(log))
        st.markdown("\n".join(f"- **{words}.** {why}" for words, why in log[-4:]))
    if state.tricks and state.trick:  # the last finished trick stays in view during the next
        last = state.tricks[-1]
        st.markdown(f"**Last trick**, won by {last.winner.word}:")
        show_trick(last.cards, winner=[s for s, _ in last.cards].index(last.winner), width=80)
    show_state(state)

    st.markdown("#### Your turn")
    choices = seat_view(state, YOU).legal
    columns = st.columns(min(len(choices), 6))
    for i, action in enumerate(choices):
        with columns[i % len(columns)]:
            st.button(action_label(action), key=f"play-act-{i}", on_click=take,
                      args=(action, YOU), width="stretch")

    if st.button("💡 Hint", key="play-hint-button"):
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


game_area()
