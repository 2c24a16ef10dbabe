"""Four gunicorn workers starting at once on an empty instance: every start serves, with one schema and one secret key.

Each worker builds the app itself (no --preload), so all four race to create
the database and the secret key; the instance folder's lock and the key's
link-into-place must make them agree every time.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from contextlib import closing
from pathlib import Path

import pytest

pytest.importorskip("gunicorn")

from scorekeeper.database import head_revision  # noqa: E402
from tests.databases import sqlite_only  # noqa: E402

# the workers start on an empty instance folder's own SQLite file, whose schema the test reads
pytestmark = sqlite_only

# 20 starts take about 75 s on a 2-CPU machine; 16 keep the test near a minute (GUNICORN_STARTS=20 for the full count)
STARTS = int(os.environ.get("GUNICORN_STARTS", "16"))
WORKERS = 4

# gunicorn calls this in each worker once it has built the app: it notes the worker's secret key
HOOKS = '''
import hashlib, os
def post_worker_init(worker):
    key = worker.wsgi.config["SECRET_KEY"].encode()
    marker = os.path.join(os.environ["MARKERS"], f"worker-{os.getpid()}")
    with open(marker + ".tmp", "w") as out:
        out.write(hashlib.sha256(key).hexdigest())
    os.replace(marker + ".tmp", marker)
'''


def schema(path: Path) -> list[tuple]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name != 'alembic_version' ORDER BY name"
        ).fetchall()


def start_once(root: Path, hooks: Path) -> tuple[str, list[str], str]:
    """Start gunicorn on a new instance folder; returns (the home page's status, the workers' key hashes, the log)."""
    instance, markers = root / "instance", root / "markers"
    markers.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k != "DATABASE_URL"}
    env.update(SCOREKEEPER_INSTANCE_PATH=str(instance), MARKERS=str(markers))
    log = root / "gunicorn.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", str(WORKERS), "-b", "127.0.0.1:0", "-c", str(hooks),
             "--no-control-socket", "scorekeeper:create_app()"],
            env=env, stdout=out, stderr=subprocess.STDOUT,
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
        # what the workers logged while starting and serving (the quick shutdown below may interrupt a worker)
        started = log.read_text()
    finally:
        server.send_signal(signal.SIGQUIT)  # quick shutdown: the test is over
        server.wait(timeout=30)
    keys = [p.read_text() for p in sorted(markers.glob("worker-*[0-9]"))]
    return status, keys, started


def test_four_workers_starting_at_once_on_an_empty_instance_agree(tmp_path):
    hooks = tmp_path / "hooks.py"
    hooks.write_text(HOOKS)
    # the schema one process alone makes
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    alone = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'alone.sqlite'}"})
    with alone.app_context():
        db.engine.dispose()
    for start in range(STARTS):
        root = tmp_path / f"start{start}"
        status, keys, log = start_once(root, hooks)
        assert status == "200 True", log
        assert "Traceback" not in log and "Worker failed to boot" not in log, log
        stored = (root / "instance" / "secret_key").read_text().strip()
        assert keys == [hashlib.sha256(stored.encode()).hexdigest()] * WORKERS, f"start {start}: workers' keys differ"
        database = root / "instance" / "scorekeeper.sqlite"
        with sqlite3.connect(database) as connection:
            assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(head_revision(),)]
        assert schema(database) == schema(tmp_path / "alone.sqlite")
