"""The teacher's replay as a value: a hand's recorded moves and how many of them show.

``Replay(timeline, position)``: ``timeline`` is the whole hand record, ``position`` the
number of its moves on the table. Stepping, jumping to a trick and playing on move the
position and never lose the moves after it; a move made by hand (or by a bot) that
differs from the recorded one replaces the rest of the record from there. Every state
comes from the engine (``Replay.state``: the record's own ``HandRecord.replay``); bots
see only their own seat's view. No Streamlit here: the Teach page and plain tests call
the same functions.

Names: in Teach "a replay" is always a ``Replay``, kept whole under one session key
(``keys.REPLAY``); the engine's ``replay(rules, deal, actions)``, which rebuilds a state,
is reached only through a record (``HandRecord.replay``), never imported by its bare
name here or in the page, so nothing shadows it.

>>> from engine import Rules, Seat, random_hand
>>> start = Replay.of(HandRecord.from_state(random_hand(Rules(), Seat.W, 1)))
>>> after = play_on_with_bots(start, "beginner", moves=3)
>>> after.position, back(after).position, forward(back(after)) == after
(3, 2, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from analysis import make_bot
from engine import Action, HandRecord, HandState, Phase, Seat, apply, new_hand, seat_view

__all__ = [
    "END",
    "Replay",
    "back",
    "forward",
    "jump",
    "move_made",
    "part_shown",
    "play_on_with_bots",
    "play_to_the_end",
    "play_to_trick",
    "trick_starts",
]


@dataclass(frozen=True, slots=True)
class Replay:
    """A recorded hand and how many of its moves are on the table."""

    timeline: HandRecord
    position: int

    @classmethod
    def of(cls, record: HandRecord, position: int | None = None) -> Replay:
        """``record`` shown after ``position`` moves (default: all), kept within range."""
        count = len(record.actions)
        return cls(record, count if position is None else min(max(position, 0), count))

    @property
    def count(self) -> int:
        return len(self.timeline.actions)

    @property
    def shown(self) -> HandRecord:
        """The record up to the position: what the table shows."""
        record = self.timeline
        return HandRecord(record.rules, record.deal, record.actions[: self.position])

    @property
    def at_end(self) -> bool:
        return self.position >= self.count

    def state(self) -> HandState:
        return self.shown.replay()


def forward(replay: Replay) -> Replay:
    return jump(replay, replay.position + 1)


def back(replay: Replay) -> Replay:
    return jump(replay, replay.position - 1)


def jump(replay: Replay, position: int) -> Replay:
    return Replay.of(replay.timeline, position)


def trick_starts(record: HandRecord) -> dict[int, int]:
    """Trick number (from 1) -> the position at which its first card is about to be
    played, for every trick the record reaches."""
    state = new_hand(record.rules, record.deal)
    starts: dict[int, int] = {}
    for position in range(len(record.actions) + 1):
        if state.phase is Phase.PLAY and not state.trick:
            starts.setdefault(len(state.tricks) + 1, position)
        if position < len(record.actions):
            seat, action = record.actions[position]
            state = apply(state, action, seat)
    return starts


END = "end"  # part_shown: the finished hand


def part_shown(
    replay: Replay, starts: dict[int, int], finished: bool, held: bool = True
) -> int | str:
    """What the table shows, as the jump buttons name it: 0 for the deal and bidding,
    a trick's number from its lead on, or END for a finished hand (``finished``: the
    record plays the hand to its end). ``held``: at a trick's start the table still
    holds the trick before it (stepping on), not the clear table a jump to it shows."""
    if replay.at_end and finished:
        return END
    at = replay.position
    started = [n for n, start in starts.items() if start < at or (start == at and not held)]
    return max(started, default=0)


def move_made(replay: Replay, seat: Seat, action: Action) -> Replay:
    """``seat`` makes ``action`` at the position (the engine has allowed it): the recorded
    move if it is the same one, else the record from here is replaced by this move."""
    record = replay.timeline
    at = replay.position
    if at < replay.count and record.actions[at] == (seat, action):
        return Replay(record, at + 1)
    actions = record.actions[:at] + ((seat, action),)
    return Replay(HandRecord(record.rules, record.deal, actions), at + 1)


def play_on_with_bots(
    replay: Replay, level: str, moves: int | None = None, rng: random.Random | None = None
) -> Replay:
    """Bots of ``level`` make the next ``moves`` moves (default: to the end of the hand)
    from the position, each from its own seat's view; the record from the position is
    replaced by theirs and the position stays, so the teacher steps through them.
    Raises ValueError for an unknown level."""
    bot = make_bot(level)
    rng = rng or random.Random(f"{replay.timeline.dumps()}-{replay.position}")
    state = replay.state()
    actions = list(replay.shown.actions)
    while state.turn is not None and (moves is None or len(actions) < replay.position + moves):
        seat = state.turn
        action = bot.decide(seat_view(state, seat), rng)
        state = apply(state, action, seat)
        actions.append((seat, action))
    record = replay.timeline
    timeline = HandRecord(record.rules, record.deal, tuple(actions))
    return Replay(timeline, replay.position if moves is None else len(actions))


def play_to_the_end(replay: Replay, level: str) -> Replay:
    """The record played on by bots of ``level`` from its end until the hand is over;
    the position stays. Raises ValueError for an unknown level."""
    return _played_on(replay, level, lambda end: False)


def play_to_trick(replay: Replay, level: str, number: int) -> Replay:
    """The record played on by bots of ``level`` from its end until trick ``number``
    (from 1) is about to be led, or the hand is over; the position stays. Raises
    ValueError for an unknown level."""
    return _played_on(replay, level, lambda end: number in trick_starts(end.timeline))


def _played_on(replay: Replay, level: str, reached: Callable[[Replay], bool]) -> Replay:
    """The record played on by bots, one action at a time, until ``reached`` or the
    hand is over; the position stays where it was."""
    end = Replay.of(replay.timeline)
    while not reached(end) and not end.state().is_over:
        end = play_on_with_bots(end, level, 1)
    return Replay(end.timeline, replay.position)
