"""The compiled engine and the plain sources: which one runs, that they agree, no stale build.

``engine.native`` loads the compiled hot modules (``engine/_native``, built by
tools/build_engine.py) only when the build matches the sources; else the plain
``.py`` files run. ``make test`` builds first and sets EUCHRE_REQUIRE_COMPILED=1,
so there the compiled path must be the one in use. Other checks run each path in
a child process, with EUCHRE_ENGINE_PURE=1 for the plain one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.processes import run_python

import engine
from engine import native

ROOT = Path(__file__).resolve().parents[2]
BUILT = native.check_build(honour_env=False)[0]  # a build that matches the sources
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build: tools/build_engine.py")

# Plays seeded random hands under every preset and variant and prints one line per hand:
# the actions, the tricks, the result, and the state's repr (every field).
PLAY_HANDS = r"""
import hashlib, random, sys
from engine import SEATS, Action, NO_TRUMP, Rules, apply, legal_actions, random_hand
from engine import native
from engine.rules import PRESETS
VARIANTS = [{}, {"no_first_blood": True}, {"benny": True}, {"no_trump": True},
            {"lone_defender": True}, {"loner_starts_last": True}, {"canadian_loner": True},
            {"alone_decision": "any", "lone_defender": True}, {"stick_the_dealer": False}]
RULE_SETS = [Rules.from_settings({"preset": p, **v}) for p in PRESETS for v in VARIANTS]
rng = random.Random(20261130)
digest = hashlib.sha256()
for number in range(int(sys.argv[1])):
    state = random_hand(RULE_SETS[number % len(RULE_SETS)], SEATS[number % 4], rng)
    while not state.is_over:
        legal = legal_actions(state)
        leaning = [a for a in legal if a is Action.ALONE or a.suit is NO_TRUMP]
        action = rng.choice(leaning if leaning and rng.random() < 0.4 else legal)
        state = apply(state, action)
    digest.update(repr(state).encode())
print(native.ENGINE_PATH, digest.hexdigest())
"""


def test_the_path_in_use_is_reported():
    print(f"engine path: {native.ENGINE_PATH} ({native.WHY})")
    assert native.ENGINE_PATH in ("compiled", "pure")
    hot = sys.modules["engine.tricks"].__file__
    assert hot.endswith(native.SUFFIX if native.ENGINE_PATH == "compiled" else ".py"), hot
    if os.environ.get("EUCHRE_REQUIRE_COMPILED", "") not in ("", "0"):
        assert native.ENGINE_PATH == "compiled", native.WHY


def test_every_hot_module_comes_from_the_chosen_path():
    for name in native.HOT_MODULES:
        module = sys.modules.get(f"engine.{name}")
        if native.ENGINE_PATH == "compiled":
            assert module is not None and Path(module.__file__) == native.built_path(name)
        elif native.source_path(name).suffix == ".pyx":  # exists only compiled
            assert module is None, module
        else:
            assert module is not None and Path(module.__file__) == native.ENGINE_DIR / f"{name}.py"


def test_the_state_type_comes_from_the_chosen_path():
    """Compiled, a hand's state is the C type of engine/native_state.pyx; plain, the named
    tuple of engine/state.py."""
    state = engine.random_hand(engine.Rules.preset("bga"), engine.Seat.N, 1)
    expected = "engine.native_state" if native.ENGINE_PATH == "compiled" else "engine.state"
    assert type(state).__module__ == expected
    assert type(state) is engine.HandState


@needs_build
def test_compiled_and_plain_paths_play_the_same_hands():
    """3,000 seeded random hands over every preset and variant: the same final states
    (every field: hands, tricks, history, result) from both paths."""
    compiled = run_python(PLAY_HANDS, "3000")
    plain = run_python(PLAY_HANDS, "3000", pure=True)
    assert compiled.returncode == 0 and plain.returncode == 0, compiled.stderr + plain.stderr
    compiled_path, compiled_digest = compiled.stdout.split()
    plain_path, plain_digest = plain.stdout.split()
    assert (compiled_path, plain_path) == ("compiled", "pure")
    assert compiled_digest == plain_digest


def test_the_plain_path_runs_without_a_build(tmp_path):
    copy = tmp_path / "project"
    shutil.copytree(
        ROOT / "engine", copy / "engine", ignore=shutil.ignore_patterns("_native", "__pycache__")
    )
    done = run_python(
        "import warnings; warnings.simplefilter('error'); import engine.native as n;"
        "import engine.tricks as t; print(n.ENGINE_PATH, t.__file__)",
        cwd=copy,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", str(copy / "engine" / "tricks.py")]


def _copy_with_build(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "engine", copy / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    return copy


SAY_PATH = "import engine.native as n, engine.tricks as t; print(n.ENGINE_PATH, t.__file__)"


@needs_build
def test_a_build_in_a_copy_is_used(tmp_path):
    copy = _copy_with_build(tmp_path)
    done = run_python(SAY_PATH, cwd=copy)
    assert done.returncode == 0, done.stderr
    path, hot = done.stdout.split()
    assert path == "compiled" and hot.startswith(str(copy / "engine" / "_native")), done.stdout


@needs_build
@pytest.mark.parametrize("change", ["source", "pxd", "pyx", "built file", "manifest"])
def test_a_stale_build_never_runs(tmp_path, change):
    """A changed source (or .pxd), a replaced built file or a broken manifest: the engine
    warns and runs the plain sources."""
    copy = _copy_with_build(tmp_path)
    package = copy / "engine"
    if change == "source":
        with open(package / "tricks.py", "a", encoding="utf-8") as source:
            source.write("\nCHANGED_SINCE_THE_BUILD = True\n")
    elif change in ("pxd", "pyx"):
        changed = "legality.pxd" if change == "pxd" else "native_state.pyx"
        with open(package / changed, "a", encoding="utf-8") as source:
            source.write("\n# changed\n")
    elif change == "built file":
        shutil.copyfile(
            native.built_path("state"), package / "_native" / native.built_path("hand").name
        )
    else:
        (package / "_native" / "manifest.json").write_text("{", encoding="utf-8")
    code = SAY_PATH + (";print(t.CHANGED_SINCE_THE_BUILD)" if change == "source" else "")
    done = run_python(code, cwd=copy)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:2] == ["pure", str(package / "tricks.py")]
    assert "StaleBuildWarning" in done.stderr and "plain Python sources" in done.stderr
    if change == "source":
        assert done.stdout.split()[2] == "True"  # the new code runs, not the old build


def test_the_manifest_records_every_hot_module():
    if not native.MANIFEST.exists():
        pytest.skip("no compiled build")
    manifest = json.loads(native.MANIFEST.read_text(encoding="utf-8"))
    assert set(manifest["modules"]) == set(native.HOT_MODULES)


def test_engine_imports_nothing_outside_the_standard_library_at_run_time():
    """Compiled or not, importing the engine loads no file outside the standard library and
    the engine itself (Cython's own runtime is built into each compiled module)."""
    code = (
        "import sys, sysconfig, engine, engine.native\n"
        "roots = (sysconfig.get_paths()['stdlib'], sysconfig.get_paths()['platstdlib'],\n"
        "         engine.native.ENGINE_DIR.as_posix())\n"
        "print(sorted(name for name, m in list(sys.modules.items())\n"
        "             if getattr(m, '__file__', None) and not m.__file__.startswith(roots)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert engine.native is native
