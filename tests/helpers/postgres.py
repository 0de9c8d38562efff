"""A throwaway PostgreSQL cluster for tests: made by this session (initdb in a fresh
temporary folder), served on 127.0.0.1 and a free port, and stopped at the end. As root,
the server runs as an unprivileged user (initdb refuses root).

Shared by the store's tests, the live class's two-process test and the deployment test:
their conftest imports ``postgres_cluster`` (a session fixture) from ``helpers.postgres``,
and tests import ``new_database``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

PG_MISSING = "PostgreSQL server binaries not installed"
TEMPLATE = "euchre_migrated"  # Cluster.migrated_template


def postgres_bindir() -> Path | None:
    """Where initdb and pg_ctl are: ``pg_config --bindir``, else Debian's folders."""
    candidates = []
    if pg_config := shutil.which("pg_config"):
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        candidates.append(Path(out.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A PostgreSQL cluster in its own folder, run as ``user`` (None: as ourselves)."""

    def __init__(self, bindir: Path, folder: Path, user: str | None):
        self.bindir, self.folder, self.user = bindir, folder, user
        self.data, self.port = folder / "data", None
        self.template: str | None = None

    def run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run(
            [*prefix, *command], cwd=self.folder, capture_output=True, text=True, timeout=60
        )
        if done.returncode:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        """initdb and start. The server runs with ``fsync=off``: a throwaway cluster on a
        machine that does not crash loses nothing by it (a killed client or server leaves
        its writes in the operating system's cache), and every test's CREATE DATABASE and
        migration commit no longer waits for the disk."""
        self.run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "euchre",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        for _ in range(3):  # a port taken between probing and starting: try another
            self.port = free_port()
            try:
                self.run(
                    str(self.bindir / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.folder / "server.log"),
                    "-w",
                    "-t",
                    "30",
                    "-o",
                    f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off",
                    "start",
                )
                return
            except RuntimeError:
                continue
        raise RuntimeError((self.folder / "server.log").read_text())

    def stop(self) -> None:
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def migrated_template(self) -> str:
        """A database at the newest schema, made once per cluster, that CREATE DATABASE
        copies (``ReusedDatabase``): a copy takes a few milliseconds where running every
        migration takes a third of a second."""
        if self.template is None:
            from tutorial_app.store import dispose_engines, open_store

            self.admin(f"CREATE DATABASE {TEMPLATE}")
            open_store(self.url(TEMPLATE))  # the app's own upgrade to head
            dispose_engines()  # a template is copied only with nobody connected
            self.template = TEMPLATE
        return self.template

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://euchre@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres", autocommit: bool = True):
        import psycopg

        return psycopg.connect(
            host="127.0.0.1", port=self.port, user="euchre", dbname=database, autocommit=autocommit
        )

    def admin(self, statement: str) -> None:
        with self.connect() as connection:
            connection.execute(statement)


@pytest.fixture(scope="session")
def postgres_cluster():
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip(PG_MISSING)
    user = None
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres").pw_name
        except KeyError:
            user = "nobody"
    folder = Path(tempfile.mkdtemp(prefix="euchre-pg-"))
    if user:
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    cluster = Cluster(bindir, folder, user)
    try:
        cluster.start()
        yield cluster
    finally:
        if cluster.port is not None:
            with suppress(RuntimeError):
                cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def new_database(cluster: Cluster):
    """A fresh, empty database on ``cluster`` (no schema: the first open migrates it):
    its SQLAlchemy URL; dropped afterwards. A migrated one: ``ReusedDatabase``."""
    name = f"t_{uuid.uuid4().hex}"
    cluster.admin(f"CREATE DATABASE {name}")
    try:
        yield cluster.url(name)
    finally:
        from tutorial_app.store import dispose_engines

        dispose_engines()
        cluster.admin(f"DROP DATABASE {name} WITH (FORCE)")


# Every table and index with its columns and types, and the schema's revision: what a test
# could change (test_durability.py drops a table) besides the rows.
_SCHEMA_PRINT = """
SELECT string_agg(c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod),
                  ',' ORDER BY c.relname, a.attnum)
       || (SELECT string_agg(version_num, ',') FROM alembic_version)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') AND a.attnum > 0 AND NOT a.attisdropped
"""


class ReusedDatabase:
    """A migrated database that test after test gets emptied, not made anew: deleting the
    rows of every table and restarting its sequences takes a few milliseconds, where
    copying the template and dropping the copy takes 60-250 ms (most of the store tests'
    setup on a busy machine). A test that changed the schema itself gets a new copy."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.name: str | None = None
        self.schema_print: str | None = None

    def url(self) -> str:
        """The database's URL, as new: no row in any table, sequences at their start."""
        import psycopg

        from tutorial_app.store.tables import metadata

        if self.name is not None:
            try:
                with self.cluster.connect(self.name, autocommit=False) as connection:
                    if connection.execute(_SCHEMA_PRINT).fetchone()[0] == self.schema_print:
                        for table in reversed(metadata.sorted_tables):  # children first
                            connection.execute(f'DELETE FROM "{table.name}"')
                        sequences = connection.execute(
                            "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'"
                        ).fetchall()
                        for (sequence,) in sequences:
                            connection.execute(f'ALTER SEQUENCE "{sequence}" RESTART')
                        connection.commit()
                        return self.cluster.url(self.name)
            except psycopg.Error:  # a table gone, say: made anew below
                pass
            self.drop()
        self.name = f"t_{uuid.uuid4().hex}"
        self.cluster.admin(
            f"CREATE DATABASE {self.name} TEMPLATE {self.cluster.migrated_template()}"
        )
        with self.cluster.connect(self.name) as connection:
            self.schema_print = connection.execute(_SCHEMA_PRINT).fetchone()[0]
        return self.cluster.url(self.name)

    def drop(self) -> None:
        if self.name is not None:
            self.cluster.admin(f"DROP DATABASE {self.name} WITH (FORCE)")
            self.name = None
