"""A wrong try in a guided hand is kept as a position (issue 22) and asked again, judged
as the guided hand judges it: its right choices, the coach's words or the engine's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine import Action, Do, IllegalActionError, Phase, apply
from lessons.guided import LEARNER, load_guided
from lessons.guided_run import GuidedRun, Verdict, choices_offered
from tutorial_app.features.guided.keys import RUN
from tutorial_app.features.guided.records import guided_move
from tutorial_app.learner.learner_token import TOKEN_KEY
from tutorial_app.mistakes.guided_positions import guided_puzzle, wrong_try
from tutorial_app.mistakes.puzzles import CARD_PHASES, PuzzleError, action_key
from tutorial_app.store import OwnMistakes

MADE = datetime(2026, 12, 2, 10, tzinfo=UTC)


def offered(run: GuidedRun):
    """What the guided table offers: every card of South's hand, or the bidding buttons."""
    state = run.state
    if state.phase in CARD_PHASES:
        do = Do.PLAY if state.phase is Phase.PLAY else Do.DISCARD
        return [Action(do, card=card) for card in state.hand_of(LEARNER)]
    return list(choices_offered(state))


def tries(kind: Verdict):
    """(run, wrong choice) at a decision of each guided hand where one of ``kind`` exists."""
    found = []
    for hand in load_guided():
        run = GuidedRun.start(hand)
        while run.decision is not None:
            for action in offered(run):
                if action in run.decision.right:
                    continue
                try:
                    apply(run.state, action, LEARNER)
                    verdict = Verdict.WORSE
                except IllegalActionError:
                    verdict = Verdict.REFUSED
                if verdict is kind:
                    found.append((run, action))
                    break
            run = run.choose(run.decision.right[0])
    return found


@pytest.mark.parametrize("kind", [Verdict.WORSE, Verdict.REFUSED])
def test_a_wrong_try_comes_back_judged_as_the_guided_hand_judges(kind):
    cases = tries(kind)
    assert cases
    for run, action in cases:
        after = run.choose(action)
        position = wrong_try(run, after, MADE)
        assert position is not None and position.grade == "wrong try"
        assert position.step == len(run.state.actions) and position.chosen == str(action)
        question = guided_puzzle(position.advice, position.step, position.chosen)
        assert not question.check(action_key(action)).correct
        for right in run.decision.right:
            assert question.check(action_key(right)).correct
        assert question.explanation.startswith(run.decision.why)
        # what the hand said (a refusal said to you: "you must follow", mid-sentence)
        assert after.feedback.text.split(".")[0].lower() in question.explanation.lower()
        assert len(question.scene.record.actions) == position.step


def test_a_right_choice_or_a_repeated_try_keeps_nothing():
    run = GuidedRun.start(load_guided()[0])
    assert wrong_try(run, run.choose(run.decision.right[0]), MADE) is None
    (wrong_run, action), *_ = tries(Verdict.WORSE)
    once = wrong_run.choose(action)
    assert wrong_try(once, once.choose(action), MADE) is None  # marked already: no new miss


def test_a_guided_hand_that_is_gone_says_so():
    with pytest.raises(PuzzleError, match="not one of the app's"):
        guided_puzzle("guided:no-such-hand:0", 3, "pass")


def test_the_guided_page_keeps_the_wrong_try_for_the_learner(fresh_store, token):
    (run, action), *_ = tries(Verdict.WORSE)
    session = {TOKEN_KEY: token, RUN(run.hand.id): run}
    guided_move(session, RUN(run.hand.id), lambda r: r.choose(action))
    (kept,) = OwnMistakes(fresh_store).mine(token)
    assert (kept.position.source, kept.position.chosen) == ("guided", str(action))
    assert kept.is_due(datetime.now(UTC))


def test_a_guided_positions_line_says_where_it_came_from(fresh_store, token):
    from tutorial_app.features.practise.own_mistakes import why_chosen

    (run, action), *_ = tries(Verdict.WORSE)
    session = {TOKEN_KEY: token, RUN(run.hand.id): run}
    guided_move(session, RUN(run.hand.id), lambda r: r.choose(action))
    (kept,) = OwnMistakes(fresh_store).mine(token)
    line = why_chosen(kept, kept.position.made_at)
    assert line.startswith("You ") and line.endswith("in a guided hand just now")


def test_a_line_too_long_for_a_for_you_set_says_less_but_stays_whole():
    from dataclasses import replace as changed

    from lessons.mistake_schedule import MistakeMemory
    from tutorial_app.features.practise.own_mistakes import WHY_MOST, why_chosen
    from tutorial_app.features.practise.plan import WHY_FORM
    from tutorial_app.store import KeptMistake, NewMistake

    position = NewMistake(
        "guided", "guided.x", "v1.x", 3, "S", "discard", "discard QD", "discard 9C",
        "wrong try", 0.0, "", "guided:x:0", MADE,
    )  # fmt: skip
    kept = KeptMistake(1, position, MistakeMemory.new(MADE))
    for days in (0, 1, 12, 300):
        line = why_chosen(kept, MADE + timedelta(days=days))
        assert len(line) <= WHY_MOST and WHY_FORM.fullmatch(line)
    short = changed(position, chosen="pass")
    assert why_chosen(KeptMistake(1, short, MistakeMemory.new(MADE)), MADE) == (
        "You passed in a guided hand just now"
    )
