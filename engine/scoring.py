"""Scoring a hand (RULES.md, "Scoring a hand") and the table the app shows.

>>> score_hand(Team.NS, 5, maker_alone=True).points
{Team.NS: 4, Team.EW: 0}
>>> score_hand(Team.NS, 2, maker_alone=True).outcome
Outcome.EUCHRE
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.errors import ScoreError
from engine.seats import Seat, Team


class Outcome(Enum):
    MADE = "made"  # makers 3 or 4, not alone
    MARCH = "march"  # makers all 5, not alone
    LONE_MADE = "lone made"  # lone maker 3 or 4
    LONE_MARCH = "lone march"  # lone maker all 5
    EUCHRE = "euchre"  # makers under 3
    LONE_DEFENDER_EUCHRE = "lone defender euchre"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a finished hand scored, and why in words."""

    makers: Team
    makers_tricks: int
    outcome: Outcome
    winner: Team
    points_won: int
    maker_alone: bool
    defender_alone: bool
    alone: tuple[Seat, ...] = ()  # who went or defended alone, when known (for the words)

    @property
    def points(self) -> dict[Team, int]:
        return {team: self.points_won if team is self.winner else 0 for team in Team}

    @property
    def explanation(self) -> str:
        return explain_score(self)


def score_hand(
    makers: Team,
    makers_tricks: int,
    *,
    maker_alone: bool = False,
    defender_alone: bool = False,
    alone: tuple[Seat, ...] = (),
) -> HandScore:
    """Points for a finished hand from the makers' tricks; raises ScoreError on a bad count.

    ``alone`` names the lone players, if known, so the explanation can name them.
    """
    if not isinstance(makers_tricks, int) or not 0 <= makers_tricks <= 5:
        raise ScoreError(f"makers' tricks must be 0 to 5, not {makers_tricks!r}")
    if makers_tricks < 3:
        outcome = Outcome.LONE_DEFENDER_EUCHRE if defender_alone else Outcome.EUCHRE
        winner = makers.other
    elif makers_tricks == 5:
        outcome = Outcome.LONE_MARCH if maker_alone else Outcome.MARCH
        winner = makers
    else:
        outcome = Outcome.LONE_MADE if maker_alone else Outcome.MADE
        winner = makers
    return HandScore(
        makers,
        makers_tricks,
        outcome,
        winner,
        POINTS[outcome],
        maker_alone,
        defender_alone,
        tuple(alone),
    )


POINTS: dict[Outcome, int] = {
    Outcome.MADE: 1,
    Outcome.MARCH: 2,
    Outcome.LONE_MADE: 1,
    Outcome.LONE_MARCH: 4,
    Outcome.EUCHRE: 2,
    Outcome.LONE_DEFENDER_EUCHRE: 4,
}


def explain_score(score: HandScore) -> str:
    """One or two plain sentences: why these points went to this team."""
    makers = score.makers.word
    defenders = score.makers.other.word
    tricks = tricks_words(score.makers_tricks)
    # A seat goes alone, never a team: name the seat when it is known.
    loner = next(
        (f"{seat.word}" for seat in score.alone if seat.team is score.makers),
        f"One {makers} player",
    )
    lone_defender = next(
        (f"{seat.word}" for seat in score.alone if seat.team is score.makers.other),
        f"One {defenders} player",
    )
    if score.outcome is Outcome.MADE:
        return f"{makers} made trump and took {tricks}: 3 or 4 tricks score 1 point."
    if score.outcome is Outcome.MARCH:
        return f"{makers} made trump and took all 5 tricks, a march: 2 points."
    if score.outcome is Outcome.LONE_MADE:
        return (
            f"{loner} went alone and took {tricks}: a lone hand scores 4 only "
            f"if it takes all 5 tricks, so this is 1 point to {makers}."
        )
    if score.outcome is Outcome.LONE_MARCH:
        return f"{loner} went alone and took all 5 tricks, so {makers} score 4 points."
    if score.outcome is Outcome.LONE_DEFENDER_EUCHRE:
        return (
            f"{makers} made trump but took {_only(tricks)}, fewer than 3: they are euchred. "
            f"{lone_defender} defended alone, so {defenders} score 4 points."
        )
    alone = " Going alone does not change this." if score.maker_alone else ""
    return (
        f"{makers} made trump but took {_only(tricks)}, fewer than 3: they are euchred, "
        f"and the defenders, {defenders}, score 2 points.{alone}"
    )


def tricks_words(count: int) -> str:
    """A number of tricks in words: 'no tricks', '1 trick', '3 tricks'.

    >>> [tricks_words(n) for n in (0, 1, 2)]
    ['no tricks', '1 trick', '2 tricks']
    """
    return "no tricks" if count == 0 else f"{count} trick" + ("" if count == 1 else "s")


def _only(tricks: str) -> str:
    return tricks if tricks == "no tricks" else f"only {tricks}"


@dataclass(frozen=True, slots=True)
class ScoringRow:
    outcome: str
    makers_tricks: str
    points: int
    to: str
    result: Outcome  # the kind of result the row is, as score_hand tells them apart


def scoring_table(lone_defender: bool = True) -> list[ScoringRow]:
    """The rows of RULES.md's scoring table, each computed by ``score_hand``."""
    cases = [
        ("Makers win 3 or 4 tricks", "3-4", 3, False, False, "makers"),
        ("Makers win all 5 tricks (a march)", "5", 5, False, False, "makers"),
        ("Lone maker wins all 5 tricks", "5", 5, True, False, "makers"),
        ("Lone maker wins 3 or 4 tricks", "3-4", 4, True, False, "makers"),
        ("Makers win fewer than 3 (euchred)", "0-2", 1, False, False, "defenders"),
    ]
    if lone_defender:
        cases.append(("Makers euchred by a lone defender", "0-2", 2, False, True, "defenders"))
    rows = []
    for label, tricks, sample, maker_alone, defender_alone, to in cases:
        score = score_hand(Team.NS, sample, maker_alone=maker_alone, defender_alone=defender_alone)
        rows.append(ScoringRow(label, tricks, score.points_won, to, score.outcome))
    return rows
