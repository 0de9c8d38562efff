"""Practise's "For you" and "Daily deal" modes: quizzes chosen from the learner's answers.

For you: ten questions, the weakest skills first (``practice_plan.for_you_set`` over
``lessons.spaced``): a kind of question just missed comes back before a new one, one
well known only now and then. Each question says why it was chosen. The learner's
answers are read from the store once per set (and the streak with them). The set and
the learner's place in it are kept in the store (``FOR_YOU_PLACE``, for the day it was
planned): a reload or a new tab of the same learner finds the same set at the next
question, not a new one.

Daily deal: the same ten seeded questions for everyone on a date
(``lessons.spaced.daily_deal``), under the standard rules; "You got N of 10" counts
the first answer to each, from the recorded answers, so a reload or a second try
changes nothing. Its place is kept like a lesson quiz's.
"""

from __future__ import annotations

from contextlib import suppress
from datetime import UTC, date, datetime

import streamlit as st

from lessons.loader import load_all
from lessons.next_step import NextStep, next_step
from lessons.quiz import Question
from lessons.quizzes import SEED_LIMIT, new_seed, skills_taught
from lessons.spaced import (
    PRACTICE_SKILLS,
    Attempt,
    daily_deal,
    daily_deal_seed,
    daily_streak,
    practice_days,
)
from tutorial_app.features.practise.keys import DEAL_ROWS, FOR_YOU, HISTORY, MISTAKES
from tutorial_app.features.practise.own_mistakes import (
    LadderRecorder,
    due_numbers,
    kept_positions,
    mistake_question,
)
from tutorial_app.features.practise.plan import (
    PlannedItem,
    daily_label,
    deal_score,
    for_you_set,
    items_from_values,
    plan_values,
    topic_label,
)
from tutorial_app.learner.current import current_token, learner_zone, store, unsaved_warning
from tutorial_app.learner.progress_cache import all_progress, steps_done
from tutorial_app.limits.link_numbers import is_seed
from tutorial_app.mistakes.puzzles import OWN_MISTAKE
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.answer_log import recorder
from tutorial_app.quiz.resume import forget_kept, kept_position, resumed
from tutorial_app.quiz.shared_quizzes import single_question
from tutorial_app.quiz.view import run_quiz
from tutorial_app.store import KeptMistake, StoreUnavailable

DEAL_RULES = "bga"  # the daily deal is the same for everyone: standard rules
FOR_YOU_PLACE = "practise:for-you"  # the name the learner's For-you set is kept under
LESSONS = load_all()
# The lessons that teach the rules the Practise questions use (the last, house rules,
# teaches variants): while one of them is left, a newcomer is pointed back to it.
RULES_LESSONS = 6


def history() -> tuple[list[Attempt], str | None]:
    """The learner's answers as the scheduler reads them (read once, kept until a set
    ends), and why they could not be read, if so."""
    token = current_token()
    try:
        return HISTORY.read(token, lambda: store().attempts(token)), None
    except StoreUnavailable as error:
        return [], error.message


def show_streak(attempts: list[Attempt], head) -> None:
    zone = learner_zone()
    streak = daily_streak(practice_days(attempts, zone), datetime.now(zone).date())
    if streak:
        head.markdown(f"🔥 **{streak}-day streak.** Ten questions chosen from your answers.")
    else:
        head.markdown("Ten questions chosen from your answers. Answer one to start a daily streak.")


def new_for_you_set() -> None:
    """Plan the next set from the answers given so far (read again from the store)."""
    HISTORY.forget()
    MISTAKES.forget()
    FOR_YOU.forget()
    forget_kept(FOR_YOU_PLACE)


def for_you_question(item: PlannedItem, own: dict[int, KeptMistake]) -> Question:
    """A planned item's question: an own position's puzzle, or a skill's question (also
    in place of a position that can no longer be set up)."""
    if item.skill == OWN_MISTAKE:
        mistake = own.get(item.seed)
        question = None if mistake is None else mistake_question(mistake)
        if question is not None:
            return question
        return single_question("legal_plays", DEAL_RULES, item.seed % SEED_LIMIT)
    return single_question(item.skill, DEAL_RULES, item.seed)


def kept_for_you(day: str) -> tuple[int, tuple[PlannedItem, ...]] | None:
    """This learner's For-you set planned on ``day`` and not finished, every value
    checked; None if there is none (or it does not fit)."""
    kept = kept_position(FOR_YOU_PLACE)
    if kept is None or not is_seed(kept.seed) or not isinstance(kept.state, dict):
        return None
    items = items_from_values(kept.state.get("items"))
    return None if items is None or kept.state.get("day") != day else (kept.seed, items)


def reached_skills(found: NextStep) -> tuple[tuple[str, ...], int | None]:
    """The kinds of question For you asks, and the last lesson they come from (None:
    every kind). A learner in lesson 3, or about to start lesson 4, is asked only what
    lessons 1 to 3 teach, never about following suit or the score before their
    lessons. Before any lesson with questions of these kinds is begun (a player who
    knows the game, or a newcomer whom ``lessons_first`` points to lesson 1), and once
    the rules' lessons are done: every kind."""
    if found.lesson is None or found.number > RULES_LESSONS:
        return PRACTICE_SKILLS, None
    reached = found.number if found.kind == "continue" else found.number - 1
    skills = skills_taught(LESSONS, reached, PRACTICE_SKILLS)
    return (skills, reached) if skills else (PRACTICE_SKILLS, None)


def planned_for_you(
    attempts: list[Attempt], day: str, own: dict[int, KeptMistake], skills: tuple[str, ...]
) -> tuple[int, tuple[PlannedItem, ...]]:
    """The set kept for today (if its own positions are all still kept), else a new one
    of ``skills`` planned from ``attempts`` and the due positions of ``own``, kept at
    once (so a reload before the first answer finds it too)."""
    kept = kept_for_you(day)
    if kept is not None and all(i.seed in own for i in kept[1] if i.skill == OWN_MISTAKE):
        return kept
    seed = new_seed()
    items = for_you_set(attempts, datetime.now(UTC), seed, skills=skills, mistakes=due_numbers(own))
    # Not saved: the page says its answers cannot be saved either; the set still works.
    with suppress(StoreUnavailable):
        store().save_quiz_position(
            current_token(), FOR_YOU_PLACE, seed, {"day": day, "items": plan_values(items)}
        )
    return seed, items


def show_for_you(head) -> None:
    """The For-you set; ``head`` is the room beside the mode switch (for the streak)."""
    attempts, problem = history()
    if problem:
        unsaved_warning(problem)
    show_streak(attempts, head)

    day = datetime.now(learner_zone()).date().isoformat()
    own, _ = kept_positions()  # a store that cannot be read is said above
    found = next_step(LESSONS, all_progress(), steps_done())
    skills, last_lesson = reached_skills(found)
    seed, items = FOR_YOU.read(current_token(), lambda: planned_for_you(attempts, day, own, skills))
    questions = tuple(for_you_question(item, own) for item in items)
    quiz_id = f"for-you:{seed}"
    which = {"day": day, "items": plan_values(items)}  # kept beside the place

    def finished(_run) -> None:
        HISTORY.forget()
        MISTAKES.forget()
        forget_kept(FOR_YOU_PLACE)

    run = run_quiz(
        quiz_id,
        questions,
        recorder=LadderRecorder(
            recorder(
                "practise",
                seed=seed,
                seeds=tuple(i.seed for i in items),
                skills=tuple(i.skill for i in items),
                lessons=tuple(topic_label(i.skill) for i in items),
                position=FOR_YOU_PLACE,
                place_with=which,
            ),
            tuple(i.seed if i.skill == OWN_MISTAKE else None for i in items),
        ),
        note=lambda index: items[index].why,
        on_finished=finished,
        start=resumed(FOR_YOU_PLACE, quiz_id, seed, questions, fits=which),
    )
    if last_lesson is None:
        st.caption(
            "For you: ten questions on the kinds you need most. What you miss comes "
            "back soon; what you know well comes back now and then."
        )
    else:
        st.caption(
            f"For you: ten questions on what lessons 1–{last_lesson} teach, the kinds "
            "you need most first. Each lesson you reach adds its own."
        )
    lessons_first(found, last_lesson)
    if run.finished:
        st.button(
            "Ten more questions", key="practise-more", type="primary", on_click=new_for_you_set
        )


def lessons_first(found: NextStep, last_lesson: int | None) -> None:
    """A link to the lesson to do next while the rules' lessons are not all done. A
    newcomer who has begun none is told that these questions use every rule (makers,
    going alone, the score...); a learner on the way, that the next lesson adds more."""
    if found.lesson is None or found.number > RULES_LESSONS:
        return
    if last_lesson is None:
        label = (
            "New to euchre? These questions use every rule. Learn them one at a time, "
            f"from lesson {found.number}: {found.title}."
        )
    else:
        label = f"Go on with lesson {found.number}: {found.title}."
    st.page_link(lesson_page_path(found.lesson), label=label, icon=":material/school:")


def deal_rows(day: date, refresh: bool = False) -> list[dict] | None:
    """The learner's answers (read once a session and day); None if they cannot be read."""
    token = current_token()
    if refresh:
        DEAL_ROWS.forget()
    try:  # today's deal only
        return DEAL_ROWS.read(
            (token, day), lambda: store().answer_rows(token, lesson=daily_label(day))
        )
    except StoreUnavailable:
        return None


def show_daily_deal(head) -> None:
    """Today's deal; ``head`` is the room beside the mode switch (for what it is)."""
    day = datetime.now(learner_zone()).date()
    items = daily_deal(day)
    label = daily_label(day)
    head.markdown(
        f"**Daily deal, {day.day} {day:%B}:** the same ten for everyone. Your first answers count."
    )
    rows = deal_rows(day)
    answered, right = deal_score(rows or [], day, items)
    if answered == len(items):
        _deal_result(right, len(items))
        return
    seed = daily_deal_seed(day)
    questions = tuple(single_question(item.skill, DEAL_RULES, item.seed) for item in items)
    quiz_id = f"daily:{day.isoformat()}"

    def finished(_run) -> None:
        forget_kept(label)
        DEAL_ROWS.forget()

    run = run_quiz(
        quiz_id,
        questions,
        on_finished=finished,
        recorder=recorder(
            label,
            seed=seed,
            seeds=tuple(i.seed for i in items),
            skills=tuple(i.skill for i in items),
            position=label,
        ),
        start=resumed(label, quiz_id, seed, questions),
    )
    if run.finished and (rows := deal_rows(day)) is not None:
        _deal_result(deal_score(rows, day, items)[1], len(items))


def _deal_result(right: int, total: int) -> None:
    st.subheader(f"You got {right} of {total}")
    st.caption(
        "Counted from your first answer to each question. A new deal comes "
        "tomorrow; For you has more questions now."
    )
