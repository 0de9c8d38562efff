"""Callers pass the card table's options and never edit the model they get back, and
decide a click on a hand through the one ``table_moves.decide_click``.

A model is built in one call (``table_model(source, TableOptions(...))``,
``cards_model(...)`` or a feature's ``*_model`` built on them) and goes to the
component as it is. This scans every module outside ``tutorial_app/card_table/`` for a
name bound to a ``*_model(...)`` call (or to a part of one: ``for card in
model["hand"]``) that is then assigned into, deleted from or changed in place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tutorial_app"
KIT = APP / "card_table"
CHANGES = {"update", "setdefault", "pop", "popitem", "clear", "append", "extend", "insert"}


def _root(node: ast.expr) -> str | None:
    """The name an expression such as ``model["hand"][0]`` starts from."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _builds_model(node: ast.expr) -> bool:
    func = node.func if isinstance(node, ast.Call) else None
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name.endswith("_model")


def _names(target: ast.expr) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


def _models(scope: ast.AST) -> set[str]:
    """Names in ``scope`` bound to a model or to a part of one (loops over its lists)."""
    models: set[str] = set()
    for _ in range(3):  # a part of a part: for seat in model["seats"]: for card in seat[...]
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if _builds_model(node.value) or _root(node.value) in models:
                    models.update(name for t in targets for name in _names(t))
            elif isinstance(node, ast.For | ast.comprehension):
                loop = node.iter
                if _root(loop) in models:
                    models.update(_names(node.target))
                elif (
                    isinstance(loop, ast.Call)
                    and getattr(loop.func, "id", "") == "zip"
                    and isinstance(node.target, ast.Tuple)
                ):
                    for arg, part in zip(loop.args, node.target.elts, strict=False):
                        if _root(arg) in models:
                            models.update(_names(part))
    return models


def edits_of_models(source: str) -> list[int]:
    """Line numbers where a model (or a part of one) is changed after it was built."""
    tree = ast.parse(source)
    lines = []
    scopes = [tree] + [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    for scope in scopes:
        models = _models(scope)
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
                targets = (
                    node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
                )
                changed = [
                    t
                    for t in targets
                    if isinstance(t, ast.Subscript | ast.Attribute) and _root(t) in models
                ]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                changed = [node] if node.func.attr in CHANGES and _root(node.func) in models else []
            else:
                changed = []
            lines.extend(node.lineno for _ in changed[:1])
    return sorted(set(lines))


EDITS = {
    "model": 'model = table_model(state)\nmodel["actions"] = []\n',
    "nested": 'm = question_model(q, s)\nfor card in m["hand"]:\n    card["legal"] = False\n',
    "update": "def f():\n    model = guided_model(run)\n    model.update(size=1)\n",
    "zip": 'model = x_model()\nfor b, a in zip(model["actions"], xs):\n    b["mark"] = "w"\n',
}


@pytest.mark.parametrize("source", EDITS.values(), ids=list(EDITS))
def test_the_scan_finds_an_edit(source):
    assert edits_of_models(source)


def test_the_scan_lets_a_new_value_built_from_a_model_pass():
    source = (
        "model = table_model(state)\n"
        'buttons = [{**b, "disabled": True} for b in model["actions"]]\n'
        'other = {}\nother["x"] = 1\n'
    )
    assert edits_of_models(source) == []


def test_no_module_outside_the_card_table_kit_edits_a_model():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(APP.rglob("*.py"))
        if KIT not in path.parents
        for line in edits_of_models(path.read_text(encoding="utf-8"))
    ]
    assert not found, "a model edited after it was built (pass options instead):\n" + "\n".join(
        found
    )


def test_every_page_decides_a_click_on_a_hand_through_decide_click():
    """``decide_card``, ``decide_action`` and ``action_from_id`` are the kit's own steps:
    a page that called them would read a click, or judge "is the hand over?", again."""
    inner = {"decide_card", "decide_action", "action_from_id"}
    found = [
        f"{path.relative_to(ROOT)} uses {node.id}"
        for path in sorted(APP.rglob("*.py"))
        if KIT not in path.parents
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Name) and node.id in inner
    ] + [
        f"{path.relative_to(ROOT)} imports {alias.name}"
        for path in sorted(APP.rglob("*.py"))
        if KIT not in path.parents
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name in inner
    ]
    assert not found, "\n".join(found)
