"""Session keys are declared once: every key that tutorial_app reads or writes in the
session (``st.session_state[...]``, ``.get``, ``.pop``, ``.setdefault``, ``in``, and the
``session_map`` helpers) is a named constant or a key-building function, never a string
spelled where it is used; and a widget's ``key=`` never spells a string that a constant
already declares (the widget and its readers use the one name).

A feature declares its keys in ``features/<feature>/keys.py``; a kit's module declares
its own at its top. Widget keys that nothing reads back stay literal: they name the
widget, as an id names an HTML element, and the tests drive widgets by them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SESSION_NAMES = {"session", "session_state"}  # the name a click callback's session goes by
KEY_METHODS = {"get", "pop", "setdefault"}


def app_modules() -> list[Path]:
    return sorted(
        path for path in (ROOT / "tutorial_app").rglob("*.py") if "migrations" not in path.parts
    )


def is_session_state(node: ast.AST) -> bool:
    """``st.session_state`` (or any ``x.session_state``)."""
    return isinstance(node, ast.Attribute) and node.attr == "session_state"


def session_aliases(tree: ast.AST) -> set[str]:
    """Names bound to ``st.session_state`` (``state = st.session_state``), and the names
    a session is passed under."""
    names = set(SESSION_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (
                    zip(target.elts, node.value.elts, strict=False)
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
                for name, value in pairs:
                    if isinstance(name, ast.Name) and is_session_state(value):
                        names.add(name.id)
    return names


def spelled(key: ast.AST) -> bool:
    """A key written out as text where it is used: a string, an f-string, or text joined
    to a name (``"build-" + name``)."""
    if isinstance(key, ast.Constant):
        return isinstance(key.value, str)
    if isinstance(key, ast.JoinedStr):
        return True
    if isinstance(key, ast.BinOp):
        return spelled(key.left) or spelled(key.right)
    return False


def session_keys_used(tree: ast.AST) -> list[ast.AST]:
    """Every key expression used with the session in ``tree``."""
    aliases = session_aliases(tree)

    def is_session(node: ast.AST) -> bool:
        return is_session_state(node) or (isinstance(node, ast.Name) and node.id in aliases)

    keys: list[ast.AST] = []
    for node in ast.walk(tree):
        match node:
            case ast.Subscript(value=value, slice=key) if is_session(value):
                keys.append(key)
            case ast.Call(func=ast.Attribute(value=value, attr=method), args=[key, *_]) if (
                method in KEY_METHODS and is_session(value)
            ):
                keys.append(key)
            # tutorial_app.shell.session_map's get(session, key, ...) and drop(session, *keys)
            case ast.Call(func=ast.Name(id="get"), args=[session, key, *_]) if is_session(session):
                keys.append(key)
            case ast.Call(func=ast.Name(id="drop"), args=[session, *dropped]) if is_session(
                session
            ):
                keys.extend(dropped)
            case ast.Compare(left=key, ops=[ast.In() | ast.NotIn()], comparators=[session]) if (
                is_session(session)
            ):
                keys.append(key)
    return keys


def session_key_names(trees: list[ast.AST]) -> set[str]:
    """The names that are used as session keys (``st.session_state[NOTE]``: NOTE)."""
    return {
        key.id if isinstance(key, ast.Name) else key.attr
        for tree in trees
        for key in session_keys_used(tree)
        if isinstance(key, ast.Name | ast.Attribute)
    }


def declared_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level string constants, value -> name (``NOTE = "teach-note"``), and the
    keys of the caches declared with ``ReadOnce("...")``."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                pairs = (
                    zip(target.elts, node.value.elts, strict=False)
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
                for name, value in pairs:
                    if isinstance(value, ast.Call) and ast.unparse(value.func) == "ReadOnce":
                        value = value.args[0] if value.args else value
                    if (
                        isinstance(name, ast.Name)
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                    ):
                        found[value.value] = name.id
    return found


def read_once_names(trees: list[ast.AST]) -> set[str]:
    """The names of the caches declared with ``ReadOnce``: their keys are session keys."""
    return {
        target.id
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and ast.unparse(node.value.func) == "ReadOnce"
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def widget_keys(tree: ast.AST) -> list[ast.Constant]:
    """Every ``key="..."`` given to a widget as a plain string (a container's key is only
    a style hook: Streamlit keeps no value under it)."""
    return [
        word.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and not (isinstance(node.func, ast.Attribute) and node.func.attr == "container")
        for word in node.keywords
        if word.arg == "key"
        and isinstance(word.value, ast.Constant)
        and isinstance(word.value.value, str)
    ]


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:{node.lineno}"


def spelled_locals(tree: ast.Module) -> dict[str, ast.AST]:
    """Names given a spelled string other than by a declaration (an upper-case name at the
    top of the module): ``part_key = f"{lesson.id}-part"``."""
    declarations = {id(node) for node in tree.body}
    return {
        target.id: node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and spelled(node.value)
        for target in node.targets
        if isinstance(target, ast.Name) and not (id(node) in declarations and target.id.isupper())
    }


def literal_session_keys(paths: list[Path]) -> list[str]:
    problems = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        local = spelled_locals(tree)
        for key in session_keys_used(tree):
            if spelled(key):
                problems.append(f"{where(path, key)} spells the key {ast.unparse(key)}")
            elif isinstance(key, ast.Name) and key.id in local:
                spelling = ast.unparse(local[key.id])
                problems.append(f"{where(path, key)} spells the key {key.id} = {spelling}")
    return problems


def widget_keys_spelled_twice(paths: list[Path]) -> list[str]:
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    names = session_key_names(list(trees.values())) | read_once_names(list(trees.values()))
    declared: dict[str, str] = {}
    for tree in trees.values():
        declared.update(
            (value, name) for value, name in declared_strings(tree).items() if name in names
        )
    return [
        f"{where(path, key)} spells {key.value!r}: use {declared[key.value]}"
        for path, tree in trees.items()
        for key in widget_keys(tree)
        if key.value in declared
    ]


def test_no_session_key_is_spelled_where_it_is_used():
    assert literal_session_keys(app_modules()) == []


def test_no_widget_key_spells_a_declared_key():
    assert widget_keys_spelled_twice(app_modules()) == []


VIOLATIONS = {
    "subscript": 'st.session_state["teach-error"] = None',
    "get": 'x = st.session_state.get("play-last", False)',
    "pop": 'session.pop(f"{key}-picked", None)',
    "alias": 'state = st.session_state\nstate["quiz"] = 1',
    "in": 'if "practise-mode" not in st.session_state: pass',
    "joined": 'session["build-" + name] = 1',
    "helper": 'drop(session, NOTE, "teach-refusal")',
    "local": 'def f(lesson):\n    part_key = f"{lesson.id}-part"\n    del session[part_key]',
    "lower-case": 'note = "teach-note"\nsession[note] = None',
}


@pytest.mark.parametrize("source", VIOLATIONS.values(), ids=VIOLATIONS.keys())
def test_the_rule_rejects_a_spelled_key(tmp_path, source):
    module = tmp_path / "module.py"
    module.write_text(source, encoding="utf-8")
    assert len(literal_session_keys([module])) == 1


def test_the_rule_accepts_declared_keys_and_key_builders(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        'NOTE = "teach-note"\nst.session_state[NOTE] = session.get(quiz_key(name))\n'
        "def f(lesson):\n    key = part_key(lesson.id)\n    session[key] = 1\n"
        "del session[SHOWN + key]\nst.button('Go', key='teach-go')\n",
        encoding="utf-8",
    )
    assert literal_session_keys([module]) == widget_keys_spelled_twice([module]) == []


def test_a_widget_key_that_spells_a_declared_key_is_rejected(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        'ERROR = "teach-error"\nst.text_area("Box", key="teach-error")\n'
        'NEXT = "next"\nst.button("Next", key="next")\n'  # NEXT is no session key
        'st.container(key="teach-error")\nst.session_state.get(ERROR)\n'
        'HISTORY = ReadOnce("practise-history")\nst.plotly_chart(f, key="practise-history")\n',
        encoding="utf-8",
    )
    assert widget_keys_spelled_twice([module]) == [
        "module.py:2 spells 'teach-error': use ERROR",
        "module.py:8 spells 'practise-history': use HISTORY",
    ]
