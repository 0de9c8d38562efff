"""Golden transcripts (see golden_transcripts.py): every sentence change is a seen change.

Regenerate on purpose only, then review the diff:
    EUCHRE_REGENERATE_GOLDEN=1 pytest tests/engine/test_golden_transcripts.py
"""

from __future__ import annotations

import difflib
import os

import pytest
from golden_transcripts import HANDS_PER_PRESET, golden_path, transcript

from engine import PRESETS

REGENERATE = os.environ.get("EUCHRE_REGENERATE_GOLDEN") == "1"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_seeded_hands_read_as_the_golden_transcript(preset):
    told = transcript(preset)
    path = golden_path(preset)
    if REGENERATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(told, encoding="utf-8")
    assert path.exists(), (
        f"{path} is missing: write it with EUCHRE_REGENERATE_GOLDEN=1 and review it"
    )
    golden = path.read_text(encoding="utf-8")
    if told != golden:
        diff = "\n".join(
            difflib.unified_diff(
                golden.splitlines(),
                told.splitlines(),
                f"golden/{preset}.txt",
                "the engine now",
                lineterm="",
            )
        )
        pytest.fail(
            f"the engine's words changed for {preset}:\n{diff}\n\nIf this change is "
            "meant, regenerate with EUCHRE_REGENERATE_GOLDEN=1 and review the diff."
        )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_transcript_tells_every_hand_to_its_result(preset):
    told = transcript(preset)
    assert told.count("## Hand ") == HANDS_PER_PRESET
    assert told.count("\nResult: ") == HANDS_PER_PRESET
    assert told == transcript(preset)  # seeded: the same words every time


def test_the_transcripts_show_the_sentences_worth_guarding():
    told = "\n".join(transcript(preset) for preset in PRESETS)
    for fragment in (
        "cannot pass now: it is the play of the cards",
        "must follow",
        "wins with",
        "were turned down in round 1",
        "are the makers",
        "The player to the dealer's left",
    ):
        assert fragment in told, fragment
