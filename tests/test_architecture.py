"""Data flows one way: tutorial_app -> lessons -> engine. engine is standard library only;
analysis (solver, bots, hints) sits beside lessons and imports only engine and the stdlib."""

import ast
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


# The Play page's logic (session, game links, score chart) runs without Streamlit, so
# plain pytest tests it; the page only draws it.
PURE_APP_MODULES = (
    "tutorial_app.play_session",
    "tutorial_app.play_link",
    "tutorial_app.score_chart",
    "tutorial_app.widgets.move_words",
    "tutorial_app.widgets.table_moves",
)


def test_the_play_logic_loads_no_streamlit():
    code = (
        "import importlib, sys\n"
        f"for name in {PURE_APP_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'streamlit'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# engine.svg's pictures, which only the card table's models may put on a page.
CARD_PICTURES = {"card_svg", "back_svg", "hand_svg", "trick_svg", "state_svg"}


def test_pages_draw_cards_only_through_the_card_table():
    """A page shows a hand, a trick or loose cards with the table widget (its models
    draw the pictures), never by assembling engine.svg drawings itself."""
    offenders = []
    for path in sorted((ROOT / "tutorial_app" / "app_pages").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "engine.svg":
                drawn = CARD_PICTURES & {alias.name for alias in node.names}
                if drawn:
                    offenders.append(f"{path.name} imports {sorted(drawn)}")
            elif isinstance(node, ast.Name) and node.id in CARD_PICTURES:
                offenders.append(f"{path.name} calls {node.id}")
    assert not offenders, offenders
