"""The presets as people name them, each with one line derived from its settings."""

from __future__ import annotations

import pytest

from engine import PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS, Rules, describe_preset
from engine.errors import RulesError


def test_every_preset_has_a_name_people_know():
    assert set(PRESET_NAMES) == set(PRESETS) == set(PRESET_DESCRIPTIONS)
    assert all(PRESET_NAMES[key] != key for key in PRESETS)
    assert len(set(PRESET_NAMES.values())) == len(PRESETS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_line_on_a_preset_comes_from_its_settings(preset):
    rules = Rules.preset(preset)
    line = PRESET_DESCRIPTIONS[preset]
    assert line == describe_preset(preset)
    assert f"Game to {rules.target_points}." in line
    assert line.startswith(
        "Stick the dealer." if rules.stick_the_dealer else "No stick the dealer."
    )
    assert ("Anyone may go alone." in line) == (rules.alone_decision == "any")
    for setting, words in [
        ("loner_starts_last", "oner starts last"),
        ("canadian_loner", "Canadian loner"),
        ("lone_defender", "one defender"),
    ]:
        assert (words in line) == getattr(rules, setting)


def test_the_lines_tell_the_presets_apart():
    assert len(set(PRESET_DESCRIPTIONS.values())) == len(PRESETS)


def test_an_unknown_preset_is_refused():
    with pytest.raises(RulesError, match="unknown preset"):
        describe_preset("hoyle")
