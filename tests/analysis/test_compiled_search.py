"""The compiled double-dummy search and its plain source: which one runs, and that they
agree on every value and on the work done.

``analysis.native`` loads ``analysis/_native/search*.so`` (tools/build_engine.py) only
when it matches ``analysis/search.py`` and its ``.pxd``, with the engine's rules
(tests/engine/test_compiled_path.py tests those rules themselves). ``make test`` builds
first and sets EUCHRE_REQUIRE_COMPILED=1: there the compiled search must be in use.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from helpers.processes import run_python

from analysis import native

ROOT = Path(__file__).resolve().parents[2]
BUILT = native.ANALYSIS.check_build(honour_env=False)[0]
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build: tools/build_engine.py")

# Solves seeded positions at every point of random hands under several rule sets (lone
# hands, no trump, the Benny, no first blood) and prints the path and one digest of
# every card's value and of the nodes searched.
SOLVE_HANDS = r"""
import hashlib, random, sys
from analysis import native
from analysis.solver import Position, Solver
from engine import SEATS, Rules, apply, legal_actions, random_hand
from engine.hand import Phase
RULES = [Rules.from_settings(s) for s in ({"preset": "bga"}, {"preset": "pagat", "benny": True},
         {"preset": "cardsuite", "no_trump": True}, {"preset": "bga", "no_first_blood": True},
         {"preset": "bga", "lone_defender": True})]
rng = random.Random(20261202)
digest = hashlib.sha256()
for number in range(int(sys.argv[1])):
    state = random_hand(RULES[number % len(RULES)], SEATS[number % 4], rng)
    while not state.is_over:
        legal = legal_actions(state)
        if state.phase is Phase.PLAY:
            solver = Solver(Position.from_state(state))
            values = sorted((str(card), value) for card, value in solver.card_values().items())
            digest.update(repr((values, solver.value(), solver.nodes)).encode())
        state = apply(state, rng.choice(legal))
print(native.SEARCH_PATH, digest.hexdigest())
"""


def test_the_search_in_use_is_the_chosen_one():
    print(f"search path: {native.SEARCH_PATH} ({native.WHY})")
    search = Path(sys.modules["analysis.search"].__file__)
    if native.SEARCH_PATH == "compiled":
        assert search == native.ANALYSIS.built_path("search")
    else:
        assert search == ROOT / "analysis" / "search.py"
    if os.environ.get("EUCHRE_REQUIRE_COMPILED", "") not in ("", "0"):
        assert native.SEARCH_PATH == "compiled", native.WHY


@needs_build
def test_compiled_and_plain_search_give_the_same_values_and_nodes():
    """Every position of 120 seeded random hands: each card's value, the position's value
    and the nodes searched, identical from both paths."""
    compiled = run_python(SOLVE_HANDS, "120")
    plain = run_python(SOLVE_HANDS, "120", pure=True)
    assert compiled.returncode == 0 and plain.returncode == 0, compiled.stderr + plain.stderr
    assert compiled.stdout.split()[0] == "compiled" and plain.stdout.split()[0] == "pure"
    assert compiled.stdout.split()[1] == plain.stdout.split()[1]


@needs_build
def test_a_changed_search_never_runs_its_old_build(tmp_path):
    copy = tmp_path / "project"
    for package in ("engine", "analysis"):
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / package, copy / package, ignore=ignore)
    with open(copy / "analysis" / "search.py", "a", encoding="utf-8") as source:
        source.write("\nCHANGED_SINCE_THE_BUILD = True\n")
    done = run_python(
        "import analysis.native as n, analysis.search as s; print(n.SEARCH_PATH, s.__file__)",
        cwd=copy,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", str(copy / "analysis" / "search.py")]
    assert "StaleBuildWarning" in done.stderr and "analysis/search.py changed" in done.stderr
