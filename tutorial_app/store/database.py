"""Where the progress database is, one engine per database per process, and its schema
brought up to date (Alembic) the first time a process opens it.

SQLite (the default) runs in WAL mode, so readers never wait for a writer, with
``synchronous=FULL``, so a committed answer is on disk before the commit returns, and a
busy timeout, so two app processes writing at once wait for each other instead of failing.
Each SQLite write transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock at
once (waiting up to the busy timeout) rather than failing half-way when a read turns into
a write.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from tutorial_app.store.errors import StoreUnavailable, plain_words

ENV_VAR = "EUCHRE_TUTORIAL_DB"
DEFAULT_BUSY_TIMEOUT_MS = 5000
MIGRATIONS = Path(__file__).resolve().with_name("migrations")
# Any fixed number: every process that migrates takes this PostgreSQL advisory lock.
_MIGRATION_LOCK = 0x45554348   # "EUCH"
# Set on a connection that only reads: SQLite may then begin a deferred transaction.
READ_ONLY = "euchre_read_only"

_engines: dict[tuple[str, int], Engine] = {}
_migrated: set[tuple[str, int]] = set()
_lock = threading.Lock()


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


def _sqlite_engine(url: str, busy_timeout_ms: int) -> Engine:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, pool_pre_ping=True,
                           connect_args={"timeout": busy_timeout_ms / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        # The driver's own transaction handling is off: BEGIN is sent below, so DDL and
        # DML share one real transaction.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in (f"busy_timeout={int(busy_timeout_ms)}", "journal_mode=WAL",
                       "synchronous=FULL", "foreign_keys=ON"):
            cursor.execute(f"PRAGMA {pragma}")   # constants only: nothing from outside
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        read_only = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    return engine


def engine_for(url: str, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Engine:
    """The process's one engine for ``url``, its schema at the newest migration;
    raises StoreUnavailable when the database cannot be reached or upgraded."""
    key = (url, busy_timeout_ms)
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            try:
                engine = _engines[key] = make_engine(url, busy_timeout_ms)
            except OSError as error:   # the data folder cannot be made
                raise StoreUnavailable(f"The progress database cannot be made: {error}") from error
        if key not in _migrated:
            try:
                upgrade(engine)
            except OperationalError as error:
                raise StoreUnavailable(plain_words(error)) from error
            _migrated.add(key)
    return engine


def make_engine(url: str, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Engine:
    """A new engine for ``url``, schema untouched (``engine_for`` is the cached one)."""
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url, busy_timeout_ms)
    return create_engine(url, pool_pre_ping=True)


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
            connection.execute(select(func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def dispose_engines() -> None:
    """Close every cached engine (tests, and a process that is about to exit)."""
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
        _migrated.clear()
