"""The glossary's content: the required words are there, every term loads and finds
itself, each scene shows what the word means (asked of the engine), and the loader
rejects bad entries with a message that says what to fix."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import lessons.glossary
from engine import HAND_SIZE, Suit, Team, apply, card_role, deck, score_hand
from lessons.glossary import REQUIRED_TERMS, find_term, glossary, load_glossary, term_slug
from lessons.loader import LessonError, lesson_by_id

TERMS = glossary()
ASKED = ("trick", "lead", "follow suit", "upcard", "dealer", "going alone", "renege", "point")


def test_the_doctests_pass():
    assert doctest.testmod(lessons.glossary).failed == 0


@pytest.mark.parametrize("word", REQUIRED_TERMS + ASKED)
def test_every_asked_word_is_a_term(word):
    term = find_term(word)
    assert term is not None and term.name == word


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_a_term_is_found_by_its_name_slug_and_other_words(term):
    assert find_term(term_slug(term)) is term
    assert find_term(term.name.upper()) is term
    for word in term.also:
        assert find_term(word) is term


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_a_definition_is_one_or_two_short_sentences(term):
    sentences = [s for s in term.definition.replace("?", ".").split(". ") if s.strip()]
    assert 1 <= len(sentences) <= 2, term.definition
    assert len(term.definition.split()) <= 45, term.definition


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_the_learn_it_link_names_a_real_step(term):
    lesson = lesson_by_id(term.lesson_id)
    assert 1 <= term.step_number <= len(lesson.steps)


@pytest.mark.parametrize(
    "name, role", [("right bower", "right bower"), ("left bower", "left bower")]
)
def test_a_bower_term_shows_that_bower_by_the_engine(name, role):
    term = find_term(name)
    assert [card_role(card, term.trump) for card in term.focus][0] == role


def test_bower_shows_both_bowers():
    term = find_term("bower")
    assert {card_role(card, term.trump) for card in term.focus} == {"right bower", "left bower"}


def test_trump_shows_a_low_trump_and_a_high_card_of_another_suit():
    term = find_term("trump")
    roles = {card.code: card_role(card, term.trump) for card in term.cards}
    assert "trump" in roles.values() and "" in roles.values()


def test_march_and_euchred_show_hands_that_are_a_march_and_a_euchre():
    march = find_term("march").record.replay().result
    assert march.makers_tricks == 5 and march.score.points_won == 2
    euchre = find_term("euchred").record.replay().result
    assert euchre.makers_tricks < 3 and euchre.score.points_won == 2
    point = find_term("point").record.replay().result
    assert point.makers_tricks in (3, 4) and point.score.points_won == 1


def test_makers_and_defenders_show_trump_made():
    for name in ("makers", "defenders"):
        term = find_term(name)
        state = term.record.start()
        for seat, action in term.record.actions[: term.at]:
            state = apply(state, action, seat)
        assert state.maker is not None and state.trump is not None


def test_next_is_of_a_red_or_black_pair():
    term = find_term("next")
    assert term.turned_down.suit.same_colour is not term.turned_down.suit
    assert isinstance(term.turned_down.suit, Suit)


# ---- the loader ------------------------------------------------------------------------------

GOOD = """[[terms]]
term = "trump"
definition = "The strongest suit."
lesson = "bowers/trump"
show = "cards"
cards = "AS 9H"
trump = "H"
"""


def _load(tmp_path: Path, text: str):
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return load_glossary(path)


def test_the_loader_reads_a_minimal_term(tmp_path):
    (term,) = _load(tmp_path, GOOD)
    assert term.name == "trump" and term.step_number == 1


@pytest.mark.parametrize(
    "change, message",
    [
        (GOOD.replace('show = "cards"', 'show = "cards"\ncolour = "red"'), "unknown key 'colour'"),
        (GOOD.replace('show = "cards"', 'show = "movie"'), "show must be one of"),
        (GOOD.replace('"bowers/trump"', '"bowers/nothing"'), "has no step 'nothing'"),
        (GOOD.replace('"bowers/trump"', '"juggling/trump"'), "lesson 'juggling' does not exist"),
        (GOOD.replace('cards = "AS 9H"', 'cards = "AS 9H"\nat = 2'), "takes cards, focus, trump"),
        (GOOD.replace('cards = "AS 9H"', 'cards = "AS HX"'), "HX"),
        (GOOD.replace('definition = "The strongest suit."\n', ""), "'definition' is missing"),
        (GOOD + GOOD, "finds both"),
    ],
)
def test_the_loader_rejects_a_bad_term_with_a_message(tmp_path, change, message):
    with pytest.raises(LessonError, match=message):
        _load(tmp_path, change)


@pytest.mark.parametrize("benny, left", [(False, "three"), (True, "four")])
def test_the_kitty_holds_the_cards_the_definition_says(benny, left):
    """'three, or four with the Joker': the deck less five cards each and the upcard."""
    kitty = find_term("kitty").definition
    assert "three, or four with the Joker" in kitty
    undealt = len(deck(benny)) - 4 * HAND_SIZE - 1
    assert ["three", "four"][undealt - 3] == left


def test_a_lone_defender_scores_what_the_definition_says():
    assert "scores 4 points" in find_term("lone defender").definition
    score = score_hand(Team.NS, 2, defender_alone=True)
    assert score.points[Team.EW] == 4


def test_no_trump_has_no_bowers_as_the_definition_says():
    assert "there are no bowers" in find_term("no trump").definition
    assert {card_role(card, None) for card in deck()} == {""}
