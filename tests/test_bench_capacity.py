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


def run_bench(database_url: str, tmp_path: Path) -> list[str]:
    """bench/capacity.py, one round in-process, on the database `database_url` (as DATABASE_URL); its lines."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["DATABASE_URL"] = database_url
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "capacity.py"), "--rounds", "1"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def cpu_ms(lines: list[str], label: str) -> float:
    """The CPU ms the bench printed on the line starting with `label`."""
    [line] = [line for line in lines if line.strip().startswith(label)]
    return float(line.split()[-2] if line.rstrip().endswith("%") else line.split()[-1])


def test_capacity_bench_runs_twice_on_one_database_and_counts_what_falls_between_requests(databases, tmp_path):
    url = databases.url("bench")
    first = run_bench(url, tmp_path)
    # a second run finds the first's players: it adds its games beside them
    second = run_bench(url, tmp_path)
    for lines in (first, second):
        assert re.fullmatch(r"tables per core: \d+", lines[-1])
        # the collector's runs between two requests are the table's cost too
        assert cpu_ms(lines, "the garbage collector, between requests") >= 0
    if url.startswith("postgresql"):
        # the server runs here (tests/run_postgres.sh): its CPU, in requests and between them, is counted
        assert cpu_ms(second, "PostgreSQL's server, between requests") >= 0
        assert cpu_ms(second, "of which PostgreSQL's server") > 0
