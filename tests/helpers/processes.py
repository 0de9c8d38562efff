"""Child Python processes that import this project (the store's durability and command
line tests)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def child_env() -> dict[str, str]:
    """The environment for a child Python process that imports this project."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}
