"""Configuration defaults; instance/config.py and SCOREKEEPER_* variables override them."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

# unset means: generate one and keep it in instance/secret_key, so a restart never breaks an open form
SECRET_KEY = os.environ.get("SECRET_KEY") or None
SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
# a scoreboard tab stays open all evening: the CSRF token must outlive one hour
WTF_CSRF_TIME_LIMIT = None
# the address phones should use in QR codes, e.g. "http://192.168.1.20:5000"; empty means the request's own
PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
MAX_CONTENT_LENGTH = 2 * 1024 * 1024
# how many proxies (a TLS terminator, a load balancer) stand before the app and set X-Forwarded-*;
# 0 trusts no such header, as a server reached directly must
TRUSTED_PROXIES = 0
# create or upgrade the database's schema when the app starts; false leaves it to `scorekeeper db ...`
MIGRATE_ON_START = True


def instance_secret_key(instance_path: str) -> str:
    """The secret key kept in instance/secret_key, created on first use (readable by its owner only).

    Several processes starting at once all end up with the same key: each writes a
    complete key to a file of its own, then links it into place, which succeeds for one
    of them only; every process then reads the key that won.
    """
    path = Path(instance_path) / "secret_key"
    for _ in range(3):
        try:
            key = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            key = ""
        if key:
            return key
        fd, temp = tempfile.mkstemp(prefix=".secret_key.", dir=instance_path)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32))
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temp, 0o600)
            if path.exists():
                # an empty file, left by a crash mid-write before keys were linked into place
                os.replace(temp, path)
            else:
                try:
                    os.link(temp, path)
                except FileExistsError:
                    pass  # another process linked its key first: read theirs
        finally:
            Path(temp).unlink(missing_ok=True)
    raise RuntimeError(f"could not create the secret key in {path}")


def database_url(instance_path: str) -> str:
    """DATABASE_URL when set (PostgreSQL), else SQLite in the instance folder."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url or f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
