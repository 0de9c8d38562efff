"""The strip under the card table says each thing once: a title the text already opens
with ("Right" over "Right. North wins...", "Your turn" over "Your turn: choose a card")
is dropped, so neither the screen nor a screen reader says "Right Right.".

Walked over every guided hand: the coach's line at each decision, the verdict on the
right choice and on each named worse one."""

from __future__ import annotations

import pytest

from lessons.guided import load_guided
from lessons.guided_run import GuidedRun
from tutorial_app.card_table.table_options import table_message
from tutorial_app.features.guided.view import guided_model

HANDS = load_guided()


def said(model) -> str:
    """The strip as it reads: its title (bold) then its text."""
    message = model["message"] or {}
    return " ".join(part for part in (message.get("title"), message.get("text")) if part)


def doubled(words: str) -> bool:
    """True when the strip opens by saying the same words twice ("Right Right.")."""
    tokens = words.replace(":", " ").replace(".", " ").split()
    return any(tokens[:n] == tokens[n : 2 * n] for n in range(1, 4) if len(tokens) >= 2 * n)


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: hand.id)
def test_the_strip_never_says_its_title_twice(hand):
    run = GuidedRun.start(hand)
    strips = []
    while run.decision is not None:
        decision = run.decision
        strips.append(said(guided_model(run)))  # the coach's line
        for action, _ in decision.wrong:
            strips.append(said(guided_model(run.choose(action))))
        run = run.choose(decision.right[0])
        strips.append(said(guided_model(run)))  # the verdict on the right choice
    assert strips
    assert not [words for words in strips if doubled(words)]


def test_a_title_the_text_does_not_open_with_is_kept():
    assert table_message("North wins.", "right", "Right.")["title"] == "Right."
    assert "title" not in table_message("Right. North wins.", "right", "Right.")
    assert "title" not in table_message("Your turn: choose a card.", "info", "Your turn.")
    assert doubled("Right Right. North wins") and not doubled("Right. North wins")
