"""A learner's own end-of-class summary, shown on the join page once the class has ended
(instead of "Class ... has ended"): each question revealed, their answer, the right one
and why (the engine's reason, as the reveal gave it), and the leaderboard if the teacher
switched it on."""

from __future__ import annotations

import streamlit as st

from lessons.question_source import question_for
from tutorial_app.features.live_class.live_question import answer_words, revealed_feedback
from tutorial_app.features.live_class.set_controls import leaderboard_table
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import ClassError, ClassRuns, StoreUnavailable

__all__ = ["show_summary"]


def show_summary(classes: ClassRuns, code: str, token: str) -> bool:
    """Draw this learner's summary of ended class ``code``; False (nothing drawn) when
    they were not in it or its answers are no longer kept."""
    try:
        mine = classes.summary(code, token)
        member = classes.member(code, token)
    except (ClassError, StoreUnavailable):
        return False
    if member is None:
        return False
    right = sum(1 for row in mine if row.correct)
    st.markdown(f"Class **{code}** has ended · you were **{markdown_text(member.name)}**")
    st.subheader(f"Your answers: {right} of {len(mine)} right")
    if not mine:
        st.caption("No question was revealed in this class.")
    for row in mine:
        question = question_for(row.source)
        with st.container(border=True, key=f"summary-{row.position}"):
            st.markdown(f"**Question {row.position}.** {markdown_text(question.prompt)}")
            feedback = revealed_feedback(question, row.given)
            yours = (
                "You did not answer."
                if row.given is None
                else f"You answered: {markdown_text(answer_words(question, row.given))}."
            )
            (st.success if row.correct else st.error)(
                f"{'✓' if row.correct else '✗'} {yours} "
                f"The answer: **{markdown_text(question.answer_text)}**. "
                f"{markdown_text(feedback.explanation)}"
            )
    leaderboard_table(classes, code)
    return True
