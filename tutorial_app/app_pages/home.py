"""Home: what the app teaches, for whom, and where to start."""

import streamlit as st

from engine import Suit, card_role, parse_cards, sort_hand
from lessons.loader import load_all
from tutorial_app.navigation import lesson_page_path
from tutorial_app.widgets.cards import show_hand

LESSONS = load_all()

st.title("Learn to play Euchre")
st.markdown(
    "Euchre is a fast card game for four players in two teams. "
    "This app teaches it step by step, on real cards.\n\n"
    "It is for beginners of about twelve and up, and for teachers who show it "
    "to a class on a projector. You need no cards and no partner."
)

st.subheader("A hand of five cards")
hand = sort_hand(parse_cards("9C JD AH JH KS"), Suit.HEARTS)
roles = [card_role(card, Suit.HEARTS) or None for card in hand]
show_hand(hand, highlights=[r if r != "trump" else None for r in roles])
st.markdown("If hearts are trump, this hand holds both bowers: the two highest trumps.")

st.subheader("Where to start")
st.markdown("Never played? Start with lesson 1. Each lesson is a few short steps on cards, "
            "then a quiz. Answer every question right first time for three stars.")
for lesson in LESSONS:
    st.page_link(lesson_page_path(lesson.id), label=f"{lesson.number}. {lesson.title}",
                 icon=":material/school:")
    st.caption(lesson.summary)

st.subheader("Already know the rules?")
st.page_link("app_pages/practise.py", label="Practise on real deals",
             icon=":material/quiz:")
st.page_link("app_pages/teach.py", label="Teach a hand to your class, and share it by link",
             icon=":material/co_present:")
st.page_link("app_pages/card_ranking.py", label="Card ranking and scoring",
             icon=":material/format_list_numbered:")
