"""What the answers given before Flask (the live poll's 304, the JSON checks) share with Flask's own.

A shortcut is WSGI middleware in front of the app for one frequent request that
needs none of Flask's per-request work. It must answer exactly as the app would:
the Host checked as Flask checks it, and headers that went through every one of
the app's after-request hooks (built once, in a request of no one: no cookie, no
session), never copied from a visitor's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from werkzeug.exceptions import SecurityError
from werkzeug.wrappers import Response
from werkzeug.wsgi import get_host

# Host checks already made: a handful of names and addresses a table's phones use, so a small bound will do
_HOSTS_JUDGED: dict[tuple[Any, ...], bool] = {}
_HOSTS_KEPT = 64


def host_trusted(app: Flask, environ: dict[str, Any]) -> bool:
    """Flask's own Host check (TRUSTED_HOSTS, read now: `serve --lan` adds its addresses after start)."""
    trusted = app.config.get("TRUSTED_HOSTS")
    # everything get_host reads, and the names it compares them with: the same question has the same answer
    asked = (environ.get("HTTP_HOST"), environ.get("SERVER_NAME"), environ.get("SERVER_PORT"),
             environ.get("wsgi.url_scheme"), None if trusted is None else tuple(trusted))
    found = _HOSTS_JUDGED.get(asked)
    if found is None:
        try:
            get_host(environ, trusted)
        except SecurityError:
            found = False
        else:
            found = True
        if len(_HOSTS_JUDGED) >= _HOSTS_KEPT:
            _HOSTS_JUDGED.clear()  # whatever sends many names is not a table's phones: judge afresh
        _HOSTS_JUDGED[asked] = found
    return found


def hooked_headers(app: Flask, path: str, method: str, answer: Callable[[], Response]) -> list[tuple[str, str]]:
    """The headers of `answer()` once the app's after-request hooks have run on it, for a `method` request of `path`.

    In the order Flask sends them; a caller sending another body says its own Content-Length in its place.
    """
    with app.test_request_context(path, method=method, base_url="http://localhost/") as context:
        finished = app.process_response(answer())
        return finished.get_wsgi_headers(context.request.environ).to_wsgi_list()
