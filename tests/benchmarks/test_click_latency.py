"""The click-latency benchmark runs end to end on its quick settings (a server, Chromium,
each flow a few clicks) and prints every figure as a number. Their size is not asserted:
a figure, never a timed test."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLOWS = ("quiz", "guided", "play_fast", "play_normal_own_card")
CLICK_FIGURES = ("n", "median_ms", "p95_ms", "median_ratio", "p95_ratio", "missed")
LOAD_FIGURES = ("n", "median_ms", "p95_ms", "worst_ms", "ratio", "missed")
NUMBER = re.compile(r"^\d+(\.\d+)?$")


def test_a_quick_run_prints_every_flows_figures():
    # The browser tests' headless shell, not the full browser the benchmark's figures
    # come from: the same Blink and V8, a third less CPU, and this test checks the script.
    shell = os.environ.get("CHROMIUM") or shutil.which("chromium-headless-shell")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "click_latency.py"), "--quick"],
        cwd=ROOT,
        env={**os.environ, "CHROMIUM": shell} if shell else None,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert not shell or f"chromium={shell}" in done.stdout, done.stdout
    lines = done.stdout.strip().splitlines()
    figures = dict(pair.split("=", 1) for pair in lines[-1].split())
    expected = [f"{flow}_{name}" for flow in FLOWS for name in CLICK_FIGURES] + [
        f"first_load_{name}" for name in LOAD_FIGURES
    ]
    missing = [name for name in expected if name not in figures]
    assert not missing, (missing, done.stdout)
    for name in expected:
        assert NUMBER.match(figures[name]), (name, figures[name])
    for flow in (*FLOWS, "first_load"):
        assert int(figures[f"{flow}_n"]) >= 1, (flow, done.stdout)  # a click was measured
        assert any(line.startswith(f"{flow}: N ") for line in lines), done.stdout
