"""A lesson's step-through as a walk over its hand record (no Streamlit): the moves
it shows, where it may jump (the bidding's end, each trick's end, the end), what the
table says at each position and how long the walk stays there when it plays itself.

The words at a position are the move in players' words (the title) and the engine's
reasons: for a bid, why it is allowed; in a walk through one or two tricks (where
following suit is the point), why each card may be played unless it plainly follows
suit, and at the trick's end who won it and why; at the hand's end its result. A walk
through a whole hand names each trick's winner (the engine's) and no card's reason, so
a hand reads in a minute. A sentence already said in the lesson's walks is not said again.

Playing itself, a walk stays at each position as long as its words take to read at
150 words a minute (``READING_WPM``), and at least ``MOVE_SECONDS``: a finished trick
stays, its winner named, until the next lead. ``walk_cost`` gives the lesson-time
estimate (``lessons.lesson_time``) the same figures the page plays by.

>>> from lessons.loader import load_all
>>> walk = walk_of(next(s for s in load_all()[1].steps if s.show == "trick"))
>>> walk.count, walk.noun, walk.reasons
(4, 'card', True)
>>> title, text = message(walk, 4)
>>> title
'West plays the king of hearts.'
>>> 'East wins with the left bower' in text
True
>>> text.endswith('the highest trump in the trick.')
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from engine import (
    Do,
    HandRecord,
    HandState,
    Phase,
    Suit,
    apply,
    effective_suit,
    explain_action,
    explain_result,
    explain_trick,
    new_hand,
)
from lessons.lesson_time import Cost, reading_seconds, words
from lessons.loader import Step, load_all
from tutorial_app.card_table.move_words import action_words

__all__ = [
    "MOVE_SECONDS",
    "READING_WPM",
    "Walk",
    "chapters",
    "message",
    "seconds_at",
    "states",
    "stepped_actions",
    "walk_cost",
    "walk_of",
]

READING_WPM = 150  # the estimate's reading speed; the walk waits as long
MOVE_SECONDS = 1.2  # the least time a move stays on screen when the walk plays itself
STEPPED = ("bidding", "trick", "hand")  # the step kinds drawn as a walk
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class Walk:
    """The moves a stepped step shows: the record's actions at ``shown`` (indexes),
    named ``noun`` on the buttons; ``silent``: indexes played without a position of
    their own (the alone decisions of a step that hides them); ``reasons``: every
    card's reason, not only the trick's; ``start``: the position the step opens at;
    ``said_before``: what the walks of the lesson's earlier steps said, not said again."""

    record: HandRecord
    shown: tuple[int, ...]
    noun: str
    reasons: bool
    silent: frozenset[int] = frozenset()
    start: int = 0
    said_before: frozenset[str] = frozenset()  # sentences the lesson's earlier walks said

    @property
    def actions(self) -> tuple:
        return tuple(self.record.actions[i] for i in self.shown)

    @property
    def count(self) -> int:
        return len(self.shown)


def stepped_actions(step: Step) -> tuple[list[int], str]:
    """What a stepped step walks through: (indexes of the record's actions it shows,
    the noun its buttons use). Bidding steps walk the bids, trick steps the cards of
    the first trick on, hand steps every move."""
    assert step.record is not None  # a stepped step walks its scenario
    actions = step.record.actions
    if step.show == "bidding":
        return [i for i, (_, a) in enumerate(actions) if a.do is not Do.PLAY], "move"
    if step.show == "trick":
        first_play = next(i for i, (_, a) in enumerate(actions) if a.do is Do.PLAY)
        return list(range(first_play, len(actions))), "card"
    return list(range(len(actions))), "move"


def _alone_decisions(record: HandRecord) -> frozenset[int]:
    """The indexes of the record's go-alone and defend-alone decisions."""
    state, found = record.start(), set()
    for i, (seat, action) in enumerate(record.actions):
        if state.phase in (Phase.ALONE, Phase.DEFEND_ALONE):
            found.add(i)
        state = apply(state, action, seat)
    return frozenset(found)


def walk_of(step: Step) -> Walk:
    """The walk of a stepped step, opening where its ``opens_at`` says (else at 0); a
    step that hides "alone" plays the alone decisions without showing them. It does not
    say again what the walks of its lesson's earlier steps said."""
    for lesson in load_all():
        if step in lesson.steps:
            return _lesson_walks(lesson.id)[lesson.steps.index(step)] or _walk(step)
    return _walk(step)


@lru_cache(maxsize=16)
def _lesson_walks(lesson_id: str) -> tuple[Walk | None, ...]:
    """Each step's walk (None for a step without one), each knowing what the walks
    before it said."""
    lesson = next(lesson for lesson in load_all() if lesson.id == lesson_id)
    walks: list[Walk | None] = []
    said: set[str] = set()
    for step in lesson.steps:
        if step.show not in STEPPED:
            walks.append(None)
            continue
        walk = _walk(step, frozenset(said))
        walks.append(walk)
        for position in range(walk.start, walk.count + 1):
            said.update(SENTENCE_END.split(message(walk, position)[1]))
    return tuple(walks)


def _walk(step: Step, said_before: frozenset[str] = frozenset()) -> Walk:
    assert step.record is not None  # a stepped step walks its scenario
    indexes, noun = stepped_actions(step)
    silent = _alone_decisions(step.record) if "alone" in step.hide else frozenset()
    walk = Walk(
        step.record,
        tuple(i for i in indexes if i not in silent),
        noun,
        step.show == "trick",
        frozenset(silent),
        said_before=said_before,
    )
    if step.opens_at:
        walk = replace(walk, start=opening(walk, step.opens_at))
    return walk


def opening(walk: Walk, place: str) -> int:
    """The position of ``place`` (lessons.loader.OPENS_AT): "end"; "round 2" as its
    first bid is due; "trick 3" as its first card is due. Raises ValueError for a place
    the walk does not reach."""
    if place == "end":
        return walk.count
    shown = states(walk)
    if place == "round 2":
        found = [p for p, state in enumerate(shown) if state.phase is Phase.BID2]
    else:
        done = int(place.removeprefix("trick ")) - 1
        found = [
            p
            for p, state in enumerate(shown)
            if len(state.tricks) == done and not state.trick and state.phase is Phase.PLAY
        ]
    if not found:
        raise ValueError(f"this step-through never reaches {place}")
    return found[0]


@lru_cache(maxsize=64)
def states(walk: Walk) -> tuple[HandState, ...]:
    """The hand at every position of the walk, 0 (before its first move) to ``count``;
    a silent action is played with the move before it."""
    state = new_hand(walk.record.rules, walk.record.deal)
    actions = walk.record.actions
    for seat, action in actions[: walk.shown[0] if walk.shown else 0]:
        state = apply(state, action, seat)
    shown = [state]
    for index in walk.shown:
        state = apply(state, actions[index][1], actions[index][0])
        index += 1
        while index in walk.silent:
            state = apply(state, actions[index][1], actions[index][0])
            index += 1
        shown.append(state)
    return tuple(shown)


def _bidding_end(walk: Walk) -> int:
    """The position after the last bid (0 when the walk starts with a card)."""
    return next(
        (i for i, (_, action) in enumerate(walk.actions) if action.do is Do.PLAY), walk.count
    )


def chapters(walk: Walk) -> tuple[tuple[str, int], ...]:
    """Where a walk through more than one part may jump: ("Bidding", the position after
    the last bid) when cards follow the bids, and ("Trick 1", the position its last card
    is played at), ... Empty for a walk through one trick or through the bids alone."""
    shown = states(walk)
    tricks = [
        (f"Trick {len(shown[p].tricks)}", p)
        for p in range(1, walk.count + 1)
        if len(shown[p].tricks) > len(shown[p - 1].tricks)
    ]
    bidding = _bidding_end(walk)
    parts = ([("Bidding", bidding)] if 0 < bidding < walk.count else []) + tricks
    return tuple(parts) if len(parts) > 1 else ()


def _plainly_follows(before: HandState, action) -> bool:
    """A card of the suit led, printed and played as that suit: its reason ("Spades were
    led, and the nine of spades is a spade") says nothing the table does not show."""
    led = before.led_suit
    card = action.card
    trump = before.trump_suit if isinstance(before.trump_suit, Suit) else None
    return bool(before.trick) and card.suit is led and effective_suit(card, trump) is led


@lru_cache(maxsize=64)
def _said(walk: Walk) -> tuple[tuple[str | None, str], ...]:
    """(title, text) at every position. A sentence already said earlier in the walk, or
    in the lesson's earlier walks, is not said again ("Anyone may pass in round 1"
    once, not at every pass), except the ones that name a trick's winner and the
    hand's result: every finished trick says who won it."""
    shown = states(walk)
    said: list[tuple[str | None, str]] = [(None, "")]  # ▶ Play says what to do
    given: set[str] = set(walk.said_before)
    for position, (seat, action) in enumerate(walk.actions, 1):
        before, after = shown[position - 1], shown[position]
        reasons, kept = [], set()
        opened_on = position == walk.start == walk.count  # the finished table: how it ended
        if action.do is not Do.PLAY or (
            walk.reasons and not opened_on and not _plainly_follows(before, action)
        ):
            reasons.append(explain_action(before, action))
        if action.do is Do.PLAY and len(after.tricks) > len(before.tricks):
            trick, winner = after.tricks[-1], after.tricks[-1].winner
            assert winner is not None  # a finished trick has its winner
            outcome = (
                explain_trick(trick, after.trump_suit)
                if walk.reasons
                else f"{winner.word} wins the trick."
            )
            reasons.append(outcome)
            kept |= {part for part in SENTENCE_END.split(outcome) if winner.word in part}
        if after.is_over:
            reasons.append(explain_result(after))
            kept |= set(SENTENCE_END.split(reasons[-1]))
        sentences = [part for reason in reasons for part in SENTENCE_END.split(reason)]
        sentences = [part for part in sentences if part in kept or part not in given]
        if position > walk.start:  # what the step opens with was not read on the way
            given.update(sentences)
        said.append((f"{action_words(seat, action, before)}.", " ".join(sentences)))
    return tuple(said)


def message(walk: Walk, position: int) -> tuple[str | None, str]:
    """(title, text) under the table at ``position``: the move and the engine's reasons."""
    if position == walk.start < walk.count:
        return _said(walk)[0]
    return _said(walk)[position]


def seconds_at(walk: Walk, position: int) -> float:
    """How long the walk, playing itself, stays at ``position``: its words' reading time
    (``READING_WPM``), at least ``MOVE_SECONDS``."""
    title, text = message(walk, position)
    return max(MOVE_SECONDS, reading_seconds(f"{title or ''} {text}", READING_WPM))


def walk_cost(step: Step) -> Cost:
    """A stepped step's time on its shortest path: one click on ▶ Play, then each
    position's words (and any wait beyond reading them) from the start to the end."""
    walk = walk_of(step)
    if walk.start == walk.count:  # it opens on the finished table: read it, nothing to play
        title, text = message(walk, walk.count)
        return Cost(words=words(f"{title or ''} {text}"))
    said = [message(walk, p) for p in range(walk.start, walk.count + 1)]
    read = sum(words(f"{title or ''} {text}") for title, text in said)
    waited = sum(seconds_at(walk, p) for p in range(walk.start + 1, walk.count + 1))
    beyond = waited - sum(reading_seconds(f"{t or ''} {x}", READING_WPM) for t, x in said[1:])
    return Cost(words=read, clicks=1, waiting=round(beyond, 1))
