"""Analysis beside the rules engine: a double-dummy solver, bots, hints and grading.

Imports only ``engine`` and the standard library. Import from here:

    from analysis import solve, card_values, make_bot, hint, grade_decision, review_hand

- ``solve(state)`` / ``card_values(state)``: the makers' tricks with best play
  when every card is known (``analysis.solver``);
- ``make_bot(level)``: ``random``, ``beginner`` or ``expert`` players that see
  only their own ``SeatView`` (``analysis.bots``);
- ``hint(view, rng)``: the best choice, every choice's expected tricks and
  points, and the reason in plain words (``analysis.hints``);
- ``grade_decision`` / ``review_hand``: best, good, inaccuracy, mistake or
  blunder by expected cost (``analysis.grading``).

All randomness comes from a ``random.Random`` passed in.
"""

# First: chooses the compiled search or its plain source (analysis/native.py).
import analysis.native  # noqa: F401  (analysis.native.SEARCH_PATH says which)
from analysis.bots import (
    LEVELS,
    TABLE_LEVELS,
    BeginnerBot,
    Bot,
    BotLevel,
    ExpertBot,
    RandomBot,
    make_bot,
    play_hand,
)
from analysis.evaluation import Evaluation, evaluate
from analysis.grading import (
    GRADE_MEANINGS,
    GRADES,
    THRESHOLDS,
    Grade,
    GradeName,
    classify,
    grade_decision,
    review_hand,
)
from analysis.hints import Hint, hint
from analysis.options import OptionValue, options, recommend
from analysis.solver import Position, Solver, card_values, solve

__all__ = [
    # Perfect-information search: the makers' tricks with best play
    "solve",
    "card_values",
    "Solver",
    "Position",
    # Players that see only their own SeatView
    "Bot",
    "RandomBot",
    "BeginnerBot",
    "ExpertBot",
    "BotLevel",
    "LEVELS",
    "TABLE_LEVELS",
    "make_bot",
    "play_hand",
    # Judging a hand or a choice from one seat's view
    "Evaluation",
    "evaluate",
    "OptionValue",
    "options",
    "recommend",
    # Hints: the best choice and the reason in words
    "Hint",
    "hint",
    # Grading the learner's decisions
    "Grade",
    "GradeName",
    "GRADES",
    "GRADE_MEANINGS",
    "THRESHOLDS",
    "classify",
    "grade_decision",
    "review_hand",
]
