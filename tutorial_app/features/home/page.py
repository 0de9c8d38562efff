"""Home: what the app teaches, for whom, and one clear next step: "Start lesson 1" for a
newcomer, then "Continue lesson N" (at the step or quiz left) or the next lesson, and a
review in Practise once every lesson's quiz is done (``lessons.next_step``, from this
learner's progress read through ``learner/``).
Everything fits a 1280x720 screen: the start button, every lesson, and Practise, Play,
Teach and the reference beside them."""

import streamlit as st

from engine import Card, Suit, card_role, parse_cards, sort_hand
from lessons.loader import load_all
from lessons.next_step import NextStep, next_step
from lessons.progress import stars_text
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.component import card_table
from tutorial_app.card_table.table_options import table_message
from tutorial_app.learner.progress_cache import all_progress, lesson_progress, steps_done
from tutorial_app.learner.progress_link import progress_link_box
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.resume import unfinished_kept

LESSONS = load_all()
PRACTISE = "features/practise/page.py"


def learners_next_step() -> NextStep:
    """Where this learner goes on; a lesson whose quiz has a kept place goes to its quiz."""
    found = next_step(LESSONS, all_progress(), steps_done())
    if found.lesson is not None and unfinished_kept(found.lesson) is not None:
        return next_step(LESSONS, all_progress(), steps_done(), {found.lesson})
    return found


def go(step: NextStep) -> None:
    """The start button's click: the lesson at its step or quiz, or Practise."""
    if step.lesson is None:
        st.switch_page(PRACTISE)
    query = {"part": "quiz"} if step.quiz else {"step": str(step.step)} if step.step > 1 else {}
    st.switch_page(lesson_page_path(step.lesson), query_params=query)


def start_words(step: NextStep) -> str:
    if step.lesson is None:
        return "▶ Review in Practise: questions chosen for you"
    verb = "Continue" if step.kind == "continue" else "Start"
    return f"▶ {verb} lesson {step.number}: {step.title}"


# Only a <style>: no room taken. A smaller top margin, a big start button (its words
# wrap on a phone rather than end in "..."), and the lesson and page links drawn as links
# (underlined, in the link colour).
st.html("""<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
.st-key-home-start button { min-height: 3.2rem; padding: 0.5rem 1.6rem; }
.st-key-home-start button p { font-size: 1.3rem; font-weight: 700; }
.st-key-home-start button * { white-space: normal; overflow: visible; text-overflow: clip; }
.st-key-home-links [data-testid="stPageLink-NavLink"] p,
.st-key-home-more [data-testid="stPageLink-NavLink"] p {
  color: #0b5d2a; text-decoration: underline; text-underline-offset: 3px;
}
</style>""")

st.title("Learn to play Euchre")
st.markdown(
    "Euchre is a fast card game for four players in two teams. This app teaches it "
    "step by step, on real cards: you need no cards and no partner. It is for "
    "beginners of about twelve and up, and for teachers with a class."
)
# The progress link sits high on the page: its box opens downwards, and the link it makes
# must show on a 720-pixel-high screen.
start, link = st.columns([7, 3], gap="small", vertical_alignment="center")
with start:
    going = learners_next_step()
    if st.button(start_words(going), key="home-start", type="primary"):
        go(going)
with link:
    progress_link_box()

lessons, more = st.columns([3, 2], gap="large")
with lessons, st.container(key="home-links"):
    st.header("The lessons")
    for lesson in LESSONS:
        stars = stars_text(lesson_progress(lesson.id).stars)
        st.page_link(
            lesson_page_path(lesson.id),
            icon=":material/school:",
            label=f"{lesson.number}. {lesson.title}" + (f"  {stars}" if stars else ""),
            help=lesson.summary,
        )
    st.caption(
        "Each lesson is a few short steps on cards, then a quiz. Answer every "
        "question right first time for three stars."
    )
with more:
    with st.container(key="home-more"):
        st.header("Know the rules?")
        st.page_link(PRACTISE, label="Practise on real deals", icon=":material/quiz:")
        st.page_link(
            "features/play/page.py",
            label="Play a game against the computer",
            icon=":material/playing_cards:",
        )
        st.page_link(
            "features/teach/page.py",
            label="Teach a hand to your class",
            icon=":material/co_present:",
        )
        st.page_link(
            "features/reference/card_ranking_page.py",
            label="Card ranking and scoring",
            icon=":material/format_list_numbered:",
        )
    hand = sort_hand(parse_cards("9C JD AH JH KS"), Suit.HEARTS)
    notes: dict[Card | str, str] = {
        card: role for card in hand if (role := card_role(card, Suit.HEARTS)) and role != "trump"
    }
    card_table(
        cards_model(
            hand,
            trump=Suit.HEARTS,
            notes=notes,
            label="A hand holding both bowers",
            message=table_message(
                "If hearts are trump, this hand holds both bowers: the two highest trumps."
            ),
        ),
        key="home-hand",
    )
