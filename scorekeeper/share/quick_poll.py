"""The live poll's "nothing changed" answered before Flask: the one request every phone makes every few seconds.

A page following a game asks ``/s/<token>/live?v=<version>`` (share/routes.py's
``live``). Nearly every time the game is still at that version, and the answer
is a 304 with no body whose headers are the same for every game and visitor.
Going through Flask for it (request context, session cookie, CSRF and header
hooks) costs several times the one indexed lookup it needs, so this WSGI
middleware answers it first: the Host checked as Flask checks it, the version
read on a connection of the pool, and the headers those of the route's own
304 passed once through the app's after-request hooks (built at the first
poll, never copied from a visitor's answer). Anything else, or any doubt (an
untrusted Host, an unreadable ``v``, a NUL, another version, no such game),
goes on to Flask, which answers as it always did (the game found is left in the
request's environ, so the route does not look it up again: its id, creation time and
version name the answer kept for that version, share/routes.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.exceptions import SecurityError
from werkzeug.wrappers import Response
from werkzeug.wsgi import get_host

from scorekeeper.extensions import db
from scorekeeper.limits import whole_number
from scorekeeper.share.routes import FOUND_GAME, not_modified
from scorekeeper.tables.access import current_on

PREFIX, SUFFIX = "/s/", "/live"
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


def hooked_headers(app: Flask, path: str, answer: Callable[[], Response]) -> list[tuple[str, str]]:
    """The headers of `answer()` once the app's after-request hooks have run on it, for a GET of `path`.

    Built in a request of no one (no cookie, no session), never copied from a visitor's answer;
    in the order Flask sends them.
    """
    with app.test_request_context(path, method="GET", base_url="http://localhost/") as context:
        finished = app.process_response(answer())
        return finished.get_wsgi_headers(context.request.environ).to_wsgi_list()


def asked(environ: dict[str, Any]) -> tuple[str, int] | None:
    """The token and version of a plain live poll (GET /s/<token>/live?v=<digits>), or None for any other request.

    >>> asked({"REQUEST_METHOD": "GET", "PATH_INFO": "/s/abc/live", "QUERY_STRING": "v=7"})
    ('abc', 7)
    >>> asked({"REQUEST_METHOD": "GET", "PATH_INFO": "/s/abc/live", "QUERY_STRING": "v=%007"}) is None
    True
    """
    path = environ.get("PATH_INFO", "")
    if environ.get("REQUEST_METHOD") != "GET" or not (path.startswith(PREFIX) and path.endswith(SUFFIX)):
        return None
    token = path[len(PREFIX):-len(SUFFIX)]
    query = environ.get("QUERY_STRING", "")
    if not token or "/" in token or "\x00" in token or "%00" in query:
        return None  # no route, or a NUL the app refuses with 400
    version = whole_number(dict(parse_qsl(query)).get("v"), None)
    return None if version is None else (token, version)


class QuickPoll:
    """WSGI middleware in front of the Flask app `app`: answers a current live poll with the route's own 304."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self._engine: Any = None
        self._headers: list[tuple[str, str]] | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        poll = asked(environ)
        if poll is not None and host_trusted(self.app, environ):
            found = self._game(poll[0])
            if found is not None and found.version == poll[1]:
                start_response("304 NOT MODIFIED", list(self._not_modified_headers(environ)))
                return []
            environ[FOUND_GAME] = found  # the route need not ask again
        return self.wsgi_app(environ, start_response)

    def _game(self, token: str) -> Any:
        # the row of tables.access.current (id, created_at, version, edit_token), or None for no game
        if self._engine is None:
            with self.app.app_context():
                self._engine = db.engine
        return current_on(self._engine, token)

    def _not_modified_headers(self, environ: dict[str, Any]) -> list[tuple[str, str]]:
        if self._headers is None:
            self._headers = hooked_headers(self.app, environ["PATH_INFO"], not_modified)
        return self._headers


def init_app(app: Flask) -> None:
    """Put the shortcut in front of the app (before any proxy fix, which then rewrites what it reads)."""
    app.wsgi_app = QuickPoll(app, app.wsgi_app)  # type: ignore[method-assign]
