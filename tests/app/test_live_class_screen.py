"""AppTest of the projector view (/class-screen?class=CODE): it needs the teacher key
as the control page does (held by the browser, never in the address), and shows each
phase of the class: the code, the question, the answer with its reason and the bars."""

from __future__ import annotations

import html
import tomllib
from pathlib import Path

import pytest
from app_driver import table_shown
from test_live_class_pages import TRICKS, join, page, start_class

from lessons.loader import load_all
from lessons.question_source import lesson_source, question_for
from tutorial_app.features.live_class.projector import BASE_PX, PROJECTOR_CSS, answer_bars_html
from tutorial_app.store import dispose_engines, open_classes

SCREEN = "features/live_class/screen_page.py"


@pytest.fixture(autouse=True)
def fresh_store(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    yield
    dispose_engines()


def html_shown(at) -> str:
    """Every ``st.html`` body on the page (or in one column of it), in columns too
    (``at.get`` reads the top)."""

    def walk(node):
        yield node
        for child in (getattr(node, "children", None) or {}).values():
            yield from walk(child)

    top = at.main if hasattr(at, "main") else at
    return "\n".join(node.proto.body for node in walk(top) if node.type == "html")


def test_the_projector_follows_the_class_through_each_phase():
    _, code, key = start_class()
    screen = page(SCREEN, stored_key=key, **{"class": code})
    shown = html_shown(screen)
    assert f'class="pj-code">{code}<' in shown
    assert any("QR code of" in md.value for md in screen.markdown)
    assert "0 joined" in shown
    assert not screen.button and not screen.text_input  # nothing to press on the projector

    join(code, "<b>Ann</b>")
    classes = open_classes()
    classes.push_question(code, key, TRICKS)
    question = question_for(TRICKS)
    screen.run()
    shown = html_shown(screen)
    assert "Question 1." in shown and "0 of 1 answered" in shown
    assert f"Joining late? Code <b>{code}</b>" in shown  # the code stays up, small
    assert question.explanation not in shown
    assert all(not button.get("mark") for button in table_shown(screen)["actions"])
    # A whole table, asked: the projector's larger cards (the screen below the question).
    assert table_shown(screen)["size"] == "projector"

    classes.reveal(code, key)
    screen.run()
    shown = html_shown(screen)
    assert f"The answer: {question.answer_text}." in shown
    assert html.escape(question.explanation) in shown
    assert 'class="pj-bar-label"' in shown and "✓" in shown
    assert "size" not in table_shown(screen)  # revealed: a page's size beside the bars
    # With a table on the left, the reason sits under the bars, so the table fits the screen.
    answer_column, bars_column = screen.columns[-2:]
    assert "The answer:" in html_shown(answer_column)
    assert html.escape(question.explanation) in html_shown(bars_column)
    classes.end(code, key)
    screen.run()
    assert "has ended" in html_shown(screen)


@pytest.mark.parametrize("stored", ["", "x" * 43])
def test_without_the_teacher_key_the_projector_shows_nothing_of_the_class(stored):
    _, code, _ = start_class()
    screen = page(SCREEN, stored_key=stored, **{"class": code})
    assert "does not hold class" in screen.error[0].value
    assert code not in html_shown(screen)


def test_a_learner_cannot_open_the_projector():
    _, code, _ = start_class()
    learner = join(code, "Sam")
    learner.switch_page(SCREEN).run()
    assert not learner.exception
    assert "pj-code" not in html_shown(learner)


def test_the_projector_grows_from_the_themes_font_size_on_a_larger_page():
    """The view is drawn for a 1280x720 page; on a larger one its root font (and every
    size in rem) grows with the screen from the theme's own base size, kept once in
    config.toml, and never shrinks below it."""
    config = Path(__file__).resolve().parents[2] / "tutorial_app" / ".streamlit" / "config.toml"
    theme = tomllib.loads(config.read_text(encoding="utf-8"))["theme"]
    assert theme["baseFontSize"] == BASE_PX
    assert f"font-size: max({BASE_PX}px," in PROJECTOR_CSS
    # (test_browser_class_controls.py measures the bars' words grow on a 1920x1080 page)


def test_the_bars_escape_what_they_show():
    shown = answer_bars_html([("<b>North</b> ✓", 3, True), ("East", 1, False)], True)
    assert "<b>" not in shown and "&lt;b&gt;North&lt;/b&gt; ✓" in shown
    assert "width: 100.0%" in shown and "width: 33.3%" in shown


def test_a_question_of_words_shows_its_choices_large_and_no_empty_table():
    _, code, key = start_class()
    source = lesson_source(load_all()[0].id, 1, 0)  # "How many cards...?": 20, 24, ...
    open_classes().push_question(code, key, source)
    screen = page(SCREEN, stored_key=key, **{"class": code})
    shown = html_shown(screen)
    for option in question_for(source).options:
        assert f'<span class="pj-choice">{html.escape(option.label)}</span>' in shown
    assert "pj-table" not in {node.key for node in screen.get("bidi_component")}


def test_loose_cards_on_the_projector_are_drawn_large_for_the_back_row():
    members = next(
        source
        for source in (lesson_source("bowers", 3, index) for index in range(10))
        if question_for(source).source == "suit_members"
    )
    _, code, key = start_class()
    screen = page(SCREEN, stored_key=key, **{"class": code})
    open_classes().push_question(code, key, members)
    screen.run()
    assert table_shown(screen)["layout"] == "cards" and table_shown(screen)["size"] == "projector"
    open_classes().reveal(code, key)
    screen.run()
    assert table_shown(screen)["size"] == "projector"
