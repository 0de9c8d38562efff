"""The live server, as ``make run`` starts it: small websocket messages are not held
back by Nagle's algorithm, and a learner's whole lesson and quiz leave no warning
in the server's output.

TCP_NODELAY: Streamlit 1.67 does not set it itself, but the asyncio transports
under its uvicorn server do on every accepted connection (as uvloop would). This
test reads the option from the server's own socket, so a Streamlit or server
change that loses it fails here, and then a launcher hook is the fix.
"""

from __future__ import annotations

import ctypes
import errno
import os
import socket

import pytest
from websockets.sync.client import connect

pytestmark = pytest.mark.browser

SYS_PIDFD_GETFD = 438  # the same number on every Linux architecture


def _server_socket_for(pid: int, peer: tuple) -> socket.socket:
    """A duplicate of the server process's socket whose far end is ``peer``."""
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                    continue
            except FileNotFoundError:
                continue
            local = libc.syscall(SYS_PIDFD_GETFD, pidfd, int(fd), 0)
            if local < 0:
                code = ctypes.get_errno()
                if code in (errno.EPERM, errno.ENOSYS):
                    pytest.skip(f"this machine forbids pidfd_getfd ({os.strerror(code)})")
                continue
            sock = socket.socket(fileno=local)
            try:
                if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.getpeername() == peer:
                    return sock
            except OSError:
                pass
            sock.close()
    finally:
        os.close(pidfd)
    raise AssertionError(f"no socket of the server process is connected to {peer}")


def test_websocket_connections_are_served_with_tcp_nodelay(app_server):
    host_port = app_server.url.removeprefix("http://")
    with connect(f"ws://{host_port}/_stcore/stream", subprotocols=["streamlit"],
                 origin=app_server.url) as websocket:
        peer = websocket.socket.getsockname()
        served = _server_socket_for(app_server.process.pid, peer)
        with served:
            assert served.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
