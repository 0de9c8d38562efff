"""The store is plain Python under the pages: no Streamlit, SQL only through SQLAlchemy's
bound parameters, and its examples hold."""

import ast
import doctest
import importlib
import subprocess
from pathlib import Path

import pytest
from helpers.processes import PYTHON, ROOT, child_env

STORE = ROOT / "tutorial_app" / "store"
MODULES = sorted(
    f"tutorial_app.store.{path.stem}" for path in STORE.glob("*.py") if path.stem != "__init__"
) + ["tutorial_app.store"]


def test_the_store_loads_no_streamlit():
    code = (
        "import sys\n"
        f"import {', '.join(MODULES)}\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'streamlit'))\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", code], env=child_env(), capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def formatted_sql(path: Path) -> list[str]:
    """Lines that build SQL text from Python values (f-strings or % or .format near SQL)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(
            node.func, "attr", getattr(node.func, "id", "")
        ) in ("text", "exec_driver_sql", "execute"):
            for argument in node.args[:1]:
                if isinstance(argument, (ast.JoinedStr, ast.BinOp)) or (
                    isinstance(argument, ast.Call)
                    and getattr(argument.func, "attr", "") == "format"
                ):
                    found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_sql_is_built_from_python_values():
    # The one exception: SQLite's PRAGMAs, from constants in database.py (no parameters there).
    found = [line for path in sorted(STORE.rglob("*.py")) for line in formatted_sql(path)]
    assert [line.split(":")[0] for line in found] == ["database.py"]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name, tmp_path, monkeypatch):
    from tutorial_app.store import dispose_engines

    monkeypatch.chdir(tmp_path)
    assert doctest.testmod(importlib.import_module(name)).failed == 0
    dispose_engines()
