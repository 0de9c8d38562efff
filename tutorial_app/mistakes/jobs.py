"""The worker pool's job (``work.pool``): grade a finished hand and keep its mistakes
and blunders for the learner. A hand's review takes a few hints' time (0.1-0.5 s of
CPU), so it runs beside the pages, never in their threads; it writes to the store
itself, so nothing waits for it and a closed tab loses nothing."""

from __future__ import annotations

from datetime import datetime

from engine import Seat
from tutorial_app.mistakes.capture import hand_mistakes
from tutorial_app.shell.hand_links import decode_hand
from tutorial_app.store import OwnMistakes, open_store

__all__ = ["keep_hand_mistakes", "keep_table_hand_mistakes"]


def keep_hand_mistakes(
    store_url: str, token: str, game: str, hand: str, seat: str, advice: str, made_at: datetime
) -> int:
    """Grade ``seat``'s decisions in the hand ``hand`` (a link code) of the game ``game``
    and keep the mistakes and blunders for the learner ``token``; the decision at step n
    is evaluated with the seed ``f"{advice}-{n}"``. How many positions were new."""
    state = decode_hand(hand).replay()
    found = hand_mistakes(state, Seat(seat), lambda step: f"{advice}-{step}", made_at, game)
    return OwnMistakes(open_store(store_url)).record(token, found)


def keep_table_hand_mistakes(
    store_url: str,
    seats: dict[str, int],
    skip: list[int],
    game: str,
    hand: str,
    advice: str,
    made_at: datetime,
) -> int:
    """A class table's finished hand: each seated learner's (``seats``: seat letter ->
    learner number) mistakes and blunders kept for them, as Play's are, but not the
    decisions a bot made for them while they were away (``skip``: steps in the hand).
    How many were new."""
    state = decode_hand(hand).replay()
    kept = OwnMistakes(open_store(store_url))
    added = 0
    for seat, learner in seats.items():
        found = hand_mistakes(state, Seat(seat), lambda step: f"{advice}-{step}", made_at, game)
        added += kept.record_for_learner(learner, [m for m in found if m.step not in skip])
    return added
