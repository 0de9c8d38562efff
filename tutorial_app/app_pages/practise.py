"""Practise: scenario quizzes on the topics you choose, under the rules you play by."""

import streamlit as st

from engine import PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS
from lessons.quizzes import PRACTICE_TOPICS, new_seed, parse_seed, topic_generators
from tutorial_app.shared_work import practice_set
from tutorial_app.widgets.quiz_view import run_quiz
from tutorial_app.widgets.url_state import seed_choice, sync_choice

LENGTH = 10

st.title("Practise")
st.markdown("Answer ten questions on real deals. Every answer is checked by the rules "
            "engine, and every answer is explained.")

requested = [t for t in st.query_params.get("topics", "").split(",") if t in PRACTICE_TOPICS]
if "practise-topics" not in st.session_state:
    st.session_state["practise-topics"] = requested or ["play", "tricks", "points"]
topics = st.pills("Topics", list(PRACTICE_TOPICS), format_func=lambda t: PRACTICE_TOPICS[t][0],
                  selection_mode="multi", key="practise-topics")
seed_choice("rules", PRESETS, "bga")
# The URL keeps the short value (?rules=pagat); people read the preset's name.
preset = st.segmented_control("Rules", list(PRESETS), key="rules", required=True,
                              format_func=PRESET_NAMES.get)
sync_choice("rules", preset, "bga")
st.caption(f"{PRESET_NAMES[preset]} rules: {PRESET_DESCRIPTIONS[preset]}")
if not topics:
    st.info("Pick at least one topic above.")
    st.stop()
st.query_params["topics"] = ",".join(topics)

seed, note = parse_seed(st.query_params.get("seed"), "a new set of questions")
if note:
    st.info(note)
chosen = (tuple(topics), preset)
if st.session_state.get("practise-chosen") != chosen:
    # The first visit keeps the link's seed; other topics or rules make a new set.
    first_visit = "practise-chosen" not in st.session_state
    st.session_state["practise-chosen"] = chosen
    st.session_state["practise-seed"] = (seed if first_visit and seed is not None
                                         else new_seed())
seed = st.session_state["practise-seed"]
st.query_params["seed"] = str(seed)

key = f"practise:{preset}:{','.join(topics)}:{seed}"
questions = practice_set(topic_generators(topics), preset, seed, LENGTH)
run = run_quiz(key, questions)
# Under the quiz, so the question, its cards and its buttons come first on the screen.
st.caption(f"Set number {seed}. Share this page's address and everyone gets the same "
           "questions.")
if run.finished:
    def fresh() -> None:
        st.session_state["practise-seed"] = new_seed()
        st.query_params["seed"] = str(st.session_state["practise-seed"])

    st.button("Ten more questions", key="practise-more", on_click=fresh, type="primary")
