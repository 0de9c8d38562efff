"""The linter, the formatter and the type checker pass: ruff and mypy, as pyproject.toml
configures them ([tool.ruff], [tool.mypy]). A failure prints their own report.

    ruff check .            # the lint rules (tests/ included)
    ruff format --check .   # the format (tests/ excluded for now: see [tool.ruff.format])
    mypy                    # strict on engine/, analysis/, lessons/, tutorial_app/store/
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
    "ruff format": [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."],
    "mypy": [sys.executable, "-m", "mypy"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_tool_is_clean(name: str) -> None:
    env = dict(os.environ, NO_COLOR="1")
    run = subprocess.run(COMMANDS[name], cwd=ROOT, capture_output=True, text=True, env=env)
    assert run.returncode == 0, f"{name} found problems:\n{run.stdout}{run.stderr}"
