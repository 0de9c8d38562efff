"""The first-paint benchmark runs end to end with two fresh contexts on a quiz link (a
server, Chromium as the tests run it, the table drawn in both; a quiz link is the
cheapest page with a table) and prints its figures as numbers. Their size
is not asserted: a figure, never a timed test."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ("p50_ms", "max_ms", "ratio", "ws_kb", "server_cpu_s", "missed")
NUMBER = re.compile(r"^\d+(\.\d+)?$")


def test_two_contexts_draw_a_quiz_link_and_the_figures_are_printed():
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "first_paint.py"),
            "--counts",
            "2",
            "--links",
            "quiz",
            "--check",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    figures = dict(pair.split("=", 1) for pair in lines[-1].split())
    for name in FIGURES:
        assert NUMBER.match(figures[f"quiz_n2_{name}"]), (name, done.stdout)
    assert figures["quiz_n2_missed"] == "0", done.stdout + done.stderr[-2000:]
    assert any(line.startswith("quiz x2: p50 ") for line in lines), done.stdout
