"""The worker pool's jobs (``work.pool``): grade a finished hand and keep its mistakes
and blunders for the learner (and, at a class table, every seated learner's review). A
hand's review takes a few hints' time (0.1-0.5 s of CPU), so it runs beside the pages,
never in their threads; it writes to the store itself, so nothing waits for it and a
closed tab loses nothing."""

from __future__ import annotations

import random
from datetime import datetime

from analysis import review_hand
from engine import Seat
from tutorial_app.mistakes.capture import hand_mistakes
from tutorial_app.mistakes.review_rows import reviewed_decisions
from tutorial_app.shell.hand_links import decode_hand
from tutorial_app.store import OwnMistakes, TableReviews, open_store

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
    table_id: int,
    hand_number: int,
    seats: dict[str, int],
    skip: list[int],
    game: str,
    hand: str,
    advice: str,
    made_at: datetime,
) -> int:
    """A class table's finished hand (number ``hand_number`` of the table's game): each
    seated learner's (``seats``: seat letter -> learner number) decisions graded as Play's
    review grades them and kept for the table's review, and their mistakes and blunders
    kept for them as Play's are; never the decisions a bot made for them while they were
    away (``skip``: steps in the hand). How many mistakes were new."""
    state = decode_hand(hand).replay()
    store = open_store(store_url)
    kept, reviews = OwnMistakes(store), TableReviews(store)
    added = 0
    for letter, learner in seats.items():
        seat = Seat(letter)
        grades = review_hand(state, seat, lambda step: random.Random(f"{advice}-{step}"))
        reviews.keep(table_id, hand_number, seat, reviewed_decisions(state, seat, grades, skip))
        found = hand_mistakes(
            state, seat, lambda step: f"{advice}-{step}", made_at, game, grades=grades
        )
        added += kept.record_for_learner(learner, [m for m in found if m.step not in skip])
    return added
