"""Numbers that arrive in a link (``?seed=``, ``?step=``, ``&at=``) on every page that
reads one: a Unicode digit, a 5,000-digit number or Markdown gives a note saying what is
accepted, shown as plain text, never a traceback (AppTest, and the one parser itself)."""

from __future__ import annotations

import re

import pytest
from app_driver import open_page

from engine import HandRecord, Rules, Seat, random_hand
from tutorial_app.features.odds.simulated import parse_seed as odds_seed
from tutorial_app.limits.link_numbers import parse_seed, seed_from_link
from tutorial_app.limits.numbers import BoundError
from tutorial_app.navigation import lesson_page_path
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.shell.markdown_text import WORD_JOINER

BAD_NUMBERS = ["²", "٣", "9" * 5000, "-1", "1e3"]
# What a crafted link would put in a note: a link, an image, an autolink.
CRAFTED = ["[x](https://evil.example)", "![i](https://evil.example/i.png)", "www.evil.com"]


def inert(markdown: str) -> bool:
    """Whether Streamlit Markdown shows ``markdown`` as plain text: every sign that makes
    a link or an image escaped, and no autolink form left whole."""
    unescaped = re.search(r"(?<!\\)[\[\]()!<>]", markdown)
    plain = markdown.replace("\\", "")
    return unescaped is None and not re.search(r"(?i)www\.|://|\w@\w", plain)


def notes(at) -> list[str]:
    return [element.value for kind in (at.info, at.warning, at.error) for element in kind]


def test_inert_tells_a_live_link_from_an_escaped_one():
    assert not inert("see [x](https://evil.example)") and not inert("www.evil.com")
    assert inert(f"see \\[x\\]\\(https\\:{WORD_JOINER}//evil\\.example\\)")


@pytest.mark.parametrize("text", BAD_NUMBERS + ["", " ", "4.2"])
def test_the_one_seed_parser_refuses_all_but_bounded_ascii_digits(text):
    with pytest.raises(BoundError, match="whole number from 0 to 999,999,999"):
        parse_seed(text)
    with pytest.raises(ValueError, match="whole number from 0 to 4,294,967,295"):
        odds_seed(text)


@pytest.mark.parametrize(
    "text,seed,has_note",
    [
        ("42", 42, False),
        (None, None, False),
        ("", None, False),
        ("abc", None, True),
        ("-5", None, True),
        ("9" * 40, None, True),
        ("4.2", None, True),
    ],
)
def test_a_link_seed_is_a_seed_nothing_or_a_note(text, seed, has_note):
    value, note = seed_from_link(text)
    assert value == seed
    assert (note is not None) == has_note


def test_a_link_seed_that_was_not_text_is_quoted_without_a_broken_glyph():
    """``?seed=%FF`` reaches the page as U+FFFD; a control or invisible character shows
    nothing: the note stands a plain "?" for each, not a glyph that looks like the app's
    own fault."""
    for held, shown in (("\ufffd", "“?”"), ("4\x00", "“4?”"), ("1\u200b2", "“1?2”")):
        seed, note = seed_from_link(held)
        assert seed is None
        assert note.startswith(f"The seed {shown} in the link cannot be used."), note
        assert "whole number from 0 to 999,999,999" in note


def test_a_link_seed_note_names_what_is_accepted_and_stays_short():
    seed, note = seed_from_link("9" * 5000)
    assert seed is None and "whole number from 0 to 999,999,999" in note and len(note) < 200


@pytest.mark.parametrize("step", BAD_NUMBERS + CRAFTED)
def test_a_lesson_step_link_gives_a_plain_note_and_step_one(step):
    at = open_page(lesson_page_path("bowers"), step=step)
    assert not at.exception
    (note,) = [text for text in notes(at) if "no step" in text]
    assert "whole number from 1 to" in note and inert(note)
    assert "Step 1 of" in at.get("progress")[0].proto.text


@pytest.mark.parametrize("seed", BAD_NUMBERS + CRAFTED)
def test_a_lesson_quiz_seed_link_gives_a_plain_note_and_a_fresh_quiz(seed):
    at = open_page(lesson_page_path("bowers"), part="quiz", seed=seed)
    assert not at.exception
    (note,) = [text for text in notes(at) if "fresh quiz" in text]
    assert "whole number from 0 to 999,999,999" in note and inert(note)


@pytest.mark.parametrize("seed", ["²", "9" * 5000, CRAFTED[0]])
def test_a_practise_seed_link_gives_a_plain_note(seed):
    at = open_page("features/practise/page.py", seed=seed)
    assert not at.exception
    (note,) = [text for text in notes(at) if "new set of questions" in text]
    assert "whole number from 0 to 999,999,999" in note and inert(note)


@pytest.mark.parametrize("seed", ["²", "9" * 5000, CRAFTED[1]])
def test_a_play_seed_link_gives_a_plain_note(seed):
    at = open_page("features/play/page.py", timeout=60, seed=seed)
    assert not at.exception
    (note,) = [text for text in notes(at) if "new game" in text]
    assert "whole number from 0 to 999,999,999" in note and inert(note)


def test_a_damaged_game_link_quoting_a_link_is_shown_as_text():
    at = open_page("features/play/page.py", timeout=60, game="9.[x](https://evil.example)")
    assert not at.exception
    (note,) = [text for text in notes(at) if "game link" in text]
    assert inert(note)


@pytest.mark.parametrize("where", ["²", "9" * 5000, "-1", "99", CRAFTED[0]])
def test_a_teach_move_number_link_gives_a_plain_note_and_the_end(where):
    record = HandRecord.from_state(random_hand(Rules(), Seat.W, 1))
    at = open_page("features/teach/page.py", hand=encode_hand(record), at=where)
    assert not at.exception
    (note,) = [text for text in notes(at) if "move number" in text]
    assert f"whole number from 0 to {len(record.actions)}" in note and inert(note)


def test_a_kept_quiz_seed_out_of_bounds_is_not_used(fresh_store, token):
    fresh_store.save_quiz_position(token, "bowers", 10**15, {"version": 1})
    at = open_page(lesson_page_path("bowers"), token=token, part="quiz")
    seed = at.query_params["seed"]
    seed = seed[0] if isinstance(seed, list) else seed
    assert seed != str(10**15) and int(seed) < 10**9
