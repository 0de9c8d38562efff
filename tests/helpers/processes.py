"""Child Python processes that import this project (the store's durability and command
line tests, and the compiled-against-plain checks of the engine and the search)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def child_env() -> dict[str, str]:
    """The environment for a child Python process that imports this project."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


PURE_ENV = "EUCHRE_ENGINE_PURE"  # engine.native: the plain sources, whatever is built


def run_python(
    code: str, *args: str, pure: bool = False, cwd: Path = ROOT
) -> subprocess.CompletedProcess:
    """``python -c code args`` importing the project at ``cwd``; with ``pure``, on the plain
    sources of the engine and the search (the compiled builds, when they match, otherwise)."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = str(cwd)
    if pure:
        env[PURE_ENV] = "1"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
