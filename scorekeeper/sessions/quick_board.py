"""A view link's scoreboard answered before Flask, for a guest's phone, when the page of this version is kept.

The scoreboard is the page every phone at the table opens, and a view link's page
is built once per version and kept (sessions/view_pages.py); sending the kept bytes
again cost several times less than Flask's per-request work around it (request
context, URL matching, hooks). This WSGI middleware answers it first with the app's
own parts, run on a request of its own instead of Flask's request context:

- the same Host check as Flask (scorekeeper/shortcut.py), the session cookie read
  and written by the app's session interface, the page's name, lookup and answer
  (304 or the page) from sessions/view_pages.py, the device remembering the game
  as devices.remember_in does for a guest;
- the answer then passes through what the app's after-request hooks do:
  security.add_headers, compression.compress_kept (Flask-Compress's hook, for bytes
  it kept compressed already), and the session saved. The before-request hooks have
  nothing to do for such a request (a large import, CSRF for a form, a NUL in the
  address). tests/test_quick_board.py lists the hooks: a new one fails it until it
  is weighed here.

Anything else, or any doubt, goes on to Flask, which answers as it always did:
another method or address, a query string, a NUL, an untrusted Host, a request
that could be the host's (a host cookie, or a server where this computer is the
host), a conditional request other than If-None-Match, a message to show, an edit
link or unknown token, a page not built yet or not yet compressed for this
client, or an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from scorekeeper import compression, security
from scorekeeper.host.devices import remember_in
from scorekeeper.host.identity import HOST_COOKIE, on_this_computer
from scorekeeper.sessions.view_pages import kept_view_answer, known_view_page, view_page_name
from scorekeeper.shortcut import host_trusted

PREFIX = "/s/"
# what a link's token is made of (secrets.token_urlsafe): anything else is for the app to answer
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
# conditions a browser adds only for a range or an edit: the app judges them
_OTHER_CONDITIONS = ("HTTP_RANGE", "HTTP_IF_RANGE", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE",
                     "HTTP_IF_UNMODIFIED_SINCE")


def asked_token(environ: dict[str, Any]) -> str | None:
    """The token of a plain scoreboard request (GET /s/<token>, nothing else), or None for any other request.

    >>> asked_token({"REQUEST_METHOD": "GET", "PATH_INFO": "/s/abc_-9", "QUERY_STRING": ""})
    'abc_-9'
    >>> [asked_token({"REQUEST_METHOD": m, "PATH_INFO": p, "QUERY_STRING": q}) for m, p, q in
    ...  (("HEAD", "/s/abc", ""), ("GET", "/s/abc/live", ""), ("GET", "/s/abc", "x=1"), ("GET", "/s/a\\x00", ""))]
    [None, None, None, None]
    """
    path = environ.get("PATH_INFO", "")
    if environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING") or not path.startswith(PREFIX):
        return None
    token = path[len(PREFIX):]
    if not _TOKEN.fullmatch(token) or environ.get("SCRIPT_NAME") or any(environ.get(h) for h in _OTHER_CONDITIONS):
        return None
    return token


class QuickBoard:
    """WSGI middleware in front of the Flask app `app`: answers a guest's view-link scoreboard from the kept page."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        token = asked_token(environ)
        if token is None or not host_trusted(self.app, environ):
            return self.wsgi_app(environ, start_response)
        try:
            answer = self._answer(token, environ)
        except Exception:  # noqa: BLE001 - a bug: Flask answers it, with its error page and its log
            answer = None
        if answer is None:
            return self.wsgi_app(environ, start_response)
        return answer(environ, start_response)

    def _answer(self, token: str, environ: dict[str, Any]) -> Any:
        app = self.app
        with app.app_context():  # its teardown runs as Flask's does: the database session closed, a due collection
            asked = app.request_class(environ)
            if HOST_COOKIE in asked.cookies or on_this_computer(app.config, asked):
                return None  # perhaps the host's, whose page differs: the app judges who asks
            held = app.session_interface.open_session(app, asked)
            if held is None:
                return None
            # the view reads it through flask.session, which marks it read (so the answer varies by Cookie)
            held.accessed = True
            known = known_view_page(token, view_page_name(token, False, asked, held))
            if known is None or known[1] is None:
                return None
            remember_in(held, token)
            answer = kept_view_answer(*known, asked)
            if answer is None:
                return None
            security.add_headers(answer, asked.path)
            if not compression.compress_kept(answer, asked):
                return None
            app.session_interface.save_session(app, held, answer)
            return answer


def init_app(app: Flask) -> None:
    """Put the shortcut in front of the app (before any proxy fix, which then rewrites what it reads)."""
    app.wsgi_app = QuickBoard(app, app.wsgi_app)  # type: ignore[method-assign]
