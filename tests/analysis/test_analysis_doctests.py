"""Run the doctests of every analysis module: the examples in docstrings must stay true."""

import doctest
import importlib
import pkgutil

import pytest

import analysis

MODULES = sorted(m.name for m in pkgutil.walk_packages(analysis.__path__, "analysis."))


@pytest.mark.parametrize("name", ["analysis", *MODULES])
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name} (output above)"


def test_the_module_list_is_found():
    assert {"analysis.solver", "analysis.bots", "analysis.hints", "analysis.grading"} <= set(MODULES)
    assert doctest.testmod(importlib.import_module("analysis.compact")).attempted > 0
