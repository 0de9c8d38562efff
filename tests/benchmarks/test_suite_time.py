"""The suite-time benchmark runs pytest as ``make test`` does and prints its figures: here
on one small file, in one process, with a short pace loop. Their size is not asserted:
a figure, never a timed test."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import suite_time  # noqa: E402

NUMBER = re.compile(r"^\d+(\.\d+)?(e[+-]?\d+)?$")
FIGURES = (
    "suite_s",
    "goal_s",
    "ratio",
    "busy_cpu_s",
    "cores_busy_pct",
    "loop_one_ms_before",
    "loop_one_ms_after",
    "loop_all_ms_before",
    "loop_all_ms_after",
    "fault_ms_before",
    "fault_ms_after",
    "exit",
)


def figures_of(*pytest_args: str) -> tuple[dict[str, str], str]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "suite_time.py"), "--workers", "0"]
        + ["--loop", "20000", "--fault-mb", "4", "-q", "-p", "no:cacheprovider", *pytest_args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    last = done.stdout.strip().splitlines()[-1]
    return dict(pair.split("=", 1) for pair in last.split()), done.stdout


def test_a_run_of_one_file_prints_every_figure_and_the_suites_own_verdict():
    figures, out = figures_of("tests/engine/test_engine_house.py")
    assert list(figures) == list(FIGURES), out
    assert all(NUMBER.match(value) for value in figures.values()), figures
    assert figures["exit"] == "0" and " passed" in out, out
    assert float(figures["ratio"]) == pytest.approx(float(figures["suite_s"]) / 300, abs=0.01)


def test_a_failing_suite_is_reported_and_its_status_returned(monkeypatch, capsys):
    """pytest's own status comes back (here 1, a failure) and ends the figures' line,
    never a figure that looks like a pass."""
    ran = []

    def run(command, **settings):
        ran.append((command, settings["env"]))
        return subprocess.CompletedProcess(command, 1)

    monkeypatch.setattr(suite_time.subprocess, "run", run)
    monkeypatch.setattr(
        suite_time, "pace", lambda n, mb: {"one": 250.0, "all": 300.0, "faults": 400.0}
    )
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # as some CI images set it
    assert suite_time.main(["--workers", "3", "-m", "not browser"]) == 1
    ((command, env),) = ran
    assert command[-6:] == ["-n", "3", "--dist", "loadgroup", "-m", "not browser"]
    assert env["HYPOTHESIS_PROFILE"] == "ci" and env["EUCHRE_REQUIRE_COMPILED"] == "1"
    assert not any(name.startswith("PYTEST_") for name in env)  # not taken for a worker
    assert "PYTHONDONTWRITEBYTECODE" not in env  # bytecode kept, as make test keeps it
    out = capsys.readouterr().out
    assert "pytest exit status 1" in out and out.strip().endswith("exit=1")


def test_the_settings_are_checked_before_anything_runs():
    for wrong in (["--workers", "-1"], ["--loop", "0"], ["--fault-mb", "0"]):
        with pytest.raises(SystemExit) as stopped:
            suite_time.main(wrong)
        assert stopped.value.code == 2
