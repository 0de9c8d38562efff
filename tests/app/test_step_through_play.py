"""A lesson's step-through plays itself: ▶ Play moves on once each position has stayed
its reading time (``walk.seconds_at``), a finished trick stays longer than a plain card,
⏸ Pause and every other button stop it, ⏭ End and the trick buttons jump. Driven
through ``step_move`` and ``tick`` on a plain dict with a clock given, as the table's
callback and timer call them."""

from __future__ import annotations

from lessons.loader import load_all
from tutorial_app.features.learn.keys import POSITION, WALKING
from tutorial_app.features.learn.step_through import (
    BACK,
    END,
    JUMP,
    NEXT,
    PAUSE,
    PLAY,
    button_id,
    is_playing,
    step_model,
    step_move,
    tick,
)
from tutorial_app.features.learn.walk import MOVE_SECONDS, chapters, seconds_at, walk_of

LESSON = next(lesson for lesson in load_all() if lesson.id == "going-alone")
STEP = next(step for step in LESSON.steps if step.id == "lone-hand")
KEY = f"{LESSON.id}-{STEP.id}"
WALK = walk_of(STEP)


def opened() -> dict:
    return {POSITION(KEY): WALK.start}


def test_play_moves_on_once_the_position_has_stayed_its_time():
    session = opened()
    step_move(session, KEY, WALK, button_id(PLAY, WALK.start), now=100.0)
    assert is_playing(session, KEY)
    assert not tick(session, KEY, WALK, 100.0 + seconds_at(WALK, WALK.start) - 0.5)
    assert tick(session, KEY, WALK, 100.0 + seconds_at(WALK, WALK.start))
    assert session[POSITION(KEY)] == WALK.start + 1


def test_playing_through_reaches_the_end_and_stops():
    session, now = opened(), 0.0
    step_move(session, KEY, WALK, button_id(PLAY, WALK.start), now=now)
    while is_playing(session, KEY):
        now += 0.4  # the fragment's timer
        tick(session, KEY, WALK, now)
    assert session[POSITION(KEY)] == WALK.count and session[WALKING] is None
    # the time it took is each position's stay, as the lesson-time estimate counts it
    stays = sum(seconds_at(WALK, p) for p in range(WALK.start, WALK.count))
    moves = WALK.count - WALK.start
    assert stays - 0.1 * moves <= now <= stays + 0.4 * moves  # within a timer's beat a move


def test_a_finished_trick_stays_longer_than_a_card():
    ends = {position for label, position in chapters(WALK) if label.startswith("Trick")}
    plain = [p for p in range(WALK.start + 1, WALK.count) if p not in ends]
    assert min(seconds_at(WALK, p) for p in ends) > max(seconds_at(WALK, p) for p in plain)
    assert min(seconds_at(WALK, p) for p in plain) >= MOVE_SECONDS


def test_pause_stops_even_from_a_button_drawn_a_move_ago():
    session = opened()
    step_move(session, KEY, WALK, button_id(PLAY, WALK.start), now=0.0)
    tick(session, KEY, WALK, 60.0)
    assert session[POSITION(KEY)] == WALK.start + 1
    step_move(session, KEY, WALK, button_id(PAUSE, WALK.start), now=61.0)  # drawn before
    assert not is_playing(session, KEY)
    assert not tick(session, KEY, WALK, 120.0)
    assert session[POSITION(KEY)] == WALK.start + 1


def test_next_back_end_and_jump_stop_playing_and_move():
    session = opened()
    step_move(session, KEY, WALK, button_id(PLAY, WALK.start), now=0.0)
    step_move(session, KEY, WALK, button_id(NEXT, WALK.start))
    assert not is_playing(session, KEY) and session[POSITION(KEY)] == WALK.start + 1
    step_move(session, KEY, WALK, button_id(BACK, WALK.start + 1))
    assert session[POSITION(KEY)] == WALK.start
    step_move(session, KEY, WALK, button_id(END, WALK.start))
    assert session[POSITION(KEY)] == WALK.count
    _, third = chapters(WALK)[2]
    step_move(session, KEY, WALK, button_id(JUMP, WALK.count, third))
    assert session[POSITION(KEY)] == third


def test_play_at_the_end_plays_again_from_where_the_step_opens():
    session = {POSITION(KEY): WALK.count}
    model = step_model(WALK, WALK.count)
    assert any(a["label"] == "↻ Play again" for a in model["actions"])
    step_move(session, KEY, WALK, button_id(PLAY, WALK.count), now=0.0)
    assert session[POSITION(KEY)] == WALK.start and is_playing(session, KEY)


def test_another_step_does_not_play():
    session = opened()
    step_move(session, KEY, WALK, button_id(PLAY, WALK.start), now=0.0)
    assert not is_playing(session, "going-alone-go-alone")
    assert not tick(session, "going-alone-go-alone", WALK, 99.0)


def test_a_click_that_names_no_move_changes_nothing():
    session = opened()
    for ident in ("", "next", "jump-x-0", "next-99", "fly-0", f"jump-3-{WALK.start}-9"):
        assert step_move(session, KEY, WALK, ident) == WALK.start
    assert not is_playing(session, KEY)


def test_the_table_offers_pause_while_playing_and_play_when_not():
    playing = step_model(WALK, WALK.start, playing=True)
    idle = step_model(WALK, WALK.start)
    assert [a["label"] for a in playing["actions"]][1] == "⏸ Pause"
    assert [a["label"] for a in idle["actions"]][1] == "▶ Play"
    labels = [a["label"] for a in idle["actions"]]
    assert labels[4:] == [label for label, _ in chapters(WALK)]


def test_play_again_on_a_step_opened_at_its_end_plays_the_whole_walk():
    lesson = next(lesson for lesson in load_all() if lesson.id == "house-rules")
    step = next(step for step in lesson.steps if step.id == "stick-on")
    walk, key = walk_of(step), f"{lesson.id}-{step.id}"
    session = {POSITION(key): walk.start}
    assert walk.start == walk.count
    step_move(session, key, walk, button_id(PLAY, walk.count), now=0.0)
    assert session[POSITION(key)] == 0 and is_playing(session, key)
