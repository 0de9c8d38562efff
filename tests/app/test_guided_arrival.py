"""A guided hand's last tricks arrive one by one (``guided.view.arrival``): after the
learner's last right choice the script plays the rest of the hand, the learner's own
cards too, and the table shows each card and each trick's winner instead of jumping to
the end. While they arrive the learner's hand is drawn as it was at each card."""

from __future__ import annotations

from engine import Do, Seat
from lessons.guided import load_guided
from lessons.guided_run import GuidedRun
from tutorial_app.features.guided.view import guided_model

YOU = Seat.S


def finished_run(hand_id: str) -> GuidedRun:
    hand = next(hand for hand in load_guided() if hand.id == hand_id)
    run = GuidedRun.start(hand)
    while run.decision is not None:
        run = run.choose(run.decision.right[0])
    assert run.finished
    return run


def test_the_last_tricks_arrive_with_the_learners_hand_as_it_was():
    run = finished_run("left-bower-follows")
    model = guided_model(run)
    state = run.state
    plays = [pair for trick in state.tricks for pair in trick.cards]
    before = sum(1 for _, action in state.actions[: run.since] if action.do is Do.PLAY)
    arriving = plays[before:]
    frames = model["pace"]["frames"]
    assert len(frames) == len(arriving) > 4  # more than one trick: the rest of the hand
    assert sum(1 for frame in frames if frame["trick_won"]) >= 2  # each trick's winner said
    assert model["hand"] == []  # the end: every card played
    for at, frame in enumerate(frames):
        still = [card for seat, card in arriving[at + 1 :] if seat is YOU]
        held = sorted(card["code"] for card in frame.get("hand", []))
        assert held == sorted(card.code for card in still), at
        assert not any(card["clickable"] for card in frame.get("hand", []))
    assert all(card["svg"] in model["svgs"] for f in frames for card in f.get("hand", []))


def test_a_new_arrival_has_a_new_key():
    """The key names the arrival: a rerun of the page draws the same key (no second
    arrival); the next choice's cards come under another."""
    hand = load_guided()[0]
    run = GuidedRun.start(hand)
    first = guided_model(run)["pace"]["key"]
    assert guided_model(run)["pace"]["key"] == first
    assert guided_model(run.choose(run.decision.right[0]))["pace"]["key"] != first
