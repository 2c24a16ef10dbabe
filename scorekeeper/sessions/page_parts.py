"""The parts of the scoreboard page (sessions/show.html) that change with the game, besides the scoreboard.

A live update (share.routes.live) sends them with the scoreboard, so a phone following the game
shows what a fresh load of its page would: a won game's result with its Rematch, the next hand's
number and Undo, the players' names, what was entered. Each part is the new content of the page's element
with that id.
"""

from __future__ import annotations

from typing import Any

from flask import render_template
from markupsafe import Markup
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.scoreboard.fragments import built
from scorekeeper.sessions.forms import ConfirmForm
from scorekeeper.sessions.table_forms import DealerForm
from scorekeeper.tables.table import Table


def hand_data(table: Table, position: int) -> dict[str, Any] | None:
    """The stored entry of the table's hand `position` (from 1), or None when the game has no such hand.

    Read as a plain row: the list of what was entered shows one hand's cards, and the table's hands stay unread.
    """
    return db.session.execute(
        select(Hand.data).where(Hand.session_id == table.game.id, Hand.position == position)
    ).scalar_one_or_none()


def edit_controls(table: Table) -> dict[str, Any]:
    """What an edit link's scoreboard needs besides the board: its forms, the undone hand it offers to put back, and
    who has sent their part of the next hand (from this request's table, which has counted the hands already)."""
    return {
        "undo_form": ConfirmForm(),
        "put_back": table.restorable,
        "dealer_form": DealerForm().setup(table.dealt_in()),
        "draft": table.parts_status,
    }


def entered_html(table: Table, board: dict[str, Any], from_hand: int | None = None) -> Markup:
    """The list of what was entered (sessions/_entered.html) of this version: built once per version and link.

    With `from_hand`, the list holds only the hands from that one on: what a live update sends a
    phone that keeps its own entries of the hands before it.
    """
    token = table.token
    name = f"entered {token}" if from_hand is None else f"entered {token} from {from_hand}"
    return built(board, name, lambda: render_template(
        "sessions/_entered.html", gs=table.game, token=token, board=board, from_hand=from_hand,
        last_html=last_entered_html(table, board) if board["rows"] else None))


def last_entered_html(table: Table, board: dict[str, Any]) -> Markup:
    """The last hand's entry in words, with its cards (sessions/_last_entered.html): built once per version.

    Every link's list of what was entered shows it, in full and in a live update: it names no link.
    """
    return built(board, "last entered", lambda: render_template(
        "sessions/_last_entered.html", gs=table.game, last=hand_data(table, board["count"]), row=board["rows"][-1]))


def page_parts(table: Table, board: dict[str, Any], rows: dict[str, Any] | None = None) -> dict[str, str]:
    """The content of each changing part of this link's scoreboard page, by the id of its element.

    With `rows` (scoreboard.live_rows.rows_since: the phone keeps its rows of hands first to
    after), what was entered lists only the hands from `after` on: the phone keeps its entries
    of the hands before it, which are those hands' as this version shows them (its entry of
    hand `after` may show that hand's cards, as the last hand's does, so that one is sent again).
    A view link's parts are built once per version (scoreboard.fragments.built); an edit link's
    controls carry the visitor's CSRF token, so they are built for each answer.
    """
    access, token = table.access, table.token
    page = {"gs": table.game, "table": table, "access": access, "token": token, "board": board}
    parts = {
        "session-header": built(board, f"header {access}", lambda: render_template(
            "sessions/_session_header.html", **page)),
        "entered-hands": entered_html(table, board, rows["after"] if rows else None),
    }
    if access != "edit":
        parts["game-result"] = built(board, f"result {token}", lambda: render_template(
            "sessions/_game_result.html", **page))
    else:
        page |= edit_controls(table)
        # Rematch carries the visitor's CSRF token
        parts["game-result"] = Markup(render_template("sessions/_game_result.html", **page))
        parts["game-actions"] = Markup(render_template("sessions/_game_actions.html", **page))
        parts["review-actions"] = Markup(render_template("sessions/_review_actions.html", **page))
    return {name: str(html) for name, html in parts.items()}
