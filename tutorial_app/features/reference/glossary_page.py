"""Reference: the players' words, each with a short definition and the cards that show it.

``?term=left-bower`` (or ``?term=bauer``, any word that finds a term) opens one term; a
word that finds none says so, lists the words there are, and shows them all.
"""

import streamlit as st

from lessons.glossary import Term, find_term, glossary, term_slug
from lessons.loader import lesson_by_id
from tutorial_app.card_table.component import card_table
from tutorial_app.features.reference.glossary_scene import cards_label, term_model
from tutorial_app.navigation import lesson_page_path
from tutorial_app.shell.markdown_text import markdown_text

PAGE = "features/reference/glossary_page.py"
TERMS = glossary()


def show_term(term: Term) -> None:
    with st.container(key=f"term-{term_slug(term)}"):
        st.header(term.name.capitalize(), anchor=term_slug(term))
        st.markdown(term.definition)
        card_table(term_model(term), key=f"glossary-{term_slug(term)}", name=cards_label(term))
        lesson = lesson_by_id(term.lesson_id)
        assert lesson is not None  # the glossary loader checked every term's lesson
        st.page_link(
            lesson_page_path(lesson.id),
            label=f"Learn it: lesson {lesson.number}, step {term.step_number}",
            icon=":material/school:",
            query_params={"step": str(term.step_number)},
        )


def word_links(current: Term | None) -> None:
    """Every word, as a link to its own view: the page's index."""
    with st.container(horizontal=True, key="glossary-index"):
        for term in TERMS:
            st.page_link(
                PAGE,
                label=term.name,
                query_params={"term": term_slug(term)},
                disabled=term is current,
            )


st.title("Glossary")
# The browser lays out and paints only the terms near the screen (the rest keep a
# guessed height until scrolled to): a first load draws two terms' cards, not all of them.
st.html(
    "<style>[class*=st-key-term-] { content-visibility: auto; "
    "contain-intrinsic-size: auto 26rem; }</style>"
)
asked = st.query_params.get("term")
term = find_term(asked) if asked else None
if asked and term is None:
    st.warning(
        f"There is no word {markdown_text(asked[:40])} in the glossary. The words "
        f"are: {', '.join(t.name for t in TERMS)}. Here they all are.",
        icon=":material/search_off:",
    )
word_links(term)
if term is not None:
    show_term(term)
    st.page_link(PAGE, label="See every word", icon=":material/list:")
else:
    for each in TERMS:
        show_term(each)
