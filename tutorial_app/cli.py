"""``euchre-tutorial``: start the app's web server (``make run`` calls this).

Binds 127.0.0.1 unless told otherwise: ``--host 0.0.0.0`` serves a classroom
on the local network. The port comes from ``--port``, else ``$PORT``, else 8501.
Any other arguments go to ``streamlit run`` unchanged. The server's settings live
in ``tutorial_app/.streamlit/config.toml``, beside the app's script.

``euchre-tutorial export-progress [--db URL]`` prints every recorded answer as CSV
(a header line first, a learner number instead of the learner's token; a cell that a
spreadsheet would run as a formula is written as text).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from ipaddress import ip_address
from pathlib import Path

APP = Path(__file__).resolve().with_name("streamlit_app.py")
# The file ``streamlit run`` is given: the router inside Streamlit's ASGI app, with the
# app's response headers and affinity cookie (tutorial_app/asgi.py).
SERVED = APP.with_name("asgi.py")
DEFAULT_PORT = 8501


def streamlit_command(host: str, port: int, extra: list[str]) -> list[str]:
    """The ``streamlit run ...`` command line for these settings, through
    ``tutorial_app.serve`` (Streamlit's command line plus a socket fix), serving
    ``SERVED`` (the router with the app's response headers)."""
    return [
        sys.executable,
        "-m",
        "tutorial_app.serve",
        "run",
        str(SERVED),
        "--server.address",
        host,
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        *extra,
    ]


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not between 1 and 65535")
    return port


EXPORT_PROGRESS = "export-progress"


def export_progress(argv: list[str]) -> int:
    """``euchre-tutorial export-progress``: every answer to standard output; the exit status."""
    from sqlalchemy.exc import SQLAlchemyError

    from tutorial_app.store import ENV_VAR, StoreUnavailable, open_store

    parser = argparse.ArgumentParser(
        prog=f"euchre-tutorial {EXPORT_PROGRESS}",
        description="Print every recorded answer as CSV (one row each, a header line first).",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help=f"an SQLAlchemy database URL (default ${ENV_VAR}, else the per-user SQLite file)",
    )
    args = parser.parse_args(argv)
    try:
        open_store(args.db).export_all_csv(sys.stdout)
    except (StoreUnavailable, ValueError) as error:  # the store's words, a bad backend
        print(f"euchre-tutorial: {error}", file=sys.stderr)
        return 1
    except (SQLAlchemyError, ImportError) as error:  # an address or driver it cannot use
        print(f"euchre-tutorial: the database address cannot be used: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [EXPORT_PROGRESS]:
        sys.exit(export_progress(argv[1:]))
    parser = argparse.ArgumentParser(
        prog="euchre-tutorial",
        description=__doc__.split("\n")[0],
        epilog=f"{EXPORT_PROGRESS} [--db URL]: print every recorded answer as CSV",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for a classroom)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=os.environ.get("PORT") or DEFAULT_PORT,
        help=f"port to listen on (default $PORT or {DEFAULT_PORT})",
    )
    args, extra = parser.parse_known_args(argv)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(
        f"Euchre tutorial: open http://{shown}:{args.port}/ in a browser (Ctrl+C stops it).",
        flush=True,
    )
    if args.host in ("0.0.0.0", "::"):
        network = network_address()
        where = f"http://{network}:{args.port}/" if network else "this machine's address"
        print(
            f"Serving the network too: learners open {where} (same port). Open it "
            "yourself too, so that class and share links and QR codes carry it.",
            flush=True,
        )
    command = streamlit_command(args.host, args.port, extra)
    os.execv(command[0], command)  # hand the process to Streamlit: Ctrl+C reaches it directly


def network_address() -> str | None:
    """This machine's address on its local network (the one its default route uses),
    or None when it has none. Connecting a UDP socket sends nothing: it only picks the
    interface."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    found = ip_address(address)
    return None if found.is_loopback or found.is_unspecified else address


if __name__ == "__main__":
    main()
