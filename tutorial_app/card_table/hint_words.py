"""A hint, in Play and at a class table, in the table's own words: each choice named
as its button names it for this seat ("Pick it up" for the dealer, "Order up" for the
others), and each choice's tricks rounded once, as the hint's sentence says them
("about 3 tricks")."""

from __future__ import annotations

from analysis.hints import Hint
from analysis.reasons import against_best, tricks_words
from engine import HandState
from tutorial_app.card_table.table_model import action_label

__all__ = ["POINTS_MEANING", "hint_heading", "hint_parts", "hint_rows", "table_points_words"]

# Said under the hint's table: its sentence says "enough for 1 point most of the time",
# its table "about a quarter of a point", and a newcomer asked which is true.
POINTS_MEANING = (
    "Points, on average: over many deals like this one, the points your team scores less "
    "the other team's, euchres included."
)
# Quarters of a point in words, by how many: alone, and after a whole number of points.
QUARTERS = ("", "a quarter of a point", "half a point", "three quarters of a point")
AND_QUARTERS = ("", "a quarter", "a half", "three quarters")


def table_points_words(points: float) -> str:
    """Average points for the team, to the nearest quarter: the table sets choices side by
    side, and two rounded to the half (the sentence's words) could read the same while
    the sentence says one gives away half a point. Choices more than a quarter of a point
    apart never read the same here.

    >>> table_points_words(0.7)
    'your team wins about three quarters of a point'
    >>> table_points_words(0.3), table_points_words(0.1)
    ('your team wins about a quarter of a point', 'about even')
    >>> table_points_words(-1.3)
    'the other team wins about 1 and a quarter points'
    >>> table_points_words(1.0), table_points_words(2.5)
    ('your team wins about 1 point', 'your team wins about 2 and a half points')
    """
    quarters = round(abs(points) * 4)
    if quarters == 0:
        return "about even"
    whole, part = divmod(quarters, 4)
    if whole == 0:
        amount = QUARTERS[part]
    else:
        amount = f"{whole} and {AND_QUARTERS[part]} points" if part else f"{whole} point"
        amount += "s" if part == 0 and whole > 1 else ""
    who = "your team" if points > 0 else "the other team"
    return f"{who} wins about {amount}"


def hint_parts(advice: Hint, state: HandState) -> tuple[str, str]:
    """("Hint: Pick it up.", "Your hand ..."): the button's words, then the reason; a
    reason that starts with the same words ("Pass: with clubs as trump ...") does not
    say them twice."""
    label = action_label(advice.recommended, state, advice.seat)
    reason = advice.explanation
    if reason.startswith(f"{label}: "):
        rest = reason[len(label) + 2 :]
        reason = rest[:1].upper() + rest[1:]
    return f"Hint: {label}.", reason


def hint_heading(advice: Hint, state: HandState) -> str:
    """'**Hint: Pick it up.** Your hand ...': ``hint_parts`` as one line of Markdown."""
    title, reason = hint_parts(advice, state)
    return f"**{title}** {reason}"


def hint_rows(advice: Hint, state: HandState) -> list[dict[str, str]]:
    """One row a choice: its button's words, its tricks as the sentence rounds them, its
    points on average, and what it costs against the hinted choice, as the sentence says
    it ("gives away about half a point"). The hinted choice first, then the others from
    the most points to the fewest."""
    best = advice.best
    ranked = sorted(advice.options, key=lambda v: (v.action != best.action, -v.points))
    return [
        {
            "Choice": action_label(value.action, state, advice.seat),
            "Tricks your team should win": tricks_words(value),
            "Points, on average": table_points_words(value.points),
            # Rounded alone, two choices often read the same; the sentence compares them.
            "Against the hint": against_best(value, best),
        }
        for value in ranked
    ]
