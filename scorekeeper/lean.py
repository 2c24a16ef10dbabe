"""Work Flask does for every request that gives the same answer every time: done once instead.

Measured on the answers phones ask for most (the live poll, the meld check, the
scoreboard; bench/web.py), each of these cost about as much as the view itself:

- the session cookie's signing serializer (itsdangerous) is built anew for every
  request, cookie or not; here once per secret key;
- every hook and view is asked whether it is a coroutine (``inspect``) before
  each call; here once per function.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with one serializer per secret key (and fallbacks) instead of one per request."""

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The serializer Flask would build for the app's current keys, built once for them."""
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if keys not in self._serializers:
            # a handful of entries at most: a key changes only when the configuration does
            self._serializers[keys] = super().get_signing_serializer(app)
        return self._serializers[keys]


def init_app(app: Flask) -> None:
    """Install the session interface, and ask once per hook or view whether it needs running as a coroutine."""
    app.session_interface = SessionInterface()
    ensure_sync: Callable[[Callable[..., Any]], Callable[..., Any]] = app.ensure_sync
    # bounded by the app's functions (its views and hooks), which are made once at start
    app.ensure_sync = lru_cache(maxsize=1024)(ensure_sync)  # type: ignore[method-assign]
