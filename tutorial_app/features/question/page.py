"""A question on a built hand: ``/question?hand=v1...&ask=legal`` opens the teacher's
scenario on the card table with its question, and everyone who opens the link answers
on their own screen. The engine gives the answer and the reason
(``lessons.scenario_questions``); the quiz widgets draw and judge it."""

import streamlit as st

from lessons.scenario_questions import ASKS, scenario_question
from tutorial_app.quiz.view import ask_once, try_key
from tutorial_app.shell.hand_links import LinkError, decode_hand
from tutorial_app.shell.markdown_text import markdown_text

st.title("A question on a hand")
code, ask = st.query_params.get("hand"), st.query_params.get("ask")
if not code or not ask:
    st.info(
        "Open a question link from your teacher. Teachers make one on the "
        "Build a scenario page: build a hand, then choose a question for the class."
    )
    st.page_link("features/build/page.py", label="Build a scenario", icon=":material/construction:")
    st.stop()
try:
    record = decode_hand(code)
    question = scenario_question(ask, record)
except LinkError as exc:
    st.error(f"This question's link cannot be opened: {markdown_text(str(exc))}.")
    st.stop()
except ValueError as exc:  # the hand holds, but the question does not fit it
    if ask in ASKS:
        st.error(f"This link's question does not fit its hand: {markdown_text(str(exc))}")
    else:
        st.error(
            f"This link asks a question this app does not have ({markdown_text(ask[:20])}). "
            f"The questions a link may ask: {', '.join(ASKS.values())}"
        )
    st.caption("The hand itself is fine: step through it, or ask for the link again.")
    st.page_link(
        "features/teach/page.py",
        label="Open the hand on the Teach page",
        icon=":material/co_present:",
        query_params={"hand": code},
    )
    st.stop()
step_key = f"scenario-{ask}-{code[-12:]}"
ask_once(step_key, question)
if st.session_state[try_key(step_key)].answered:  # the Teach page would tell the answer
    st.page_link(
        "features/teach/page.py",
        label="Step through the hand on the Teach page",
        icon=":material/co_present:",
        query_params={"hand": code, "at": "0"},
    )
