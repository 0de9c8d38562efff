"""Play keeps each finished hand's mistakes for Practise (issue 22): the hand goes to
the worker pool, which grades it as the review does and writes the positions to the
store; a busy pool keeps the hand waiting in the session, sent with the next click."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from fake_pool import FakePool

from analysis import hint
from engine import Seat, seat_view
from tutorial_app.features.play import game as play
from tutorial_app.features.play import mistakes_kept
from tutorial_app.features.play.keys import GRADING
from tutorial_app.learner.learner_token import TOKEN_KEY
from tutorial_app.mistakes.capture import hand_mistakes
from tutorial_app.store import OwnMistakes, dispose_engines, new_learner_token, open_store
from tutorial_app.work import pool as work_pool

MADE = datetime(2026, 12, 2, 10, tzinfo=UTC)
WAIT_SECONDS = 120  # the pool's first job starts its workers; a busy machine is slow


def worst_hand(seed: int) -> play.BotGame:
    """A game whose first hand South plays by the hint's worst choice each time."""
    played = play.new_bot_game("bga", "beginner", seed)
    while played.game.hand is not None:
        state = played.game.hand
        view = seat_view(state, Seat.S)
        advice = hint(view, play.advice_rng(played.seed, played.hand_number, len(state.actions)))
        worst = min(advice.options, key=lambda option: option.points).action
        played = play.learner_plays(played, worst)
    return played


@pytest.fixture
def database(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", url)
    yield url
    dispose_engines()


@pytest.fixture
def pool(monkeypatch):
    """A pool of one worker, as the server's, preloading what the server's does."""
    made = work_pool.WorkPool(workers=1, waiting=1, preload=work_pool.PRELOAD)
    monkeypatch.setattr(mistakes_kept, "shared_pool", lambda: made)
    yield made
    made.close()


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT_SECONDS
    while not (found := condition()):
        assert time.monotonic() < deadline, f"no {what} within {WAIT_SECONDS} s"
        time.sleep(0.05)
    return found


def test_a_finished_hand_s_mistakes_reach_the_store_through_the_pool(database, pool):
    played = next(
        p
        for seed in range(1, 30)
        if (p := worst_hand(seed))
        and hand_mistakes(
            p.game.finished[-1],
            Seat.S,
            lambda step, p=p: play.advice_key(p.seed, p.hand_number, step),
            MADE,
            mistakes_kept.game_name(p),
        )
    )
    expected = hand_mistakes(
        played.game.finished[-1],
        Seat.S,
        lambda step: play.advice_key(played.seed, played.hand_number, step),
        MADE,
        mistakes_kept.game_name(played),
    )
    token = new_learner_token()
    session = {TOKEN_KEY: token}
    mistakes_kept.grade_finished_hand(session, played, MADE)
    assert session[GRADING] == []  # handed over
    kept = OwnMistakes(open_store(database))
    found = wait_for(lambda: kept.mine(token), "kept mistakes")
    assert sorted((m.position for m in found), key=lambda p: p.step) == expected


def test_a_busy_pool_keeps_the_hand_waiting_and_the_next_click_sends_it(database, monkeypatch):
    played = worst_hand(3)
    fake = FakePool()
    fake.busy = True
    monkeypatch.setattr(mistakes_kept, "shared_pool", lambda: fake)
    token = new_learner_token()
    session = {TOKEN_KEY: token}
    for _ in range(mistakes_kept.WAITING_MOST + 2):
        mistakes_kept.grade_finished_hand(session, played, MADE)
    assert len(session[GRADING]) == mistakes_kept.WAITING_MOST  # bounded
    fake.busy, fake.asked = False, []
    mistakes_kept.send_waiting(session)
    assert session[GRADING] == [] and len(fake.asked) == mistakes_kept.WAITING_MOST
    key, function, args = fake.asked[0]
    assert key[:2] == ("mistakes", token) and args[1:4:2] == (token, key[2])
    assert args[2] == mistakes_kept.game_name(played) == f"bga.beginner.{played.seed}"
    assert args[0] == database and args[5] == play.advice_prefix(played.seed, 0)
    assert function.__module__ == "tutorial_app.mistakes.jobs"  # preloaded by the pool
