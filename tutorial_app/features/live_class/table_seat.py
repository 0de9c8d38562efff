"""A learner's seat at a class table (issue 23): their own hand on the card table, and
only what their seat may see (the engine's seat view), drawn from their chair. They play
in turn by clicking; the engine refuses an illegal card with its reason; a click made on
an older table (a doubled click) is refused, never applied twice. The seat is kept in
the store, so a reload or a new tab finds it.

The bots of the table move one move per run of any page that sees their turn (the
store applies each once, whichever page asks first), so every screen watching the table
sees each card arrive, about a second apart. The page's part runs again when the
table's stamp moves (``class_watch`` with ``stamp="table"``), not once a second, and
every HEARTBEAT_SECONDS (WAITING_BEAT_SECONDS on another's turn) while the game goes
on, so that the learner is seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import suppress
from datetime import UTC, datetime
from typing import Literal

import streamlit as st

from analysis import hint, make_bot
from engine import Action, GameState, HandRecord, Seat, explain_result, seat_view
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.hint_words import hint_parts
from tutorial_app.card_table.model_types import Message
from tutorial_app.card_table.table_model import coach_line, table_model
from tutorial_app.card_table.table_moves import Click, decide_click
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.features.live_class.class_watch import watch_class
from tutorial_app.features.live_class.keys import (
    TABLE_HANDS_SEEN,
    TABLE_HINT,
    TABLE_LAST,
    TABLE_REFUSAL,
    TABLE_REVIEWS_READ,
)
from tutorial_app.mistakes.jobs import keep_table_hand_mistakes
from tutorial_app.mistakes.review_view import show_decisions
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import (
    ClassTables,
    MySeat,
    StoreUnavailable,
    TableError,
    TableGame,
    TableReviews,
    TableView,
    database_url,
)
from tutorial_app.work.pool import OwnerBusy, PoolBusy, shared_pool

__all__ = ["HEARTBEAT_SECONDS", "bot_move", "ended_games", "forget_ended_games", "show_seat"]

HEARTBEAT_SECONDS = 20.0  # well inside AWAY_SECONDS: a learner on their turn stays seen
# Below AWAY_SECONDS (60) by more than a poll: a learner waiting for another stays seen,
# at half the cost of the heartbeat to a class's server.
WAITING_BEAT_SECONDS = 40.0


def grade_finished_hand(tables: ClassTables, view: TableView, after: TableGame) -> None:
    """When a move finished a hand, its seated learners' own decisions go to the worker
    pool, which grades them for the table's review and keeps their mistakes (as Play's;
    they come back in Practise). A busy pool drops the hand: the game goes on."""
    hands = len(after.replay().finished)
    if hands == len(view.game.replay().finished):
        return
    seats = {seat.value: learner for seat, learner in tables.learners_at(view.id).items()}
    if not seats:
        return
    start = after.hand_start(hands - 1)
    skip = sorted(index - start for index in after.bots if index >= start)
    args = (
        database_url(),
        view.id,
        hands - 1,
        seats,
        skip,
        f"table.{view.id}",
        encode_hand(HandRecord.from_state(after.replay().finished[-1])),
        f"table-{after.seed}-{hands - 1}",
        datetime.now(UTC),
    )
    with suppress(PoolBusy, OwnerBusy):
        shared_pool().submit(
            f"table-{view.id}", ("table-mistakes", view.id, hands), keep_table_hand_mistakes, args
        )


def bot_move(tables: ClassTables, view: TableView) -> bool:
    """One move of the bot whose turn it is at ``view``'s table, if any; whether one was
    made (by this page: another may have made it first)."""
    state = view.game.replay()
    hand = state.hand
    if view.paused or view.ended or hand is None or hand.turn is None:
        return False
    seat = hand.turn
    if not view.bot_plays(seat):
        return False
    rng = random.Random(f"table-{view.game.seed}-{view.game.version}")
    action = make_bot(view.bot_level).decide(seat_view(hand, seat), rng)
    try:
        after = tables.move(view.id, seat, action, view.game.version)
    except TableError:
        return False  # another page moved it first, or the table moved on: no harm
    grade_finished_hand(tables, view, after)
    return True


def refuse(view: TableView, sentence: str | None) -> None:
    """Keep why a move was refused, for as long as the table stays as it was."""
    st.session_state[TABLE_REFUSAL] = (view.id, view.game.version, view.paused, sentence)


def refusal_now(view: TableView) -> str | None:
    """The refusal kept for the table as it is now: once a move is made, or the teacher
    pauses or resumes the games, it no longer holds and is not shown."""
    kept = st.session_state.get(TABLE_REFUSAL)
    return kept[3] if kept and kept[:3] == (view.id, view.game.version, view.paused) else None


def _clicked(tables: ClassTables, view: TableView, seat: Seat, token: str, action: Action) -> None:
    try:
        after = tables.move(view.id, seat, action, view.game.version, token)
        st.session_state.pop(TABLE_REFUSAL, None)
        grade_finished_hand(tables, view, after)
    except (TableError, StoreUnavailable) as error:
        refuse(view, error.message)


def turn_words(view: TableView, turn: Seat | None) -> str:
    """Whose turn it is, by name: "Ben's turn (East)." or "West's turn (a bot)."."""
    if turn is None:
        return "Nobody's turn."
    name = view.seats[turn]
    return f"{name}'s turn ({turn.word})." if name else f"{turn.word}'s turn (a bot)."


def holding_hand_end(view: TableView, finished: int) -> bool:
    """Whether this learner's page holds the end of the hand just finished (its last
    trick and result) until they go on. Only a hand seen being played is held: a first
    look at the table, or a reload, starts at the hand in play."""
    seen = st.session_state.get(TABLE_HANDS_SEEN)
    if seen is None or seen[0] != view.id:
        st.session_state[TABLE_HANDS_SEEN] = (view.id, finished)
        return False
    return seen[1] < finished


def show_seat(tables: ClassTables, code: str, token: str, mine: MySeat) -> None:
    """The table from this learner's chair, its bots moved, its watcher mounted."""
    try:
        view = mine.table  # read with the seat, this run
        bot_moved = bot_move(tables, view)
        if bot_moved:
            view = tables.table(mine.table.id)
        if mine.seat in view.seen_due:
            tables.seen(view.id, mine.seat, token)
    except (TableError, StoreUnavailable) as error:
        st.warning(f"{markdown_text(error.message)} Trying again…", icon=":material/sync:")
        watch_class(code, "", name="table", stamp="table", table=mine.table.id)
        return
    state = view.game.replay()
    seat = mine.seat
    st.session_state[TABLE_LAST] = (view.id, seat)  # its summary, once the games end
    partner = view.seats[seat.partner]
    st.subheader(f"Table {view.number} · you sit {seat.word}")
    st.caption(
        f"Your partner: {markdown_text(partner) if partner else 'a bot'} ({seat.partner.word}). "
        + " · ".join(
            f"{s.word}: {markdown_text(name) if name else 'bot'}"
            for s, name in view.seats.items()
            if s not in (seat, seat.partner)
        )
    )
    stamp = f"{view.game.version}.{int(view.paused)}.{int(view.ended)}"
    if bot_moved:
        # A bot moved in this run: a stamp that is never the table's (the version drawn,
        # and a mark) makes the watcher run the page again within a second, and the next
        # bot moves then, even when no other page watches the table (a learner alone
        # with bots, the teacher's tab asleep).
        stamp += ".bot-moved"
    # While the game goes on, a learner's page runs by itself though nothing moves (on
    # their turn while they think; less often on another's slow turn or in a pause), so
    # an open tab is always seen: only a learner who has gone is away, a bot for them.
    thinking = state.hand is not None and state.hand.turn is seat and not view.paused
    beat = (
        HEARTBEAT_SECONDS if thinking else WAITING_BEAT_SECONDS if state.hand is not None else None
    )
    watch_class(code, stamp, name="table", stamp="table", table=view.id, beat=beat)
    if view.paused:
        st.info("Your teacher has paused the games.", icon=":material/pause_circle:")
    hand = state.hand
    if hand is None:  # the game is over
        winner = state.winner
        st.success(
            f"The game is over: {winner.word if winner else '?'} win, "
            f"{state.scores[0]} to {state.scores[1]} (North-South to East-West).",
            icon=":material/emoji_events:",
        )
        my_review(tables, view.id, seat, range(len(state.finished)))
        return
    finished = len(state.finished)
    if holding_hand_end(view, finished):
        hand_end(tables, view, seat, state)
        return
    view_of_seat = seat_view(hand, seat)
    refusal = refusal_now(view)
    my_turn = hand.turn is seat and not view.paused
    version = view.game.version
    tone = "info"
    # On your turn: "Your turn." and what to click ("Round 1: order up ..., or pass.").
    title = "Your turn." if my_turn else None
    words = coach_line(view_of_seat, seat) if my_turn else turn_words(view, hand.turn)
    kept = st.session_state.get(TABLE_HINT)
    # The hint asked for this very decision: (title, reason), or None.
    hinted = tuple(kept[2:]) if kept is not None and kept[:2] == (view.id, version) else None
    if my_turn and hinted:
        title, words = hinted  # in the strip beside the choices, until the move is made
    if refusal:
        words, tone, title = (refusal, "refusal", None)
    options = seat_options(
        view,
        seat,
        state,
        keep_bidding=True,
        cards_clickable=my_turn,
        message=table_message(words, tone, title),
    )

    def clicked(kind: Literal["card", "action"], value: str) -> None:
        """The one click decision (``decide_click``) for this seat, then the store's move
        on the version drawn (which checks it with the engine once more)."""
        decision = decide_click(hand, Click(kind, value), over="The hand is over.", seat=seat)
        if decision.action is None:
            refuse(view, decision.refusal)
            return
        _clicked(tables, view, seat, token, decision.action)

    card_table(
        table_model(view_of_seat, options),
        key="table-seat",
        on_card=lambda code_: clicked("card", code_),
        on_action=lambda ident: clicked("action", ident),
    )
    if view.hints and my_turn:

        def ask_hint() -> None:
            if hinted:
                return  # already in the strip: the same seed gives the same hint
            advice = hint(view_of_seat, random.Random(f"table-hint-{view.id}-{version}"))
            st.session_state[TABLE_HINT] = (view.id, version, *hint_parts(advice, hand))
            st.session_state.pop(TABLE_REFUSAL, None)

        st.button("💡 Hint", key="table-hint", on_click=ask_hint)
    if state.finished:
        st.caption(f"Last hand: {explain_result(state.finished[-1])}")
        my_review(tables, view.id, seat, [len(state.finished) - 1])


def players(view: TableView) -> dict[Seat, str]:
    """Who plays each seat: the learner's name, or "bot" (a learner away: "bot for Ann")."""
    return {
        seat: (f"bot for {name}" if seat in view.away else name) if name else "bot"
        for seat, name in view.seats.items()
    }


def seat_options(
    view: TableView,
    seat: Seat,
    state: GameState,
    *,
    keep_bidding: bool,
    cards_clickable: bool,
    message: Message | None,
) -> TableOptions:
    """A learner's seat at a class table, in play or held at a hand's end: who plays
    each other seat, the game's score and target, the last trick held, the dealer and
    maker marked."""
    return TableOptions(
        players={other: who for other, who in players(view).items() if other is not seat},
        score=state.scores,
        target=state.rules.target_points,
        hold_last_trick=True,
        keep_bidding=keep_bidding,
        show_roles=True,
        cards_clickable=cards_clickable,
        message=message,
    )


def hand_end(tables: ClassTables, view: TableView, seat: Seat, state: GameState) -> None:
    """The hand just finished, from this learner's chair: its last trick with the
    winner, the result in words, and "Next hand" (the table plays on meanwhile)."""
    last = state.finished[-1]
    result = table_message(explain_result(last), "success", f"Hand {len(state.finished)}:")
    options = seat_options(
        view, seat, state, keep_bidding=False, cards_clickable=False, message=result
    )
    card_table(table_model(seat_view(last, seat), options), key="table-seat")

    def go_on() -> None:
        st.session_state[TABLE_HANDS_SEEN] = (view.id, len(state.finished))

    next_hand = state.hand
    mine = next_hand is not None and next_hand.turn is seat
    st.button(
        "Next hand: your turn" if mine else "Next hand",
        key="table-next-hand",
        type="primary",
        icon=":material/skip_next:",
        on_click=go_on,
    )
    my_review(tables, view.id, seat, [len(state.finished) - 1])


def ended_games(tables: ClassTables) -> None:
    """Once the teacher has ended the games: the learner's last table, its score and
    their graded decisions, until the next question (then ``forget_ended_games``)."""
    kept = st.session_state.get(TABLE_LAST)
    if kept is None:
        return
    table_id, seat = kept
    try:
        view = tables.table(table_id)
    except (TableError, StoreUnavailable):
        return
    state = view.game.replay()
    ns, ew = state.scores
    ours, theirs = (ns, ew) if seat.team.index == 0 else (ew, ns)
    st.markdown(
        f"**Your teacher has ended the games.** At table {view.number} your team, "
        f"{seat.team.word}, had {ours} points and {seat.team.other.word} {theirs}, "
        f"after {len(state.finished)} hand{'s' * (len(state.finished) != 1)}."
    )
    my_review(tables, view.id, seat, range(len(state.finished)))


def forget_ended_games() -> None:
    """A question is on screen: the ended games' summary is not shown again."""
    st.session_state.pop(TABLE_LAST, None)


def my_review(tables: ClassTables, table_id: int, seat: Seat, hands: Sequence[int]) -> None:
    """This learner's decisions in ``hands`` (finished hands of the table's game), graded
    as Play's review grades them, each in a closed expander under the table."""
    kept = st.session_state.setdefault(TABLE_REVIEWS_READ, {})
    if any((table_id, number) not in kept for number in hands):  # a review never changes
        try:
            for review in TableReviews(tables.store).of_table(table_id, seat):
                kept[(table_id, review.hand)] = review
        except StoreUnavailable:
            return
    for number in hands:
        review = kept.get((table_id, number))
        with st.expander(f"Your decisions in hand {number + 1}, graded", icon=":material/grading:"):
            if review is None:
                st.caption("Being graded: it shows here with the next move.")
            else:
                show_decisions(review.decisions, f"{table_id}-{number}")
