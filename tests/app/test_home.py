"""AppTest: Home gives one clear start (lesson 1), links every lesson with its stars, and
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
