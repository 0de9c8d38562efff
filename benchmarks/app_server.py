"""The app's server for benchmarks: started as ``make run`` starts it, on a free port of
127.0.0.1, from the repository root (so ``.streamlit/config.toml`` applies), and stopped
at the end (terminate, then kill). Also what we read of it from outside: its memory
(VmRSS), its CPU time and Streamlit's public ``/_stcore/metrics``.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Server:
    base_url: str
    pid: int
    log: Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb(pid: int) -> float:
    """VmRSS of ``pid`` and its descendants, in MB."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            found = re.search(r"^VmRSS:\s+(\d+)", status, re.M)
            assert found is not None, f"no VmRSS for process {current}"
            total += int(found.group(1))
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, AttributeError):
            pass
    return total / 1024


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU time of ``pid`` so far; of the whole machine (busy time) if None."""
    if pid is None:
        ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def http_get(url: str, timeout: float = 5) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode()


def active_sessions(base_url: str) -> int:
    """Connected sessions, from Streamlit's public ``/_stcore/metrics``."""
    text = http_get(f"{base_url}/_stcore/metrics?families=active_sessions")
    found = re.search(r"^active_sessions (\d+)", text, re.M)
    assert found is not None, "Streamlit's metrics name no active_sessions"
    return int(found.group(1))


@asynccontextmanager
async def serve(
    app_dir: Path,
    server_args: list[str],
    log: Path,
    start_timeout: float = 60,
    env: dict[str, str] | None = None,
):
    """The app on a free loopback port, started by the ``make run`` launcher (``env``:
    extra environment variables, such as ``EUCHRE_TUTORIAL_DB``)."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "tutorial_app.cli",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *server_args,
    ]
    env = dict(
        os.environ,
        **(env or {}),
        PYTHONPATH=os.pathsep.join(
            p for p in (str(app_dir), os.environ.get("PYTHONPATH", "")) if p
        ),
    )
    with open(log, "w") as out:
        server = subprocess.Popen(
            command, cwd=app_dir, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            try:
                if await asyncio.to_thread(http_get, f"{base_url}/_stcore/health", 2) == "ok":
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start; see {log}")
            await asyncio.sleep(0.2)
        yield Server(base_url, server.pid, log)
    finally:
        stop_server(server)


def stop_server(server: subprocess.Popen) -> None:
    """Terminate, then kill if it has not ended within 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)
