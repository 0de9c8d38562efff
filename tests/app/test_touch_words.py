"""Learners on a phone or tablet tap: no sentence the app shows tells them to "click".

Every string the app's code shows (not docstrings, not one-word keys and ids) and every
lesson and guided hand text is searched; "choose" works for a mouse and a finger."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLICK = re.compile(r"\bclick(s|ed|ing)?\b", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def shown_strings() -> list[tuple[str, str]]:
    """(where, text) for each sentence-like string in the app's and lessons' code."""
    found = []
    for path in sorted([*(ROOT / "tutorial_app").rglob("*.py"), *(ROOT / "lessons").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and " " in node.value.strip()
            ):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    for path in sorted((ROOT / "lessons" / "content").rglob("*.*")):
        if path.suffix in (".md", ".toml"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.lstrip().startswith("#"):
                    found.append((f"{path.relative_to(ROOT)}:{number}", line))
    return found


def test_no_shown_sentence_says_click():
    strings = shown_strings()
    assert len(strings) > 500  # the search reaches the app's words
    assert not [f"{where}: {text[:80]!r}" for where, text in strings if CLICK.search(text)]


def test_the_search_finds_a_click():
    assert CLICK.search("Click a card to play it.") and not CLICK.search("a clicker's Page Up")
