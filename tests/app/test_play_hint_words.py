"""The Play hint speaks the table's words: the dealer's choice is named as the dealer's
button names it ("Pick it up", not "Order up"), and each choice's tricks are rounded
once, so the table beside the sentence shows the figure the sentence says."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis import hint
from engine import Phase, Rules, seat_view
from lessons.generators import random_position
from tutorial_app.card_table.hint_words import hint_heading, hint_rows, table_points_words
from tutorial_app.card_table.table_model import action_label


def _bidding(seed: int, dealer: bool):
    return random_position(
        random.Random(seed),
        Rules.preset("bga"),
        lambda s: s.phase is Phase.BID1 and (s.turn is s.dealer) == dealer,
    )


@pytest.mark.parametrize("dealer, words", [(True, "Pick it up"), (False, "Order up")])
def test_the_hint_names_a_choice_as_its_button_does(dealer, words):
    state = _bidding(1, dealer)
    advice = hint(seat_view(state, state.turn), random.Random(2))
    buttons = {action_label(v.action, state, state.turn) for v in advice.options}
    assert words in buttons
    choices = {row["Choice"] for row in hint_rows(advice, state)}
    assert choices == buttons
    assert hint_heading(advice, state).startswith(
        f"**Hint: {action_label(advice.recommended, state, state.turn)}.**"
    )


@pytest.mark.parametrize("seed", range(4))
def test_the_tricks_in_the_table_are_the_tricks_in_the_sentence(seed):
    state = _bidding(seed, True)
    advice = hint(seat_view(state, state.turn), random.Random(seed))
    said = re.findall(r"about \d+ tricks?", advice.explanation)
    shown = [r["Tricks your team should win"] for r in hint_rows(advice, state)]
    for figure in said:  # each figure the sentence says is one the table shows
        assert figure in shown, (figure, shown)
    for figure in shown:
        assert re.fullmatch(r"about \d+ tricks?|almost no tricks", figure)


def test_a_reason_that_starts_with_the_choice_does_not_say_it_twice():
    """A hint once read "Hint: Pass. Pass: with clubs as trump ...": the heading says
    the choice once, and the reason goes on from there."""
    state = _bidding(1, False)
    advice = hint(seat_view(state, state.turn), random.Random(2))
    label = action_label(advice.recommended, state, state.turn)
    said_twice = advice._replace(explanation=f"{label}: with clubs as trump you hold two.")
    expected = f"**Hint: {label}.** With clubs as trump you hold two."
    assert hint_heading(said_twice, state) == expected
    other = advice._replace(explanation="Your hand is weak.")  # any other reason is kept whole
    assert hint_heading(other, state) == f"**Hint: {label}.** Your hand is weak."


@pytest.mark.parametrize("seed", range(6))
def test_what_the_sentence_says_a_choice_gives_away_the_table_says_too(seed):
    """Rounded alone, every choice's points could read the same ("about half a point")
    while the sentence said one gives away half a point: the table compares them too."""
    state = _bidding(seed, seed % 2 == 0)
    advice = hint(seat_view(state, state.turn), random.Random(seed))
    against = [row["Against the hint"] for row in hint_rows(advice, state)]
    assert against.count("the best choice") == 1
    assert against[0] == "the best choice"  # the hinted choice heads the table
    for lost in re.findall(r"gives away about ([^.]+)\.", advice.explanation):
        assert f"gives away about {lost}" in against, (lost, against)
    if "almost as good" in advice.explanation:
        assert "almost as good" in against


@pytest.mark.parametrize("seed", range(4))
def test_the_table_runs_from_the_hinted_choice_to_the_one_worth_least(seed):
    """The best choice was listed last, under four that give away more."""
    state = _bidding(seed, seed % 2 == 1)
    advice = hint(seat_view(state, state.turn), random.Random(seed))
    by_label = {action_label(v.action, state, state.turn): v for v in advice.options}
    ranked = [by_label[row["Choice"]] for row in hint_rows(advice, state)]
    assert ranked[0].action == advice.best.action
    assert [v.points for v in ranked[1:]] == sorted((v.points for v in ranked[1:]), reverse=True)


@given(
    st.floats(min_value=-4, max_value=4, allow_nan=False),
    st.floats(min_value=0.26, max_value=4, allow_nan=False),
)
def test_choices_more_than_a_quarter_point_apart_never_read_the_same_in_the_table(points, apart):
    """The sentence says a choice "gives away about half a point" from about a quarter of
    a point on; the table's words then tell the two choices apart."""
    assert table_points_words(points) != table_points_words(points - apart)
