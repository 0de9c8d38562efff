"""Starting the app's server for a test: a free port, a health check, and a log of its
own under ``test-artifacts/`` (one per pytest-xdist worker, so parallel workers never
write the same file)."""

from __future__ import annotations

import os
import socket
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on at the moment of asking."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def free_ports(count: int) -> list[int]:
    """``count`` different free ports: each socket stays bound until all are chosen (two
    calls of ``free_port`` may give the same port twice)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def healthy(url: str) -> bool:
    """Whether the Streamlit server at ``url`` answers its health check with ``ok``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
            return response.read().strip() == b"ok"
    except OSError:
        return False


def worker_log(stem: str) -> Path:
    """``test-artifacts/<stem>.log``, or ``<stem>-gw1.log`` in pytest-xdist's worker gw1."""
    ARTIFACTS.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return ARTIFACTS / (f"{stem}-{worker}.log" if worker else f"{stem}.log")
