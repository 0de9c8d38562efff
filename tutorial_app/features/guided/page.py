"""Guided hands: scripted deals played on the card table with a coach beside it.

``/guided`` lists every hand with its idea and stars; ``/guided?hand=<id>`` plays one.
The run is a ``lessons.guided_run.GuidedRun`` kept in the session; clicks go through
``features.guided.view``, and every rule is the engine's.
"""

import streamlit as st

from engine import PRESET_NAMES, HandRecord
from lessons.guided import guided_hand, load_guided, paths, play_path
from lessons.guided_run import GuidedRun, Verdict
from lessons.progress import stars_text
from tutorial_app.card_table.component import card_table
from tutorial_app.features.guided.keys import PLACE_NOTE, RUN, UNSAVED
from tutorial_app.features.guided.records import (
    guided_move,
    kept_run,
    note_guided_shown,
    start_again,
)
from tutorial_app.features.guided.view import after_card, after_choice, guided_model, news_words
from tutorial_app.learner.current import unsaved_warning
from tutorial_app.learner.progress_cache import guided_stars
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import sync_params

HANDS = load_guided()


def rules_words(hand) -> str:
    changes = hand.rules.changes()
    words = PRESET_NAMES[hand.rules.preset_name]
    extras = [name.replace("_", " ") for name, on in changes.items() if on is True]
    return words + (f" + {', '.join(extras)}" if extras else "")


@st.cache_data(show_spinner=False)
def replay_code(hand_id: str) -> str:
    """The hand played the right way through, as a Teach link's code (the teacher's replay)."""
    hand = guided_hand(hand_id)
    if hand is None:
        raise ValueError(f"no guided hand {hand_id!r}")
    final = play_path(hand, paths(hand)[0])[-1][0]
    return encode_hand(HandRecord.from_state(final))


def replay_link(hand_id: str) -> None:
    st.page_link(
        "features/teach/page.py",
        label="Replay",
        icon=":material/slideshow:",
        query_params={"hand": replay_code(hand_id), "at": "0"},
        help="Step through the whole hand on the Teach page, played the right way",
    )


def open_hand(hand_id: str | None) -> None:
    """A button's callback: show this hand (None: the list). Buttons, not links to this
    same page: such a link opens the hand without putting it in the browser's address,
    and the table's first click then reran the list."""
    sync_params({"hand": hand_id})


def show_list(note: str | None = None) -> None:
    st.title("Guided hands")
    if note:
        st.warning(note)
    st.caption(
        "Play a hand with a coach. You sit South. The coach tells you what to think "
        "about before each choice that matters."
    )
    stars = guided_stars()
    for number, hand in enumerate(HANDS, 1):
        # The words on the left, Play and Replay in a column of their own on the right:
        # every card of the list lines up the same way.
        with st.container(border=True):
            words, links = st.columns([5, 1], vertical_alignment="center")
            earned = stars_text(stars.get(hand.id, 0)) or "☆☆☆"
            words.markdown(
                f"**{number}. {markdown_text(hand.title)}** {earned}  \n"
                f"{markdown_text(hand.idea)}  \n"
                f":gray[{markdown_text(rules_words(hand))} rules]"
            )
            with links:
                st.button(
                    "Play",
                    key=f"guided-play-{hand.id}",
                    icon=":material/play_arrow:",
                    on_click=open_hand,
                    args=(hand.id,),
                )
                replay_link(hand.id)


def show_hand(hand) -> None:
    title, back = st.columns([5, 1], vertical_alignment="bottom")
    title.subheader(f"Guided hands: {hand.title}", anchor=False)
    back.button("All hands", icon=":material/list:", on_click=open_hand, args=(None,))
    hand_area(hand)


@st.fragment
def hand_area(hand) -> None:
    """The table and the coach, a fragment: a click reruns them, not the page and its
    sidebar (what the browser redraws after a click is this and no more)."""
    key = RUN(hand.id)
    if key not in st.session_state:  # first shown in this session: where it was left
        st.session_state[key], st.session_state[PLACE_NOTE] = kept_run(hand)
    run: GuidedRun = st.session_state[key]
    if note := st.session_state.pop(PLACE_NOTE, None):  # once: the next click hides it
        st.info(markdown_text(note), icon=":material/history:")
    if not run.finished:
        note_guided_shown(st.session_state, run)
    if st.session_state.get(UNSAVED):
        unsaved_warning(st.session_state[UNSAVED])
    table, coach = st.columns([3, 2])
    with table:
        card_table(
            guided_model(run),
            key=f"guided-table-{hand.id}",
            on_card=lambda code: guided_move(
                st.session_state, key, lambda run: after_card(run, code)
            ),
            on_action=lambda ident: guided_move(
                st.session_state, key, lambda run: after_choice(run, ident)
            ),
        )
    with coach:
        show_coach(hand, run)


def show_coach(hand, run: GuidedRun) -> None:
    if run.finished:
        st.markdown(f"### {stars_text(run.stars)}")
        if run.feedback is not None and run.feedback.verdict is Verdict.RIGHT:
            # The table's strip now gives the result: the coach's why for the last choice
            # (what the rest of the hand shows, e.g. who leads) stays here.
            st.success(markdown_text(run.feedback.text), icon=":material/school:")
        st.markdown(f"**What this hand teaches:** {markdown_text(hand.idea)}")
        tries = (
            "no wrong try"
            if not run.misses
            else (f"{run.misses} wrong tr{'y' if run.misses == 1 else 'ies'}")
        )
        st.caption(f"You finished with {tries}.")
        with st.container(horizontal=True):
            st.button(
                "Play it again",
                key="guided-again",
                icon=":material/replay:",
                on_click=start_again,
                args=(st.session_state, RUN(hand.id), hand),
            )
            replay_link(hand.id)
            later = [h for h in HANDS if HANDS.index(h) > HANDS.index(hand)]
            if later and st.button(
                f"Next: {later[0].title}",
                icon=":material/arrow_forward:",
                on_click=open_hand,
                args=(later[0].id,),
            ):
                st.rerun(scope="app")  # another hand: its title too, not this fragment
    else:
        total = len(hand.decisions)
        st.markdown(f"**Coach** · choice {run.answered + 1} of {total}")
        with st.container(key="guided-coach-line"):
            decision = run.decision
            assert decision is not None  # not finished: a key decision is asked
            st.info(markdown_text(decision.coach), icon=":material/school:")
        if run.answered == 0 and hand.intro:
            st.markdown(markdown_text(hand.intro))
    news = news_words(run)
    if news:
        with st.expander("What just happened", expanded=not run.finished and run.answered > 0):
            st.markdown("\n".join(f"- {markdown_text(words)}" for words in news))


wanted = st.query_params.get("hand")
if wanted is None:
    show_list()
else:
    chosen = guided_hand(wanted)
    if chosen is None:
        show_list(
            f"There is no guided hand {markdown_text(repr(wanted[:40]))}: "
            "choose one from the list below."
        )
    else:
        show_hand(chosen)
