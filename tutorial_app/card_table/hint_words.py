"""A hint, in Play and at a class table, in the table's own words: each choice named
as its button names it for this seat ("Pick it up" for the dealer, "Order up" for the
others), and each choice's tricks rounded once, as the hint's sentence says them
("about 3 tricks")."""

from __future__ import annotations

from analysis.hints import Hint
from analysis.reasons import against_best, points_words, tricks_words
from engine import HandState
from tutorial_app.card_table.table_model import action_label

__all__ = ["hint_heading", "hint_parts", "hint_rows"]


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
            "Points, on average": points_words(value.points),
            # Rounded alone, two choices often read the same; the sentence compares them.
            "Against the hint": against_best(value, best),
        }
        for value in ranked
    ]
