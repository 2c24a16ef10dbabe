"""Pages a browser keeps and asks about again: an ETag per version of what they show, answered 304 when unchanged.

A view link's scoreboard is the same for everyone who opens it with the same link,
as host or guest, at the same address, until the game changes: its ETag names
that, with the version of the game, and a digest of what builds pages (templates,
the package's code, the names of the static files), so that an upgrade never
leaves a page built by the old code in a browser. It is sent ``Cache-Control:
private, no-cache``: only the browser keeps it (never a shared cache: the
address is the credential), and asks before every use; an unchanged game
answers 304 with no body.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import current_app, request
from werkzeug.wrappers import Response

from scorekeeper import assets

REVALIDATE = "private, no-cache"


def _code_digest() -> str:
    """A digest of everything pages are built from but the data: templates, the package's code, static names."""
    found = current_app.extensions.get("scorekeeper_code_digest")
    if found is None:
        digest = hashlib.sha256()
        package = Path(__file__).resolve().parent
        folders = [Path(current_app.template_folder or ""), package]
        for path in sorted(p for folder in folders for p in folder.rglob("*") if p.suffix in (".html", ".py")):
            digest.update(path.name.encode() + path.read_bytes())
        for name in sorted(assets.manifest().by_name):
            digest.update(assets.manifest().hashed_name(name).encode())
        found = current_app.extensions["scorekeeper_code_digest"] = digest.hexdigest()
    return found


def etag_for(*parts: Any) -> str:
    """The ETag of a page built from `parts` (its data's version and whatever else it depends on) by this code."""
    return hashlib.sha256(repr((_code_digest(), parts)).encode()).hexdigest()[:32]


def not_modified(etag: str) -> Response | None:
    """A 304 answer when the browser already holds the page of this ETag, else None."""
    if etag not in request.if_none_match:
        return None
    return kept(current_app.response_class(status=304), etag)


def kept(response: Response, etag: str) -> Response:
    """The answer, marked for the browser to keep and revalidate by its ETag (which names its bytes)."""
    response.set_etag(etag)
    response.headers["Cache-Control"] = REVALIDATE
    return response
