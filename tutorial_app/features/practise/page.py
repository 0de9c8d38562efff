"""Practise: four ways in. "For you" (the first) asks what your answers say you need
(spaced repetition, ``tutorial_app.features.practise.mode``), your own mistakes mixed in;
"Your mistakes" asks the positions from your games that are due (``own_mistakes``);
the daily deal is the same ten questions for everyone today; "Choose topics" makes
scenario quizzes on the topics you choose, under the rules you play by.

Changing the topics or the rules makes a new set; in the middle of a set the page asks
first (Confirm / Keep my set), so no answer is lost by a stray click. The address
holds the set on screen (?topics=...&rules=...&seed=...), so it can be shared.
Every answer is kept in the progress store, and with it the learner's place in the set
(one topic set per learner, ``TOPICS_PLACE``): a reload or a new tab of the same
learner resumes it at the next question; another learner's copy of the link starts it."""

import streamlit as st

from engine import PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS
from lessons.quizzes import (
    DEFAULT_PRACTICE_TOPICS,
    PRACTICE_TOPICS,
    mixed_quiz_plan,
    new_seed,
    topic_generators,
)
from tutorial_app.features.practise.keys import CHOICES_OPEN, CHOSEN, MODE, RULES, SEED, TOPICS
from tutorial_app.features.practise.mode import show_daily_deal, show_for_you
from tutorial_app.features.practise.own_mistakes import show_mistakes
from tutorial_app.features.practise.plan import topic_label
from tutorial_app.limits.link_numbers import quoted, seed_from_link
from tutorial_app.quiz.answer_log import recorder
from tutorial_app.quiz.resume import resumed
from tutorial_app.quiz.shared_quizzes import practice_set
from tutorial_app.quiz.view import quiz_key, run_quiz
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import seed_choice, sync_params

MODES = {
    "for-you": "For you",
    "mistakes": "Your mistakes",
    "daily": "Daily deal",
    "topics": "Choose topics",
}
SET_PARAMETERS = ("topics", RULES, "seed")  # a link to a chosen set opens "Choose topics"

LENGTH = 10
DEFAULT_TOPICS = list(DEFAULT_PRACTICE_TOPICS)
TOPICS_PLACE = "practise:topics"  # the name the learner's place in a topic set is kept under


def set_quiz_id(chosen: tuple, seed: int) -> str:
    chosen_topics, chosen_preset = chosen
    return f"practise:{chosen_preset}:{','.join(chosen_topics)}:{seed}"


def answers_at_stake() -> int:
    """How many answers (right or wrong) the set on screen holds, if it is unfinished."""
    if CHOSEN not in st.session_state:
        return 0
    quiz_id = set_quiz_id(st.session_state[CHOSEN], st.session_state[SEED])
    state = st.session_state.get(quiz_key(quiz_id))
    if not state or state.run.finished:
        return 0
    return len(state.run.answered) + state.run.misses


def start_set(chosen: tuple, seed: int) -> None:
    st.session_state[CHOSEN] = chosen
    st.session_state[SEED] = seed


def start_folded(chosen: tuple, seed: int) -> None:
    """Confirmed: the new set starts and the choices fold away, so its first question
    and its feedback fit the screen."""
    st.session_state[CHOICES_OPEN] = False
    start_set(chosen, seed)


def keep_my_set() -> None:
    """Put the topics and rules back to those of the set on screen."""
    kept_topics, kept_preset = st.session_state[CHOSEN]
    st.session_state[TOPICS] = list(kept_topics)
    st.session_state[RULES] = kept_preset


def show_topics(intro) -> None:
    """Choose topics: a seeded set of the chosen topics under the chosen rules; ``intro``
    is the room under the mode switch, beside the title, where the choices fold away.
    (No st.stop: the router draws the learner-token component after the page.)"""
    named = [t for t in st.query_params.get("topics", "").split(",") if t]
    requested = [t for t in named if t in PRACTICE_TOPICS]
    if TOPICS not in st.session_state:
        st.session_state[TOPICS] = requested or DEFAULT_TOPICS
        unknown = [t for t in named if t not in PRACTICE_TOPICS]
        if unknown:  # said once, as the link is read; its text quoted (cut short, escaped)
            st.info(
                markdown_text(
                    f"The link's topics={quoted(','.join(unknown))} are not Practise "
                    f"topics: it has {', '.join(PRACTICE_TOPICS)}. Showing "
                    f"{', '.join(st.session_state[TOPICS])}."
                ),
                icon=":material/link_off:",
            )
    if note := seed_choice(RULES, PRESETS, "bga"):
        st.info(markdown_text(note), icon=":material/link_off:")
    # The choices fold away (the line under the quiz's bar says what they are): the
    # question comes first. A fixed label: a changed one would fold the box at every click.
    # Its state is kept (CHOICES_OPEN), so that confirming a new set folds it away.
    with intro.expander(
        "Topics and rules", icon=":material/tune:", key=CHOICES_OPEN, on_change="rerun"
    ):
        topics = st.pills(
            "Topics",
            list(PRACTICE_TOPICS),
            selection_mode="multi",
            format_func=lambda t: PRACTICE_TOPICS[t][0],
            key=TOPICS,
        )
        # The URL keeps the short value (?rules=pagat); people read the preset's name.
        preset = st.segmented_control(
            "Rules",
            list(PRESETS),
            key=RULES,
            required=True,
            format_func=PRESET_NAMES.__getitem__,
            help="Tables differ on a few house rules. Each set is named after the site "
            "whose rules it follows; lesson 7 explains them. Not sure? Keep Board Game Arena.",
        )
        assert preset is not None  # required, with a default
        st.caption(f"{PRESET_NAMES[preset]} rules: {PRESET_DESCRIPTIONS[preset]}")

    if not topics:
        st.info("Pick at least one topic under “Topics and rules” above.")
        return

    seed_in_link, note = seed_from_link(st.query_params.get("seed"), "a new set of questions")
    if note:  # it quotes the link's text: shown as text
        st.info(markdown_text(note))
    chosen = (tuple(topics), preset)
    if CHOSEN not in st.session_state:  # the first visit keeps the link's set
        start_set(chosen, seed_in_link if seed_in_link is not None else new_seed())
    elif st.session_state[CHOSEN] != chosen:
        at_stake = answers_at_stake()
        if not at_stake:
            start_set(chosen, new_seed())
        else:
            with st.container(border=True, key="practise-ask"):
                st.warning(
                    f"Other topics or rules start a new set of questions. The "
                    f"{at_stake} answer{'s' if at_stake != 1 else ''} you have given in "
                    "this set would be lost.",
                    icon=":material/help:",
                )
                confirm, keep = st.columns(2)
                confirm.button(
                    "Confirm: start a new set",
                    key="practise-confirm",
                    type="primary",
                    width="stretch",
                    on_click=start_folded,
                    args=(chosen, new_seed()),
                )
                keep.button(
                    "Keep my set", key="practise-keep", width="stretch", on_click=keep_my_set
                )

    active, seed = st.session_state[CHOSEN], st.session_state[SEED]
    active_topics, active_preset = active
    # The address holds the set on screen, in one change: not a history entry per value.
    sync_params(
        {
            "mode": None,
            "topics": (None if list(active_topics) == DEFAULT_TOPICS else ",".join(active_topics)),
            RULES: None if active_preset == "bga" else active_preset,
            "seed": str(seed),
        }
    )

    skills = topic_generators(list(active_topics))
    questions = practice_set(skills, active_preset, seed, LENGTH)
    plan = mixed_quiz_plan(skills, seed, LENGTH)  # each question's generator and own seed
    names = " · ".join(PRACTICE_TOPICS[t][0] for t in active_topics)
    which = {"set": [list(active_topics), active_preset]}  # kept beside the place: JSON
    quiz_id = set_quiz_id(active, seed)
    run = run_quiz(
        quiz_id,
        questions,
        recorder=recorder(
            "practise",
            seed=seed,
            skills=tuple(name for name, _ in plan),
            seeds=tuple(own for _, own in plan),
            lessons=tuple(topic_label(name) for name, _ in plan),
            position=TOPICS_PLACE,
            place_with=which,
        ),
        start=resumed(TOPICS_PLACE, quiz_id, seed, questions, fits=which),
    )
    # Under the quiz, so the question, its cards and its buttons come first on the screen.
    st.caption(
        f"Set number {seed}: {names} ({PRESET_NAMES[active_preset]} rules), ten questions "
        "on real deals, each checked and explained by the rules engine. Share this "
        "page's address and everyone gets the same questions."
    )
    if run.finished:
        st.button(
            "Ten more questions",
            key="practise-more",
            type="primary",
            on_click=start_set,
            args=(active, new_seed()),
        )


# Only a <style>: no room taken. A smaller top margin, so the question shows at once.
# On a phone the four modes wrap to a second line rather than scroll out of sight, and
# the title is smaller: a three-line question keeps "Check my answer" on the screen.
st.html(
    '<style>[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }'
    "@media (max-width: 640px) { .st-key-practise-mode [data-testid=stButtonGroup] > div"
    " { flex-wrap: wrap; row-gap: 0.3rem; }"
    " [data-testid=stMainBlockContainer] h1 { font-size: 1.8rem; padding: 0; } }</style>"
)
if MODE not in st.session_state:
    asked = st.query_params.get("mode")
    st.session_state[MODE] = (
        asked
        if asked in MODES
        else ("topics" if any(name in st.query_params for name in SET_PARAMETERS) else "for-you")
    )
# The four ways in beside the title (they need the width); what the mode is, under them.
heading, switch = st.columns([1, 3], vertical_alignment="top")  # title stays up when topics open
heading.title("Practise", anchor=False)  # no link icon: it would wrap under the title
mode = switch.segmented_control(
    "Mode",
    list(MODES),
    format_func=MODES.__getitem__,
    key=MODE,
    required=True,
    label_visibility="collapsed",
)
# What the mode is (or, for topics, its choices) under the switch, beside the title: the
# room above the question is what lets a question, its verdict and its buttons fit 720 px.
intro = switch  # written to after the switch: under it
if mode == "topics":
    show_topics(intro)
else:
    # The address says which: a reload opens the same mode (For you is the default).
    sync_params(
        {"mode": None if mode == "for-you" else mode, **{name: None for name in SET_PARAMETERS}}
    )
    shows = {"for-you": show_for_you, "mistakes": show_mistakes, "daily": show_daily_deal}
    shows[mode or "for-you"](intro)
