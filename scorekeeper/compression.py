"""Compressed answers: pages, styles, scripts and JSON travel gzip-, brotli- or zstd-compressed.

Flask-Compress compresses every answer of a type in COMPRESS_MIMETYPES (config.py)
when the browser says it can read the result. A compressed answer's strong ETag
gets the encoding appended (``"v7"`` becomes ``"v7:gzip"``, as it must: the bytes
differ), so the browser asks ``If-None-Match: "v7:gzip"``. The app's requests read
that header without the suffix as well, so a view comparing its own ETag with
``request.if_none_match`` answers 304 without first building the page.

An answer whose strong ETag names its bytes (a view link's scoreboard, the same
for every phone until the game changes) is compressed once per encoding and
kept (CompressedAnswers, Flask-Compress's cache backend): compressing the page
again for each phone cost three times the rest of the answer.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any

from flask import Flask, Request, current_app, request
from flask_compress import Compress
from flask_compress.flask_compress import _choose_algorithm
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags
from werkzeug.utils import cached_property
from werkzeug.wrappers import Response

compress = Compress()
# what Flask-Compress appends to a compressed answer's strong ETag
_ENCODING_SUFFIX = re.compile(r":(?:gzip|br|zstd|deflate)$")


def plain_etags(tags: ETags) -> ETags:
    """The tags, and each strong one also without the encoding suffix Flask-Compress gave it.

    >>> plain_etags(ETags(["v7:gzip"])).contains("v7")
    True
    >>> plain_etags(ETags(["v7:gzip"])).contains("v8")
    False
    """
    if tags.star_tag or not tags:
        return tags
    strong = tags.as_set()
    weak = tags.as_set(include_weak=True) - strong
    return ETags(strong | {_ENCODING_SUFFIX.sub("", tag) for tag in strong}, weak)


class CompressedRequest(Request):
    """Flask's request, whose If-None-Match also matches the uncompressed answer's ETag."""

    @cached_property
    def if_none_match(self) -> ETags:
        """The tags in If-None-Match, each compressed answer's also without its encoding suffix."""
        return plain_etags(parse_etags(self.headers.get("If-None-Match")))


# where a view says that its answer's bytes are named by its strong ETag (see same_bytes_as)
_KEPT_AS = "scorekeeper.compressed_as"


def same_bytes_as(etag: str, environ: dict[str, Any] | None = None) -> None:
    """Say that this request's answer is the same bytes whenever its strong ETag is `etag`: compressed once, kept.

    `environ`: the request's WSGI environment (default: this request's).
    """
    (request.environ if environ is None else environ)[_KEPT_AS] = etag


def _cache_key(asked: Request) -> str | None:
    # Flask-Compress asks this of every answer it compresses, and looks up f"{encoding};{key}"
    return asked.environ.get(_KEPT_AS)


class CompressedAnswers:
    """Compressed answers by encoding and ETag, the least recently used dropped past `max_bytes`; thread-safe.

    Keys are Flask-Compress's ``"<encoding>;<key>"``; an answer no view named (key None) is neither kept nor found.

    >>> kept = CompressedAnswers(max_bytes=10)
    >>> kept.set("gzip;v1", b"123456"); kept.set("gzip;None", b"x"); kept.set("br;v1", b"12345")
    >>> kept.get("gzip;v1"), kept.get("gzip;None"), kept.get("br;v1")
    (None, None, b'12345')
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._bytes = 0
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The compressed answer kept under `key`, or None."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def set(self, key: str, value: bytes) -> None:
        """Keep `value` under `key` (not for an answer no view named), dropping the least recently used past the bound."""
        if key.endswith(";None") or len(value) > self.max_bytes:
            return
        with self._lock:
            old = self._kept.pop(key, None)
            self._bytes += len(value) - (0 if old is None else len(old))
            self._kept[key] = value
            while self._bytes > self.max_bytes:
                _, dropped = self._kept.popitem(last=False)
                self._bytes -= len(dropped)


def compress_kept(response: Response, asked: Request) -> bool:
    """Do to `response`, a kept answer to `asked` (see same_bytes_as), what Flask-Compress's after_request does.

    Its version 1.25's, step by step (pyproject.toml pins it; tests/test_quick_board.py compares the answers).

    For an answer answered before Flask (sessions/quick_board.py), which has no request
    context for the hook to read. False, having changed nothing, when its compressed bytes
    are not kept yet: the app then answers, compressing and keeping them.
    """
    if response.is_streamed:
        return False  # compressed chunk by chunk as it goes: only the hook does that
    config = current_app.config
    chosen = _choose_algorithm(compress.enabled_algorithms, asked.headers.get("Accept-Encoding", ""))
    compressing = not (
        chosen is None or response.mimetype not in compress.compress_mimetypes_set
        or not 200 <= response.status_code < 300 or "Content-Encoding" in response.headers
        or (response.content_length is not None and response.content_length < config["COMPRESS_MIN_SIZE"]))
    found = None
    if compressing:
        key = None if compress.cache is None or compress.cache_key is None else compress.cache_key(asked)
        found = None if key is None else compress.cache.get(f"{chosen};{key}")  # type: ignore[union-attr]
        if found is None:
            return False
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = "Accept-Encoding"
    elif "accept-encoding" not in vary.lower():
        response.headers["Vary"] = f"{vary}, Accept-Encoding"
    if found is None:
        return True
    response.direct_passthrough = False
    response.headers["Content-Encoding"] = str(chosen)
    response.set_data(found)
    response.headers["Content-Length"] = str(response.content_length)
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(f"{etag}:{chosen}", weak=False)
    if config["COMPRESS_EVALUATE_CONDITIONAL_REQUEST"] and asked.method in ("GET", "HEAD"):
        response.make_conditional(asked)
    return True


def init_app(app: Flask) -> None:
    """Compress the app's answers and read If-None-Match as above (call before other after_request hooks)."""
    app.request_class = CompressedRequest
    app.config.setdefault("COMPRESS_CACHE_KEY", _cache_key)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", lambda: CompressedAnswers(app.config["COMPRESSED_ANSWERS_MAX_BYTES"]))
    # registered first, its after_request hook runs last: it compresses the finished answer
    compress.init_app(app)
