"""What a view link's scoreboard costs the app itself, one request at a time, with no server in between (issue #16).

Run with ``.venv/bin/python bench/inprocess.py [REQUESTS]`` (default 2,000 per round).

bench/web.py measures throughput through gunicorn and wrk, which on a shared
machine varies with whatever else runs. This calls the WSGI apps directly in a
loop, ``app(environ, start_response)`` as a server would, and counts this
process's CPU time (best of 9 rounds), so other work on the machine skews it
less: a hello-world Flask app beside Scorekeeper's GET /s/<view token> of the
20-hand game of bench/web.py, asked without a cookie (a first visit, given a
new device cookie: what wrk asks) and with the cookie that first visit got (a
phone that has been here). bench/web.py's goal (0.4× hello-world's throughput
under wrk, which adds about 50 µs to every request) means about 200 µs here.

That ratio is no longer the goal (issue 27): bench/capacity.py measures what a
hosted table costs (tables per core, every kind of request a table makes);
this script remains a view of one request.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

REQUESTS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
ROUNDS = 9


def answer(app, environ: dict) -> tuple[str, list[tuple[str, str]], bytes]:
    """What `app` answers to a copy of `environ`: status, headers and body; the answer closed, as a server closes it."""
    started: list = []
    answered = app(dict(environ), lambda status, headers, exc_info=None: started.append((status, headers)))
    try:
        body = b"".join(answered)
    finally:
        # the app counts an answer in progress until then (gcsafe.AnswersInProgress)
        if hasattr(answered, "close"):
            answered.close()
    return started[0][0], started[0][1], body


def cost(app, environ: dict) -> float:
    """CPU µs per request of `app` answering `environ`, best of ROUNDS rounds of REQUESTS."""
    answer(app, environ)
    best = float("inf")
    for _ in range(ROUNDS):
        began = time.process_time()
        for _ in range(REQUESTS):
            answer(app, environ)
        best = min(best, (time.process_time() - began) / REQUESTS * 1e6)
    return best


def main() -> None:
    import web
    from flask import Flask
    from werkzeug.test import EnvironBuilder

    hello = Flask("hello")
    hello.add_url_rule("/", "hello", lambda: "Hello, World!")
    with tempfile.TemporaryDirectory() as tmp:
        links = web.prepare(Path(tmp) / "instance")
        from scorekeeper import create_app

        app = create_app(data_dir=Path(tmp) / "instance")
        base = "http://127.0.0.1:8000"
        board = f"/s/{links['short_view']}"
        first = EnvironBuilder(path=board, base_url=base).get_environ()
        status, headers, _ = answer(app, first)
        cookie = next(value for name, value in headers if name == "Set-Cookie").split(";", 1)[0]
        again = EnvironBuilder(path=board, base_url=base, headers={"Cookie": cookie}).get_environ()
        rows = [("hello-world Flask app", cost(hello, EnvironBuilder(path="/", base_url=base).get_environ())),
                ("scoreboard HTML, 20 hands (no cookie: a first visit)", cost(app, first)),
                ("scoreboard HTML, 20 hands, a phone that has been here", cost(app, again))]
    print(f"CPU time per request, called in-process (best of {ROUNDS} rounds of {REQUESTS}):")
    for what, micros in rows:
        print(f"  {what:56s} {micros:6.0f} µs  ({micros / rows[0][1]:.1f}× hello-world)")


if __name__ == "__main__":
    main()
