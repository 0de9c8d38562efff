"""What a click reruns: on the pages clicked most (a guided hand, Play, a quiz), the card
table and what it changes are drawn by an ``st.fragment``, so a click reruns that part,
not the whole page with its sidebar and navigation (issue 19, "answers at once": the
browser then redraws the fragment and no more). Read from the page's source: AppTest
always reruns the whole script, so it cannot tell a fragment's rerun from the page's."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "tutorial_app"
# the modules (under tutorial_app) that draw those pages' tables
TABLES = ("features/guided/page.py", "features/play/page.py", "quiz/view.py")


def is_fragment(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target) == "st.fragment"


def calls_in(function: ast.FunctionDef, names: set[str]) -> set[str]:
    found = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
            found.add(node.func.id)
    return found


def fragment_reaches(module: Path, target: str) -> bool:
    """Whether a function decorated with ``st.fragment`` calls ``target``, directly or
    through functions of the same module."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    todo = [f for f in functions.values() if any(is_fragment(d) for d in f.decorator_list)]
    seen: set[str] = set()
    while todo:
        function = todo.pop()
        if function.name in seen:
            continue
        seen.add(function.name)
        called = calls_in(function, set(functions) | {target})
        if target in called:
            return True
        todo += [functions[name] for name in called if name in functions]
    return False


@pytest.mark.parametrize("module", TABLES)
def test_a_click_on_the_table_reruns_a_fragment_not_the_page(module):
    assert fragment_reaches(APP / module, "card_table"), f"{module}: drawn outside a fragment"
