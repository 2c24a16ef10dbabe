"""A view link's scoreboard answered before Flask, for a guest's phone, when the page of this version is kept.

The scoreboard is the page every phone at the table opens, and a view link's page
is built once per version and kept (sessions/view_pages.py); once it is, Flask's
per-request work around sending it (request context, URL matching, hooks) was most
of the answer's cost, and under load on a server's workers more again (bench/web.py).
This WSGI middleware answers it first with the app's own parts, run on a request of
its own instead of Flask's request context:

- the same Host check as Flask (scorekeeper/shortcut.py), the session cookie read
  and written by the app's session interface, the page's name, lookup and answer
  (304 or the page) from sessions/view_pages.py, the device remembering the game
  as devices.remember_in does for a guest;
- the answer then passes through what the app's after-request hooks do:
  security.add_headers, compression.compress_kept (Flask-Compress's hook, for bytes
  it kept compressed already), and the session saved. The before-request hooks have
  nothing to do for such a request (a large import, CSRF for a form, a NUL in the
  address). An app with other hooks, or without these (COMPRESS_REGISTER off, say),
  is answered by Flask alone (hooks_known), and tests/test_quick_board.py fails
  until a new hook is weighed here;
- the finished answer is kept (FinishedAnswers) by what shapes it: the page's ETag,
  the address, Accept-Encoding and If-None-Match. The next phone asking the same
  version the same way is sent it with only its own session cookie written
  (lean.SessionCookies): at a table every phone asks the same page, and passing it
  through the hooks again cost a third of the answer.

Anything else, or any doubt, goes on to Flask, which answers as it always did:
another method or address, a query string, a NUL, an untrusted Host, CSRF asked
of a GET, a request that could be the host's (a host cookie, or a server where
this computer is the host), a conditional request other than If-None-Match, a
message to show, an edit link or unknown token, a page not built yet or not yet
compressed for this client (and no answer of this shape finished already), or an
error (which is logged).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from cachetools import LRUCache
from flask import Flask, Request
from flask.ctx import RequestContext
from flask.sessions import SessionMixin
from werkzeug.http import http_date
from werkzeug.wrappers import Response

from scorekeeper import compression, security
from scorekeeper.host.devices import remember_in
from scorekeeper.host.identity import may_be_host
from scorekeeper.lean import SessionCookies
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


# the app's request hooks whose work the shortcut does, or which have nothing to do for its requests (a large
# import's limit, CSRF for a form, a NUL in the address): with any other, or without one, the app answers
KNOWN_BEFORE = ("allow_large_imports", "CSRFProtect.init_app.<locals>.csrf_protect", "_refuse_nul")


def hooks_known(app: Flask) -> bool:
    """True when the app's request hooks are those the shortcut does the work of (see KNOWN_BEFORE).

    The after-request hooks must be Flask-Compress's (registered unless COMPRESS_REGISTER is off
    or nothing is compressed) and the security headers'.
    """
    before = app.before_request_funcs
    return (list(before) == [None] and tuple(f.__qualname__ for f in before[None]) == KNOWN_BEFORE
            and app.after_request_funcs == {None: [compression.compress.after_request, security._headers]}
            and not app.url_value_preprocessors and not app.teardown_request_funcs)


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
# what the finished answers kept by a shortcut may hold: the pages of a few versions (a 1,000-hand game's is 70 KB),
# each as asked by the table's browsers (plain, gzip, brotli, zstd; holding the version or not)
FINISHED_BYTES = 4 * 1024 * 1024


class Finished(NamedTuple):
    """A kept page's answer as the server sends it, but for the session's cookie and the time: status, headers, body.

    `dated`: where in the headers the answer says when it was made (Date), if it does:
    Flask-Compress's conditional answer adds one (werkzeug's make_conditional), of its time.
    """

    status: str
    headers: tuple[tuple[str, str], ...]
    body: bytes
    dated: int | None = None

    def sent(self, cookies: Iterable[str] = ()) -> WSGIApp:
        """This answer, dated now, with the given session cookies (Set-Cookie values), as a WSGI app."""
        headers = [*self.headers, *(("Set-Cookie", cookie) for cookie in cookies)]
        if self.dated is not None:
            headers[self.dated] = ("Date", http_date())

        def send(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
            start_response(self.status, headers)
            return [self.body] if self.body else []

        return send


def finish(answer: Response, environ: dict[str, Any]) -> tuple[Finished, list[str]]:
    """`answer` to `environ` as the server sends it: the answer without its session cookies, and those cookies.

    The session is saved last (Flask's order): its cookies are the last headers.
    """
    chunks, status, headers = answer.get_wsgi_response(environ)
    try:
        body = b"".join(chunks)
    finally:
        if hasattr(chunks, "close"):
            chunks.close()
    kept = [(name, value) for name, value in headers if name != "Set-Cookie"]
    cookies = [value for name, value in headers if name == "Set-Cookie"]
    if headers != [*kept, *(("Set-Cookie", cookie) for cookie in cookies)]:
        raise RuntimeError("a cookie set before the session's: the shortcut cannot tell it from the session's")
    dated = next((at for at, (name, _) in enumerate(kept) if name == "Date"), None)
    return Finished(status, tuple(kept), body, dated), cookies


class FinishedAnswers:
    """Finished answers (see Finished) of kept pages by what shapes them, the least recently used dropped past a bound.

    What shapes a kept page's answer is its ETag (which names the game's version, the
    page's address and the code that built it), the address, and the two headers a browser
    varies it by: Accept-Encoding and If-None-Match. Every guest phone asking the same
    version with the same browser gets the same answer but for its session cookie.
    """

    def __init__(self, max_bytes: int) -> None:
        # each answer kept with its size: its own and its shape's, whose headers are the client's to choose
        self._kept: LRUCache[tuple[Any, ...], tuple[Finished, int]] = LRUCache(max_bytes, getsizeof=lambda kept: kept[1])
        self._lock = threading.Lock()

    def get(self, shape: tuple[Any, ...]) -> Finished | None:
        """The answer kept for `shape`, or None."""
        with self._lock:
            found = self._kept.get(shape)
        return None if found is None else found[0]

    def put(self, shape: tuple[Any, ...], finished: Finished) -> None:
        """Keep `finished` for `shape`, unless the two are larger than the bound."""
        size = (len(finished.body) + sum(len(name) + len(value) for name, value in finished.headers)
                + sum(len(part) for part in shape if isinstance(part, str)))
        with self._lock:
            try:
                self._kept[shape] = (finished, size)
            except ValueError:
                pass  # too large to keep: answered through the hooks each time


class QuickBoard:
    """WSGI middleware in front of the Flask app `app`: answers a guest's view-link scoreboard from the kept page."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self._hooks_known: bool | None = None  # asked at the first scoreboard: the app is complete by then
        self._finished = FinishedAnswers(FINISHED_BYTES)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        token = asked_token(environ)
        if token is None or not host_trusted(self.app, environ):
            return self.wsgi_app(environ, start_response)
        if self._hooks_known is None:
            self._hooks_known = hooks_known(self.app)
        answer = None
        if self._hooks_known and "GET" not in self.app.config["WTF_CSRF_METHODS"]:
            try:
                answer = self._answer(token, environ)
            except Exception:
                # a bug of the shortcut's own: said in the log, and the app answers as it always did
                self.app.logger.exception("The scoreboard's shortcut failed on %s; the app answers", environ["PATH_INFO"])
        if answer is None:
            return self.wsgi_app(environ, start_response)
        return answer(environ, start_response)

    def _answer(self, token: str, environ: dict[str, Any]) -> WSGIApp | None:
        app = self.app
        with app.app_context():  # its teardown runs as Flask's does: the database session closed, a due collection
            asked = app.request_class(environ)
            if may_be_host(app.config, asked):
                return None  # the host's page differs: the app judges who asks
            held = app.session_interface.open_session(app, asked)
            if held is None:
                return None
            # the view reads it through flask.session, which marks it read (so the answer varies by Cookie)
            held.accessed = True
            known = known_view_page(token, view_page_name(token, host=False, asked=asked, held=held))
            if known is None:
                return None
            remember_in(held, token)
            shape = (known[0], asked.path, environ.get("HTTP_ACCEPT_ENCODING"), environ.get("HTTP_IF_NONE_MATCH"))
            finished = self._finished.get(shape)
            if finished is None:
                answer = kept_view_answer(*known, asked)
                if answer is None:
                    return None  # not built for this version yet: the view builds it
                security.add_headers(answer, asked.path)
                if not compression.compress_kept(answer, asked):
                    return None
                with _saving(app, asked, held):
                    app.session_interface.save_session(app, held, answer)
                finished, cookies = finish(answer, environ)
                self._finished.put(shape, finished)
                return finished.sent(cookies)
            # the session's part of the answer: Vary names Cookie whatever the session (the view reads it), so only
            # its cookie differs from one phone to the next
            with _saving(app, asked, held):
                return finished.sent(SessionCookies.saved(app, held))


def _saving(app: Flask, asked: Request, held: SessionMixin) -> RequestContext:
    """Flask's request context for `asked` and its session, pushed while the session's cookie is written.

    The cookie is Secure when the request came by HTTPS, which the session interface reads
    from the request (security.cookies_secure), as for every other cookie.
    """
    return RequestContext(app, asked.environ, request=asked, session=held)


def init_app(app: Flask) -> None:
    """Put the shortcut in front of the app, inside any proxy fix added later (which rewrites what it reads first)."""
    app.wsgi_app = QuickBoard(app, app.wsgi_app)  # type: ignore[method-assign]
