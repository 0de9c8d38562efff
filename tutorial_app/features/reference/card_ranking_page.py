"""Reference: every card from highest to lowest under a chosen trump, and the scoring table."""

import streamlit as st

from engine import Rules, RulesError, describe_card
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.component import card_table
from tutorial_app.rule_tables.ranking import (
    DEFAULT_TRUMP,
    TRUMP_CHOICES,
    ranking_groups,
    ranking_table,
    scoring_frame,
    trump_from_choice,
)
from tutorial_app.rule_tables.words import in_words
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import seed_choice, seed_flag, sync_choice, sync_flag

st.title("Card ranking and scoring")
st.markdown(
    "**Trump** is the suit chosen for one hand. Any trump card beats every card "
    "of the other suits.\n\n"
    "The **right bower** is the jack of the trump suit. It is the highest trump.\n\n"
    "The **left bower** is the other jack of the same colour. It is the second-highest "
    "trump. For the whole hand it counts as a trump card, not as its printed suit. "
    "(Some people write *bauer*. It is the same word.)"
)

# The choice lives in the address (?trump=S&benny=1), so a teacher can share one link.
if note := seed_choice("trump", TRUMP_CHOICES, DEFAULT_TRUMP):
    st.info(markdown_text(note), icon=":material/link_off:")
seed_flag("benny")
choice = st.segmented_control(
    "Pick the trump suit",
    list(TRUMP_CHOICES),
    format_func=TRUMP_CHOICES.__getitem__,
    key="trump",
    required=True,
)
benny = st.toggle("Add the Joker (the *Benny* variant)", key="benny")
assert choice is not None  # required, and seeded from the address above
sync_choice("trump", choice, DEFAULT_TRUMP)
sync_flag("benny", benny)

try:  # the engine decides which variants go together
    Rules.from_settings({"benny": benny, "no_trump": choice == "NT"})
except RulesError as error:
    st.warning(f"These rules do not go together: {in_words(str(error))}.")
    benny = False

trump = trump_from_choice(choice)
if choice == "NT":
    st.info("With no trump, every suit ranks A K Q J 10 9. A jack is an ordinary card.")
elif choice == "none":
    st.info(
        "Until trump is chosen, every suit ranks A K Q J 10 9. "
        "Watch the jacks move when you pick a suit above."
    )
elif benny:
    st.info("With the Benny variant the Joker is the highest trump of all.")

groups = ranking_groups(trump, benny)
# One table of rows, trump first: the order reads left to right, highest first.
card_table(
    cards_model(
        rows=[(group.heading, group.cards, group.highlights) for group in groups],
        trump=trump,
        title="Every card from highest to lowest",
    ),
    key="ranking-table",
)
st.markdown(
    "\n".join(
        f"- {describe_card(card, trump, benny)}"
        for group in groups
        for card, mark in zip(group.cards, group.highlights, strict=False)
        if mark
    )
)

st.header("The same order as a table")
st.table(ranking_table(trump, benny), hide_index=True)

st.header("Scoring a hand")
st.markdown(
    "The **makers** are the team that chose trump. The other team are the **defenders**. "
    "Makers who take fewer than 3 of the 5 tricks are **euchred**. Taking all 5 tricks "
    "is a **march**. A **lone** player plays without their partner."
)
lone_defender = st.toggle(
    "Use the lone defender rule (a defender may also play alone)", key="lone_defender"
)
st.table(scoring_frame(lone_defender), hide_index=True)
