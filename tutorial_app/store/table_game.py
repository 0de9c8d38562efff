"""A class table's game as the store keeps it: the rules preset, a seed, the first
dealer and every move so far (all hands in one list). The engine replays it: each hand
is dealt from the seed (``deal_for``), a finished hand is scored and the next one dealt
at once, until a team reaches the preset's target. No Streamlit here.

A move is checked against the game as the player saw it: its ``version`` is the count
of moves, so a click made on an older table (a doubled click, a stale page) is refused,
never applied twice.

>>> from engine import legal_actions
>>> game = TableGame("bga", 7, "N", ())
>>> state = game.replay()
>>> state.hand.turn, game.version
(Seat.E, 0)
>>> game.with_move(Seat.E, legal_actions(state.hand)[0]).version
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine import Action, GameError, GameState, Rules, Seat, new_game, start_hand
from engine.game import game_apply

__all__ = [
    "MOVES_MOST",
    "TableGame",
    "bots_from_json",
    "deal_for",
    "moves_from_json",
    "moves_to_json",
]

# A game to 10 points takes at most 19 hands of at most 30 moves (4 bids, a discard, 2
# "alone" questions, 20 cards): a bound a kept game may not pass.
MOVES_MOST = 19 * 30


def deal_for(seed: int, hand: int) -> random.Random:
    """The shuffle of hand ``hand`` (0 for the first) of the table's game."""
    return random.Random(f"table-{seed}-{hand}")


@dataclass(frozen=True, slots=True)
class TableGame:
    """One table's game: preset, seed, first dealer ("N", ...), moves ((seat, action))."""

    preset: str
    seed: int
    first_dealer: str
    moves: tuple[tuple[Seat, Action], ...]
    # the moves (by index) a bot made for a learner who was away: not the learner's own
    bots: frozenset[int] = frozenset()

    @property
    def version(self) -> int:
        return len(self.moves)

    def replay(self) -> GameState:
        """The game after every move (raises the engine's error for one it refuses)."""
        return _replayed(self.preset, self.seed, self.first_dealer, self.moves)

    def with_move(self, seat: Seat, action: Action, for_away: bool = False) -> TableGame:
        """The game after ``seat`` plays ``action`` (``for_away``: a bot plays for the
        seat's learner, who is away); raises the engine's IllegalActionError (its
        sentence says why) or GameError once the game is over."""
        state = self.replay()
        if state.is_over or state.hand is None:
            raise GameError("the game is over")
        game_apply(state, action, seat)  # the engine's check, its words if refused
        bots = self.bots | {self.version} if for_away else self.bots
        moves = (*self.moves, (seat, action))
        return TableGame(self.preset, self.seed, self.first_dealer, moves, bots)

    def hand_start(self, hand: int) -> int:
        """The index of hand ``hand``'s first move among all the game's moves."""
        return sum(len(finished.actions) for finished in self.replay().finished[:hand])


def _dealt(state: GameState, seed: int) -> GameState:
    if state.hand is None and not state.is_over:
        return start_hand(state, deal_for(seed, len(state.finished)))
    return state


@lru_cache(maxsize=256)
def _replayed(
    preset: str, seed: int, first_dealer: str, moves: tuple[tuple[Seat, Action], ...]
) -> GameState:
    """Kept per process: every poll of a table replays the same version."""
    state = _dealt(new_game(Rules.preset(preset), Seat(first_dealer)), seed)
    for seat, action in moves:
        state = _dealt(game_apply(state, action, seat), seed)
    return state


def moves_to_json(game: TableGame) -> list[dict[str, Any]]:
    """The moves as the store keeps them: [{"seat": "N", "do": "pass"}, ...], a move a
    bot made for an away learner marked "bot": true."""
    return [
        {"seat": seat.value, **action.to_dict(), **({"bot": True} if index in game.bots else {})}
        for index, (seat, action) in enumerate(game.moves)
    ]


def bots_from_json(data: Any) -> frozenset[int]:
    """The indexes of the moves marked "bot" (see ``moves_to_json``)."""
    if not isinstance(data, list):
        return frozenset()
    return frozenset(i for i, item in enumerate(data) if isinstance(item, dict) and item.get("bot"))


def moves_from_json(data: Any) -> tuple[tuple[Seat, Action], ...]:
    """Moves read back; raises ValueError (the engine's NotationError) for a bad one."""
    if not isinstance(data, list) or len(data) > MOVES_MOST:
        raise ValueError(f"a table's moves are a list of at most {MOVES_MOST}")
    moves = []
    for item in data:
        if not isinstance(item, dict):
            raise ValueError("a table's move is an object")
        rest = {key: value for key, value in item.items() if key not in ("seat", "bot")}
        moves.append((Seat(item.get("seat")), Action.from_dict(rest)))
    return tuple(moves)
