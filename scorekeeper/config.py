"""Configuration defaults; instance/config.py and SCOREKEEPER_* variables override them."""

from __future__ import annotations

import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path

# unset means: generate one and keep it in instance/secret_key, so a restart never breaks an open form
SECRET_KEY = os.environ.get("SECRET_KEY") or None
# a server database's connections are replaced after POOL_RECYCLE_SECONDS (create_app adds pool_recycle for
# them), before a firewall or an idle timeout drops them unseen; one lost to a restarted server is found by the
# statement that fails on it, and SQLAlchemy then replaces every connection of the pool (share/quick_poll.py's
# lookup tries once more, a request through Flask answers 503: send again). Not pool_pre_ping: a round trip
# before every request, on a server whose requests are mostly one-query polls. An SQLite file has none to lose.
SQLALCHEMY_ENGINE_OPTIONS: dict = {}
POOL_RECYCLE_SECONDS = 300
# how long a statement of the app's waits for a lock another transaction holds (a restore, an operator's
# LOCK TABLE) before the request answers 503, "send it again": SQLite's busy timeout, PostgreSQL's lock_timeout.
# Short of gunicorn's 30 s worker timeout, which would kill the request and answer 500
LOCK_WAIT_SECONDS = 5
# a scoreboard tab stays open all evening: the CSRF token must outlive one hour
WTF_CSRF_TIME_LIMIT = None
# pages send no Referer (a game's address is its credential), so HTTPS posts cannot be checked
# against it; the CSRF token and SameSite cookies still guard every form
WTF_CSRF_SSL_STRICT = False
# the address phones should use in QR codes, e.g. "http://192.168.1.20:5000"; empty means the request's own
PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
MAX_CONTENT_LENGTH = 2 * 1024 * 1024
# how many proxies (a TLS terminator, a load balancer) stand before the app and set X-Forwarded-*;
# 0 trusts no such header, as a server reached directly must
TRUSTED_PROXIES = 0
# create or upgrade the database's schema when the app starts; false leaves it to `scorekeeper db ...`
MIGRATE_ON_START = True
# what Flask-Compress compresses (when the browser accepts it): text, not images or archives already compressed
COMPRESS_MIMETYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
                      "text/csv", "text/plain", "image/svg+xml"]
# answers streamed from a file or a generator go out as they are: Flask-Compress would leave the file
# unclosed, and the static files pages use are served compressed from memory (scorekeeper/assets.py)
COMPRESS_STREAMS = False

# how often (ms) a page following a game asks for news: the scoreboard and view link (their live poll), and the
# pages of players sending their own part; a busy hosted server may ask phones to ask less often
LIVE_POLL_MS = 2500

# the most memory (bytes) each process gives to remembering scored sessions, per version, with what the
# scoreboards built from them (scorekeeper/tables/standings_cache.py); the sessions used least recently are scored
# again when needed
SCORE_CACHE_MAX_BYTES = 64 * 1024 * 1024

# the host (the device running the server) sees every game; guests only the links they hold.
# True makes requests from this computer the host's: `scorekeeper serve` sets it when it listens
# on loopback only; with --lan, behind a proxy or under gunicorn, the host uses the host link
LOOPBACK_IS_HOST = False
# host names the app answers besides loopback, the LAN addresses `serve --lan` uses and
# PUBLIC_URL's host (any other Host header gets 400), e.g. ["scores.example.org", ".home.arpa"]
ALLOWED_HOSTS: list[str] = []
# cookies never ride along on another site's requests; a guest's device remembers its games for long
SESSION_COOKIE_SAMESITE = "Lax"
PERMANENT_SESSION_LIFETIME = timedelta(days=400)
# a guest's cookie is renewed once a day, when it looks at a game (host/devices.py), not signed and sent
# again with every answer: that cost each of a phone's requests as much as the rest of a page from the cache
SESSION_REFRESH_EACH_REQUEST = False


def instance_secret_key(instance_path: str) -> str:
    """The secret key kept in instance/secret_key, created on first use (readable by its owner only)."""
    return instance_secret(instance_path, "secret_key")


def instance_secret(instance_path: str, name: str) -> str:
    """A random secret kept in the instance folder's file `name`, created on first use (owner-only).

    Several processes starting at once all end up with the same key: each writes a
    complete key to a file of its own, then links it into place, which succeeds for one
    of them only; every process then reads the key that won.
    """
    path = Path(instance_path) / name
    key = _read_key(path)
    if key:
        return key
    if key is None:
        temp = _new_key_file(instance_path, name)
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

    with FileLock(str(Path(instance_path) / f"{name}.lock")):
        key = _read_key(path)
        if not key:
            os.replace(_new_key_file(instance_path, name), path)
            key = _read_key(path)
    return key


def _read_key(path: Path) -> str | None:
    """The key in the file, "" when the file is empty, None when there is none."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None


def _new_key_file(instance_path: str, name: str) -> str:
    """A new key, written whole to a temporary file in the instance folder; returns its path."""
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", dir=instance_path)
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

# a relationship of a game that the query opening its table did not load raises instead of loading lazily
# (scorekeeper/tables/table.py): the tests turn it on, so that every page proves it reads what it needs up front
RAISE_ON_LAZY_LOAD = False
