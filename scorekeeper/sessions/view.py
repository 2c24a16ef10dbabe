"""What the pages show, read from the engine: game descriptions and the scoreboard."""

from __future__ import annotations

from typing import Any

from flask import flash, url_for
from werkzeug.wrappers import Response

from scorekeeper import engine
from scorekeeper.models import GameSession
from scorekeeper.security import MAX_ID
from scorekeeper.sessions import service, table
from scorekeeper.sessions.device import after_save, forget_drafts


def game_spec(game_id: str) -> engine.GameSpec | None:
    """The engine's description of a game, or None for an unknown id."""
    try:
        return engine.get_game(game_id)
    except ValueError:
        return None


def games() -> list[engine.GameSpec]:
    """Every game the engine knows, in its order."""
    return [engine.get_game(game_id) for game_id in engine.game_ids()]


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


def whole_number(text: str | None) -> int:
    """A number a form sent (a hand id, a position, a choice), 0 when it is missing, not a number or out of range.

    Out of range means past what a database id holds: such a number names nothing.
    """
    try:
        number = int(text or 0)
    except ValueError:
        return 0
    return number if abs(number) <= MAX_ID else 0


def scoreboard(gs: GameSession) -> dict[str, Any]:
    """Everything the scoreboard include needs: the engine's body plus rows ready to display."""
    body = service.standings(gs)
    spec = game_spec(gs.game)
    target = (gs.options or {}).get("target")
    totals = body.get("totals") or {}
    columns = list(totals.keys()) or gs.player_names
    lead = list(body["leaders"])  # the engine's answer (penalty: the lowest total leads)
    scored = body["hands"]
    # a body the engine refused has no hands scored: every stored hand is still listed, so it can be fixed
    rows = [{"hand": hand, "scored": scored[i] if i < len(scored) else {}} for i, hand in enumerate(gs.hands)]
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
    return {
        "body": body,
        "spec": spec,
        "target": target if gs.game != "michigan" else None,
        "columns": columns,
        "rows": rows,
        "progress": progress,
        "leaders": lead,
        "finished": body.get("status") == "finished",
        "counts_hands_won": gs.game == "michigan",
        "dealers": table.dealers(gs),
    }
