"""Configuration defaults; instance/config.py and SCOREKEEPER_* variables override them."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

# unset means: generate one and keep it in instance/secret_key, so a restart never breaks an open form
SECRET_KEY = os.environ.get("SECRET_KEY") or None
SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
# a scoreboard tab stays open all evening: the CSRF token must outlive one hour
WTF_CSRF_TIME_LIMIT = None
# pages send no Referer (a game's address is its credential), so HTTPS posts cannot be checked
# against it; the CSRF token and SameSite cookies still guard every form
WTF_CSRF_SSL_STRICT = False
# the address phones should use in QR codes, e.g. "http://192.168.1.20:5000"; empty means the request's own
PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
MAX_CONTENT_LENGTH = 2 * 1024 * 1024

# the host (the device running the server) sees every game; guests only the links they hold.
# True makes requests from this computer the host's: `scorekeeper serve` sets it when it listens
# on loopback only; with --lan, behind a proxy or under gunicorn, the host uses the host link
LOOPBACK_IS_HOST = False
# proxies in front of the app (Werkzeug's ProxyFix): 0 means requests come straight from browsers
TRUSTED_PROXIES = 0
# host names the app answers besides loopback, the LAN addresses `serve --lan` uses and
# PUBLIC_URL's host (any other Host header gets 400), e.g. ["scores.example.org", ".home.arpa"]
ALLOWED_HOSTS: list[str] = []
# cookies never ride along on another site's requests; a guest's device remembers its games for long
SESSION_COOKIE_SAMESITE = "Lax"
PERMANENT_SESSION_LIFETIME = timedelta(days=400)


def instance_secret_key(instance_path: str) -> str:
    """The secret key kept in instance/secret_key, created on first use (readable by its owner only)."""
    return instance_secret(instance_path, "secret_key")


def instance_secret(instance_path: str, name: str) -> str:
    """A random secret kept in the instance folder's file `name`, created on first use (owner-only)."""
    path = Path(instance_path) / name
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        # an empty file (a crash mid-write): replace it rather than run with an empty key
        path.unlink()
        return instance_secret(instance_path, name)
    key = secrets.token_hex(32) if name == "secret_key" else secrets.token_urlsafe(24)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key)
    return key


def database_url(instance_path: str) -> str:
    """DATABASE_URL when set (PostgreSQL), else SQLite in the instance folder."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url or f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
