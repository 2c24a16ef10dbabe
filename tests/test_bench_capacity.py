"""The capacity bench (bench/capacity.py) still runs against the app: in-process, and through gunicorn under wrk."""

from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest

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


# --server: the load from wrk ------------------------------------------------------------------------------------

needs_wrk = pytest.mark.skipif(shutil.which("wrk") is None,
                               reason="wrk is not installed (Debian's wrk: make test-setup's apt-packages installs it)")


@functools.cache
def capacity_module():
    """bench/capacity.py, imported as a module (it reads no command line when imported)."""
    spec = importlib.util.spec_from_file_location("bench_capacity", ROOT / "bench" / "capacity.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("limit", [0, 1, 40, 299, 300, 301, 437, 999, 1000])
def test_the_search_finds_the_most_tables_meeting_the_goals_within_a_tenth(limit):
    capacity = capacity_module()
    results: dict[int, bool] = {}
    count = 300
    while count is not None:
        assert count not in results and 1 <= count <= 1000
        results[count] = count <= limit
        count = capacity.next_count(results, 1000)
    found = capacity.most_tables(results)
    assert found <= limit
    assert limit - found <= max(1, 0.1 * found) or found == 1000
    assert len(results) <= 12


def test_the_most_tables_are_those_below_any_that_missed():
    capacity = capacity_module()
    # a run that met the goals above one that missed them (a quieter moment of the machine) does not count
    assert capacity.most_tables({300: True, 450: False, 375: True, 412: False, 600: True}) == 375
    assert capacity.most_tables({300: False, 150: False}) == 0


class _News(BaseHTTPRequestHandler):
    """A server answering live polls as the app does: 304 at version 8, else the news of version 8, gzipped."""

    def do_GET(self):  # noqa: N802 - http.server's name
        query = parse_qs(urlsplit(self.path).query)
        if query["v"] == ["8"]:
            self.send_response(304)
            self.end_headers()
            return
        table = self.path.split("/")[2][-1]
        news = {"version": 8, "hands": 21, "html": "...",
                "rows": {"first": 1, "after": 20, "key": f"k20{table}", "html": f'<tr id="hand-21" class="row" data-key="k21{table}">'},
                "parts": {}}
        body = gzip.compress(json.dumps(news).encode())
        self.send_response(200)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@needs_wrk
def test_wrk_polls_give_each_phone_the_news_of_its_own_table(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _News)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # two tables of two phones at version 7, each showing hand 20 with its table's key
        phones = [f"{table}\ttoken{table}\t7\t20.k20{table}\tsession=s{table}" for table in (1, 2) for _ in range(2)]
        (tmp_path / "phones.tsv").write_text("\n".join(phones) + "\n")
        done = subprocess.run(["wrk", "-t1", "-c4", "-d2s", "-s", str(ROOT / "bench" / "wrk" / "polls.lua"),
                               f"http://127.0.0.1:{server.server_port}", "--", str(tmp_path / "phones.tsv"), "200",
                               str(tmp_path / "after.tsv")], capture_output=True, text=True, timeout=30)
    finally:
        server.shutdown()
        server.server_close()
    assert done.returncode == 0, done.stderr
    found = capacity_module().wrk_result(done.stdout, "polls")
    # every phone was told the news once, then polled at its new version
    assert found["news"] == 4 and found["unchanged"] >= 4, found
    assert found["unplaced"] == found["unexpected"] == found["read"] == 0, found
    after = (tmp_path / "after.tsv").read_text().splitlines()
    assert after == [f"{table}\ttoken{table}\t8\t21.k21{table}\tsession=s{table}" for table in (1, 2) for _ in range(2)]


@needs_wrk
@pytest.mark.skipif(not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")),
                    reason="--server needs Debian's postgresql (make test-setup's apt-packages installs it)")
def test_capacity_bench_through_gunicorn_under_wrk_prints_the_most_tables(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("SCOREKEEPER_")}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "capacity.py"), "--server", "--tables", "1",
                           "--max-tables", "1", "--seconds", "5", "--rounds", "1"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=240)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "gunicorn -c python:scorekeeper.gunicorn_config" in lines[0]
    assert any(re.search(r"the load generator \(wrk and the saves\): [\d.]+ core", line) for line in lines)
    assert any(re.match(r"\s+polls \(wrk\)\s+\d+\s+p50", line) for line in lines)
    assert any(re.search(r"errors: 0$", line) for line in lines)
    assert sum("at their next poll: pass" in line for line in lines) == 2
    assert any(re.fullmatch(r"most tables: \d+", line) for line in lines)
    assert re.fullmatch(r"tables per core: \d+", lines[-1])


# README's gunicorn settings (scorekeeper/gunicorn_config.py) --------------------------------------------------------


def test_gunicorn_keeps_a_phones_connection_open_longer_than_its_poll_interval():
    from scorekeeper import config, gunicorn_config

    # a following phone asks every LIVE_POLL_MS: a connection closed before then costs every poll a new one
    assert gunicorn_config.worker_class == "gthread"
    assert gunicorn_config.keepalive * 1000 > 2 * config.LIVE_POLL_MS
    assert gunicorn_config.worker_connections >= gunicorn_config.threads * 100


def test_gunicorn_hands_a_worker_a_connection_only_once_its_request_arrived():
    from scorekeeper import gunicorn_config

    if not hasattr(socket, "TCP_DEFER_ACCEPT"):
        pytest.skip("TCP_DEFER_ACCEPT is Linux's")
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        server = SimpleNamespace(LISTENERS=[SimpleNamespace(sock=listening)])
        gunicorn_config.when_ready(server)
        assert listening.getsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT) > 0
