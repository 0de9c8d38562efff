"""Golden transcripts: seeded hands of each preset, told in the engine's own words.

Each file in ``golden/`` is one preset: every hand's deal, every action with the
engine's explanation of it (and, where there is one, what the seat may not do
and why), each finished trick and why it went where it did, and the result.
``test_golden_transcripts.py`` diffs them, so a changed sentence is always a
seen change. After changing words on purpose, regenerate and review the diff:

    EUCHRE_REGENERATE_GOLDEN=1 pytest tests/engine/test_golden_transcripts.py
    python tests/engine/golden_transcripts.py          # the same, without pytest
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root holds engine/
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import (
    PRESET_NAMES,
    PRESETS,
    SEATS,
    Action,
    HandState,
    Phase,
    Rules,
    apply,
    deal_cards,
    describe_preset,
    explain_action,
    explain_first_lead,
    explain_makers,
    explain_pickup,
    explain_result,
    explain_trick,
    legal_actions,
    new_hand,
)
from engine.actions import CALL
from engine.state import ordered_up

GOLDEN = Path(__file__).resolve().parent / "golden"
HANDS_PER_PRESET = 5
PASS_BIAS = 0.5  # passing more often than at random, so round 2 and a stuck dealer come up


def golden_path(preset: str) -> Path:
    return GOLDEN / f"{preset}.txt"


def transcript(preset: str) -> str:
    """The golden transcript of one preset: its seeded hands, in words."""
    rules = Rules.preset(preset)
    rng = random.Random(f"golden-{preset}")
    lines = [
        f"# {PRESET_NAMES[preset]} ({preset}): {describe_preset(preset)}",
        f"# {HANDS_PER_PRESET} hands dealt and played at random from the seed 'golden-{preset}'.",
        "",
    ]
    for number in range(HANDS_PER_PRESET):
        lines += _hand(rules, number, rng) + [""]
    return "\n".join(lines)


def _choose(state: HandState, rng: random.Random) -> Action:
    legal = legal_actions(state)
    if Action.PASS in legal and len(legal) > 1 and rng.random() < PASS_BIAS:
        return Action.PASS
    return rng.choice(legal)


def _hand(rules: Rules, number: int, rng: random.Random) -> list[str]:
    dealer = SEATS[number % 4]
    state = new_hand(rules, deal_cards(rules, dealer, rng))
    lines = [f"## Hand {number + 1}: {dealer.word} deals; the upcard is {state.upcard.the_name}"]
    lines += [
        f"{seat.word} holds {' '.join(c.code for c in state.hand_of(seat))}" for seat in SEATS
    ]
    while not state.is_over:
        seat, before = state.turn, state
        lines += _refusals(state)
        action = _choose(state, rng)
        lines.append(f"{seat.word}: {action}. {explain_action(state, action)}")
        state = apply(state, action, seat)
        lines += _what_followed(before, state)
    lines.append(f"Result: {explain_result(state)}")
    points = state.result.points
    lines.append("Points: " + ", ".join(f"{team.word} {points[team]}" for team in points))
    return lines


def _refusals(state: HandState) -> list[str]:
    """What the seat to act may not do here, with the engine's reason (one of each kind)."""
    tried = []
    if state.phase is Phase.PLAY:
        if not state.tricks and not state.trick:
            tried.append(Action.PASS)
        legal = legal_actions(state)
        tried += [
            Action.play(card)
            for card in state.hand_of(state.turn)
            if Action.play(card) not in legal
        ][:1]
    elif state.phase is Phase.BID2:
        tried.append(CALL[state.upcard.suit])
        if Action.PASS not in legal_actions(state):
            tried.append(Action.PASS)
    return [f"  refused {action}: {explain_action(state, action)}" for action in tried]


def _what_followed(before: HandState, state: HandState) -> list[str]:
    lines = []
    if before.maker is None and state.maker is not None:
        lines.append(f"Makers: {explain_makers(state)}")
    if before.phase is Phase.ALONE and state.phase is not Phase.ALONE and ordered_up(state):
        lines.append(f"Upcard: {explain_pickup(state)}")
    if state.phase is Phase.PLAY and before.phase is not Phase.PLAY:
        lines.append(f"First lead: {explain_first_lead(state)}")
    if len(state.tricks) > len(before.tricks):
        trick = state.tricks[-1]
        cards = ", ".join(f"{seat.value} {card.code}" for seat, card in trick.cards)
        lines.append(
            f"Trick {len(state.tricks)} ({cards}) to {trick.winner.word}: "
            f"{explain_trick(trick, state.trump_suit)}"
        )
    return lines


def regenerate() -> list[Path]:
    """Write every preset's transcript; returns the files written."""
    GOLDEN.mkdir(exist_ok=True)
    written = []
    for preset in PRESETS:
        path = golden_path(preset)
        path.write_text(transcript(preset), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in regenerate():
        print(f"wrote {path}")
