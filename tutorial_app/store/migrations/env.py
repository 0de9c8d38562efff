"""Alembic's entry point: always run from ``store.migrate`` with an open connection,
inside a transaction that the caller holds (and that keeps other processes out)."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
