"""The CPython 3.11 crash of a well-used server: collections only at safe points (scorekeeper.gcsafe).

Each scenario runs in a process of its own, so that a crash fails its test
instead of killing the test run.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import time
import weakref
from pathlib import Path

import pytest

from scorekeeper import gcsafe

SCRIPTS = Path(__file__).resolve().parent / "scripts"
ROOT = SCRIPTS.parent.parent
on_311 = pytest.mark.skipif(not gcsafe.NEEDED, reason="only CPython 3.11 collects inside an attribute store")


def run(script: str, *args: str, timeout: int = 180) -> subprocess.CompletedProcess:
    """Run one of tests/scripts with this interpreter, from the project root."""
    return subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout,
    )


@on_311
def test_the_interpreter_bug_crashes_a_plain_script_without_the_workaround():
    result = run("gc_store_crash.py")
    # a segmentation fault (or, if the freed memory was not reused, attributes silently lost)
    assert result.returncode != 0, result.stdout


def test_a_plain_script_survives_with_safe_point_collection():
    result = run("gc_store_crash.py", "--safe-points")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "survived 200 rounds" in result.stdout


@on_311
def test_the_app_collects_only_at_safe_points(app):
    assert gcsafe.installed()
    assert not gc.isenabled()


def test_cycles_are_still_collected_with_the_app_running(app):
    class Node:
        pass

    node = Node()
    node.me = node
    gone = weakref.ref(node)
    del node
    kept = []
    deadline = time.monotonic() + 10
    while gone() is not None and time.monotonic() < deadline:
        kept.append([[] for _ in range(1000)])  # allocations make a collection due
        time.sleep(0.01)  # the collector thread runs it
    assert gone() is None, "a reference cycle was not collected while the app ran"


def test_many_games_in_progress_and_every_list_page_asked_again_and_again(databases):
    database = databases.url("walk")
    populated = run("home_walk.py", database, "populate", "60")
    assert populated.returncode == 0, populated.stderr
    walked = run("home_walk.py", database, "walk", "3")
    assert walked.returncode == 0, walked.stdout[-2000:] + walked.stderr[-4000:]
    lines = walked.stdout.splitlines()
    assert lines.count("GET / 200") == 6
    assert all(line.endswith(" 200") for line in lines)
