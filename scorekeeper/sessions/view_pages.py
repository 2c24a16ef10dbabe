"""A view link's scoreboard kept per version: the name it is kept under and the one lookup that finds it.

Asked by the scoreboard's view (sessions/routes.py) and by the shortcut answering
it before Flask (sessions/quick_board.py), each with its own request and session:
the same rule for both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app
from werkzeug.wrappers import Request, Response

from scorekeeper import revalidate
from scorekeeper.sessions.access import current


def view_page_name(token: str, *, host: bool, asked: Request, held: Mapping[str, Any]) -> str | None:
    """The name a view link's scoreboard is kept under with its version, or None when this request's is not kept.

    `host`: whether the request is the host's; `asked`: the request; `held`: its session.
    A view link's page has no form and nothing of the visitor's but what the name holds (host
    or guest, the address it was asked at); a page with a message to show, or asked with a
    query, is built afresh. An edit link's page carries the visitor's own CSRF token: never kept.
    """
    if asked.query_string or "_flashes" in held:
        return None
    # the address as asked, not request.host_url: the same scheme, host and root give the same host_url, and
    # decoding it (uri_to_iri) cost as much as the rest of a look-up
    return f"page {token} {host} {asked.scheme}://{asked.host}{asked.root_path}/"


def view_page_etag(game: Any, name: str) -> str:
    """The ETag of the view page kept as `name` for `game`'s current version.

    `game`: a GameSession, or a row of its id, created_at and version. The view sends this
    ETag with the page it builds, and the lookup (known_view_page) gives the same one after.
    """
    return revalidate.etag_for(game.id, str(game.created_at), game.version, name)


def known_view_page(token: str, name: str | None) -> tuple[str, bytes | None] | None:
    """A view link's scoreboard kept as `name` for the session's current version: its ETag, and the page if built.

    None when the page is not kept (`name` None: see view_page_name), or `token` opens no game
    or is an edit link. One lookup, nothing loaded.
    """
    # imported here: history's score cache imports the sessions blueprint's service
    from scorekeeper.history.scores import ScoreCache, cache

    found = current(token) if name else None
    if found is None or found.edit_token == token:
        return None
    etag = view_page_etag(found, name)
    entry = cache().entry(ScoreCache.key(found.id, found.created_at, found.version))
    return etag, None if entry is None else entry.pages.get(name)


def kept_view_answer(etag: str, page: bytes | None, asked: Request | None = None) -> Response | None:
    """The answer of a kept view page (see known_view_page) to `asked` (default: this request).

    A 304 when the browser holds this version; the page when it is built; None when it has to be.
    """
    answer = revalidate.not_modified(etag, asked)
    if answer is not None or page is None:
        return answer
    return revalidate.kept(current_app.response_class(page), etag, asked)
