"""The CPython 3.11 crash of a well-used server: collections only at safe points (scorekeeper.gcsafe).

Each scenario runs in a process of its own, so that a crash fails its test
instead of killing the test run.
"""

from __future__ import annotations

import gc
import io
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wsgi import FileWrapper

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


def start_response(status, headers, exc_info=None):
    return None


@on_311
@pytest.mark.parametrize("path", ["/", "/api/v1/games", "/no-such-page"])
def test_an_answer_is_in_progress_until_the_server_has_sent_it_and_closed_it(app, path):
    # a full collection due meanwhile waits for none to be in progress (gcsafe.due_generation)
    before = gcsafe.answering()
    answer = app(EnvironBuilder(path=path).get_environ(), start_response)
    assert gcsafe.answering() == before + 1
    assert b"".join(answer)
    assert gcsafe.answering() == before + 1, "still in progress while the server sends it"
    answer.close()
    assert gcsafe.answering() == before
    answer.close()
    assert gcsafe.answering() == before, "closed twice, it ends once"


def test_an_answer_that_fails_is_no_longer_in_progress():
    def failing(environ, start_response):
        raise RuntimeError("the app failed")

    before = gcsafe.answering()
    with pytest.raises(RuntimeError):
        gcsafe.AnswersInProgress(failing)(EnvironBuilder().get_environ(), start_response)
    assert gcsafe.answering() == before


def test_a_file_the_server_sends_itself_is_handed_over_as_it_is():
    environ = EnvironBuilder().get_environ()
    environ["wsgi.file_wrapper"] = FileWrapper
    sent = FileWrapper(io.BytesIO(b"a static file"))
    before = gcsafe.answering()
    answer = gcsafe.AnswersInProgress(lambda environ, start_response: sent)(environ, start_response)
    assert answer is sent, "the server's own way of sending a file (sendfile) still applies"
    assert gcsafe.answering() == before


def test_a_due_full_collection_waits_for_no_answer_in_progress_and_at_most_max_defer():
    result = run("gc_full_waits.py")
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr


def test_counting_a_generation_never_touches_a_tuple_another_thread_is_building():
    """tuple(generator) fills its tuple in place, and a generator that waits (for a database query, say)
    lets other threads run meanwhile, the collector's among them. The collector counts generations with
    gc.get_objects, whose list holds every tracked object, that tuple too: had the list still been alive
    when the building thread ran again, the tuple would have had a second reference and its resize would
    have failed (SystemError: bad argument to internal function; seen once in a test run on PostgreSQL)."""
    def waiting():
        for number in range(3):
            time.sleep(0)  # lets the other threads run, as a query's wait for the database does
            yield number

    def counting() -> None:
        while not done.is_set():
            gcsafe.tracked(0, 1)

    done = threading.Event()
    other = threading.Thread(target=counting, daemon=True)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0001)  # threads take turns often: each sleep(0) would hand over 5 ms otherwise
    other.start()
    failed = 0
    try:
        for _ in range(2000):
            try:
                assert tuple(waiting()) == (0, 1, 2)
            except SystemError:
                failed += 1
    finally:
        done.set()
        other.join()
        sys.setswitchinterval(interval)
    assert failed == 0, f"{failed} of 2000 tuples could not be built"
