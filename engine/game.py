"""A game: hands dealt in turn, the deal passing left, until a team reaches the target.

>>> import random
>>> from engine.rules import Rules
>>> game = new_game(Rules.preset("cardsuite"), Seat.N)
>>> game = start_hand(game, random.Random(7))
>>> game.hand.dealer, game.scores
(Seat.N, (0, 0))
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.actions import Action
from engine.errors import GameError
from engine.hand import Deal, HandState, apply, deal_cards, new_hand
from engine.rules import Rules
from engine.seats import Seat, Team


class GameState(NamedTuple):
    rules: Rules
    dealer: Seat  # dealer of the current (or next) hand
    scores: tuple[int, int]  # (NS, EW)
    finished: tuple[HandState, ...]  # hands played to the end, thrown-in ones included
    hand: HandState | None  # the hand in progress
    winner: Team | None

    def score(self, team: Team) -> int:
        return self.scores[0 if team is Team.NS else 1]

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def new_game(rules: Rules, first_dealer: Seat = Seat.N) -> GameState:
    return GameState(rules, first_dealer, (0, 0), (), None, None)


def start_hand(game: GameState, deal: Deal | random.Random) -> GameState:
    """Deal the next hand (from a Random, or a given Deal for the current dealer); raises
    GameError when the game is over, a hand is in progress or it is another seat's deal."""
    if game.winner is not None:
        raise GameError("the game is over: start a new game")
    if game.hand is not None:
        raise GameError("a hand is still in progress")
    if isinstance(deal, random.Random):
        deal = deal_cards(game.rules, game.dealer, deal)
    elif deal.dealer is not game.dealer:
        raise GameError(f"it is {game.dealer.word}'s deal, not {deal.dealer.word}'s")
    return game._replace(hand=new_hand(game.rules, deal))


def game_apply(game: GameState, action: Action, seat: Seat | None = None) -> GameState:
    """Apply an action to the hand in progress; a finished hand is scored and the deal moves on.

    Raises GameError with no hand in progress, IllegalActionError for an illegal action.
    """
    if game.hand is None:
        raise GameError("no hand in progress: deal one with start_hand")
    hand = apply(game.hand, action, seat)
    if not hand.is_over:
        return game._replace(hand=hand)
    return finish_hand(game, hand)


def finish_hand(game: GameState, hand: HandState) -> GameState:
    """Add a finished hand's points; the deal passes one seat clockwise."""
    assert hand.result is not None, "finish_hand takes a finished hand"
    points = hand.result.points
    ns = game.scores[0] + points[Team.NS]
    ew = game.scores[1] + points[Team.EW]
    winner = game_winner((ns, ew), game.rules.target_points)
    return game._replace(
        dealer=next_dealer(game.dealer),
        scores=(ns, ew),
        finished=game.finished + (hand,),
        hand=None,
        winner=winner,
    )


def next_dealer(dealer: Seat) -> Seat:
    """Who deals the next hand: the deal passes one seat clockwise, to the dealer's left.

    >>> next_dealer(Seat.W)
    Seat.N
    """
    return dealer.next


def game_winner(scores: tuple[int, int], target: int) -> Team | None:
    """The team that has reached the target, if any (only one team scores a hand)."""
    if scores[0] >= target:
        return Team.NS
    if scores[1] >= target:
        return Team.EW
    return None
