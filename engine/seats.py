"""Seats and teams. Play goes clockwise N -> E -> S -> W; partners sit opposite.

>>> Seat.N.next, Seat.N.partner, Seat.E.team
(Seat.E, Seat.S, Team.EW)
"""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def index(self) -> int:
        return _INDEX[self]

    @property
    def next(self) -> Seat:
        """The seat to this seat's left: the next to play, clockwise."""
        return SEATS[(_INDEX[self] + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(_INDEX[self] + 2) % 4]

    @property
    def team(self) -> Team:
        return Team.NS if self in (Seat.N, Seat.S) else Team.EW

    @property
    def word(self) -> str:
        return _WORDS[self]

    def after(self, steps: int) -> Seat:
        return SEATS[(_INDEX[self] + steps) % 4]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Team(Enum):
    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    @property
    def word(self) -> str:
        return "North-South" if self is Team.NS else "East-West"

    def __repr__(self) -> str:
        return f"Team.{self.name}"


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_INDEX = {seat: i for i, seat in enumerate(SEATS)}
_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
