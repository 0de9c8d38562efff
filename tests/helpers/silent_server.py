"""A database server that accepts connections and never answers: a listening socket on
127.0.0.1 whose thread accepts every connection and holds it open, silent."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def silent_server() -> Iterator[int]:
    """The port of a server that accepts and never answers, until the block ends."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)  # so the thread sees the end within a fifth of a second
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept_and_hold() -> None:
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept_and_hold, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for connection in held:
            connection.close()
        listener.close()
