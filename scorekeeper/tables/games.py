"""The games the engine knows, looked up by id for the pages."""

from __future__ import annotations

from scorekeeper import engine


def game_spec(game_id: str) -> engine.Game | None:
    """The engine's description of a game, or None for an unknown id."""
    try:
        return engine.find_game(game_id)
    except ValueError:
        return None


def games() -> list[engine.Game]:
    """Every game the engine knows, in its order."""
    return list(engine.VARIANTS)
