"""Every doctest in every package runs: the examples in docstrings must stay true.

Each module of engine, analysis, lessons and tutorial_app whose source holds an example
(``>>>``) is imported and its doctests run with ``doctest.testmod``; a test below checks
that no module left out has any. Streamlit's page scripts are left out: importing one
would draw its page (they hold no doctests; a test below checks).
"""

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

from tutorial_app.navigation import is_page_script

PACKAGES = ("engine", "analysis", "lessons", "tutorial_app")
# Run by Streamlit as scripts, not imported; __main__ modules would run a command line.
# tutorial_app.asgi builds the served app, which sets Streamlit's process-wide script path.
SCRIPTS = ("tutorial_app.streamlit_app", "tutorial_app.asgi")


def _modules() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        names += [
            m.name
            for m in pkgutil.walk_packages(path, f"{package}.")
            if not m.name.endswith("__main__")
            and not m.name.startswith(SCRIPTS)
            and not is_page_script(m.name)
        ]
    return sorted(names)


def _has_examples(name: str) -> bool:
    """Whether the module holds a doctest prompt: its source read, not imported (a
    compiled module, such as the engine's build, is imported and searched)."""
    origin = importlib.util.find_spec(name).origin
    if origin.endswith(".py"):
        return ">>>" in Path(origin).read_text(encoding="utf-8")
    return any(
        test.examples for test in doctest.DocTestFinder().find(importlib.import_module(name))
    )


MODULES = _modules()
WITH_EXAMPLES = [name for name in MODULES if _has_examples(name)]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name} (output above)"


def test_every_package_with_doctests_is_collected():
    """Every module whose doctests the finder sees is run above; each package has some."""
    tried = {}
    for name in MODULES:
        module = importlib.import_module(name)
        finder = doctest.DocTestFinder()
        tried[name] = sum(len(test.examples) for test in finder.find(module))
    assert [name for name, n in tried.items() if n and name not in WITH_EXAMPLES] == []
    assert all(tried[name] for name in WITH_EXAMPLES)
    for package in PACKAGES:
        assert sum(n for name, n in tried.items() if name.split(".")[0] == package) > 0, package
    assert (
        tried["engine.ranking"]
        and tried["lessons.progress"]
        and tried["tutorial_app.features.play.game_link"]
    )
    # The teacher's tools (links, replay, builder, questions, quiz sheet) keep theirs.
    assert {
        "tutorial_app.shell.hand_links",
        "tutorial_app.features.teach.replay",
        "tutorial_app.features.build.draft",
        "tutorial_app.features.build.moves",
        "tutorial_app.features.quiz_sheet.sheet",
        "tutorial_app.features.quiz_sheet.sources",
        "lessons.scenario_questions",
    } <= set(WITH_EXAMPLES)


def test_the_scripts_left_out_hold_no_doctests():
    root = Path(importlib.import_module("tutorial_app").__file__).parent
    pages = [p for p in sorted((root / "features").rglob("*.py")) if p.stem.endswith("page")]
    scripts = [root / "streamlit_app.py", *pages]
    assert len(scripts) > 3
    for path in scripts:
        assert ">>>" not in path.read_text(encoding="utf-8"), path
