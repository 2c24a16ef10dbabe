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

from flask import flash, jsonify, redirect, request, session, url_for
from werkzeug.wrappers import Response

from scorekeeper.sessions import bp
from scorekeeper.tables.table import Table

BACKGROUND_HEADER = "X-Background-Save"
DRAFT_CATEGORY = "device-draft"


@bp.app_template_global()
def device_draft_key(table: Table, what: str) -> str:
    """The key (or key prefix) of a phone's drafts of one thing of a table's game: "hand3", "edit12", "hand3|part1".

    The game's creation time goes with its id, so a database started afresh never
    restores a draft typed for another game that had the same id.
    """
    game = table.game
    return f"sk-draft|{game.id}.{game.created_at:%Y%m%d%H%M%S}|{what}"


def forget_drafts(table: Table, *what: str) -> None:
    """Tell the next page to clear these drafts of the table's game from the phone (each a key or a key prefix)."""
    for item in what:
        flash(device_draft_key(table, item), DRAFT_CATEGORY)


def after_save(url: str) -> Response:
    """Where a saved form goes: a redirect, or for a background save the address as JSON."""
    if request.headers.get(BACKGROUND_HEADER):
        return jsonify(saved=True, location=url)
    return redirect(url)


_SAVED_CATEGORY = ("message",)  # the category flash() gives a message by default


def already_saved(table: Table, position: int) -> Response:
    """Back to the scoreboard, saying so, when a hand's form comes again after it was saved (a double tap).

    A retried background save lands here when the first try was saved but its answer was lost:
    the phone's drafts of that hand are done with.
    """
    # a background save's retry whose first try's answer was lost: that try's "Hand N saved." still waits
    # to be shown, and says it all (a second tap of Save without script is still told it was not saved twice)
    pending = [list(message) for message in session.get("_flashes", [])]
    if not (request.headers.get(BACKGROUND_HEADER) and [*_SAVED_CATEGORY, f"Hand {position} saved."] in pending):
        flash(f"Hand {position} was already saved; it was not saved twice.")
    forget_drafts(table, f"hand{position}")
    return after_save(url_for("sessions.show", token=table.token))
