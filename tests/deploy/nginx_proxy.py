"""Debian's nginx in front of the app's replicas, for tests: ``docs/nginx/euchre.conf``
(the file docs/deploy.md points at) changed only in ``REPLACED`` (addresses, ports,
certificate and log paths), inside a main file shaped like Debian's
/etc/nginx/nginx.conf, run from a fresh temporary prefix on free 127.0.0.1 ports with a
self-signed certificate for 127.0.0.1, and stopped at the end. As root, nginx runs as
an unprivileged user (``www-data``, which Debian's package creates).
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from helpers.servers import free_ports

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "nginx" / "euchre.conf"
MISSING = "nginx or openssl is not installed (`make test` installs both: make nginx-deps)"
# The placeholders of docs/nginx/euchre.conf, with how many times each appears.
REPLACED = {
    "listen 80;": 1,
    "listen 443 ssl;": 1,
    "server 127.0.0.1:8501 ": 1,
    "server 127.0.0.1:8502 ": 1,
    "/etc/ssl/certs/euchre.school.lan.pem": 1,
    "/etc/ssl/private/euchre.school.lan.key": 1,
    "/var/log/nginx/": 3,
}
MAIN = """\
pid {prefix}/nginx.pid;
error_log {prefix}/logs/main.error.log;
worker_processes 1;
events {{ worker_connections 512; }}
http {{
    client_body_temp_path {prefix}/temp/body;
    proxy_temp_path {prefix}/temp/proxy;
    fastcgi_temp_path {prefix}/temp/fastcgi;
    uwsgi_temp_path {prefix}/temp/uwsgi;
    scgi_temp_path {prefix}/temp/scgi;
    # As in Debian's nginx.conf: a site that names no access log of its own would use this.
    access_log {prefix}/logs/default.access.log;
    include {prefix}/euchre.conf;
}}
"""


def tools() -> tuple[str, str] | None:
    """The nginx and openssl programs (None when either is missing)."""
    nginx = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
    )
    openssl = shutil.which("openssl")
    return (nginx, openssl) if nginx and openssl else None


@dataclass(frozen=True)
class Proxy:
    """nginx as the tests reach it, and the files it writes."""

    https_url: str
    http_url: str
    certificate: Path
    logs: Path

    def log_text(self) -> str:
        """Every log nginx wrote (access and error, the site's and the defaults)."""
        return "".join(path.read_text(errors="replace") for path in sorted(self.logs.iterdir()))


def site_config(
    text: str, replicas: list[str], prefix: Path, http_port: int, https_port: int
) -> str:
    """docs/nginx/euchre.conf with the test's addresses and paths. Raises AssertionError
    if the file no longer holds a placeholder as often as ``REPLACED`` says."""
    replacements = {
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https_port} ssl;",
        "server 127.0.0.1:8501 ": f"server {replicas[0]} ",
        "server 127.0.0.1:8502 ": f"server {replicas[1]} ",
        "/etc/ssl/certs/euchre.school.lan.pem": str(prefix / "cert.pem"),
        "/etc/ssl/private/euchre.school.lan.key": str(prefix / "key.pem"),
        "/var/log/nginx/": f"{prefix}/logs/",
    }
    for old, new in replacements.items():
        found = text.count(old)
        assert found == REPLACED[old], (
            f"{SITE.name} holds {old!r} {found} times, the test expects {REPLACED[old]}"
        )
        text = text.replace(old, new)
    return text


def _run_as() -> dict:
    """Popen's arguments to run nginx as an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return {}
    for name in ("www-data", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
    raise RuntimeError("no unprivileged user (www-data or nobody) to run nginx as")


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@contextmanager
def nginx_in_front(replicas: list[str], start_timeout: float = 30):
    """nginx with the site's config in front of ``replicas`` ("127.0.0.1:PORT" each):
    a ``Proxy`` once both its ports accept connections."""
    nginx, openssl = tools()
    prefix = Path(tempfile.mkdtemp(prefix="euchre-nginx-"))
    try:
        subprocess.run(
            [
                openssl,
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=127.0.0.1",
                "-addext",
                "subjectAltName=IP:127.0.0.1",
                "-keyout",
                str(prefix / "key.pem"),
                "-out",
                str(prefix / "cert.pem"),
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        for folder in ("logs", "temp"):
            (prefix / folder).mkdir()
        # Two different ports: the same one twice made the HTTP server an HTTPS one.
        http_port, https_port = free_ports(2)
        (prefix / "euchre.conf").write_text(
            site_config(SITE.read_text(), replicas, prefix, http_port, https_port)
        )
        (prefix / "nginx.conf").write_text(MAIN.format(prefix=prefix))
        run_as = _run_as()
        if run_as:
            for path in (prefix, *prefix.rglob("*")):
                os.chown(path, run_as["user"], run_as["group"])
        command = [
            nginx,
            "-p",
            str(prefix),
            "-e",
            str(prefix / "logs" / "main.error.log"),
            "-c",
            str(prefix / "nginx.conf"),
        ]
        checked = subprocess.run(
            [*command, "-t"], capture_output=True, text=True, timeout=30, **run_as
        )
        assert checked.returncode == 0, f"nginx -t refused the config:\n{checked.stderr}"
        server = subprocess.Popen(
            [*command, "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            **run_as,
        )
        try:
            deadline = time.monotonic() + start_timeout
            while not (_answers(http_port) and _answers(https_port)):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "nginx did not start:\n" + Proxy("", "", prefix, prefix / "logs").log_text()
                    )
                time.sleep(0.05)
            yield Proxy(
                f"https://127.0.0.1:{https_port}",
                f"http://127.0.0.1:{http_port}",
                prefix / "cert.pem",
                prefix / "logs",
            )
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
