"""Four gunicorn workers starting at once on an empty instance: every start serves, with one schema and one secret key.

Each worker builds the app itself (no --preload), so all four race to create
the database and the secret key; the instance folder's lock (and, on
PostgreSQL, an advisory lock) and the key's link-into-place must make them
agree every time. On SQLite the database is the instance folder's own file;
on PostgreSQL each start gets a new, empty database.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("gunicorn")

from sqlalchemy import create_engine, inspect, text  # noqa: E402
from sqlalchemy.pool import NullPool  # noqa: E402

from scorekeeper.database import head_revision  # noqa: E402
from tests.databases import ON_POSTGRES, create_postgres_database, drop_postgres_database  # noqa: E402

# its databases are its own: PostgreSQL ones when the suite runs there
pytestmark = pytest.mark.database

# 20 starts take about 65 s on a 2-CPU machine (GUNICORN_STARTS to change it), in 4 tests of 5 starts
# that pytest-xdist shares among its processes, so that no one process ends the run alone on them
STARTS = int(os.environ.get("GUNICORN_STARTS", "20"))
BATCHES = 4
WORKERS = 4

# gunicorn reads this in the arbiter: the imports load the libraries and the app's modules before the
# workers are forked (as --preload would, without building the app), so each start costs one import
# instead of four and the workers reach create_app closer together; what they race over (the instance
# folder, the database, the secret key) is create_app's, which each worker still runs itself.
# post_worker_init runs in each worker once it has built the app: it notes the worker's secret key.
HOOKS = '''
import hashlib, os
import scorekeeper.database, scorekeeper.api, scorekeeper.checker, scorekeeper.errors, scorekeeper.history
import scorekeeper.host, scorekeeper.sessions.routes, scorekeeper.share.quick_poll, scorekeeper.webapp
def post_worker_init(worker):
    key = worker.wsgi.config["SECRET_KEY"].encode()
    marker = os.path.join(os.environ["MARKERS"], f"worker-{os.getpid()}")
    with open(marker + ".tmp", "w") as out:
        out.write(hashlib.sha256(key).hexdigest())
    os.replace(marker + ".tmp", marker)
'''


def schema(url: str) -> tuple[list[tuple], list[tuple]]:
    """The database's tables with their columns, keys and indexes, and its Alembic revision."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        found = inspect(engine)
        tables = [
            (
                table,
                [(c["name"], str(c["type"]), c["nullable"]) for c in found.get_columns(table)],
                found.get_pk_constraint(table)["constrained_columns"],
                sorted((fk["constrained_columns"], fk["referred_table"]) for fk in found.get_foreign_keys(table)),
                sorted((i["name"], i["column_names"], bool(i["unique"])) for i in found.get_indexes(table)),
                sorted((u["column_names"],) for u in found.get_unique_constraints(table)),
            )
            for table in sorted(found.get_table_names())
            if table != "alembic_version"
        ]
        with engine.connect() as connection:
            revision = connection.execute(text("SELECT version_num FROM alembic_version")).fetchall()
        return tables, [tuple(row) for row in revision]
    finally:
        engine.dispose()


def new_database(root: Path) -> str:
    """The URL of an empty database for one start: the instance folder's SQLite file, or a new PostgreSQL database."""
    if ON_POSTGRES:
        return create_postgres_database()
    return f"sqlite:///{root / 'instance' / 'scorekeeper.sqlite'}"


def start_once(root: Path, hooks: Path, database: str) -> tuple[str, list[str], str]:
    """Start gunicorn on a new instance folder and `database`; returns (the home page's status, the workers' key hashes, the log)."""
    instance, markers = root / "instance", root / "markers"
    markers.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k != "DATABASE_URL"}
    env.update(SCOREKEEPER_INSTANCE_PATH=str(instance), MARKERS=str(markers))
    if ON_POSTGRES:
        env["DATABASE_URL"] = database
    log = root / "gunicorn.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", str(WORKERS), "-b", "127.0.0.1:0", "-c", str(hooks),
             "--no-control-socket", "scorekeeper:create_app()"],
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while len(list(markers.glob("worker-*[0-9]"))) < WORKERS and server.poll() is None:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        assert server.poll() is None, f"gunicorn stopped:\n{log.read_text()}"
        port = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text()).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            status = f"{response.status} {'Scorekeeper' in response.read().decode()}"
        # what the workers logged while starting and serving
        started = log.read_text()
    finally:
        # the test is over once every worker has noted its key: gunicorn and its workers are killed at once, as
        # a group (a quick shutdown took each start another 1.2 s of four interpreters tearing down their heaps)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    keys = [p.read_text() for p in sorted(markers.glob("worker-*[0-9]"))]
    return status, keys, started


@pytest.mark.parametrize("batch", range(BATCHES))
def test_four_workers_starting_at_once_on_an_empty_instance_agree(tmp_path, batch):
    hooks = tmp_path / "hooks.py"
    hooks.write_text(HOOKS)
    # the schema one process alone makes
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    (tmp_path / "alone" / "instance").mkdir(parents=True)
    alone_url = new_database(tmp_path / "alone")
    alone = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": alone_url})
    with alone.app_context():
        db.engine.dispose()
    expected = schema(alone_url)
    assert expected[1] == [(head_revision(),)]
    for start in range(batch, STARTS, BATCHES):
        root = tmp_path / f"start{start}"
        database = new_database(root)
        try:
            status, keys, log = start_once(root, hooks, database)
            assert status == "200 True", log
            assert "Traceback" not in log and "Worker failed to boot" not in log, log
            stored = (root / "instance" / "secret_key").read_text().strip()
            assert keys == [hashlib.sha256(stored.encode()).hexdigest()] * WORKERS, f"start {start}: workers' keys differ"
            assert schema(database) == expected, f"start {start}: another schema than one process alone makes"
        finally:
            if ON_POSTGRES:
                drop_postgres_database(database)
    if ON_POSTGRES:
        drop_postgres_database(alone_url)
