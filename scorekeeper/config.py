"""Configuration defaults; instance/config.py and SCOREKEEPER_* variables override them."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

# unset means: generate one and keep it in instance/secret_key, so a restart never breaks an open form
SECRET_KEY = os.environ.get("SECRET_KEY") or None
SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
# a scoreboard tab stays open all evening: the CSRF token must outlive one hour
WTF_CSRF_TIME_LIMIT = None
# the address phones should use in QR codes, e.g. "http://192.168.1.20:5000"; empty means the request's own
PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
MAX_CONTENT_LENGTH = 2 * 1024 * 1024


def instance_secret_key(instance_path: str) -> str:
    """The secret key kept in instance/secret_key, created on first use (readable by its owner only)."""
    path = Path(instance_path) / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        # an empty file (a crash mid-write): replace it rather than run with an empty key
        path.unlink()
        return instance_secret_key(instance_path)
    key = secrets.token_hex(32)
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
