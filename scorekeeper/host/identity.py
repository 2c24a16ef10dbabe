"""Who is the host: the host key, the host cookie, and the loopback rule.

The host is the device that runs the server. A request is the host's when it
carries the host cookie, or when it comes from this computer while the server
listens on loopback only (``LOOPBACK_IS_HOST``, set by ``scorekeeper serve``
without ``--lan``) and no proxy stands in front. Everyone else is a guest,
who holds only the links given to them. Like Jupyter's token, the host key
is made once into the instance folder; the host link (``/host/<key>``) sets
the cookie, and ``scorekeeper host-key --new`` replaces the key, which makes
every host cookie stop working at once.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
from collections.abc import Callable, Mapping
from functools import wraps
from pathlib import Path
from typing import Any

from flask import abort, current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Request

from scorekeeper.config import instance_secret

HOST_KEY_FILE = "host_key"
HOST_COOKIE = "scorekeeper_host"
# a host cookie outlives any evening: browsers cap cookies at 400 days anyway
HOST_COOKIE_DAYS = 400
# headers a proxy adds: a request that carries one came from elsewhere, whatever its address
FORWARDING_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-IP", "Via",
                      "CF-Connecting-IP", "True-Client-IP", "X-Client-IP")
GUEST_MESSAGE = (
    "This page is for the host: the device that runs Scorekeeper."
    " Ask the host for the link to your game, or open the host link on this device."
)


def host_key(instance_path: str | None = None) -> str:
    """The host key kept in instance/host_key, made on first use."""
    return instance_secret(instance_path or current_app.instance_path, HOST_KEY_FILE)


def new_host_key(instance_path: str) -> str:
    """Replace the host key (every host cookie stops working); returns the new key."""
    path = Path(instance_path) / HOST_KEY_FILE
    key = secrets.token_urlsafe(24)
    spare = path.with_name(f".{HOST_KEY_FILE}.{os.getpid()}")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key)
    # a rename is atomic: a server reading the key sees the old one or the new one, never half
    os.replace(spare, path)
    return key


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="scorekeeper-host")


def _key_digest() -> str:
    # the cookie names the key it was made for, so a new key retires every old cookie
    return hashlib.sha256(host_key().encode()).hexdigest()


def host_cookie_value() -> str:
    """The signed value of the host cookie for the current host key."""
    return _serializer().dumps(_key_digest())


def key_matches(candidate: str) -> bool:
    """True when `candidate` is the host key (compared in constant time)."""
    return hmac.compare_digest(candidate.encode(), host_key().encode())


def _has_host_cookie() -> bool:
    value = request.cookies.get(HOST_COOKIE)
    if not value:
        return False
    try:
        digest = _serializer().loads(value)
    except BadSignature:
        return False
    return isinstance(digest, str) and hmac.compare_digest(digest, _key_digest())


def is_loopback_address(address: str | None) -> bool:
    """True for an address (or "localhost") that only this computer can reach.

    >>> [is_loopback_address(a) for a in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "192.168.1.5", None)]
    [True, True, True, False, False, False]
    """
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


def on_this_computer(config: Mapping[str, Any], asked: Request) -> bool:
    """True when the request `asked` of an app configured by `config` is the host's by the loopback rule.

    That is: it comes from this computer, with no proxy in between, while the server
    listens on loopback only (see the module).
    """
    if not config.get("LOOPBACK_IS_HOST") or config.get("TRUSTED_PROXIES"):
        return False
    if any(header in asked.headers for header in FORWARDING_HEADERS):
        return False
    return is_loopback_address(asked.remote_addr)


def is_host() -> bool:
    """True when this request is the host's (host cookie, or this computer on a loopback-only server)."""
    if "is_host" not in g:
        g.is_host = on_this_computer(current_app.config, request) or _has_host_cookie()
    return g.is_host


def host_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Answer 403 to guests: the page lists or reveals games they were not given."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not is_host():
            abort(403, GUEST_MESSAGE)
        return view(*args, **kwargs)

    return guarded
