"""Work Flask does for every request that gives the same answer every time: done once instead.

Measured on the answers phones ask for most (the live poll, the meld check, the
scoreboard; bench/web.py), each of these cost about as much as the view itself:

- the session cookie's signing serializer (itsdangerous) is built anew for every
  request, cookie or not; here once per secret key;
- signing or reading a session cookie derives the signing key from the secret
  key (an HMAC) every time, and runs both HMACs through Python's slow path
  (Flask names SHA-1 by a wrapper function, not by hashlib's own); here the key
  is derived once per secret key and SHA-1 is hashlib's, which gives the same bytes;
- the session's data (plain JSON: the games a device holds, the day, a CSRF
  token) is copied value by value to tag what JSON cannot carry, with nothing to
  tag; here it is written as it is when nothing in it needs a tag;
- a phone sends the same session cookie with every request until its session
  changes, and each time the signature was checked (two HMACs) and the payload
  decoded and decompressed again; here a cookie checked once is remembered by
  its exact text, with its payload's JSON and the time it was signed: its age is
  still checked at every request, and its contents read afresh from that JSON;
- every hook and view is asked whether it is a coroutine (``inspect``) before
  each call; here once per function.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from cachetools import LRUCache
from flask import Flask, Request, current_app
from flask.json.provider import DefaultJSONProvider
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSession, SessionMixin
from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer
from itsdangerous.encoding import want_bytes
from werkzeug.datastructures import Headers
from werkzeug.sansio.response import Response as SansIOResponse

from scorekeeper import security

# what a JSON provider writes, when it is Flask's own (scorekeeper.security's only changes reading)
_PROVIDER_DUMPS = DefaultJSONProvider.dumps
# the signing keys derived from secret keys: a handful at most, as keys change only with the configuration
_DERIVED: dict[tuple[Any, ...], bytes] = {}


class KeyedSigner(TimestampSigner):
    """itsdangerous' timestamp signer, deriving the key from each secret key once rather than at every signature."""

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        """The key itsdangerous derives from `secret_key` (default: the newest), derived once."""
        secret = self.secret_keys[-1] if secret_key is None else want_bytes(secret_key)
        known = (secret, self.salt, self.key_derivation, self.digest_method)
        found = _DERIVED.get(known)
        if found is None:
            found = _DERIVED[known] = super().derive_key(secret)
        return found


def plain_json(value: Any, tags: Any) -> bool:
    """True when `value` is JSON as it is: nothing Flask's tagged serializer would tag, nothing a tag could be read from.

    >>> tags = TaggedJSONSerializer().tags
    >>> plain_json({"games": ["abc"], "day": 739945, "_permanent": True}, tags)
    True
    >>> [plain_json(v, tags) for v in ({"_flashes": [("message", "Saved")]}, {" t": 1}, {1: 2}, b"x")]
    [False, False, False, False]
    """
    kind = type(value)
    if kind is dict:
        if len(value) == 1 and next(iter(value)) in tags:
            return False
        return all(type(key) is str and plain_json(item, tags) for key, item in value.items())
    if kind is list:
        return all(plain_json(item, tags) for item in value)
    return value is None or kind in (str, int, float, bool)


@lru_cache(maxsize=8)
def _encoder(ensure_ascii: bool, sort_keys: bool) -> Callable[[Any], str]:
    # what the app's JSON provider writes (flask.json.dumps), for values that never need its `default`
    return json.JSONEncoder(ensure_ascii=ensure_ascii, sort_keys=sort_keys, separators=(",", ":")).encode


class SessionJSON(TaggedJSONSerializer):
    """Flask's tagged JSON for sessions, writing a value with nothing to tag as it is (the same text either way)."""

    def dumps(self, value: Any) -> str:
        """The tagged JSON text of `value`, as Flask's serializer writes it."""
        provider = current_app.json if current_app else None  # flask.json's choice: the app's provider, if any
        if getattr(type(provider), "dumps", None) is not _PROVIDER_DUMPS or not plain_json(value, self.tags):
            return super().dumps(value)
        return _encoder(provider.ensure_ascii, provider.sort_keys)(value)  # type: ignore[union-attr]


class SessionInterface(security.SessionInterface):
    """Flask's signed-cookie sessions, with one serializer per secret key (and fallbacks) instead of one per request.

    A cookie whose signature was checked once is not checked again (see the module).
    """

    # hashlib's own SHA-1 (Flask wraps it in a function so that FIPS builds fail late): hmac's C implementation
    digest_method = staticmethod(hashlib.sha1)
    serializer = SessionJSON()
    # cookies checked already: the table's phones, each sending its own; one is at most 4 KB (browsers' limit)
    CHECKED_COOKIES = 2048

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}
        self._checked: LRUCache[tuple[Any, str], tuple[str, int]] = LRUCache(self.CHECKED_COOKIES)
        self._lock = threading.Lock()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's session of this request's cookie; a cookie checked before is read without checking it again."""
        signing = self.get_signing_serializer(app)
        if signing is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        key = (signing, cookie)  # the serializer stands for the keys: another key, another check
        with self._lock:
            checked = self._checked.get(key)
        if checked is None:
            try:
                data, signed_at = signing.loads(cookie, return_timestamp=True)  # its age is checked below
            except BadSignature:
                return self.session_class()
            checked = (self.serializer.dumps(data), int(signed_at.timestamp()))
            with self._lock:
                self._checked[key] = checked
        text, signed = checked
        # itsdangerous' own rule (TimestampSigner.unsign with Flask's max_age): too old, or signed in the future
        age = int(time.time()) - signed
        if not 0 <= age <= int(app.permanent_session_lifetime.total_seconds()):
            return self.session_class()
        return self.session_class(self.serializer.loads(text))

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The serializer Flask would build for the app's current keys, built once for them."""
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if keys not in self._serializers:
            # a handful of entries at most: a key changes only when the configuration does
            found = super().get_signing_serializer(app)
            if found is not None:
                found.signer = KeyedSigner
            self._serializers[keys] = found
        return self._serializers[keys]


class SessionCookies:
    """Where a session interface's save_session writes, for an answer already finished: the cookies it sets.

    A stand-in for the response: its set_cookie and delete_cookie are werkzeug's own (they
    add a Set-Cookie header), its Vary a set. For an answer whose headers were finished once
    for every phone (sessions/quick_board.py), which names Cookie in Vary already: what
    differs from one phone to the next is the session's cookie alone, and building a whole
    response to catch it cost as much as signing it.
    """

    set_cookie = SansIOResponse.set_cookie
    delete_cookie = SansIOResponse.delete_cookie

    def __init__(self, app: Flask) -> None:
        self.max_cookie_size = app.config["MAX_COOKIE_SIZE"]  # as Flask's response reads it
        self.headers = Headers()
        self.vary: set[str] = set()

    @classmethod
    def saved(cls, app: Flask, session: SessionMixin) -> list[str]:
        """The Set-Cookie values the app's session interface writes for `session`, in order."""
        caught = cls(app)
        app.session_interface.save_session(app, session, caught)  # type: ignore[arg-type]
        return caught.headers.getlist("Set-Cookie")


def init_app(app: Flask) -> None:
    """Install the session interface, and ask once per hook or view whether it needs running as a coroutine."""
    app.session_interface = SessionInterface()
    ensure_sync: Callable[[Callable[..., Any]], Callable[..., Any]] = app.ensure_sync
    # bounded by the app's functions (its views and hooks), which are made once at start
    app.ensure_sync = lru_cache(maxsize=1024)(ensure_sync)  # type: ignore[method-assign]
