"""What the pages show, read from the engine: game descriptions and the scoreboard."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, overload

from flask import current_app, flash, render_template, url_for
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from scorekeeper.security import MAX_ID
from scorekeeper.sessions import table
from scorekeeper.sessions.device import after_save, forget_drafts


def game_spec(game_id: str) -> engine.GameSpec | None:
    """The engine's description of a game, or None for an unknown id."""
    try:
        return engine.get_game(game_id)
    except ValueError:
        return None


def games() -> list[engine.GameSpec]:
    """Every game the engine knows, in its order."""
    return [engine.get_game(g) for g in engine.game_ids()]


def already_saved(gs: GameSession, token: str, position: int) -> Response:
    """Back to the scoreboard, saying so, when a hand's form comes again after it was saved (a double tap).

    A retried background save lands here when the first try was saved but its answer was lost:
    the phone's drafts of that hand are done with.
    """
    flash(f"Hand {position} was already saved; it was not saved twice.")
    forget_drafts(gs, f"hand{position}")
    return after_save(url_for("sessions.show", token=token))


def deck_counts(gs: GameSession) -> dict[str, int]:
    """Copies of each card in this session's decks (for the card picker), or none when the game has no deck."""
    try:
        return engine.deck_counts(gs.game, gs.options, len(gs.seats))
    except (AttributeError, ValueError):
        return {}


def points_bonuses(gs: GameSession) -> engine.PointsBonuses | None:
    """What the points form says about bonuses: those the table counts in, those the scorer adds (None: unknown)."""
    try:
        return engine.points_bonuses(gs.game, gs.options, len(gs.seats))
    except (AttributeError, ValueError):
        return None


@overload
def whole_number(text: str | None) -> int: ...
@overload
def whole_number(text: str | None, missing: None) -> int | None: ...
def whole_number(text: str | None, missing: int | None = 0) -> int | None:
    """A number a form sent (a hand id, a position, a choice); `missing` when it is missing, not a number or out of range.

    The one reader of whole numbers in forms. Out of range means past what a
    database id holds: such a number names nothing.
    """
    try:
        number = int(text) if text else None
    except ValueError:
        return missing
    return number if number is not None and abs(number) <= MAX_ID else missing


# the scoreboard's table and its list of what was entered show the latest hands; the Review page has every one
SHOWN_HANDS = 50


@dataclass(frozen=True)
class HandRow:
    """What the scoreboard shows of a stored hand beside its scores: where it is, and how it was entered."""

    id: int
    position: int
    entered_as_points: bool


def scoreboard(gs: GameSession) -> dict[str, Any]:
    """Everything the scoreboard include needs: the engine's body plus rows ready to display.

    The body comes from the score cache (history.scores), so a version of a session is scored
    once; the rows are the latest SHOWN_HANDS hands ("earlier" counts the hands left out).
    """
    from scorekeeper.history.scores import standing  # the history area imports this blueprint

    entry = standing(gs)
    body = entry.body
    spec = game_spec(gs.game)
    target = (gs.options or {}).get("target")
    totals = body.get("totals") or {}
    columns = list(totals.keys()) or gs.player_names
    lead = list(body["leaders"])  # the engine's answer (penalty: the lowest total leads)
    rows = _latest_rows(gs, entry.hands or (), body["hands"])
    # the engine's figure for the end rule, which is not always the total (Oklahoma's 250s for going rummy)
    toward = body.get("toward_target") or totals
    progress = []
    for name in columns:
        total = totals.get(name, 0)
        counted = toward.get(name, total)
        share = 0
        if isinstance(target, int) and target > 0:
            # floor, not round: 499 of 500 must not read as 100%, which looks like the target reached
            share = max(0, min(100, 100 * counted // target))
        progress.append({"name": name, "total": total, "counted": counted, "percent": share, "leads": name in lead})
    count = len(entry.hands or ())
    return {
        "body": body,
        "spec": spec,
        "target": None if gs.variant.counts_hands_won else target,
        "columns": columns,
        "rows": rows,
        "count": count,
        "earlier": count - len(rows),
        "last_id": rows[-1]["hand"].id if rows else None,
        "progress": progress,
        "leaders": lead,
        "finished": body.get("status") == "finished",
        "counts_hands_won": gs.variant.counts_hands_won,
        # who deals: from the players of each hand the engine scored (no hand loaded), when it scored them
        "dealers": table.dealers(gs, entry.scoring.seating.hands if entry.scoring is not None else None),
        "entry": entry,
    }


def _latest_rows(gs: GameSession, stored: tuple[tuple[int, int], ...], scored: list[dict[str, Any]]) -> list[dict[str, Any]]:
    start = max(0, len(stored) - SHOWN_HANDS)
    if len(scored) == len(stored):
        as_points = [bool(scored[i].get("entered_as_points")) for i in range(start, len(stored))]
    else:
        # a body the engine refused has no hands scored: every stored hand is still listed, so it can be fixed
        as_points = ["points" in data for data in db.session.execute(
            select(Hand.data).where(Hand.session_id == gs.id, Hand.position > start).order_by(Hand.position)
        ).scalars()]
    return [
        {"hand": HandRow(stored[i][0], i + 1, as_points[i - start]), "scored": scored[i] if i < len(scored) else {}}
        for i in range(start, len(stored))
    ]


def built(board: dict[str, Any], name: str, build: Callable[[], str]) -> Markup:
    """A fragment of a page built from this version of the session: built once, then kept with its score cache entry.

    `name` must tell apart everything else the fragment depends on (the link it was opened
    with: its edit links carry the token).
    """
    from scorekeeper.history.scores import cache

    entry = board["entry"]
    html = entry.pages.get(name)
    if html is None:
        html = build()
        cache().put_page(entry, name, html)
    return Markup(html)


def scoreboard_html(gs: GameSession, access: str, token: str, board: dict[str, Any]) -> Markup:
    """The scoreboard fragment (_scoreboard.html) of this version, as this link sees it.

    Each row is built once for the hand body it shows (_scoreboard_row.html): a version that
    only added hands builds only the rows of the hands added.
    """
    return built(board, f"scoreboard {token}", lambda: render_template(
        "_scoreboard.html", gs=gs, access=access, token=token, board=board,
        rows_html=Markup("\n".join(_rows(board, access, token)))))


def _rows(board: dict[str, Any], access: str, token: str) -> list[str]:
    entry = board["entry"]
    template = current_app.jinja_env.get_template("_scoreboard_row.html")
    known = entry.rows
    kept: dict[Any, tuple[Any, str]] = {key: value for key, value in known.items() if key[0] != token}
    shown = []
    for row in board["rows"]:
        key = (token, row["hand"])
        found = known.get(key)
        if found is None or found[0] is not row["scored"]:
            found = (row["scored"], template.render(row=row, board=board, access=access, token=token))
        kept[key] = found
        shown.append(found[1])
    # only this link's rows shown now are kept: the ones scrolled out of the latest hands go
    entry.rows = kept
    return shown


def hand_data(gs: GameSession, position: int) -> dict[str, Any] | None:
    """The stored entry of hand `position` (from 1), or None when the session has no such hand."""
    return db.session.execute(
        select(Hand.data).where(Hand.session_id == gs.id, Hand.position == position)
    ).scalar_one_or_none()
