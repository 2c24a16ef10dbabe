"""The server's side of what the phone does while a hand is typed and saved.

Every hand form keeps what is typed in the browser's localStorage
(static/js/device-draft.js) under a key naming the session, the hand and the
form; the page after a save names the drafts it made obsolete, so the phone
forgets them. With script, Save posts in the background
(static/js/background-save.js): a saved hand is then answered with the
address to go to (JSON) instead of a redirect, so that the flash messages
and the drafts to forget reach the page the phone opens next.
"""

from __future__ import annotations

from flask import flash, jsonify, redirect, request
from werkzeug.wrappers import Response

from scorekeeper.models import GameSession
from scorekeeper.sessions import bp

BACKGROUND_HEADER = "X-Background-Save"
DRAFT_CATEGORY = "device-draft"


@bp.app_template_global()
def device_draft_key(gs: GameSession, what: str) -> str:
    """The key (or key prefix) of a phone's drafts of one thing of a session: "hand3", "edit12", "hand3|part1".

    The session's creation time goes with its id, so a database started afresh never
    restores a draft typed for another game that had the same id.
    """
    return f"sk-draft|{gs.id}.{gs.created_at:%Y%m%d%H%M%S}|{what}"


def forget_drafts(gs: GameSession, *what: str) -> None:
    """Tell the next page to clear these drafts from the phone (each a key or a key prefix)."""
    for item in what:
        flash(device_draft_key(gs, item), DRAFT_CATEGORY)


def after_save(url: str) -> Response:
    """Where a saved form goes: a redirect, or for a background save the address as JSON."""
    if request.headers.get(BACKGROUND_HEADER):
        return jsonify(saved=True, location=url)
    return redirect(url)
