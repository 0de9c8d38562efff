"""AppTest: a learner's own mistakes come back in Practise (issue 22's "Done when"). A
blunder from a Play hand (kept by the pool's job) is the first question of For you the
same day, with why it was chosen; a miss brings it back; right answers on later days
(a controlled clock) retire it, and "Your mistakes" then says nothing is due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from app_driver import answer, open_page
from test_play_mistakes_kept import worst_hand

from engine import HandRecord
from tutorial_app.features.play.mistakes_kept import game_name
from tutorial_app.features.practise import own_mistakes
from tutorial_app.features.practise.keys import FOR_YOU, MISTAKES_SET
from tutorial_app.features.practise.plan import MISTAKES_LABEL
from tutorial_app.mistakes.jobs import keep_hand_mistakes
from tutorial_app.mistakes.puzzles import OWN_MISTAKE, action_key
from tutorial_app.mistakes.words import chosen_action
from tutorial_app.quiz.view import quiz_key
from tutorial_app.shell.hand_links import encode_hand
from tutorial_app.store import OwnMistakes, database_url

PAGE = "features/practise/page.py"
DAY = timedelta(days=1)


@pytest.fixture
def blundered(fresh_store, token):
    """The learner's kept positions from a Play hand played badly (as the pool keeps
    them), the worst first."""
    for seed in range(1, 40):
        played = worst_hand(seed)
        hand = encode_hand(HandRecord.from_state(played.game.finished[-1]))
        made = datetime.now(UTC) - timedelta(minutes=30)
        args = (database_url(), token, game_name(played), hand, "S", f"advice-{seed}-0", made)
        if keep_hand_mistakes(*args):
            break
    kept = OwnMistakes(fresh_store).mine(token)
    assert kept
    return sorted(kept, key=lambda m: m.position.made_at)


class Clock:
    """The ladder's clock, moved on by the test."""

    def __init__(self, monkeypatch):
        self.now = datetime.now(UTC)
        monkeypatch.setattr(own_mistakes, "clock", lambda: self.now)


def for_you(at):
    _token, (seed, items) = at.session_state[FOR_YOU.key]
    return items, quiz_key(f"for-you:{seed}")


def asked_in_mistakes_mode(at):
    _token, (_planned_at, numbers) = at.session_state[MISTAKES_SET.key]
    return [n for n, _why in numbers]


def answer_position(at, mistake, key, right: bool):
    """Answer the puzzle of ``mistake`` on the quiz ``key``: its best choice or the
    choice the learner made in the game."""
    question = own_mistakes.mistake_question(mistake)
    chosen = action_key(chosen_action(mistake.position.chosen))
    answer(at, question, question.answer if right else (chosen,), key)


def test_a_blunder_comes_back_the_same_day_and_retires_after_right_answers_on_later_days(
    fresh_store, token, blundered, monkeypatch
):
    clock = Clock(monkeypatch)
    at = open_page(PAGE, token=token)
    items, key = for_you(at)
    own = [item for item in items if item.skill == OWN_MISTAKE]
    assert own and len(own) == min(len(blundered), 3) and list(items[: len(own)]) == own
    due = own_mistakes.due_numbers({m.id: m for m in blundered}, clock.now)
    assert [(item.seed, item.why) for item in own] == due[: len(own)]
    shown = at.get("progress")[0].proto.text
    assert "· You " in shown and " here " in shown  # why: "You played the ... here ..."
    mistake = next(m for m in blundered if m.id == own[0].seed)
    # The same position as in the game: the table is the hand before that decision.
    question = own_mistakes.mistake_question(mistake)
    assert len(question.scene.record.actions) == mistake.position.step
    # Wrong first (the choice made in the game), then right when it comes back.
    answer_position(at, mistake, key, right=False)
    row = fresh_store.answer_rows(token)[-1]
    assert (row["lesson"], row["generator"], row["seed"], row["correct"]) == (
        MISTAKES_LABEL,
        OWN_MISTAKE,
        mistake.id,
        False,
    )
    kept = OwnMistakes(fresh_store)
    after_miss = next(m for m in kept.mine(token) if m.id == mistake.id)
    assert after_miss.box == 0 and after_miss.memory.wrongs == 1
    # Right the same day: not yet retired, not due again today.
    clock.now += timedelta(minutes=15)
    at.segmented_control(key="practise-mode").set_value("mistakes").run()
    assert mistake.id in asked_in_mistakes_mode(at)
    quiz = quiz_key_of_mistakes(at)
    while asked_in_mistakes_mode(at)[at.session_state[quiz].showing] != mistake.id:
        other = next(m for m in kept.mine(token) if m.id == current_number(at, quiz))
        answer_position(at, other, quiz, right=True)
    answer_position(at, mistake, quiz, right=True)
    now_kept = next(m for m in kept.mine(token) if m.id == mistake.id)
    assert now_kept.box == 1 and not now_kept.is_due(clock.now + timedelta(hours=12))
    # Two later days, right each time: retired.
    for days in (1, 4):
        clock.now += days * DAY
        at = open_page(PAGE, token=token, mode="mistakes")  # a visit on a later day
        assert mistake.id in asked_in_mistakes_mode(at)
        quiz = quiz_key_of_mistakes(at)
        while current_number(at, quiz) != mistake.id:
            other = next(m for m in kept.mine(token) if m.id == current_number(at, quiz))
            answer_position(at, other, quiz, right=True)
        answer_position(at, mistake, quiz, right=True)
    retired = next(m for m in kept.mine(token) if m.id == mistake.id)
    assert retired.retired and retired.memory.rights == 3
    clock.now += 30 * DAY
    at = open_page(PAGE, token=token, mode="mistakes")
    assert mistake.id not in asked_in_mistakes_mode(at)
    if len(blundered) == 1:  # nothing else kept: the page says so
        assert any("Nothing due now" in box.value for box in at.success)


def quiz_key_of_mistakes(at):
    _token, (planned_at, _numbers) = at.session_state[MISTAKES_SET.key]
    return quiz_key(own_mistakes.mistakes_quiz_id(planned_at, asked_in_mistakes_mode(at)))


def current_number(at, quiz):
    return asked_in_mistakes_mode(at)[at.session_state[quiz].showing]


def test_with_nothing_kept_your_mistakes_says_how_they_come(fresh_store, token):
    at = open_page(PAGE, token=token, mode="mistakes")
    assert not at.exception
    assert any("No mistakes kept yet" in info.value for info in at.info)
