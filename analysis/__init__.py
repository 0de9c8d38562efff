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

from types import ModuleType as _ModuleType

from analysis.bots import LEVELS, BeginnerBot, Bot, ExpertBot, RandomBot, make_bot, play_hand
from analysis.evaluation import Evaluation, evaluate
from analysis.grading import GRADES, THRESHOLDS, Grade, classify, grade_decision, review_hand
from analysis.hints import Hint, hint
from analysis.options import OptionValue, options, recommend
from analysis.solver import Position, Solver, card_values, solve

# The public names: everything imported above, but not the submodules themselves.
__all__ = [name for name, value in dict(globals()).items()
           if not name.startswith("_") and not isinstance(value, _ModuleType)]
