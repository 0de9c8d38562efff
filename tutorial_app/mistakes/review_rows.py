"""A hand's review as rows: each decision one seat made, graded by ``analysis.review_hand``,
as the store keeps it and as Play and the class tables show it (one table, one set of
words). No Streamlit here: the pages draw the frames.

>>> decisions = [ReviewedDecision(3, "Play J♠", "Play A♠", "mistake", 0.6, "Keep the ace.")]
>>> review_counts(decisions)
'best: **0** · good: **0** · inaccuracy: **0** · mistake: **1** · blunder: **0**'
>>> review_frame(decisions).loc[0, "Points given up"]
'0.6'
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Sequence

import pandas as pd

from analysis import GRADES, Grade
from analysis.grading import GRADE_MEANINGS
from engine import HandState, Seat
from tutorial_app.card_table.move_words import choice_label
from tutorial_app.store import REVIEW_WHY_MAX, ReviewedDecision, SeatReview

__all__ = [
    "NOTHING_GRADED",
    "grade_meanings",
    "learner_summary",
    "review_counts",
    "review_frame",
    "reviewed_decisions",
]


# A hand with no decision to grade: a bot played for the learner, or each move they made
# was the only one allowed.
NOTHING_GRADED = (
    "Nothing to grade in this hand: a bot played for you, or no move had another choice."
)


def reviewed_decisions(
    state: HandState, seat: Seat, grades: Sequence[Grade], skip: Collection[int] = ()
) -> list[ReviewedDecision]:
    """``seat``'s graded decisions in ``state`` (its ``review_hand``) as rows to keep,
    leaving out the steps in ``skip`` (moves a bot made for the seat's learner) and the
    moves that were the only legal one (a card that had to be played: nothing to grade,
    and "best" would praise it)."""
    steps = [step for step, (who, _) in enumerate(state.actions) if who is seat]
    return [
        ReviewedDecision(
            step,
            choice_label(grade.action),
            # A choice as good as the best (a tie) is shown as the best.
            choice_label(grade.shown_best),
            grade.grade.value,
            round(grade.cost, 3),
            grade.why[:REVIEW_WHY_MAX],
        )
        for step, grade in zip(steps, grades, strict=True)
        if step not in skip and not grade.forced  # an only legal move is no decision
    ]


def review_counts(decisions: Sequence[ReviewedDecision]) -> str:
    """How many decisions got each grade, in words (Markdown)."""
    return " · ".join(
        f"{name}: **{sum(1 for d in decisions if d.grade == name)}**" for name in GRADES
    )


def grade_meanings() -> str:
    """What each grade means, one per line (Markdown)."""
    return "  \n".join(f"**{name}**: {GRADE_MEANINGS[name]}" for name in GRADES)


def review_frame(decisions: Sequence[ReviewedDecision]) -> pd.DataFrame:
    """The review table: each decision, its grade, what it gave up, the best choice and
    why. What a grade means is said once above it (``grade_meanings``), not in each row."""
    return pd.DataFrame(
        [
            {
                "Your decision": d.chosen,
                "Grade": d.grade,
                "Points given up": f"{d.cost:.1f}",
                "Best": d.best,
                "Why": d.why,
            }
            for d in decisions
        ],
        columns=["Your decision", "Grade", "Points given up", "Best", "Why"],
    )


def learner_summary(reviews: Sequence[SeatReview]) -> pd.DataFrame:
    """The teacher's table: per learner (and table), the hands graded, how many of their
    decisions got each grade and the points they gave up, the most given up first."""
    hands: Counter[tuple[str, int]] = Counter()
    grades: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    given_up: dict[tuple[str, int], float] = defaultdict(float)
    for review in reviews:
        who = (review.name or f"(left the class, {review.seat.word})", review.table)
        hands[who] += 1
        grades[who].update(decision.grade for decision in review.decisions)
        given_up[who] += sum(decision.cost for decision in review.decisions)
    frame = pd.DataFrame(
        [
            {"Learner": name, "Table": table, "Hands": count}
            | {grade.capitalize(): grades[(name, table)][grade] for grade in GRADES}
            | {"Points given up": round(given_up[(name, table)], 1)}
            for (name, table), count in hands.items()
        ],
        columns=[
            "Learner",
            "Table",
            "Hands",
            *(grade.capitalize() for grade in GRADES),
            "Points given up",
        ],
    )
    return frame.sort_values(["Points given up", "Learner"], ascending=[False, True]).reset_index(
        drop=True
    )
