"""Alembic's environment for Scorekeeper: the app's database and its models' metadata.

Two callers: Flask-Migrate's commands (`scorekeeper db ...`, `flask --app scorekeeper db ...`),
which configure logging from alembic.ini and connect through the app's engine, and
scorekeeper.database.upgrade_database (the app's start and `db upgrade`), which hands over
the connection it holds under the instance lock and configures logging only for the command.
"""

import logging
from logging.config import fileConfig

from alembic import context
from flask import current_app

from scorekeeper import models  # noqa: F401  (registers the tables for autogenerate)

config = context.config
# the commands print alembic's progress, unless the app (or a test run) already set up logging
if config.attributes.get("configure_logger", True) and config.config_file_name and not logging.getLogger().handlers:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

migrate = current_app.extensions["migrate"]
target_metadata = migrate.db.metadata


def run_migrations_offline() -> None:
    """Write the SQL to standard output instead of running it (`db upgrade --sql`)."""
    context.configure(
        url=migrate.db.engine.url.render_as_string(hide_password=False),
        target_metadata=target_metadata,
        literal_binds=True,
        **migrate.configure_args,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the connection given, or on a new one from the app's engine."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, **migrate.configure_args)
        with context.begin_transaction():
            context.run_migrations()
        return
    with migrate.db.engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, **migrate.configure_args)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
