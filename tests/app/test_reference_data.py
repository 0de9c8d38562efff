"""tutorial_app.rule_tables.ranking: the page's rows come from the engine, every card
exactly once."""

import pytest

from engine import JOKER, Suit, deck, rank_order
from tutorial_app.rule_tables.ranking import (
    TRUMP_CHOICES,
    card_label,
    ranking_groups,
    ranking_table,
    scoring_frame,
    trump_from_choice,
)


@pytest.mark.parametrize("choice", list(TRUMP_CHOICES))
@pytest.mark.parametrize("benny", [False, True])
def test_every_card_appears_once_in_engine_order(choice, benny):
    trump = trump_from_choice(choice)
    groups = ranking_groups(trump, benny)
    shown = [card for group in groups for card in group.cards]
    assert sorted(c.code for c in shown) == sorted(c.code for c in deck(benny))
    assert shown == [card for _, cards in rank_order(trump, benny) for card in cards]
    table = ranking_table(trump, benny)
    assert list(table["Card"]) == [card_label(card) for card in shown]


def test_choices_map_to_engine_trumps():
    assert trump_from_choice("S") is Suit.SPADES
    assert trump_from_choice("NT") is None and trump_from_choice("none") is None


def test_marks_only_under_a_trump():
    hearts = ranking_groups(Suit.HEARTS, True)[0]
    assert hearts.highlights[:3] == ("Benny", "right bower", "left bower")
    assert all(mark is None for group in ranking_groups(None, True) for mark in group.highlights)
    assert ranking_groups(None, True)[-1].cards == (JOKER,)


def test_card_labels_show_ten_as_10():
    table = ranking_table(Suit.CLUBS, False)
    assert "10♥ ten of hearts" in set(table["Card"])


def test_scoring_frame_is_the_engines_table():
    assert len(scoring_frame(False)) == 5
    assert list(scoring_frame(True)["Points"]) == [1, 2, 4, 1, 2, 4]


def test_presets_frame_is_the_engines_presets():
    from engine import PRESET_NAMES, PRESETS, SETTING_NAMES
    from tutorial_app.rule_tables.ranking import presets_frame

    frame = presets_frame()
    names = [PRESET_NAMES[p] for p in PRESETS]
    assert list(frame.columns) == ["House rule", *names]
    assert len(frame) == len(SETTING_NAMES) + 1  # a first row sums each preset up
    stick = frame.iloc[1 + SETTING_NAMES.index("stick_the_dealer")]
    assert [stick[PRESET_NAMES[p]] for p in PRESETS] == [
        "yes" if PRESETS[p]["stick_the_dealer"] else "no" for p in PRESETS
    ]
    target = frame.iloc[1 + SETTING_NAMES.index("target_points")]
    assert target["Pagat"] == f"{PRESETS['pagat']['target_points']} points"
