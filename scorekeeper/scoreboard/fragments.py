"""Fragments of pages built from one version of a session, kept with its standings cache entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import render_template
from markupsafe import Markup

from scorekeeper.scoreboard.live_rows import row_html
from scorekeeper.tables.standings_cache import cache
from scorekeeper.tables.table import Table


def built(board: dict[str, Any], name: str, build: Callable[[], str]) -> Markup:
    """A fragment of a page built from this version of the session: built once, then kept with its score cache entry.

    `name` must tell apart everything else the fragment depends on (the link it was opened
    with: its edit links carry the token).
    """
    entry = board["entry"]
    html = entry.pages.get(name)
    if html is None:
        html = build()
        cache().put_page(entry, name, html)
    return Markup(html)


def scoreboard_html(table: Table, board: dict[str, Any], rows: bool = True) -> Markup:
    """The scoreboard fragment (_scoreboard.html) of this version, as the table's link sees it; without its rows when not `rows`.

    Each row is built once for the hand body it shows (_scoreboard_row.html): a version that
    only added hands builds only the rows of the hands added. The fragment without rows (its
    table's body empty) is what a live update sends with only the rows a phone lacks (rows_since).
    """
    access, token = table.access, table.token
    return built(board, f"scoreboard {token}" if rows else f"scoreboard head {token}", lambda: render_template(
        "_scoreboard.html", gs=table.game, access=access, token=token, board=board,
        rows_html=Markup("\n".join(row_html(board, access, token)) if rows else "")))


def standings_html(table: Table, board: dict[str, Any]) -> Markup:
    """The standings fragment (_standings.html) of this version: the same for every link, built once per version.

    A live update sends it before the scoreboard fragment, in one piece of HTML (share.routes.live).
    """
    return built(board, "standings", lambda: render_template("_standings.html", gs=table.game, board=board))

