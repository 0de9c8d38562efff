"""AppTest: the Glossary page shows every term with its definition and its cards on the
card table; ?term= opens one term; a word that finds none says so (escaped), lists the
words there are, and shows them all, never a traceback."""

from __future__ import annotations

import pytest
from app_driver import open_page, tables_shown

from lessons.glossary import REQUIRED_TERMS, glossary, term_slug
from tutorial_app.features.reference.glossary_scene import cards_label, term_model
from tutorial_app.navigation import sections

PAGE = "features/reference/glossary_page.py"
TERMS = glossary()


def cards_in(model: dict) -> list[str]:
    """Every card code the model draws: hand, trick and rows."""
    codes = [card["code"] for card in model.get("hand") or []]
    codes += [play["card"]["code"] for play in model.get("trick") or []]
    codes += [card["code"] for row in model.get("rows") or [] for card in row["cards"]]
    return codes


def test_the_glossary_is_under_reference_in_the_navigation():
    assert "features/reference/glossary_page.py" in [page.path for page in sections()["Reference"]]


def test_every_term_shows_its_definition_and_its_cards_on_the_table():
    at = open_page(PAGE, timeout=60)
    assert at.title[0].value == "Glossary"
    headings = [heading.value for heading in at.header]
    assert headings == [term.name.capitalize() for term in TERMS]
    words = " ".join(md.value for md in at.markdown)
    models = tables_shown(at)
    assert len(models) == len(TERMS)
    for term, model in zip(TERMS, models, strict=False):
        assert term.definition in words
        # drawn by the card-table component, each region named apart (landmark-unique)
        assert model == {**term_model(term), "region_name": cards_label(term)}
        assert cards_in(model), f"{term.name}: no cards drawn"
        assert model["message"]["text"], f"{term.name}: the engine says nothing"
    assert not at.warning


@pytest.mark.parametrize("word", REQUIRED_TERMS)
def test_the_required_words_are_on_the_page(word):
    assert word in [term.name for term in TERMS]


@pytest.mark.parametrize(
    "asked, shown",
    [("left-bower", "left bower"), ("bauer", "bower"), ("March", "march"), ("follow%20suit", None)],
)
def test_a_term_in_the_link_opens_that_term_alone(asked, shown):
    at = open_page(PAGE, term=asked.replace("%20", " "))
    shown = shown or asked.replace("%20", " ")
    term = next(term for term in TERMS if term.name == shown)
    assert [heading.value for heading in at.header] == [shown.capitalize()]
    (model,) = tables_shown(at)
    assert model == {**term_model(term), "region_name": cards_label(term)}
    assert not at.warning


def test_a_left_bower_link_shows_the_jack_of_diamonds_by_the_engine():
    (model,) = tables_shown(open_page(PAGE, term="left-bower"))
    notes = {card["code"]: card["note"] for card in model["hand"]}
    assert notes["JD"] == "left bower"
    assert "left bower" in model["message"]["text"]


@pytest.mark.parametrize(
    "bad", ["banana", "<script>alert(1)</script>", "*bold* :red[x]", "x" * 300]
)
def test_a_word_that_finds_no_term_gets_a_clear_message_and_every_term(bad):
    at = open_page(PAGE, term=bad)
    (warning,) = [w.value for w in at.warning]
    assert "There is no word" in warning
    for term in TERMS:
        assert term.name in warning  # the words there are
    assert "<script>" not in warning  # escaped, shown as itself
    assert len(tables_shown(at)) == len(TERMS)


def test_the_index_links_every_term_and_the_lesson_that_teaches_it():
    at = open_page(PAGE, term="march")
    links = {link.proto.label: link.proto.query_string for link in at.get("page_link")}
    for term in TERMS:
        assert links[term.name] == f"term={term_slug(term)}"
    march = next(term for term in TERMS if term.name == "march")
    learn = [link.proto for link in at.get("page_link") if link.proto.label.startswith("Learn")]
    assert [(p.page, p.query_string) for p in learn] == [
        (march.lesson_id, f"step={march.step_number}")
    ]
