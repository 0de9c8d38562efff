"""The odds lab's items that never change are built once per process (a first load and
each rerun reuse them) and are the items the page would build itself."""

from __future__ import annotations

import pytest

from engine import Rules
from tutorial_app.features.odds.exact import exact_items
from tutorial_app.features.odds.jobs import odds_hands
from tutorial_app.features.odds.shown import counted_items, shipped_items
from tutorial_app.features.odds.simulated import shipped_run, simulated_items


def same(kept, built) -> None:
    assert [item.key for item in kept] == [item.key for item in built]
    for one, other in zip(kept, built, strict=True):
        assert one.sentence == other.sentence and one.note == other.note
        assert one.table.equals(other.table)
        assert one.figure.to_json() == other.figure.to_json()


def test_the_counted_items_are_built_once_and_are_the_exact_items():
    assert counted_items() is counted_items()
    same(counted_items(), exact_items())


def test_a_shipped_runs_items_are_built_once_and_are_the_items_of_its_hands():
    default = odds_hands("beginner")[2]
    kept = shipped_items("bga", "beginner", default, 1)
    assert kept is not None and kept is shipped_items("bga", "beginner", default, 1)
    # The page's own rules for these settings: the preset, no variant switched on.
    rules = Rules.from_settings({"preset": "bga", "benny": False, "no_trump": False})
    played = shipped_run("bga", "beginner", default, 1)
    assert played is not None
    same(kept, simulated_items(played, "beginner", rules))


def test_a_run_that_is_not_shipped_has_no_kept_items():
    assert shipped_items("bga", "beginner", 100, 987654) is None


def test_the_win_chances_note_says_what_the_squares_and_the_table_hold():
    from tutorial_app.features.odds.simulated import game_chances

    rules = Rules.preset("bga")
    played = shipped_run("bga", "beginner", odds_hands("beginner")[2], 1)
    assert played is not None
    item = next(i for i in simulated_items(played, "beginner", rules) if i.key == "win-chances")
    chances = game_chances(played, rules.target_points)
    assert "halfway between dealing next and not" in item.note
    square = item.figure.data[0].z[8][3]  # your team on 8, theirs on 3
    halfway = (chances.dealing[8][3] + chances.receiving[8][3]) / 2 * 100
    assert square == pytest.approx(halfway)
    assert list(item.table.columns) == ["both teams on", "you deal next", "they deal next"]
