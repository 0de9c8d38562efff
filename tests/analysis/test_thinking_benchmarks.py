"""The thinking benchmarks (benchmarks/hint_latency.py, benchmarks/bot_speed.py) run and
print their figures, and their digests say what was decided: the same seed gives the
same digest, another seed another one. No timing is asserted."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bot_speed  # noqa: E402
import hint_latency  # noqa: E402


def figures(capsys) -> dict[str, str]:
    last = capsys.readouterr().out.strip().splitlines()[-1]
    return dict(pair.split("=") for pair in last.split())


@pytest.mark.parametrize(
    "bench, digest", [(bot_speed, "decisions_sha256"), (hint_latency, "advice_sha256")]
)
def test_a_short_run_prints_its_figures_and_what_it_decided(capsys, bench, digest):
    assert bench.main(["--hands", "2", "--cpu"]) == 0
    first = figures(capsys)
    assert bench.main(["--hands", "2", "--cpu"]) == 0
    again = figures(capsys)
    assert bench.main(["--hands", "2", "--cpu", "--seed", "2"]) == 0
    other = figures(capsys)
    assert first[digest] == again[digest] != other[digest]
    assert all(float(value) >= 0 for name, value in first.items() if name.endswith("_ms"))
