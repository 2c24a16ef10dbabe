"""The capacity bench (bench/capacity.py) still runs against the app: one round, in-process, on SQLite."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_capacity_bench_prints_tables_per_core_for_every_kind_of_request(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("SCOREKEEPER_")}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "capacity.py"), "--rounds", "1"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "in-process on SQLite" in lines[0]
    for kind in ("hand saved", "polls answered with the news", "polls, nothing changed", "scoreboards opened",
                 "checks as the hand is typed", "hello-world Flask app"):
        assert any(kind in line for line in lines), kind
    assert re.fullmatch(r"tables per core: \d+", lines[-1])
