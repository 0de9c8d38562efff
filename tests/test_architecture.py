"""Data flows one way: tutorial_app -> lessons -> engine. engine is standard library only;
analysis (solver, bots, hints) sits beside lessons and imports only engine and the stdlib."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRST_PARTY = {"engine", "analysis", "lessons", "tutorial_app"}
# What each package may import from this project; engine and analysis also nothing
# outside the standard library.
ALLOWED = {
    "engine": {"engine"},
    "analysis": {"engine", "analysis"},
    "lessons": {"engine", "lessons"},
}
STDLIB_ONLY = {"engine", "analysis"}


def imported_top_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def modules_of(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_stay_in_their_layer(package):
    problems = []
    for path in modules_of(package):
        for name in imported_top_names(path):
            first_party_ok = name not in FIRST_PARTY or name in ALLOWED[package]
            stdlib_ok = (
                package not in STDLIB_ONLY or name in FIRST_PARTY or name in sys.stdlib_module_names
            )
            if name == "streamlit" or not first_party_ok or not stdlib_ok:
                problems.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not problems, "\n".join(problems)


def test_importing_engine_analysis_and_lessons_loads_no_streamlit():
    # Catches indirect and dynamic imports that the source scan cannot see.
    code = (
        "import importlib, pkgutil, sys\n"
        "import engine, analysis, lessons\n"
        "for pkg in (engine, analysis, lessons):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        if not m.name.endswith('__main__'):\n"
        "            importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules\n"
        "             if n.split('.')[0] in ('streamlit', 'tutorial_app')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_importing_analysis_loads_only_the_engine():
    code = (
        "import importlib, pkgutil, sys\n"
        "import analysis\n"
        "for m in pkgutil.walk_packages(analysis.__path__, 'analysis.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules\n"
        "             if n.split('.')[0] in ('streamlit', 'lessons', 'tutorial_app')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_test_files_have_unique_names():
    """pytest imports test files by basename (no __init__.py): two alike would clash."""
    from collections import Counter

    names = Counter(path.name for path in (ROOT / "tests").rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


# ---- inside tutorial_app: features over kits over the store --------------------------------
#
# A unit is a kit or feature folder (``card_table``, ``features/play``) or a module at the
# top of tutorial_app (``navigation``). Each unit may import itself and the units listed
# here, nothing else of the app; like lichess's build.sbt, one line per unit. Features
# never import each other: what two share belongs in a kit.
KITS = (
    "limits",
    "store",
    "card_table",
    "rule_tables",
    "work",
    "shell",
    "learner",
    "quiz",
    "mistakes",
)
FEATURES = tuple(
    sorted(
        f"features/{path.parent.name}"
        for path in (ROOT / "tutorial_app" / "features").glob("*/__init__.py")
    )
)
MAY_IMPORT: dict[str, set[str]] = {
    # the pure rules every input is held to: the one app package the store may use
    "limits": set(),
    # learners' data; its face is the package itself (tutorial_app.store)
    "store": {"limits"},
    "card_table": set(),
    "rule_tables": set(),
    "work": set(),
    "shell": {"limits", "store"},
    "learner": {"shell", "limits", "store"},
    "quiz": {"learner", "card_table", "shell", "limits", "store"},
    # a learner's own mistakes: kept from games, asked again as puzzles
    "mistakes": {"card_table", "shell", "store"},
    **{feature: {"navigation", *KITS} for feature in FEATURES},
    # the top: the page list, the router, the server and its launchers
    "navigation": set(),
    "streamlit_app": {"navigation", "learner", "shell", "first_style"},
    "unexpected_error": set(),
    "serve": {"navigation"},  # and every module, by name, to preload it
    "page_paths": {"navigation"},  # the middleware that sends deep addresses to a page
    "asgi": {"serve", "page_paths", "unexpected_error", "class_news", "first_style"},
    "first_style": {"page_paths"},  # the middleware that puts the app's style in <head>
    "class_news": {"store"},  # the live class's news route (no page: no Streamlit)
    "cli": {"store"},
}
# Where Streamlit may be imported: the units that draw, and in the pure kits only the one
# module that is their page-side face.
STREAMLIT_UNITS = {"shell", "learner", "quiz", *FEATURES, *MAY_IMPORT.keys() - set(KITS)} - {
    "navigation",
    "class_news",
    "first_style",
}
STREAMLIT_MODULES = {
    "tutorial_app.card_table.component",
    "tutorial_app.work.pool_view",
    "tutorial_app.mistakes.review_view",
}


def app_modules() -> dict[str, Path]:
    """Every module of tutorial_app (migrations aside: Alembic loads them as files)."""
    found = {}
    for path in sorted((ROOT / "tutorial_app").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" not in parts:
            found[".".join(parts).removesuffix(".__init__")] = path
    return found


def unit_of(module: str) -> str | None:
    """``tutorial_app.features.play.game`` -> ``features/play``; None for the package."""
    parts = module.split(".")[1:]
    if not parts:
        return None
    return "/".join(parts[:2]) if parts[0] == "features" and len(parts) > 1 else parts[0]


def imported_modules(path: Path, module: str) -> set[str]:
    """The full names of what ``path`` imports (``from a import b`` counts as ``a.b`` when
    that is a module of the app, else as ``a``)."""
    known = app_modules()
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = (
                    module.split(".")[: -node.level]
                    if path.name != "__init__.py"
                    else (module.split(".")[: len(module.split(".")) - node.level + 1])
                )
                base = ".".join([*package, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                names.add(full if full in known else base)
    return names


def test_the_rules_table_names_every_unit():
    units = {unit_of(module) for module in app_modules()} - {None, "features"}
    assert units == set(MAY_IMPORT), "add the unit to MAY_IMPORT (and say why) or remove it"


def test_each_unit_imports_only_what_the_table_allows():
    problems = []
    for module, path in app_modules().items():
        unit = unit_of(module)
        if unit is None or unit == "features":
            continue
        for name in imported_modules(path, module):
            if not name.startswith("tutorial_app."):
                continue
            target = unit_of(name)
            if target not in {unit, *MAY_IMPORT[unit]}:
                problems.append(f"{module} imports {name} ({unit} may not use {target})")
            elif target == "store" and unit != "store" and name != "tutorial_app.store":
                problems.append(
                    f"{module} imports {name}: outside the store, use tutorial_app.store"
                )
    assert not problems, "\n".join(problems)


def test_only_the_drawing_units_import_streamlit():
    problems = []
    for module, path in app_modules().items():
        allowed = unit_of(module) in STREAMLIT_UNITS or module in STREAMLIT_MODULES
        uses = any(name.split(".")[0] == "streamlit" for name in imported_modules(path, module))
        if uses and not allowed:
            problems.append(module)
    assert not problems, f"these modules import Streamlit but their unit may not: {problems}"


# A named tuple's own public methods start with "_" so as not to clash with its fields.
NAMEDTUPLE_API = {"_asdict", "_fields", "_field_defaults", "_make", "_replace"}


def private_names_crossing(path: Path, module: str) -> list[str]:
    """``from other import _name`` and ``other._name`` where ``other`` is a module or class
    imported from another first-party module (a name's own module may use it freely)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in FIRST_PARTY and node.module != module:
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"from {node.module} import {alias.name}")
                    imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FIRST_PARTY:
                    imported.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in imported
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr not in NAMEDTUPLE_API
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_no_private_name_crosses_a_module_boundary():
    problems = []
    for package in sorted(FIRST_PARTY):
        for path in modules_of(package):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(
                ".__init__"
            )
            problems += [f"{module}: {use}" for use in private_names_crossing(path, module)]
    assert not problems, "\n".join(problems)


def says_no_streamlit(path: Path) -> bool:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return re.search(r"\b(no|without|never) streamlit", doc, re.IGNORECASE) is not None


def test_every_module_that_says_no_streamlit_loads_none():
    """A module whose docstring promises "no Streamlit" is imported alone, in a fresh
    interpreter, and must load none (indirect imports included)."""
    claimed = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in sorted(FIRST_PARTY)
        for path in modules_of(package)
        if says_no_streamlit(path)
    ]
    assert len(claimed) > 15  # the check is reading the docstrings
    code = (
        "import importlib, sys, json\n"
        "first = None\n"
        f"for name in {claimed!r}:\n"
        "    importlib.import_module(name)\n"
        "    if first is None and 'streamlit' in sys.modules:\n"
        "        first = name\n"
        "print(json.dumps(first))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "null", f"{out.strip()} loads Streamlit (first to, in that order)"


# engine.svg's pictures, which only the card table's models may put on a page.
CARD_PICTURES = {"card_svg", "back_svg", "hand_svg", "trick_svg", "state_svg"}


def test_pages_draw_cards_only_through_the_card_table():
    """A page shows a hand, a trick or loose cards with the table widget (its models
    draw the pictures), never by assembling engine.svg drawings itself. (A printed quiz
    sheet draws its own: paper has no table.)"""
    offenders = []
    pages = [
        p for p in (ROOT / "tutorial_app" / "features").rglob("*.py") if p.stem.endswith("page")
    ]
    assert len(pages) > 15
    for path in sorted(pages):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "engine.svg":
                drawn = CARD_PICTURES & {alias.name for alias in node.names}
                if drawn:
                    offenders.append(f"{path.name} imports {sorted(drawn)}")
            elif isinstance(node, ast.Name) and node.id in CARD_PICTURES:
                offenders.append(f"{path.name} calls {node.id}")
    assert not offenders, offenders


# ---- one address writer ---------------------------------------------------------------
ADDRESS_WRITER = "tutorial_app.shell.url_state"
QUERY_WRITES = {"update", "from_dict", "clear", "pop", "setdefault"}


def address_writes(path: Path) -> list[int]:
    """Lines that change ``st.query_params``: an item set or deleted, or a writing call."""

    def is_query_params(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "query_params"

    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = (
            node.targets
            if isinstance(node, ast.Assign | ast.Delete)
            else [node.target]
            if isinstance(node, ast.AugAssign)
            else []
        )
        if any(isinstance(t, ast.Subscript) and is_query_params(t.value) for t in targets) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERY_WRITES
            and is_query_params(node.func.value)
        ):
            lines.append(node.lineno)
    return lines


def test_only_url_state_writes_the_address():
    """Each change to the address is a message to the browser and a history entry:
    ``url_state.sync_params`` writes only what changed, in one change."""
    problems = [
        f"{module}:{line}"
        for module, path in app_modules().items()
        if module != ADDRESS_WRITER
        for line in address_writes(path)
    ]
    assert address_writes(app_modules()[ADDRESS_WRITER])  # the check finds a write
    assert not problems, f"write the address with url_state.sync_params: {problems}"
