"""Play the odds lab's default runs once and ship them: ``tutorial_app/features/odds/shipped.json``.

Each rule set without variants, each bot level at the page's default number of hands,
seed 1: what the page shows before anyone changes a setting, so no learner's first
visit plays them. The runs go through the worker pool's own job
(``features.odds.jobs.simulate``), so they are exactly what the pool would compute;
tests/app/test_odds_page.py plays some of them again and compares.

    PYTHONPATH=. .venv/bin/python tools/odds_shipped.py      # after changing the bots
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis import LEVELS  # noqa: E402
from engine import PRESETS, Rules  # noqa: E402
from tutorial_app.features.odds.jobs import odds_hands, simulate  # noqa: E402
from tutorial_app.features.odds.simulated import (  # noqa: E402
    SHIPPED,
    SHIPPED_SEED,
    encode_hands,
    shipped_name,
)


def page_settings(preset: str) -> tuple:
    """The settings the odds page passes for a rule set with both variants off."""
    return tuple(
        Rules.from_settings({"preset": preset, "benny": False, "no_trump": False})
        .settings()
        .items()
    )


def main() -> int:
    runs = {}
    for preset in PRESETS:
        for level in LEVELS:
            hands = odds_hands(level)[2]
            started = time.monotonic()
            played = simulate((page_settings(preset), level, hands, SHIPPED_SEED))
            runs[shipped_name(preset, level, hands, SHIPPED_SEED)] = encode_hands(played)
            print(f"{preset} {level} {hands} hands: {time.monotonic() - started:.1f} s", flush=True)
    SHIPPED.write_text(
        json.dumps({"made_by": "tools/odds_shipped.py", "runs": runs}, indent=0) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {SHIPPED.relative_to(ROOT)} ({SHIPPED.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
