"""Play: a game against the computer. You sit South; the bots play the other seats.

The game is a ``game.BotGame`` that the page stores and replaces; every rule
is the engine's, every move goes through ``game``. The address keeps the game
(``?game=<code>``, see ``game_link``), so a reload finds it again.
"""

import re
from dataclasses import replace
from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from analysis import BotLevel, hint, review_hand
from engine import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    Card,
    HandRecord,
    HandState,
    explain_result,
    seat_view,
)
from lessons.quizzes import new_seed
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.hint_words import POINTS_MEANING, hint_heading, hint_rows
from tutorial_app.card_table.table_model import coach_line, table_model
from tutorial_app.card_table.table_options import Pace, TableOptions, table_message
from tutorial_app.features.play import game as play
from tutorial_app.features.play import jobs
from tutorial_app.features.play.game_link import (
    GameLinkError,
    RecentGames,
    game_code,
    parse_game,
    rebuild,
)
from tutorial_app.features.play.keys import (
    CELEBRATED,
    CHART_KEPT,
    FOUR_COLOUR,
    GAME,
    HINT,
    LAST_TRICK,
    LEVEL,
    LIFT,
    NO_UNDO,
    NOTE,
    PACE,
    PENDING,
    REVIEW,
    RULES,
    SETTINGS,
    UNSAVED,
)
from tutorial_app.features.play.mistakes_kept import grade_finished_hand, send_waiting
from tutorial_app.features.play.records import record_play
from tutorial_app.features.play.score_chart import score_chart
from tutorial_app.features.play.table_pace import (
    PACE_WORDS,
    TableSettings,
    keep_arrival,
    keep_first_arrival,
    keep_settings,
    read_settings,
    settings_address,
    show_settings,
    table_pace,
)
from tutorial_app.learner.current import unsaved_warning
from tutorial_app.limits.link_numbers import seed_from_link
from tutorial_app.mistakes.review_rows import NOTHING_GRADED, reviewed_decisions
from tutorial_app.mistakes.review_view import show_decisions
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.work.pool_view import JobFailed, pooled

YOU = play.YOU
START_PARAMETERS = ("seed", RULES, LEVEL)  # a teacher's link to a first deal


@st.cache_resource
def recent_games() -> RecentGames:
    """Where each hand of this server's games started, so a reload replays one hand only
    (shared by every session: it holds values, see RecentGames)."""
    return RecentGames()


def forget(*keys: str) -> None:
    for key in keys:
        if key in st.session_state:
            del st.session_state[key]


def current() -> play.BotGame:
    return st.session_state[GAME]


def put(played: play.BotGame) -> None:
    """Store the new game (a hand it finished kept in the progress store first);
    hints and the review belong to the old game state."""
    before = current()
    if played.game is not before.game:
        forget(HINT, REVIEW)
        st.session_state[UNSAVED] = record_play(st.session_state, before, played)
        if before.game.hand is not None and played.game.hand is None:  # a hand finished
            grade_finished_hand(st.session_state, played, datetime.now(UTC))
        else:
            send_waiting(st.session_state)
    keep_arrival(st.session_state, before, played)  # the cards it brings arrive in turn
    st.session_state[GAME] = played


def show_settings_of(played: play.BotGame) -> None:
    st.session_state[RULES] = played.preset
    st.session_state[LEVEL] = played.level
    st.session_state[NO_UNDO] = played.no_undo
    forget(PENDING)


def begin(played: play.BotGame, *, fresh: bool = True) -> None:
    """A game starts (a visit, a link, a new game): the settings show its set-up. In a
    ``fresh`` one (not a reload's), the cards the bots played before the learner's first
    turn arrive one by one."""
    st.session_state[GAME] = played
    show_settings_of(played)
    forget(HINT, REVIEW)
    if fresh:
        keep_first_arrival(st.session_state, played)


def restored(code: str) -> play.BotGame | None:
    """The game of a link (a reload). Its seal is checked first, at no cost; a game
    against beginner bots is replayed here (milliseconds), one against expert bots in
    the worker pool (seconds): None while it is, with a progress bar on the page.
    Raises GameLinkError saying what is wrong."""
    link = parse_game(code)
    start = recent_games().latest(link.preset, link.level, link.seed, link.choices)
    if link.level != "expert":
        return rebuild(link, start)
    st.title("Play a game")
    try:
        return pooled(
            ("game", code),
            jobs.replay_game,
            (link, start),
            doing="Setting the game back up...",
        )
    except JobFailed as failed:
        if isinstance(failed.cause, GameLinkError):
            raise failed.cause from None
        raise GameLinkError(str(failed).rstrip(".")) from None


def first_session() -> None:
    """From the address: a game code (a reload), else a seed, rules and level, else new."""
    code, notes = st.query_params.get("game"), []
    if code:
        try:
            played = restored(code)
        except GameLinkError as error:
            notes.append(f"This game link is damaged: {error}. Starting a new game.")
        else:
            if played is None:  # the pool is replaying it, or is busy: the page waits
                st.stop()
            begin(played, fresh=False)
            return
    seed, note = seed_from_link(st.query_params.get("seed"), "a new game")
    preset, level = st.query_params.get(RULES), st.query_params.get(LEVEL)
    begin(
        play.new_bot_game(
            preset if preset in PRESETS else "bga",
            level if level in play.BOT_LEVELS else "beginner",
            seed if seed is not None else new_seed(),
        )
    )
    notes += [note] if note else []
    if notes:  # shown until the game moves on
        st.session_state[NOTE] = (" ".join(notes), current().game)


if SETTINGS not in st.session_state:  # a visit or a reload: the address keeps them
    st.session_state[SETTINGS] = read_settings(st.query_params.to_dict())
show_settings(st.session_state)
if GAME not in st.session_state:
    first_session()
elif RULES not in st.session_state:
    # Back from another page: Streamlit dropped the settings' widget values.
    show_settings_of(current())


# ---- settings -----------------------------------------------------------------------------


def settings_changed() -> None:
    """Rules or bot level changed: a new game at once, or a question if progress would go."""
    wanted = (st.session_state[RULES], st.session_state[LEVEL])
    played = current()
    if wanted == (played.preset, played.level):
        forget(PENDING)
    elif play.has_progress(played):
        st.session_state[PENDING] = wanted
    else:
        begin(play.new_bot_game(*wanted, new_seed(), no_undo=played.no_undo))


def confirm_new_game() -> None:
    preset, level = st.session_state[PENDING]
    begin(play.new_bot_game(preset, level, new_seed(), no_undo=current().no_undo))


def keep_playing() -> None:
    show_settings_of(current())


def no_undo_changed() -> None:
    put(play.set_no_undo(current(), st.session_state[NO_UNDO]))


# Only a <style>: it takes no room. Streamlit's 6rem top margin, as on Teach and Build,
# is room the hint under the table needs at 1280x720.
st.html('<style>[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }</style>')
title, settings = st.columns([3, 1], vertical_alignment="bottom")
title.title("Play a game")
with settings.popover("Game settings", icon=":material/tune:", width="stretch"):
    preset = st.segmented_control(
        "Rules",
        list(PRESETS),
        key=RULES,
        required=True,
        format_func=PRESET_NAMES.__getitem__,
        on_change=settings_changed,
    )
    assert preset is not None  # required, with a default
    st.caption(f"{PRESET_NAMES[preset]} rules: {PRESET_DESCRIPTIONS[preset]}")
    st.segmented_control(
        "Opponents and partner",
        list(play.BOT_LEVELS),
        key=LEVEL,
        format_func=lambda level: BotLevel(level).label,
        required=True,
        on_change=settings_changed,
    )
    st.caption(
        "Beginner bots play by simple rules of thumb; expert bots think through "
        "the cards they cannot see."
    )
    st.toggle(
        "No undo",
        key=NO_UNDO,
        on_change=no_undo_changed,
        help="Play every decision for real: the Undo button goes away.",
    )
    st.segmented_control(
        "How fast the others play",
        list(PACE_WORDS),
        key=PACE,
        format_func=PACE_WORDS.__getitem__,
        required=True,
        on_change=keep_settings,
        args=(st.session_state,),
        help="Normal: a card every half second, and each trick stays two seconds so you "
        "see who won it. Quicker: twice as fast. Fast: all at once. “Go on ▶” shows the "
        "end at once.",
    )
    st.toggle("Lift the cards I may play", key=LIFT)
    st.toggle(
        "Four-colour deck",
        key=FOUR_COLOUR,
        help="Clubs green, diamonds blue, hearts red, spades black.",
    )
st.caption(
    "You sit **South**, your partner North; the computer plays East and West. "
    "Choose a card to play it; **Hint** when unsure."
)

if NOTE in st.session_state:
    note, note_game = st.session_state[NOTE]
    if note_game is current().game:  # it quotes the link: shown as text
        st.warning(markdown_text(note))
    else:
        forget(NOTE)
if PENDING in st.session_state:
    wanted_preset, wanted_level = st.session_state[PENDING]
    with st.container(border=True):
        st.markdown(
            f"**Start a new game with these rules** ({PRESET_NAMES[wanted_preset]}, "
            f"{BotLevel(wanted_level).label.lower()})? Your game at "
            f"{play.score_words(current())} will end."
        )
        with st.container(horizontal=True):
            st.button("Confirm", key="play-confirm", type="primary", on_click=confirm_new_game)
            st.button("Keep playing", key="play-keep", on_click=keep_playing)


# ---- the game -----------------------------------------------------------------------------


def numbered(log: list[tuple[str, str]]) -> str:
    return "\n".join(f"{i + 1}. **{words}.** {why}" for i, (words, why) in enumerate(log))


def refused_marks(played: play.BotGame, hand: HandState) -> dict[Card | str, tuple[str, str]]:
    """The card of the learner's last refused click, while its refusal shows: "✗ tried"."""
    refused = played.refused
    if not played.refusal or refused is None or refused.card is None:
        return {}
    return {refused.card: ("wrong", "tried")} if refused.card in hand.hand_of(YOU) else {}


def show_table(played: play.BotGame, pace: Pace | None) -> None:
    """The card table from your chair, ``pace`` the cards arriving; clicks go to the
    engine through play_session."""
    game, hand = played.game, play.current_hand(played)
    if game.hand is None:
        message, tone = explain_result(hand), "success"
    elif played.refusal:
        message, tone = played.refusal, "refusal"
    else:
        message, tone = coach_line(hand, YOU), "info"
    settings: TableSettings = st.session_state[SETTINGS]
    if pace is not None and YOU in hand.sitting_out:  # a hand with nothing for you to do
        pace = replace(
            pace, intro=f"Your partner, {YOU.partner.word}, goes alone: you sit out this hand."
        )
    options = TableOptions(
        bottom=YOU,
        show_last_trick=settings.last_trick,
        hold_last_trick=True,  # a finished trick stays, its winner named, until the next lead
        pace=pace,
        score=game.scores,
        score_before=play.score_before(played) if pace is not None else None,
        target=game.rules.target_points,
        show_roles=True,
        # The refused card or choice, marked as the guided hands mark a wrong try.
        marks=refused_marks(played, hand),
        tried=frozenset([played.refused])
        if played.refusal and played.refused is not None and played.refused.card is None
        else frozenset(),
        lift_playable=st.session_state.get(LIFT, False),
        four_colour=st.session_state.get(FOUR_COLOUR, False),
        message=table_message(message, tone),
    )
    # The address keeps the game (replaced, not pushed: no history entry per move).
    address = {
        "game": game_code(played),
        **{name: None for name in START_PARAMETERS},
        **settings_address(settings),
    }
    recent_games().keep(played)
    card_table(
        table_model(hand, options),
        key="play-table",
        address=address,
        on_card=lambda code: put(play.learner_card(current(), code)),
        on_action=lambda ident: put(play.learner_choice(current(), ident)),
    )


def ask_hint(played: play.BotGame) -> None:
    state = played.game.hand
    assert state is not None  # a hint is asked for during a hand
    with st.spinner("Thinking it through..."):
        st.session_state[HINT] = hint(
            seat_view(state, YOU),
            play.advice_rng(played.seed, played.hand_number, len(state.actions)),
        )


def review(played: play.BotGame) -> None:
    with st.spinner("Grading your decisions..."):
        st.session_state[REVIEW] = review_hand(
            play.current_hand(played),
            YOU,
            lambda step: play.advice_rng(played.seed, played.hand_number, step),
        )


def controls(played: play.BotGame) -> None:
    """One row under the table: what to do next, Undo, the last trick."""
    game = played.game
    # Hidden like the words below while the bots' cards arrive: "Deal the next hand"
    # would say the hand is over before its last cards are on the table.
    with st.container(horizontal=True, vertical_alignment="center", key="play-controls"):
        if game.winner is not None:
            st.button(
                "Play a new game",
                key="play-new",
                type="primary",
                on_click=lambda: begin(play.restart(current(), new_seed())),
            )
        elif game.hand is None:
            st.button(
                "Deal the next hand",
                key="play-next",
                type="primary",
                on_click=lambda: put(play.next_hand(current())),
            )
        else:
            if st.button("💡 Hint", key="play-hint-button"):
                ask_hint(played)
        if not played.no_undo:
            st.button(
                "↶ Undo",
                key="play-undo",
                disabled=not play.can_undo(played),
                help="Take back your last decision in this hand (and the moves after it).",
                on_click=lambda: put(play.undo(current())),
            )
        if game.hand is None and st.button(
            "Review my decisions in this hand", key="play-review-button"
        ):
            review(played)
        st.toggle(
            "Show the last trick",
            key=LAST_TRICK,
            on_change=keep_settings,
            args=(st.session_state,),
            help="The trick before this one, small, in the table's corner.",
        )


def show_hint(state: HandState) -> None:
    advice = st.session_state.get(HINT)
    if advice is None:
        return
    st.info(hint_heading(advice, state))
    st.table(pd.DataFrame(hint_rows(advice, state)), hide_index=True)
    st.caption(POINTS_MEANING)


def show_review(played: play.BotGame) -> None:
    grades = st.session_state.get(REVIEW)
    if grades is None:
        return
    decisions = reviewed_decisions(play.current_hand(played), YOU, grades)
    if not decisions:
        st.info(NOTHING_GRADED)
        return
    show_decisions(decisions, "play")


def chart(game):
    """The score chart, built again only when a hand's result changes (40 ms a build)."""
    key = (game.rules.target_points, tuple(hand.result for hand in game.finished))
    kept = st.session_state.get(CHART_KEPT)
    if kept is None or kept[0] != key:
        kept = st.session_state[CHART_KEPT] = (key, score_chart(game, YOU.team))
    return kept[1]


def show_hand_over(played: play.BotGame) -> None:
    """After a hand: what it scored and why, the score so far, the game's end."""
    game = played.game
    if game.winner is not None:
        won = game.winner is YOU.team
        if won and st.session_state.get(CELEBRATED) != played.seed:
            st.session_state[CELEBRATED] = played.seed
            st.balloons()
        st.subheader(
            f"{'You win' if won else 'East-West win'} the game, "
            f"{game.score(game.winner)} to {game.score(game.winner.other)}!"
        )
    # Asked for under the table, the review comes first: below the hand's summary and
    # chart it began off a 1280x720 screen, and the button seemed to do nothing.
    show_review(played)
    summary = play.hand_summary(game)
    words, beside = st.columns([1, 1])
    words.markdown(
        f"**Hand {summary.number}**\n\n"
        f"- **Makers:** {summary.makers}\n"
        f"- **Tricks:** {summary.tricks}\n"
        f"- **Points:** {summary.points}. {summary.why}\n"
        f"- **Score:** {summary.score}"
    )
    words.page_link(
        "features/teach/page.py",
        label="Replay this hand",
        icon=":material/slideshow:",
        query_params={"hand": encode_hand(HandRecord.from_state(game.finished[-1])), "at": "0"},
        help="Step through the hand move by move on the Teach page, every hand "
        "face up if you like, with the engine's reason for each move",
    )
    beside.plotly_chart(chart(game), key="play-chart", config={"displayModeBar": False})
    with st.expander("What happened in the hand", expanded=False):
        st.markdown(numbered(play.hand_log(played)))


def told_after_the_table():
    """A container for what tells the hand's news in words (the moves, the hand's end),
    inside ``after_the_cards``."""
    return st.container(key="play-told")


WAIT_PREFIX = "play-wait-"  # the first style hides every container keyed so, at once


def after_the_cards(pace: Pace | None):
    """The controls and the words under the table, in a container that waits, out of
    the page, while this run's cards arrive: the app's first style (in the page's
    ``<head>``, ``tutorial_app.first_style``) hides every ``play-wait-`` container; this
    run's style shows this one once the table marks the page with the arrival's key
    (the last card down)."""
    if pace is None or not re.fullmatch(r"[a-z0-9-]+", pace.key):
        return st.container()
    key = WAIT_PREFIX + pace.key
    st.markdown(
        f'<style data-play-paced>html[data-table-paced="{pace.key}"] .st-key-{key} '
        "{display: flex !important} "
        "[data-testid=stElementContainer]:has(style[data-play-paced]) {display: none}</style>",
        unsafe_allow_html=True,
    )
    return st.container(key=key)


@st.fragment
def game_area() -> None:
    """The game itself, a fragment: a move reruns the table, not the page and its sidebar."""
    played = current()
    if st.session_state.get(UNSAVED):
        unsaved_warning(st.session_state[UNSAVED])
    pace = table_pace(st.session_state, played)  # the cards this move brings, if any
    show_table(played, pace)
    with after_the_cards(pace):
        controls(played)
        if played.game.hand is None:
            with told_after_the_table():
                show_hand_over(played)
            return
        show_hint(played.game.hand)
        log, recent = play.hand_log_and_recent(played)  # recent: since your last move
        if log:
            with told_after_the_table():
                st.markdown("\n".join(f"- **{words}.** {why}" for words, why in recent))
                with st.expander("Everything so far in this hand"):
                    st.markdown(numbered(log))
    if played.game.finished:
        with st.expander(f"The score so far: {play.score_words(played)}"):
            st.plotly_chart(
                chart(played.game), key="play-chart-so-far", config={"displayModeBar": False}
            )


game_area()
