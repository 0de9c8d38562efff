"""AppTest: Practise's "For you" schedules from the learner's recorded answers (a kind of
question just missed comes first, and says so), shows the daily streak, and the daily
deal is the same ten questions for everyone, ending with "You got N of 10" counted from
the recorded first answers."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from app_driver import answer, open_page
from progress_helpers import wrong_response
from streamlit.testing.v1 import AppTest

from engine import Rules
from lessons.generators import GENERATORS
from lessons.quizzes import mixed_quiz_plan, topic_generators
from lessons.spaced import PRACTICE_SKILLS, daily_deal
from tutorial_app.features.practise.keys import FOR_YOU
from tutorial_app.features.practise.mode import FOR_YOU_PLACE
from tutorial_app.features.practise.plan import daily_label
from tutorial_app.quiz.view import quiz_key

PAGE = "features/practise/page.py"


def now() -> datetime:
    """The time as the test runs (not as the module was collected, minutes earlier):
    the page says "10 minutes ago" from the clock."""
    return datetime.now(UTC)


def keep(store, token, skill: str, correct: bool, ago: timedelta) -> None:
    store.record_answer(
        token,
        lesson="practise:x",
        item_kind="single",
        generator=skill,
        answer="N",
        correct=correct,
        answered_at=now() - ago,
    )


def for_you_quiz(at: AppTest):
    """(the planned items, the quiz's state key, its state)."""
    _token, (seed, items) = at.session_state[FOR_YOU.key]
    key = quiz_key(f"for-you:{seed}")
    return items, key, at.session_state[key]


def question_of(skill: str, seed: int):
    return GENERATORS[skill](random.Random(seed), Rules.preset("bga"), frozenset())


def test_for_you_is_the_first_mode_and_asks_the_missed_skill_first(fresh_store, token):
    # Known well: every skill right a few times over the last days; one missed just now.
    for skill in PRACTICE_SKILLS:
        for days in (3, 2, 1):
            keep(fresh_store, token, skill, True, timedelta(days=days))
    keep(fresh_store, token, "makers", False, timedelta(minutes=10))
    at = open_page(PAGE, token=token)
    assert at.segmented_control(key="practise-mode").value == "for-you"
    items, key, state = for_you_quiz(at)
    assert items[0].skill == "makers" and state.showing == 0
    assert "· You missed this kind 10 minutes ago" in at.get("progress")[0].proto.text
    assert items[1].why.startswith("Due for review")
    # The answer is kept under its topic, skill and own seed.
    question = question_of("makers", items[0].seed)
    answer(at, question, question.answer, key)
    newest = fresh_store.answer_rows(token)[-1]
    assert (newest["lesson"], newest["generator"], newest["seed"], newest["correct"]) == (
        "practise:bidding",
        "makers",
        items[0].seed,
        True,
    )
    # Three days in a row plus today (the streak is read with the set, before this answer:
    # in the first ten minutes of a day, the miss "10 minutes ago" was yesterday's).
    missed_today = (now() - timedelta(minutes=10)).date() == now().date()
    streak = 4 if missed_today else 3
    assert any(f"{streak}-day streak" in md.value for md in at.markdown)


def test_a_new_learner_meets_new_skills_and_no_streak(fresh_store, token):
    at = open_page(PAGE, token=token)
    items, _key, _state = for_you_quiz(at)
    assert len(items) == 10 and len({i.skill for i in items}) == 10
    assert all(item.why.startswith("New for you") for item in items)
    assert any("start a daily streak" in md.value for md in at.markdown)


def test_a_missed_for_you_question_comes_first_in_the_next_set(fresh_store, token):
    for skill in PRACTICE_SKILLS:
        keep(fresh_store, token, skill, True, timedelta(days=1))
    at = open_page(PAGE, token=token)
    items, key, state = for_you_quiz(at)
    first = items[0]
    question = question_of(first.skill, first.seed)
    answer(at, question, wrong_response(question), key)
    assert fresh_store.answer_rows(token)[-1]["correct"] is False
    fresh_store.clear_quiz_position(token, FOR_YOU_PLACE)  # the set was left for good
    at = open_page(PAGE, token=token)  # the next visit plans again
    items, _key, _state = for_you_quiz(at)
    assert items[0].skill == first.skill
    assert items[0].why.startswith("You missed this kind")


def test_the_daily_deal_ends_with_you_got_n_of_10_from_the_first_answers(fresh_store, token):
    day = now().date()
    deal = daily_deal(day)
    at = open_page(PAGE, token=token, mode="daily")
    key = f"quiz:daily:{day.isoformat()}"
    questions = [question_of(item.skill, item.seed) for item in deal]
    missed_first = set()
    while not at.session_state[key].run.finished:
        state = at.session_state[key]
        index = state.showing
        question = questions[index]
        first_three_first_time = index < 3 and index not in missed_first
        missed_first.add(index)
        answer(
            at,
            question,
            wrong_response(question) if first_three_first_time else question.answer,
            key,
        )
        at.button(key="next").click().run()
    assert any("You got 7 of 10" in h.value for h in at.subheader)
    rows = [r for r in fresh_store.answer_rows(token) if r["lesson"] == daily_label(day)]
    assert {(r["generator"], r["seed"]) for r in rows} == {(i.skill, i.seed) for i in deal}
    # The same deal for another learner; and a new session of this one shows the score.
    other = open_page(PAGE, mode="daily")
    assert other.session_state[key].run.total == 10
    again = open_page(PAGE, token=token, mode="daily")
    assert any("You got 7 of 10" in h.value for h in again.subheader)


def test_a_chosen_topic_answer_is_kept_under_its_generator_and_own_seed(fresh_store, token):
    at = open_page(PAGE, token=token, topics="bidding", seed="5")
    assert at.segmented_control(key="practise-mode").value == "topics"
    key = "quiz:practise:bga:bidding:5"
    (name, own_seed), *_ = mixed_quiz_plan(topic_generators(["bidding"]), 5, 10)
    question = question_of(name, own_seed)
    answer(at, question, question.answer, key)
    (row,) = fresh_store.answer_rows(token)
    assert (row["lesson"], row["generator"], row["seed"]) == ("practise:bidding", name, own_seed)
    assert row["correct"] is True


def test_a_newcomer_is_pointed_to_the_next_lesson_until_the_rules_are_taught(fresh_store, token):
    """For you asks about makers, lone players and the score from the first set: a
    learner who has not done the rules' lessons is told so, with the lesson to do next."""
    from progress_helpers import record_quiz

    from lessons.loader import load_all
    from tutorial_app.features.practise.mode import RULES_LESSONS

    def lesson_links(at: AppTest) -> list[tuple[str, str]]:
        return [(link.proto.label, link.proto.page) for link in at.get("page_link")]

    lessons = load_all()
    (label, page), *_ = lesson_links(open_page(PAGE, token=token))
    assert page == lessons[0].id and label.startswith("New to euchre?")
    assert label.endswith(f"from lesson 1: {lessons[0].title}.")
    for lesson in lessons[:RULES_LESSONS]:
        record_quiz(fresh_store, token, lesson.id, length=lesson.quiz_length)
    assert not [
        link
        for link in lesson_links(open_page(PAGE, token=token))
        if link[0].startswith("New to euchre?")
    ]


def test_for_you_asks_only_what_the_lessons_reached_teach(fresh_store, token):
    """A learner who finished lessons 1 to 3 is asked about the bowers and making trump,
    never about following suit, going alone or the score; a learner inside lesson 4
    gets its kinds too; one who began no lesson, every kind."""
    from progress_helpers import record_quiz

    from lessons.loader import load_all
    from lessons.quizzes import skills_taught

    def asked(at: AppTest) -> set[str]:
        items, _key, _state = for_you_quiz(at)
        return {item.skill for item in items}

    lessons = load_all()
    lessons_1_to_3 = {"suit_members", "trick_order", "bidding", "who_picks_up", "makers"}
    first = asked(open_page(PAGE, token=token))
    assert first <= set(PRACTICE_SKILLS) and first - lessons_1_to_3
    for lesson in lessons[:3]:
        record_quiz(fresh_store, token, lesson.id, length=lesson.quiz_length)
    assert set(skills_taught(lessons, 3, PRACTICE_SKILLS)) == lessons_1_to_3
    # A set is kept for the day: this learner's first was planned before the lessons.
    fresh_store.clear_quiz_position(token, FOR_YOU_PLACE)
    at = open_page(PAGE, token=token)
    assert asked(at) == lessons_1_to_3
    assert any("lessons 1–3 teach" in caption.value for caption in at.caption)
    links = [link.proto.label for link in at.get("page_link")]
    assert f"Go on with lesson 4: {lessons[3].title}." in links

    fresh_store.record_step(token, lessons[3].id, lessons[3].steps[0].id)
    fresh_store.clear_quiz_position(token, FOR_YOU_PLACE)
    assert asked(open_page(PAGE, token=token)) == lessons_1_to_3 | {
        "legal_plays",
        "trick_winner",
        "next_leader",
    }
