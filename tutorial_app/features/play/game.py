"""A game on the Play page as a value: a frozen ``BotGame`` that pure functions advance.

The learner sits South; computer players of one level take the other seats. Everything
random comes from the game's seed through three named streams, so one seed and the
same decisions of the learner always give the same game:

- ``deal_rng(seed, hand)``: the deck of hand number ``hand`` (0 for the first);
- ``bot_rng(seed, hand, step)``: a bot's decision at step ``step`` of that hand;
- ``advice_rng(seed, hand, step)``: the hint and the review of the learner's decision at
  that step draw the same samples, so their figures agree.

So the record of a game is small: rules, bot level, seed and the learner's choices
(``choices``: actions, and ``DEAL`` for "deal the next hand"). ``replay`` rebuilds any
game from it (``game_link`` puts it in the page address), and undo drops the learner's
last decision and the bot moves after it.

Every move goes through the engine: ``learner_plays`` raises the engine's
``IllegalActionError``; the click handlers (``learner_card``, ``learner_choice``) keep
the game as it was and hold the engine's sentence in ``refusal``. No Streamlit here:
the page is set-up plus calls into this module, and plain pytest tests it.

>>> played = new_bot_game("bga", "beginner", seed=17)
>>> played.game.hand.turn, played.choices
(Seat.S, ())
>>> after = learner_plays(played, Action.PASS)
>>> after.choices, undo(after).game == played.game
((Action.PASS,), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple, TypeAlias

from analysis import TABLE_LEVELS, make_bot
from engine import (
    PRESETS,
    Action,
    GameState,
    HandState,
    IllegalActionError,
    Reason,
    Rules,
    Seat,
    Team,
    apply,
    explain_action,
    explain_result,
    explain_trick,
    game_apply,
    new_game,
    new_hand,
    seat_view,
    start_hand,
)
from tutorial_app.card_table.move_words import action_words
from tutorial_app.card_table.table_moves import Click, Decision, decide_click

__all__ = [
    "BOT_LEVELS",
    "DEAL",
    "FIRST_DEALER",
    "YOU",
    "HandSummary",
    "BotGame",
    "ReplayStep",
    "advance_bots",
    "advice_key",
    "advice_prefix",
    "advice_rng",
    "at_hand_start",
    "bot_rng",
    "can_undo",
    "current_hand",
    "deal_rng",
    "hand_log",
    "hand_log_and_recent",
    "recent_moves",
    "score_before",
    "hand_summary",
    "has_progress",
    "learner_card",
    "learner_choice",
    "learner_plays",
    "new_bot_game",
    "next_hand",
    "replay",
    "restart",
    "resume",
    "score_words",
    "set_no_undo",
    "undo",
]

YOU = Seat.S
FIRST_DEALER = Seat.W
BOT_LEVELS = TABLE_LEVELS  # the one list of levels a learner meets
DEAL = "deal"  # a choice: "deal the next hand"
Choice: TypeAlias = Action | str  # an Action of the learner's, or DEAL


@dataclass(frozen=True, slots=True)
class BotGame:
    """One game of Play: its set-up, the game so far, and how it got there.

    ``hand_start`` is the game right after the current (or just finished) hand was
    dealt: undo replays that hand's actions from it. ``refusal`` is the engine's
    sentence for the learner's last refused click (None after any move), ``refused`` what
    that click asked for.
    """

    preset: str
    level: str
    seed: int
    game: GameState
    hand_start: GameState
    choices: tuple[Choice, ...] = ()
    no_undo: bool = False
    refusal: str | None = None
    refusal_reason: Reason | None = None
    refused: Action | None = None  # what that click asked for: marked "✗ tried" on the table

    @property
    def hand_number(self) -> int:
        """The current hand's number counting from 0 (the last finished one between hands)."""
        return len(self.game.finished) - (self.game.hand is None)


# ---- the seeded streams -------------------------------------------------------------------


def deal_rng(seed: int, hand: int) -> random.Random:
    """The deck for hand ``hand`` of the game: the same seed gives the same deals."""
    return random.Random(f"{seed}-{hand}")


def bot_rng(seed: int, hand: int, step: int) -> random.Random:
    """What a bot draws for its decision at ``step`` (the count of actions so far)."""
    return random.Random(f"{seed}-{hand}-{step}")


def advice_prefix(seed: int, hand: int) -> str:
    """What the seeds of hand ``hand``'s evaluations start with (``advice_key``)."""
    return f"advice-{seed}-{hand}"


def advice_key(seed: int, hand: int, step: int) -> str:
    """The seed of the evaluation of the decision at ``step`` of hand ``hand``: kept with
    a mistake, so its puzzle is judged as the review judged it."""
    return f"{advice_prefix(seed, hand)}-{step}"


def advice_rng(seed: int, hand: int, step: int) -> random.Random:
    """Hints and the review draw the same samples for a decision, so their figures agree."""
    return random.Random(advice_key(seed, hand, step))


# ---- starting and advancing ---------------------------------------------------------------


def new_bot_game(preset: str, level: str, seed: int, *, no_undo: bool = False) -> BotGame:
    """A new game: the first hand dealt and the bots moved until the learner's turn.

    Raises ValueError naming an unknown rule set or bot level."""
    if preset not in PRESETS:
        raise ValueError(f"{preset!r} is not a rule set: use one of {', '.join(PRESETS)}")
    if level not in BOT_LEVELS:
        raise ValueError(f"{level!r} is not a bot level: use one of {', '.join(BOT_LEVELS)}")
    game = start_hand(new_game(Rules.preset(preset), FIRST_DEALER), deal_rng(seed, 0))
    return advance_bots(BotGame(preset, level, seed, game, game, no_undo=no_undo))


def restart(played: BotGame, seed: int) -> BotGame:
    """A new game with the same set-up and a new seed."""
    return new_bot_game(played.preset, played.level, seed, no_undo=played.no_undo)


def advance_bots(played: BotGame) -> BotGame:
    """The bots move until it is the learner's turn or the hand is over."""
    game = played.game
    bot = make_bot(played.level)
    while game.hand is not None and game.hand.turn is not YOU:
        seat = game.hand.turn
        assert seat is not None  # a bot's turn: the hand is not over
        rng = bot_rng(played.seed, len(game.finished), len(game.hand.actions))
        game = game_apply(game, bot.decide(seat_view(game.hand, seat), rng), seat)
    return played if game is played.game else replace(played, game=game)


def learner_plays(played: BotGame, action: Action) -> BotGame:
    """The learner's decision, then the bots' moves after it.

    Raises the engine's IllegalActionError for an action it refuses, and ValueError
    when no hand is in progress."""
    if played.game.hand is None:
        raise ValueError("the hand is over: deal the next one")
    game = game_apply(played.game, action, YOU)
    return advance_bots(
        replace(
            played,
            game=game,
            choices=played.choices + (action,),
            refusal=None,
            refusal_reason=None,
            refused=None,
        )
    )


def learner_card(played: BotGame, code: str) -> BotGame:
    """A click on a card of the learner's hand: played (or discarded) if the engine allows,
    else the game unchanged but for the engine's refusal."""
    return _settle(played, _decided(played, Click("card", code)))


def learner_choice(played: BotGame, ident: str) -> BotGame:
    """A click on a labelled choice ('order_up', 'call-H', ...), judged the same way."""
    return _settle(played, _decided(played, Click("action", ident)))


def _decided(played: BotGame, click: Click) -> Decision:
    over = "The hand is over: deal the next one."
    return decide_click(played.game.hand, click, over=over, seat=YOU)


def _settle(played: BotGame, decision: Decision) -> BotGame:
    if decision.action is not None:  # decision.ok
        return learner_plays(played, decision.action)
    return _refused(played, decision)


def _refused(played: BotGame, decision: Decision) -> BotGame:
    return replace(
        played, refusal=decision.refusal, refusal_reason=decision.reason, refused=decision.asked
    )


def next_hand(played: BotGame) -> BotGame:
    """Deal the next hand and let the bots move; raises ValueError while a hand is in
    progress or once the game is over (the engine's words)."""
    game = start_hand(played.game, deal_rng(played.seed, len(played.game.finished)))
    return advance_bots(
        replace(
            played,
            game=game,
            hand_start=game,
            choices=played.choices + (DEAL,),
            refusal=None,
            refusal_reason=None,
            refused=None,
        )
    )


def set_no_undo(played: BotGame, on: bool) -> BotGame:
    return replace(played, no_undo=bool(on))


# ---- undo and replay ----------------------------------------------------------------------


def can_undo(played: BotGame) -> bool:
    """Undo is allowed and the learner has a decision in this hand to take back."""
    return not played.no_undo and bool(played.choices) and played.choices[-1] != DEAL


def undo(played: BotGame) -> BotGame:
    """The game as it was before the learner's last decision in this hand: that hand's
    actions replayed without it and the bot moves after it. Raises ValueError if
    ``can_undo`` is false."""
    if played.no_undo:
        raise ValueError("this game is played without undo")
    if not can_undo(played):
        raise ValueError("there is no decision of yours in this hand to undo")
    actions = current_hand(played).actions
    step = max(i for i, (seat, _) in enumerate(actions) if seat is YOU)
    game = played.hand_start
    for seat, action in actions[:step]:
        game = game_apply(game, action, seat)
    return replace(
        played,
        game=game,
        choices=played.choices[:-1],
        refusal=None,
        refusal_reason=None,
        refused=None,
    )


def replay(
    preset: str,
    level: str,
    seed: int,
    choices,
    *,
    no_undo: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
) -> BotGame:
    """The game these choices make: a new game with each choice taken in turn.

    Raises ReplayStep saying which choice cannot be made there, in the engine's words."""
    return resume(new_bot_game(preset, level, seed, no_undo=no_undo), choices, on_progress)


def resume(
    played: BotGame, choices, on_progress: Callable[[int, int], None] | None = None
) -> BotGame:
    """``played`` with more of the learner's choices taken in turn: a replay that starts
    from a point reached before; ``on_progress(done, total)`` is called after each
    choice (a replay with expert bots takes seconds). Raises ReplayStep, counting the
    game's choices from 1."""
    choices = tuple(choices)
    for done, choice in enumerate(choices, 1):
        number = len(played.choices) + 1
        try:
            played = next_hand(played) if choice == DEAL else learner_plays(played, choice)
        except IllegalActionError as error:
            raise ReplayStep(number, error.message) from None
        except ValueError as error:
            raise ReplayStep(number, str(error)) from None
        if on_progress is not None:
            on_progress(done, len(choices))
    return played


def at_hand_start(played: BotGame) -> BotGame:
    """The game as it was when the current (or just finished) hand had been dealt and
    the bots had moved up to the learner's first decision: its choices end with that
    DEAL (or are empty in the first hand). Undo's replay, without a bot being asked."""
    dealt = len(played.choices)
    while dealt and played.choices[dealt - 1] != DEAL:
        dealt -= 1
    actions = current_hand(played).actions
    first = next((i for i, (seat, _) in enumerate(actions) if seat is YOU), len(actions))
    game = played.hand_start
    for seat, action in actions[:first]:
        game = game_apply(game, action, seat)
    return replace(
        played,
        game=game,
        choices=played.choices[:dealt],
        refusal=None,
        refusal_reason=None,
        refused=None,
    )


class ReplayStep(ValueError):
    """A choice that cannot be taken where it comes: ``number`` (from 1) and the reason."""

    def __init__(self, number: int, reason: str) -> None:
        super().__init__(f"choice {number}: {reason}")
        self.number = number
        self.reason = reason


# ---- what the page shows ------------------------------------------------------------------


def current_hand(played: BotGame) -> HandState:
    """The hand in progress, or the last finished one between hands."""
    game = played.game
    return game.hand if game.hand is not None else game.finished[-1]


def has_progress(played: BotGame) -> bool:
    """Something would be lost by starting again: a decision taken or a hand finished."""
    return bool(played.choices) or bool(played.game.finished)


def score_words(played: BotGame) -> str:
    """The score with your team first: '4-2'."""
    you = played.game.score(YOU.team)
    return f"{you}-{played.game.score(YOU.team.other)}"


def score_before(played: BotGame) -> tuple[int, int] | None:
    """(NS, EW) before the hand just finished; None while a hand is on. The table shows
    it while that hand's last cards arrive, so the points never run ahead of the cards.
    """
    if played.game.hand is not None or not played.game.finished:
        return None
    result = played.game.finished[-1].result
    assert result is not None  # a finished hand has its result
    ns, ew = played.game.scores
    return ns - result.points[Team.NS], ew - result.points[Team.EW]


def hand_log(played: BotGame) -> list[tuple[str, str]]:
    """Every move of the current hand and every trick it ended, in players' words with
    the engine's reason: [("North passes", "..."), ("Trick 1 goes to East", "...")]."""
    return hand_log_and_recent(played)[0]


def recent_moves(played: BotGame, at_least: int = 4) -> list[tuple[str, str]]:
    """The lines of ``hand_log`` since the learner last acted in this hand: before their
    first move, the whole hand so far (the bidding and any cards played before their
    turn, which a newcomer would otherwise only find folded away); never fewer than the
    last ``at_least``."""
    return hand_log_and_recent(played, at_least)[1]


def hand_log_and_recent(
    played: BotGame, at_least: int = 4
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(``hand_log``, ``recent_moves``) from one replay of the hand: the page shows both."""
    log = _log(played)
    mine = [i for i, (seat, _words, _why) in enumerate(log) if seat is YOU]
    start = min(mine[-1] + 1 if mine else 0, max(len(log) - at_least, 0))
    lines = [(words, why) for _seat, words, why in log]
    return lines, lines[start:]


def _log(played: BotGame) -> list[tuple[Seat | None, str, str]]:
    """``hand_log``'s lines, each with the seat that moved (None for a trick's end)."""
    hand = current_hand(played)
    state = new_hand(hand.rules, hand.deal)
    log: list[tuple[Seat | None, str, str]] = []
    for seat, action in hand.actions:
        log.append((seat, action_words(seat, action, state), explain_action(state, action)))
        after = apply(state, action, seat)
        if len(after.tricks) > len(state.tricks):
            trick = after.tricks[-1]
            assert trick.winner is not None  # a finished trick has a winner
            log.append(
                (
                    None,
                    f"Trick {len(after.tricks)} goes to {trick.winner.word}",
                    explain_trick(trick, after.trump_suit),
                )
            )
        state = after
    return log


class HandSummary(NamedTuple):
    """A finished hand in a few facts, each from the engine."""

    number: int  # counting from 1
    makers: str  # 'East-West (West made diamonds trump)' or 'nobody ...'
    tricks: str  # 'North-South 3, East-West 2'
    points: str  # 'East-West score 2 points' or 'nobody scores'
    why: str  # the engine's explanation of the score
    score: str  # 'North-South 4, East-West 6 (game to 10)'


def hand_summary(game: GameState) -> HandSummary:
    """The last finished hand of ``game`` summed up; raises ValueError before any."""
    if not game.finished:
        raise ValueError("no hand of this game is finished yet")
    hand = game.finished[-1]
    result = hand.result
    assert result is not None  # a finished hand has its result
    if result.thrown_in:
        makers, points = "nobody: all four players passed twice", "nobody scores"
    else:
        won, maker, trump = result.score, hand.maker, hand.trump
        assert won is not None and maker is not None and trump is not None  # made, played
        made = "called no trump" if hand.trump_suit is None else f"made {trump.plural} trump"
        alone = ", alone" if maker in hand.alone else ""
        makers = f"{maker.team.word} ({maker.word} {made}{alone})"
        plural = "s" if won.points_won != 1 else ""
        points = f"{won.winner.word} score {won.points_won} point{plural}"
    teams = (YOU.team, YOU.team.other)
    tricks = ", ".join(f"{team.word} {hand.team_tricks(team)}" for team in teams)
    score = (
        ", ".join(f"{team.word} {game.score(team)}" for team in teams)
        + f" (game to {game.rules.target_points})"
    )
    return HandSummary(len(game.finished), makers, tricks, points, explain_result(hand), score)
