"""AppTest: Home gives one clear next step (lesson 1 for a newcomer, then the lesson to
continue or start, then a review in Practise), links every lesson with its stars, and
links Practise, Play, Teach and the reference."""

from __future__ import annotations

from app_driver import open_page
from progress_helpers import record_quiz

from lessons.loader import lesson_by_id, load_all

PAGE = "features/home/page.py"


def links(at) -> dict[str, str]:
    """Each page link on the page: its label and the page it opens."""
    return {link.proto.label: link.proto.page for link in at.get("page_link")}


def test_the_start_button_opens_lesson_one():
    at = open_page(PAGE)
    first = load_all()[0]
    start = at.button(key="home-start")
    assert start.proto.type == "primary" and "Start lesson 1" in start.label
    start.click().run()
    assert not at.exception
    assert at.title[0].value.startswith(f"1. {first.title}")


def test_every_lesson_and_practise_play_and_teach_are_linked():
    shown = links(open_page(PAGE))
    lessons = load_all()
    for lesson in lessons:
        assert shown[f"{lesson.number}. {lesson.title}"] == lesson.id
    assert {"practise", "play", "teach", "card-ranking"} <= set(shown.values())
    assert len(shown) == len(lessons) + 4


def test_a_lesson_link_shows_the_stars_earned(fresh_store, token):
    run = record_quiz(fresh_store, token, "bowers", length=4, misses=1)
    assert run.stars == 2
    at = open_page(PAGE, token=token)  # the stars come from the store's rows
    lesson = lesson_by_id("bowers")
    assert f"{lesson.number}. {lesson.title}  ★★☆" in links(at)


# ---- the start button: the learner's next step --------------------------------------------


def test_a_learner_part_way_through_a_lesson_is_offered_to_continue_it(fresh_store, token):
    first, second = load_all()[:2]
    record_quiz(fresh_store, token, first.id, length=first.quiz_length)
    for step in second.steps[:2]:
        fresh_store.record_step(token, second.id, step.id)
    at = open_page(PAGE, token=token)
    start = at.button(key="home-start")
    assert start.label == f"▶ Continue lesson 2: {second.title}"
    start.click().run()
    assert not at.exception
    assert at.title[0].value.startswith(f"2. {second.title}")
    assert "Step 3 of" in at.get("progress")[0].proto.text


def test_after_a_lessons_quiz_the_next_lesson_is_offered(fresh_store, token):
    first, second = load_all()[:2]
    record_quiz(fresh_store, token, first.id, length=first.quiz_length)
    assert open_page(PAGE, token=token).button(key="home-start").label == (
        f"▶ Start lesson 2: {second.title}"
    )


def test_a_quiz_left_part_way_is_continued_at_the_quiz(fresh_store, token):
    first = load_all()[0]
    fresh_store.save_quiz_position(token, first.id, 7, {"version": 1})
    at = open_page(PAGE, token=token)
    start = at.button(key="home-start")
    assert start.label == f"▶ Continue lesson 1: {first.title}"
    start.click().run()
    assert not at.exception and at.query_params["part"] in ("quiz", ["quiz"])


def test_with_every_lesson_done_home_offers_a_review_in_practise(fresh_store, token):
    for lesson in load_all():
        record_quiz(fresh_store, token, lesson.id, length=lesson.quiz_length)
    at = open_page(PAGE, token=token)
    start = at.button(key="home-start")
    assert "Review in Practise" in start.label
    start.click().run()
    assert not at.exception and at.title[0].value == "Practise"


def test_steps_finished_in_this_session_move_the_start_button_on(fresh_store, token):
    first = load_all()[0]
    at = open_page(PAGE, token=token)
    assert "Start lesson 1" in at.button(key="home-start").label
    at.button(key="home-start").click().run()
    at.button(key="step-next").click().run()
    at.switch_page(PAGE).run()
    assert at.button(key="home-start").label == f"▶ Continue lesson 1: {first.title}"
