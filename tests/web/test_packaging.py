"""`pip install .` (not only -e) ships the templates and static files: the built wheel serves pages."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.databases import sqlite_only

# the wheel serves from the SQLite file of its default data folder, which the test opens
pytestmark = sqlite_only

ROOT = Path(__file__).resolve().parents[2]

SERVE_FROM_WHEEL = """
import os, sqlite3
import scorekeeper
from scorekeeper import create_app
from scorekeeper.database import head_revision
assert "site" in scorekeeper.__file__, scorekeeper.__file__
app = create_app({"TESTING": True})
# installed, the data lives in the user's data folder (platformdirs), not inside the package's environment
data = os.path.join(os.environ["XDG_DATA_HOME"], "scorekeeper")
assert app.instance_path == data, app.instance_path
# and the database was created by the migrations the wheel carries
with sqlite3.connect(os.path.join(data, "scorekeeper.sqlite")) as connection:
    assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(head_revision(),)]
client = app.test_client()
home = client.get("/")
assert home.status_code == 200 and "Start a new game" in home.get_data(as_text=True), home.status_code
assert client.get("/static/style.css").status_code == 200
assert client.get("/static/js/card-picker.js").status_code == 200
print("served")
"""


def test_built_wheel_ships_templates_and_static_and_serves_the_home_page(tmp_path):
    # reuse the installed build backend when there is one (offline, faster); else pip fetches it as `pip install .` does
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation,
         "--wheel-dir", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    [wheel] = tmp_path.glob("scorekeeper-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "scorekeeper/templates/base.html" in names
    assert "scorekeeper/templates/_card_picker.html" in names
    assert "scorekeeper/static/style.css" in names
    for name in ("alembic.ini", "env.py", "script.py.mako", "versions/0001_initial_schema.py"):
        assert f"scorekeeper/migrations/{name}" in names

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k not in ("DATABASE_URL", "SECRET_KEY")}
    env.update(PYTHONPATH=str(site), XDG_DATA_HOME=str(tmp_path / "data"))
    result = subprocess.run(
        [sys.executable, "-c", SERVE_FROM_WHEEL], cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "served" in result.stdout
