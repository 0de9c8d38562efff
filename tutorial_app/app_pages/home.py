"""Home: what the app teaches, for whom, and where to start."""

import streamlit as st

from engine import Suit, card_role, parse_cards, sort_hand
from tutorial_app.widgets.cards import show_hand

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
st.markdown("Open the card ranking. Pick a trump suit and watch the cards change order.")
st.page_link("app_pages/card_ranking.py", label="Card ranking and scoring",
             icon=":material/format_list_numbered:")
