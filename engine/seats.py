"""Seats and teams. Play goes clockwise N -> E -> S -> W; partners sit opposite.

>>> Seat.N.next, Seat.N.partner, Seat.E.team
(Seat.E, Seat.S, Team.EW)
"""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table. ``index``, ``next``, ``partner`` and ``team`` are plain
    attributes set below (not properties): the search code reads them millions of times.
    """

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    index: int
    next: Seat  # the seat to this seat's left: the next to play, clockwise
    partner: Seat
    team: Team
    word: str

    def after(self, steps: int) -> Seat:
        return SEATS[(self.index + steps) % 4]

    __hash__ = object.__hash__  # identity hash in C: enums are dict keys in hot loops

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Team(Enum):
    NS = "NS"
    EW = "EW"

    seats: tuple[Seat, Seat]
    other: Team
    index: int  # 0 for NS, 1 for EW: the order of score pairs
    word: str

    __hash__ = object.__hash__  # identity hash in C: enums are dict keys in hot loops

    def __repr__(self) -> str:
        return f"Team.{self.name}"


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)
_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}

for _i, _seat in enumerate(SEATS):
    _seat.index = _i
    _seat.next = SEATS[(_i + 1) % 4]
    _seat.partner = SEATS[(_i + 2) % 4]
    _seat.team = Team.NS if _i % 2 == 0 else Team.EW
    _seat.word = _WORDS[_seat]
for _i, _team in enumerate(TEAMS):
    _team.index = _i
    _team.other = TEAMS[1 - _i]
    _team.seats = (SEATS[_i], SEATS[_i + 2])
    _team.word = "North-South" if _i == 0 else "East-West"
del _i, _seat, _team
