"""A server's process keeps what its start built out of the garbage collector's walks (gcsafe.freeze_start).

The modules, the app and its routes live as long as the process and were most of what each
full collection walked (bench/capacity.py counted the collector's runs at a quarter of a
table's CPU). `scorekeeper serve`, gunicorn's hook and the bench's in-process app freeze them
through the one function, scorekeeper.server_started; collections still run only at safe points.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.test_share_lan import serve

ROOT = Path(__file__).resolve().parent.parent


def test_serve_freezes_what_the_start_built_before_it_serves(monkeypatch, tmp_path):
    _, bound = serve(monkeypatch, tmp_path)
    # the stand-in for freeze_start ran before waitress was asked to serve (it would have recorded it after)
    assert bound["frozen_before_serving"] is True and "app" in bound


def test_a_started_server_walks_only_what_came_after_and_still_collects_it_at_safe_points(tmp_path):
    # in a process of its own: frozen objects stay for good, and this test process must not keep its tests' apps
    script = textwrap.dedent(f"""
        import gc, json, time, weakref
        from scorekeeper import create_app, gcsafe, server_started

        create_app(data_dir={str(tmp_path / "instance")!r})
        before = len(gc.get_objects())
        server_started()

        class Node:
            pass

        # a cycle made after the start, dropped: the collector (its thread on 3.11) must still free it
        node = Node()
        node.me = node
        freed = []
        watch = weakref.ref(node, lambda ref: freed.append(True))
        del node
        waited, kept = 0.0, []
        while not freed and waited < 5:
            kept.append([[] for _ in range(1000)])  # what a request keeps (a game's standing): a collection comes due
            time.sleep(0.01)
            waited += 0.01
            if not gcsafe.installed():
                gc.collect()
        print(json.dumps({{"before": before, "frozen": gc.get_freeze_count(), "walked": len(gc.get_objects()),
                           "automatic": gc.isenabled(), "needed": gcsafe.NEEDED, "installed": gcsafe.installed(),
                           "freed": bool(freed)}}))
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["frozen"] > 0.9 * found["before"] > 10_000
    assert found["walked"] < 0.1 * found["before"]
    assert found["freed"], "a cycle made after the start is collected"
    if found["needed"]:
        # CPython 3.11: still no collection inside an attribute store (docs/gc-crash.md)
        assert found["installed"] and not found["automatic"]


def test_a_gunicorn_worker_freezes_what_it_built_once_it_has_loaded_the_app(monkeypatch):
    from scorekeeper import gcsafe, gunicorn_config

    frozen = []
    monkeypatch.setattr(gcsafe, "freeze_start", lambda: frozen.append(True))
    gunicorn_config.post_worker_init(object())
    assert frozen == [True]
