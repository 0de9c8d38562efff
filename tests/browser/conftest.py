"""Browser layer: a real Streamlit server on a free port, driven by Debian's Chromium.

Never ``playwright install``: the browser is Debian's chromium-headless-shell (``make
test`` installs it with apt; ``CHROMIUM=`` picks another). Run this layer alone with
``pytest tests/browser``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from context_pool import ContextPool
from helpers.servers import ARTIFACTS, ROOT, free_port, healthy, worker_log

from tutorial_app.cli import streamlit_command

SCREENSHOTS = ARTIFACTS / "screenshots"
# Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8 as
# its chromium, without the desktop browser around them), as Playwright's own headless
# runs use: a third less CPU than chromium --headless where a test opens contexts
# (test_browser_learner_token.py: 85 -> 58 CPU-seconds). The latency benchmark runs the
# full browser, as a learner does.
HEADLESS_SHELL = "chromium-headless-shell"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # V8 with its interpreter and baseline compiler (Sparkplug) only: a test page lives a
    # few seconds, too short to earn back the optimising compilers (Maglev, TurboFan).
    # Not --lite-mode, which also drops Sparkplug: since context_pool.py keeps renderers
    # warm, their baseline code serves page load after page load (test_browser_pages.py
    # with test_browser_quiz_fit.py, machine CPU-seconds: 52-57 this way, 57-63 with
    # V8's defaults, 64-75 in lite mode). The latency benchmarks run V8's defaults.
    "--js-flags=--no-opt --no-maglev",
    # The headless shell hints glyphs fully unless told; the desktop browser takes
    # fontconfig's "slight". With this the two draw a page alike, pixel for pixel but a
    # hundred (and so wrap lines alike: the fit tests measure what a learner sees).
    "--font-render-hinting=slight",
]


@dataclass(frozen=True)
class AppServer:
    """The app's server as the tests run it: its address, process and output."""

    url: str
    process: subprocess.Popen
    log_path: Path
    ready_at: int  # the log's size once the server answered: what follows is the pages' doing
    database: Path  # the server's progress store (SQLite)

    def output_since(self, offset: int) -> str:
        """What the server printed after the first ``offset`` bytes of its log."""
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            return log.read().decode("utf-8", "replace")


def serve_app(tmp_path_factory, name: str):
    """The app started exactly as ``make run`` starts it (tutorial_app.cli's command
    line), on a free port, from the repository root, with a progress store of its own in
    a temporary folder (never the real per-user one); its log is
    ``test-artifacts/<name>-gw0.log`` (one per pytest-xdist worker). Yields the server."""
    database = tmp_path_factory.mktemp(name) / "progress.sqlite3"
    env = dict(os.environ, EUCHRE_TUTORIAL_DB=f"sqlite:///{database}")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = worker_log(name)
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            streamlit_command("127.0.0.1", port, []),
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while not healthy(url):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the app did not start; its log:\n{log_path.read_text()}")
            time.sleep(0.2)
        yield AppServer(url, server, log_path, log_path.stat().st_size, database)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """The worker's app server (``serve_app``): every test but a live class's."""
    yield from serve_app(tmp_path_factory, "streamlit-server")


@pytest.fixture(scope="session")
def class_server(tmp_path_factory):
    """The worker's server for live classes. Their pages poll: a poll that comes after a
    full rerun removed its fragment makes Streamlit log that the fragment is gone, which
    the worker's own server must not (test_browser_lesson.py reads its whole log)."""
    yield from serve_app(tmp_path_factory, "live-class-server")


@pytest.fixture(scope="session")
def app_url(app_server) -> str:
    return app_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = os.environ.get("CHROMIUM") or shutil.which(HEADLESS_SHELL) or ""
    if not Path(chromium).exists():
        pytest.fail(
            f"{HEADLESS_SHELL} not found: `make test` installs it (apt-get install "
            f"{HEADLESS_SHELL}); or set CHROMIUM=/path/to/chromium"
        )
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser(browser):
    """pytest-playwright's browser, whose ``new_context`` lends warm contexts
    (context_pool.py): every test still gets a context as good as new."""
    browser.context_pool = ContextPool(browser)
    browser.new_context = browser.context_pool.new_context
    yield browser
    browser.context_pool.close()


@pytest.fixture(autouse=True)
def _give_back_contexts(request):
    """Contexts a test left open go back to the pool when it ends."""
    yield
    if "browser" in request.fixturenames:
        request.getfixturevalue("browser").context_pool.give_back_all()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # Tall: the app scrolls inside its main panel, so full-page shots do not grow.
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1400}}


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
