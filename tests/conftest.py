"""For the whole test session.

- The progress store lives in a temporary folder, never in the real per-user data
  directory. ``EUCHRE_TUTORIAL_DB`` points at a fresh SQLite file (servers the tests start
  inherit it) and ``XDG_DATA_HOME`` at an empty folder, so a test that clears the variable
  still cannot reach the learner's own file.
- Every test gets the marker of its folder (``FOLDER_MARKERS``): ``pytest -m app``,
  ``pytest -m "not browser and not server"``. Tests that start servers or busy loops get
  an ``xdist_group`` of their own (``SERIAL_GROUPS``): under ``--dist loadgroup`` each
  group runs on one worker, one test after another, never against its own kind.
  (pytest-xdist 3.8 marks a group by rewriting ``Node._nodeid``, which pytest 9.2 no
  longer reads: ``_honour_groups`` writes the suffix where pytest 9.2 reads it.)
- AppTest scans every installed package for Streamlit components each time a new
  AppTest first runs (0.4 CPU-seconds each, hundreds of times a run): the scan is done
  once per test process (``scan_installed_components_once``), as the installed packages
  do not change during a run. Likewise each page script is compiled once per process
  (``compile_each_page_once``), not once per AppTest.
- AppTest runs as the app is served, without usage statistics (``run_as_served``), and
  waits for a run's end on its thread, not by polling every millisecond
  (``wait_for_runs_without_polling``): together a fifth of the app layer's CPU.
- A test's fresh SQLite store is a copy of one migrated once per process
  (``migrated_sqlite``), not nine migrations run again.
- Hypothesis example counts come from a settings profile: ``make test`` runs ``ci`` (40
  examples a property, the same ones each run: a failure repeats); ``thorough`` (200 new
  ones each run) is the default of a plain ``pytest``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from helpers.migrated_sqlite import migrate_template
from hypothesis import settings

from tutorial_app.store import ENV_VAR

TESTS = Path(__file__).resolve().parent

# The marker every test in a folder of tests/ gets; a new folder must be added here.
FOLDER_MARKERS = {
    "engine": "engine",
    "analysis": "analysis",
    "lessons": "lessons",
    "app": "app",
    "browser": "browser",
    "store": "store",
    "docs": "docs",
    "live_class": "server",
    "deploy": "server",
    "benchmarks": "server",
}
# Tests that start app servers, nginx or busy loops, or that time a wait: under
# ``--dist loadgroup`` the tests of one group run on one xdist worker, one after another,
# so no busy loop or server start of one lands on another's stopwatch. A key is a folder,
# a file or one test (``file::name``), relative to tests/.
SERIAL_GROUPS = {
    "live_class": "timing",
    "deploy": "timing",
    "benchmarks": "timing",
    "browser/test_browser_live_class.py": "timing",
    "store/test_open_store.py": "timing",
    "store/test_durability.py": "timing",
    "app/test_store_faults.py": "timing",
    "app/test_work_pool.py": "timing",
    # A module-scoped fixture runs the notebook once: keep its tests on one worker.
    "docs": "engine-tour",
}


# Test files handed out first (see pytest_collection_modifyitems).
RUN_FIRST = ("test_lint.py",)


def scan_installed_components_once() -> None:
    """AppTest's component discovery (streamlit.components.v2) reads the metadata of every
    installed distribution on each new AppTest; keep its first answer for the process."""
    from streamlit.components.v2 import manifest_scanner

    scan = functools.cache(manifest_scanner.scan_component_manifests)
    manifest_scanner.scan_component_manifests = lambda max_workers=None: list(scan())


scan_installed_components_once()


def compile_each_page_once() -> None:
    """Each new AppTest has a script cache of its own, so it parses, rewrites (Streamlit's
    "magic") and compiles every page script it runs again: 40% of the app layer's script
    time. Keep each compiled script for the process, keyed by its path, its text and the
    magic setting (a test that writes a script anew gets it compiled anew); a code object
    is never changed by running it, as the served app's one cache shows."""
    from streamlit import config
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    compile_once = ScriptCache.get_bytecode
    compiled: dict[tuple[str, bytes, bool], object] = {}

    def get_bytecode(self, script_path: str):
        path = os.path.abspath(script_path)
        with open(path, "rb") as script:
            key = (path, script.read(), bool(config.get_option("runner.magicEnabled")))
        if key not in compiled:
            compiled[key] = compile_once(self, script_path)
        return compiled[key]

    ScriptCache.get_bytecode = get_bytecode


compile_each_page_once()


def run_as_served() -> None:
    """AppTest reads no config.toml beside the app's script (the served app's
    tutorial_app/.streamlit/config.toml), so it gathered usage statistics the served app
    never gathers (``cli.streamlit_command`` and that file turn them off): a telemetry
    record built for every Streamlit call and a page profile after every run, 6% of the
    app layer's CPU. Off here as there."""
    from streamlit import config

    config.set_option("browser.gatherUsageStats", False)


def wait_for_runs_without_polling() -> None:
    """AppTest waits for a run by waking every millisecond to scan the runner's events
    (``require_widgets_deltas``): 7% of the app layer's CPU, taken from the script
    thread it waits for and, with the cores busy, from the other workers. The run is
    over when its script thread ends (SHUTDOWN is its last event), so wait for that:
    the same timeout, the same error."""
    from streamlit.testing.v1 import local_script_runner

    def require_widgets_deltas(runner, timeout: float = 3) -> None:
        runner._script_thread.join(timeout)
        if runner.script_stopped():
            return
        runner.request_stop()
        runner.join()
        raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")

    local_script_runner.require_widgets_deltas = require_widgets_deltas


run_as_served()
wait_for_runs_without_polling()


settings.register_profile("thorough", max_examples=200)
settings.register_profile("ci", max_examples=40, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "thorough"))


@pytest.hookimpl(wrapper=True)  # a wrapper: before pytest-xdist reads xdist_group markers
def pytest_collection_modifyitems(config, items):
    for item in items:
        relative = Path(item.path).resolve().relative_to(TESTS)
        if len(relative.parts) > 1:
            folder = relative.parts[0]
            if folder not in FOLDER_MARKERS:
                raise pytest.UsageError(
                    f"tests/{folder}/ has no marker: add it to FOLDER_MARKERS in tests/conftest.py"
                )
            item.add_marker(FOLDER_MARKERS[folder])
        test = f"{relative.as_posix()}::{item.originalname}"
        group = next(
            (
                SERIAL_GROUPS[key]
                for key in (test, relative.as_posix(), relative.parts[0])
                if key in SERIAL_GROUPS
            ),
            None,
        )
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    result = yield
    # The longest single test (mypy, ~10 s) first, not last: collected last, it ran alone
    # at the end while the other worker had finished (xdist hands out tests in this order).
    items.sort(key=lambda item: Path(item.path).name not in RUN_FIRST)
    if getattr(config.option, "loadgroup", False):  # an xdist worker, --dist loadgroup
        _honour_groups(items)
    return result


def _honour_groups(items) -> None:
    """Give each grouped test the ``nodeid@group`` id that xdist's loadgroup scheduler
    reads (xdist 3.8 sets ``_nodeid``; pytest 9.2 builds the id from ``_id``)."""
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # an older pytest: xdist's own rewrite works
        return
    for item in items:
        names = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """This test process's SQLite database at the newest schema: a test's fresh store is
    a copy of it (``helpers.migrated_sqlite.copy_of``)."""
    return migrate_template(tmp_path_factory.mktemp("migrated") / "progress.sqlite3")


@pytest.fixture(scope="session", autouse=True)
def progress_database(tmp_path_factory):
    folder = tmp_path_factory.mktemp("progress-store")
    saved = {name: os.environ.get(name) for name in (ENV_VAR, "XDG_DATA_HOME")}
    os.environ[ENV_VAR] = f"sqlite:///{folder / 'progress.sqlite3'}"
    os.environ["XDG_DATA_HOME"] = str(folder / "data-home")
    yield os.environ[ENV_VAR]
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
