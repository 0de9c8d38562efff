"""Where the progress database is, one engine per database per process, and its schema
brought up to date (Alembic) the first time a process opens it.

SQLite (the default) runs in WAL mode, so readers never wait for a writer, with
``synchronous=FULL``, so a committed answer is on disk before the commit returns, and a
busy timeout, so two app processes writing at once wait for each other instead of failing.
Each SQLite write transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock at
once (waiting up to the busy timeout) rather than failing half-way when a read turns into
a write. The file and the folder made for it are private to the app's user (0600, 0700;
SQLite gives the WAL and shared-memory files the database file's mode), and a file deleted
or replaced while the app runs is noticed before the next transaction (``file_guard``).

Nothing waits without a bound: PostgreSQL connects within ``CONNECT_TIMEOUT_S`` and runs
each statement within ``STATEMENT_TIMEOUT_MS`` (waiting for another process's migration
within ``MIGRATION_WAIT_MS``); a pooled connection is waited for at most
``POOL_TIMEOUT_S``; and a database is opened (made and migrated) in a thread of its own,
which a caller waits for at most ``OPEN_WAIT_S``, so one database that never answers
holds up neither the callers of another nor a second caller of its own for long.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

from tutorial_app.store import file_guard
from tutorial_app.store.errors import StoreUnavailable, database_trouble, plain_words

ENV_VAR = "EUCHRE_TUTORIAL_DB"
DEFAULT_BUSY_TIMEOUT_MS = 5000
# PostgreSQL: connecting (TCP, TLS and the server's first answer) and each statement (a
# lock wait included). A report aggregated in SQL takes well under a second.
CONNECT_TIMEOUT_S = 5
STATEMENT_TIMEOUT_MS = 15_000
# A dead server host is given up after this long without an acknowledgement (Linux TCP).
TCP_USER_TIMEOUT_MS = 10_000
# Waiting for a free connection of the engine's pool.
POOL_TIMEOUT_S = 10
# PostgreSQL: a process that finds another migrating waits this long for it to finish
# (a busy machine can take longer than one statement's bound to make every table).
MIGRATION_WAIT_MS = 45_000
# A caller waits this long for a database being opened: a connection, the migration lock
# (another process's migration) and the migration itself.
OPEN_WAIT_S = CONNECT_TIMEOUT_S + MIGRATION_WAIT_MS / 1000 + 5
MIGRATIONS = Path(__file__).resolve().with_name("migrations")
# Any fixed number: every process that migrates takes this PostgreSQL advisory lock.
_MIGRATION_LOCK = 0x45554348  # "EUCH"
# Set on a connection that only reads: SQLite may then begin a deferred transaction.
READ_ONLY = "euchre_read_only"


class _Opening:
    """A database being opened by its own thread: callers wait on ``done``."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.engine: Engine | None = None
        self.error: BaseException | None = None


_openings: dict[tuple[str, int], _Opening] = {}
_lock = threading.Lock()  # held only to look up or change _openings, never while waiting


def default_sqlite_path() -> Path:
    """``$XDG_DATA_HOME/euchre-tutorial/progress.sqlite3`` (``~/.local/share`` without it)."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "euchre-tutorial" / "progress.sqlite3"


def database_url(url: str | None = None) -> str:
    """The database to use: ``url``, else ``$EUCHRE_TUTORIAL_DB``, else the per-user SQLite file."""
    url = url or os.environ.get(ENV_VAR)
    if url:
        return url
    return f"sqlite:///{default_sqlite_path()}"


def _pragma(cursor: sqlite3.Cursor, pragma: str, busy_timeout_ms: int) -> None:
    """Run one PRAGMA (constants only: nothing from outside). Turning a new database to
    WAL takes a lock that SQLite's busy handler does not wait for: two processes opening
    a fresh file at once could see "database is locked" at once, so it is tried again,
    up to the busy timeout."""
    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            cursor.execute(f"PRAGMA {pragma}")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _sqlite_engine(url: str, busy_timeout_ms: int) -> Engine:
    database = make_url(url).database
    path = None
    if database and database != ":memory:" and not database.startswith("file:"):
        path = Path(database).expanduser().absolute()
        file_guard.make_private_file(path)
    arguments = {"timeout": busy_timeout_ms / 1000}
    if not database or database == ":memory:" or "mode=memory" in url:
        # In memory (tests): one connection, shared with the thread that migrates it.
        engine = create_engine(
            url, poolclass=StaticPool, connect_args={**arguments, "check_same_thread": False}
        )
    else:
        engine = create_engine(
            url, pool_pre_ping=True, pool_timeout=POOL_TIMEOUT_S, connect_args=arguments
        )
    if path is not None:
        file_guard.watch(engine, path)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        # The driver's own transaction handling is off: BEGIN is sent below, so DDL and
        # DML share one real transaction.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in (
            f"busy_timeout={int(busy_timeout_ms)}",
            "journal_mode=WAL",
            "synchronous=FULL",
            "foreign_keys=ON",
        ):
            _pragma(cursor, pragma, busy_timeout_ms)
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        read_only = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    return engine


def _postgresql_engine(url: str) -> Engine:
    # libpq's settings (psycopg passes them on): the server applies the statement bound
    # to every statement of every connection; the client bounds connecting.
    options = f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={STATEMENT_TIMEOUT_MS}"
    return create_engine(
        url,
        pool_pre_ping=True,
        pool_timeout=POOL_TIMEOUT_S,
        connect_args={
            "connect_timeout": CONNECT_TIMEOUT_S,
            "options": options,
            "tcp_user_timeout": TCP_USER_TIMEOUT_MS,
            "keepalives": 1,
            "keepalives_idle": 30,
            "keepalives_interval": 10,
            "keepalives_count": 3,
        },
    )


def engine_for(url: str, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Engine:
    """The process's one engine for ``url``, its schema at the newest migration; raises
    StoreUnavailable when the database cannot be reached, read or upgraded, or does not
    answer within ``OPEN_WAIT_S`` (the opening carries on: a later call may find it done)."""
    key = (url, busy_timeout_ms)
    with _lock:
        opening = _openings.get(key)
        if opening is None:
            opening = _openings[key] = _Opening()
            threading.Thread(
                target=_open, args=(key, opening), daemon=True, name="euchre-store-open"
            ).start()
    if not opening.done.wait(OPEN_WAIT_S):
        raise StoreUnavailable(
            f"The progress database did not answer within {OPEN_WAIT_S:g} "
            "seconds. Nothing was saved; the page still works."
        )
    error = opening.error
    if isinstance(error, StoreUnavailable):  # each caller its own, with the driver's cause
        raise StoreUnavailable(error.message) from error.__cause__
    if error is not None:
        raise error
    assert opening.engine is not None  # done without an error: open
    return opening.engine


def _open(key: tuple[str, int], opening: _Opening) -> None:
    """Make and migrate the engine for ``key`` (in its own thread); a failure is kept for
    the callers waiting now and forgotten for later ones, which try again."""
    engine = None
    try:
        engine = make_engine(*key)
        upgrade(engine)
        opening.engine = engine
    except OSError as error:  # the data folder or file cannot be made (no path shown)
        opening.error = StoreUnavailable(
            f"The progress database cannot be made ({error.strerror or 'no such folder'}). "
            "Nothing was saved; the page still works."
        )
        opening.error.__cause__ = error
    except database_trouble as error:
        opening.error = StoreUnavailable(plain_words(error))
        opening.error.__cause__ = error
    except BaseException as error:  # a bad address, a missing driver: the caller's to say
        opening.error = error
    finally:
        if opening.error is not None:
            if engine is not None:
                engine.dispose()
            with _lock:
                if _openings.get(key) is opening:
                    del _openings[key]
        opening.done.set()


def make_engine(url: str, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Engine:
    """A new engine for ``url``, schema untouched (``engine_for`` is the cached one)."""
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url, busy_timeout_ms)
    return _postgresql_engine(url)


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` in one transaction that other processes wait for:
    on SQLite its BEGIN IMMEDIATE, on PostgreSQL an advisory lock."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            _wait_for_the_migration_lock(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def _wait_for_the_migration_lock(connection: Connection) -> None:
    """Take the migration lock, waiting up to ``MIGRATION_WAIT_MS`` for a process that holds
    it; then every statement of the migration has the usual bound again."""
    _set_local_timeouts(connection, MIGRATION_WAIT_MS)
    connection.execute(select(func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
    _set_local_timeouts(connection, STATEMENT_TIMEOUT_MS)


def _set_local_timeouts(connection: Connection, milliseconds: int) -> None:
    """Both waits bounded by ``milliseconds`` until the transaction ends (``SET LOCAL``)."""
    for setting in ("statement_timeout", "lock_timeout"):
        connection.execute(select(func.set_config(setting, str(milliseconds), True)))


def current_revision(engine: Engine) -> str | None:
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def dispose_engines() -> None:
    """Close every cached engine (tests, and a process that is about to exit)."""
    with _lock:
        for opening in _openings.values():
            if opening.engine is not None:
                opening.engine.dispose()
        _openings.clear()
