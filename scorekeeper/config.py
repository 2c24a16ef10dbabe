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
    key = _read_key(path)
    if key:
        return key
    if key is None:
        temp = _new_key_file(instance_path)
        try:
            os.link(temp, path)
        except FileExistsError:
            pass  # another process linked its key first: read theirs
        finally:
            Path(temp).unlink()
        key = _read_key(path)
        if key:
            return key
    # an empty file, left by a crash mid-write before keys were linked into place: replaced by one process
    # only, under a lock, or two processes starting at once could each replace it with a key of their own
    from filelock import FileLock

    with FileLock(str(Path(instance_path) / "secret_key.lock")):
        key = _read_key(path)
        if not key:
            os.replace(_new_key_file(instance_path), path)
            key = _read_key(path)
    return key


def _read_key(path: Path) -> str | None:
    """The key in the file, "" when the file is empty, None when there is none."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None


def _new_key_file(instance_path: str) -> str:
    """A new key, written whole to a temporary file in the instance folder; returns its path."""
    fd, temp = tempfile.mkstemp(prefix=".secret_key.", dir=instance_path)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(secrets.token_hex(32))
        file.flush()
        os.fsync(file.fileno())
    os.chmod(temp, 0o600)
    return temp


def database_url(instance_path: str) -> str:
    """DATABASE_URL when set (PostgreSQL), else SQLite in the instance folder."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url or f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
