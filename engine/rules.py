"""Rule sets: the three presets of RULES.md and every variant setting.

>>> Rules.preset("pagat").target_points
11
>>> Rules.from_settings({"preset": "bga", "lone_defender": True}).lone_defender
True
>>> Rules.from_settings({"benny": True, "no_trump": True})  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
engine.errors.RulesError: benny and no_trump cannot be combined: the Joker needs a trump suit to
belong to; switch one of them off
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

from engine.errors import RulesError


class AloneDecision(StrEnum):
    """Who may go alone (RULES.md, 'Going alone'). A ``str``: ``AloneDecision.ANY == "any"``."""

    MAKER = "maker"  # the player who made trump decides, right after making it
    ANY = "any"  # one round of announcements from the dealer's left

    def __repr__(self) -> str:  # the name to type, like Suit.HEARTS
        return f"AloneDecision.{self.name}"


ALONE_DECISIONS: tuple[AloneDecision, ...] = tuple(AloneDecision)


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set. Build with ``Rules.preset`` or ``Rules.from_settings``."""

    stick_the_dealer: bool = True
    no_trump: bool = False
    loner_starts_last: bool = False
    canadian_loner: bool = False
    lone_defender: bool = False
    benny: bool = False
    no_first_blood: bool = False
    alone_decision: AloneDecision = AloneDecision.MAKER
    target_points: int = 10
    preset_name: str = "bga"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise RulesError(f"{f.name} must be true or false, not {value!r}")
        if not isinstance(self.alone_decision, str) or self.alone_decision not in ALONE_DECISIONS:
            raise RulesError(
                f'alone_decision must be "maker" or "any", not {self.alone_decision!r}'
            )
        # Read as given ("any"), kept as the enum: one value, one hash, one repr.
        object.__setattr__(self, "alone_decision", AloneDecision(self.alone_decision))
        if (
            not isinstance(self.target_points, int)
            or isinstance(self.target_points, bool)
            or not 1 <= self.target_points <= 100
        ):
            raise RulesError(
                f"target_points must be a whole number from 1 to 100, not {self.target_points!r}"
            )
        if self.preset_name not in PRESETS:
            raise RulesError(
                f"unknown preset {self.preset_name!r}: use one of {', '.join(PRESETS)}"
            )
        if self.benny and self.no_trump:
            raise RulesError(
                "benny and no_trump cannot be combined: the Joker needs a "
                "trump suit to belong to; switch one of them off"
            )

    @classmethod
    def preset(cls, name: str = "bga") -> Rules:
        """A preset by name: 'bga', 'pagat' or 'cardsuite'; raises RulesError."""
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}: use one of {', '.join(PRESETS)}")
        return cls(preset_name=name, **PRESETS[name])

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None = None) -> Rules:
        """A preset (key 'preset', default 'bga') with settings overriding it."""
        if settings is None:
            settings = {}
        if not isinstance(settings, Mapping):
            raise RulesError(f"rules must be an object of settings, not {type(settings).__name__}")
        settings = dict(settings)
        base = cls.preset(settings.pop("preset", "bga"))
        unknown = [key for key in settings if key not in SETTING_NAMES]
        if unknown:
            raise RulesError(
                f"unknown setting {unknown[0]!r}: the settings are "
                f"{', '.join(SETTING_NAMES)} (and preset)"
            )
        return replace(base, **settings)

    def with_settings(self, **settings: Any) -> Rules:
        """This rule set with some settings changed; raises RulesError."""
        unknown = [key for key in settings if key not in SETTING_NAMES]
        if unknown:
            raise RulesError(
                f"unknown setting {unknown[0]!r}: the settings are {', '.join(SETTING_NAMES)}"
            )
        return replace(self, **settings)

    def settings(self) -> dict[str, Any]:
        """Every setting by name, plus 'preset': the form a hand record holds."""
        data = asdict(self)
        data["preset"] = data.pop("preset_name")
        return {"preset": data.pop("preset"), **data}

    def changes(self) -> dict[str, Any]:
        """The settings that differ from this rule set's preset."""
        base = PRESETS[self.preset_name]
        return {
            name: getattr(self, name) for name in SETTING_NAMES if getattr(self, name) != base[name]
        }


PRESETS: dict[str, dict[str, Any]] = {
    "bga": dict(
        stick_the_dealer=True,
        no_trump=False,
        loner_starts_last=False,
        canadian_loner=False,
        lone_defender=False,
        benny=False,
        no_first_blood=False,
        alone_decision="maker",
        target_points=10,
    ),
    "pagat": dict(
        stick_the_dealer=False,
        no_trump=False,
        loner_starts_last=True,
        canadian_loner=True,
        lone_defender=True,
        benny=False,
        no_first_blood=False,
        alone_decision="any",
        target_points=11,
    ),
    "cardsuite": dict(
        stick_the_dealer=False,
        no_trump=False,
        loner_starts_last=False,
        canadian_loner=False,
        lone_defender=False,
        benny=False,
        no_first_blood=False,
        alone_decision="maker",
        target_points=10,
    ),
}
SETTING_NAMES: tuple[str, ...] = tuple(PRESETS["bga"])

# What people call each preset; the short keys stay in records, links and the referee.
PRESET_NAMES: dict[str, str] = {
    "bga": "Board Game Arena",
    "pagat": "Pagat",
    "cardsuite": "CardSuite",
}

# A house rule that is on, in a player's words (for the one-line descriptions).
_ON_WORDS = {
    "stick_the_dealer": "stick the dealer",
    "no_trump": "no trump may be called",
    "loner_starts_last": "loner starts last",
    "canadian_loner": "Canadian loner",
    "lone_defender": "lone defender",
    "benny": "the Benny (a Joker) in the deck",
    "no_first_blood": "no first blood",
}


def describe_preset(name: str) -> str:
    """One line on a preset, from its settings: stick the dealer or not, who may go alone,
    any other house rule it switches on, and the target; raises RulesError.

    >>> describe_preset("cardsuite")
    'No stick the dealer. Only the maker may go alone. Game to 10.'
    """
    settings = Rules.preset(name).settings()
    parts = ["Stick the dealer." if settings["stick_the_dealer"] else "No stick the dealer."]
    parts.append(
        "Anyone may go alone."
        if settings["alone_decision"] == "any"
        else "Only the maker may go alone."
    )
    others = [
        words for key, words in _ON_WORDS.items() if key != "stick_the_dealer" and settings[key]
    ]
    if others:
        line = ", ".join(others)
        parts.append(line[:1].upper() + line[1:] + ".")
    parts.append(f"Game to {settings['target_points']}.")
    return " ".join(parts)


PRESET_DESCRIPTIONS: dict[str, str] = {name: describe_preset(name) for name in PRESETS}
