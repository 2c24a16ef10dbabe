"""Compressed answers: pages, styles, scripts and JSON travel gzip-, brotli- or zstd-compressed.

Flask-Compress compresses every answer of a type in COMPRESS_MIMETYPES (config.py)
when the browser says it can read the result. A compressed answer's strong ETag
gets the encoding appended (``"v7"`` becomes ``"v7:gzip"``, as it must: the bytes
differ), so the browser asks ``If-None-Match: "v7:gzip"``. The app's requests read
that header without the suffix as well, so a view comparing its own ETag with
``request.if_none_match`` answers 304 without first building the page.
"""

from __future__ import annotations

import re

from flask import Flask, Request
from flask_compress import Compress
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags
from werkzeug.utils import cached_property

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


def init_app(app: Flask) -> None:
    """Compress the app's answers and read If-None-Match as above (call before other after_request hooks)."""
    app.request_class = CompressedRequest
    # registered first, its after_request hook runs last: it compresses the finished answer
    compress.init_app(app)
