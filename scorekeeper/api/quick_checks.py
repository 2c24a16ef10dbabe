"""The JSON check endpoints answered before Flask: the meld, lay-off and cards checks.

A hand form asks ``POST /api/v1/melds/check`` (and the lay-off and cards checks)
as each field is typed, and outside tools ask it in bulk. The answer is a pure
function of the body (api/answers.py): no database, no cookie, no form. Flask's
per-request work (request context, session, CSRF and header hooks) costs more
than the engine's check itself, so this WSGI middleware gives the same answer
first: the same answer function, the same JSON, and the headers of the route's
own answer passed once through the app's after-request hooks (scorekeeper/shortcut.py).

Anything else, or any doubt, goes on to Flask, which answers as it always did:
another method or address, a query string, an untrusted Host, a body that is
not plain ``application/json``, is sent in chunks, is shorter or (where the
server ends the body itself) longer than its length, has no length or is over
MAX_CONTENT_LENGTH,
an answer Flask-Compress would compress for this client, or an error.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.http import HTTP_STATUS_CODES

from scorekeeper import gcsafe
from scorekeeper.api import answers, bp
from scorekeeper.shortcut import hooked_headers, host_trusted


def _plain_json(content_type: str) -> bool:
    """True for a Content-Type Flask reads as JSON without question (``application/json``, with or without charset).

    >>> [_plain_json(t) for t in ("application/json", "Application/JSON; charset=utf-8", "text/plain", "")]
    [True, True, False, False]
    """
    return content_type.partition(";")[0].strip().lower() == "application/json"


class QuickChecks:
    """WSGI middleware in front of the Flask app `app`: answers the check endpoints as their routes would."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.checks = {f"{bp.url_prefix}{path}": respond for path, respond in answers.CHECKS.items()}
        self._headers: dict[tuple[str, int], list[tuple[str, str]]] = {}

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        respond = self._asked(environ)
        if respond is None:
            return self.wsgi_app(environ, start_response)
        length = int(environ["CONTENT_LENGTH"])
        raw = environ["wsgi.input"].read(length)
        if len(raw) != length:
            # the client sent less than it said: the app answers that it could not read the request
            return self._to_flask(environ, start_response, raw)
        if environ.get("wsgi.input_terminated"):
            # the server ends the body where it ends (gunicorn, for every request), and the app reads it to
            # its end rather than to its Content-Length: anything past it goes to the app with the rest
            more = environ["wsgi.input"].read(1)
            if more:
                return self._to_flask(environ, start_response, raw + more + environ["wsgi.input"].read())
        try:
            status, fields = answers.answer(respond, raw, True, self.app.json.loads)
            body = self._json(fields)
        except Exception:  # noqa: BLE001 - a bug: Flask answers it, with its error page and its log
            return self._to_flask(environ, start_response, raw)
        if len(body) >= self.app.config["COMPRESS_MIN_SIZE"] and environ.get("HTTP_ACCEPT_ENCODING"):
            # Flask-Compress would compress it for this client: the app answers, compression and all
            return self._to_flask(environ, start_response, raw)
        headers = self._headers.get((environ["PATH_INFO"], status)) or self._hooked(environ["PATH_INFO"], status)
        sent = str(len(body))
        start_response(f"{status} {HTTP_STATUS_CODES[status].upper()}",
                       [(name, sent if name == "Content-Length" else value) for name, value in headers])
        if gcsafe.installed():
            gcsafe.collect_due()  # the end of a request is a safe point, as in the app's teardown
        return [body]

    def _json(self, fields: dict[str, Any]) -> bytes:
        """The body jsonify gives `fields` (flask.json.provider.DefaultJSONProvider.response), without its Response."""
        provider = self.app.json
        pretty = provider.compact is False or (provider.compact is None and self.app.debug)  # type: ignore[attr-defined]
        spacing: dict[str, Any] = {"indent": 2} if pretty else {"separators": (",", ":")}
        return f"{provider.dumps(fields, **spacing)}\n".encode()

    def _asked(self, environ: dict[str, Any]) -> Callable[[dict[str, Any]], answers.Answer] | None:
        """The answer function for a plain check request, or None for anything the app should answer."""
        if environ.get("REQUEST_METHOD") != "POST" or environ.get("QUERY_STRING"):
            return None
        if environ.get("HTTP_TRANSFER_ENCODING"):
            return None  # a body sent in chunks: its Content-Length, if any, is not its length
        respond = self.checks.get(environ.get("PATH_INFO", ""))
        length = environ.get("CONTENT_LENGTH") or ""
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        if (respond is None or not (length.isascii() and length.isdigit()) or (limit is not None and int(length) > limit)
                or not _plain_json(environ.get("CONTENT_TYPE", "")) or not host_trusted(self.app, environ)):
            return None
        return respond

    def _to_flask(self, environ: dict[str, Any], start_response: Callable[..., Any], raw: bytes) -> Iterable[bytes]:
        environ["wsgi.input"] = io.BytesIO(raw)  # the body read here, for the app to read again
        return self.wsgi_app(environ, start_response)

    def _hooked(self, path: str, status: int) -> list[tuple[str, str]]:
        def route_answer() -> Any:
            response = self.app.json.response({})
            response.status_code = status
            return response

        # the same for every answer of an address and status (no cookie, no session): built at the first
        found = self._headers[path, status] = hooked_headers(self.app, path, "POST", route_answer)
        return found


def init_app(app: Flask) -> None:
    """Put the shortcut in front of the app (before any proxy fix, which then rewrites what it reads)."""
    app.wsgi_app = QuickChecks(app, app.wsgi_app)  # type: ignore[method-assign]
