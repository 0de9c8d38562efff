"""``python -m tutorial_app.serve run ...``: Streamlit's own command line, after a
socket fix and a warm-up.

The warm-up: the app's modules (pandas, the engine, the lessons, the widgets) are
imported and the lessons read before the server starts, so the first learner of
the day gets a page in a blink rather than waiting a second for the imports.

The socket fix: Streamlit 1.67 binds its server socket without naming the TCP protocol,
so asyncio does not set TCP_NODELAY on the connections it accepts, and a small
websocket message can wait ~40 ms for the browser's delayed ACK (Nagle's
algorithm). Linux copies TCP_NODELAY from a listening socket to every socket it
accepts, so setting it as a TCP socket starts to listen fixes every connection.

Remove this module (and point ``tutorial_app.cli`` back at ``-m streamlit``) once
tests/browser/test_browser_server.py passes without it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
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


# Run as scripts by Streamlit, not imported: the router, the pages, the launchers.
NOT_PRELOADED = ("tutorial_app.app_pages", "tutorial_app.streamlit_app", "tutorial_app.cli",
                 "tutorial_app.serve")


def preload_app() -> list[str]:
    """Import every module of the app that its pages import, and read the lessons.
    Returns the modules' names."""
    import tutorial_app
    from lessons.loader import load_all

    names = [module.name for module in pkgutil.walk_packages(tutorial_app.__path__,
                                                             "tutorial_app.")
             if not module.name.startswith(NOT_PRELOADED)]
    # streamlit.emojis: the page icon is looked up in its catalogue (a large regex).
    for name in ("pandas", "plotly.graph_objects", "analysis", "streamlit.emojis", *names):
        importlib.import_module(name)
    load_all()
    # Streamlit inspects the call stack once, as the first element is drawn; inspect then
    # finds the file of every loaded module (~0.5 s). Fill inspect's cache now.
    inspect.stack()
    return names


def main() -> None:
    install_nodelay_on_listen()
    preload_app()
    from streamlit.web.cli import main as streamlit_main
    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
