"""Run the doctests of every engine module: the examples in docstrings must stay true."""

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
                 if not m.name.endswith("__main__"))  # __main__ would run the command line


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name} (output above)"


def test_the_module_list_is_found():
    assert {"engine.cards", "engine.ranking", "engine.svg"} <= set(MODULES)
    attempted = doctest.testmod(importlib.import_module("engine.ranking")).attempted
    assert attempted > 0
