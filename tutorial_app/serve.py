"""``python -m tutorial_app.serve run ...``: Streamlit's own command line, after one fix.

The fix: Streamlit 1.67 binds its server socket without naming the TCP protocol,
so asyncio does not set TCP_NODELAY on the connections it accepts, and a small
websocket message can wait ~40 ms for the browser's delayed ACK (Nagle's
algorithm). Linux copies TCP_NODELAY from a listening socket to every socket it
accepts, so setting it as a TCP socket starts to listen fixes every connection.

Remove this module (and point ``tutorial_app.cli`` back at ``-m streamlit``) once
tests/browser/test_browser_server.py passes without it.
"""

from __future__ import annotations

import socket

_STREAM_FAMILIES = (socket.AF_INET, socket.AF_INET6)


def install_nodelay_on_listen() -> None:
    """Make every TCP socket of this process set TCP_NODELAY when it starts listening."""
    listen = socket.socket.listen
    if getattr(listen, "sets_nodelay", False):
        return  # installed already

    def listen_with_nodelay(self: socket.socket, *args) -> None:
        if self.family in _STREAM_FAMILIES and self.type == socket.SOCK_STREAM:
            self.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listen(self, *args)

    listen_with_nodelay.sets_nodelay = True
    socket.socket.listen = listen_with_nodelay


def main() -> None:
    install_nodelay_on_listen()
    from streamlit.web.cli import main as streamlit_main
    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
