"""The live class across app processes: the throwaway PostgreSQL of ``tests/helpers/postgres.py``
and the benchmarks' protocol client (``benchmarks/streamlit_client.py``)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from helpers.postgres import postgres_cluster  # noqa: E402,F401
