"""House rules: a group's own options for a game, kept under a name, to start games from.

A set is checked by the engine as any table's options are (engine.resolve_options: each option's
kind, bounds and the game's own checks) and kept as the table chose it: an option left at the game's
default stays out, so a default that depends on the table (500 Rum's decks: 1 for up to four players,
else 2) still follows the players of each game started from it. Only the host (and co-hosts) save or
delete one; anybody starting a game of that game may choose one.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from scorekeeper import engine, limits
from scorekeeper.engine import Game
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_NAME
from scorekeeper.models import HouseRules

# more sets than any group keeps for one game; a bound so that a page (or a backup) stays small
MAX_PER_GAME = 50


class HouseRulesRefused(ValueError):
    """A set of house rules that cannot be saved; the message says why (its name, or which option)."""


def sets_for(game: str) -> list[HouseRules]:
    """A game's saved sets, by name."""
    return list(db.session.execute(
        select(HouseRules).where(HouseRules.game == game).order_by(func.lower(HouseRules.name), HouseRules.id)
    ).scalars())


def every_set() -> list[HouseRules]:
    """Every saved set, by game then name."""
    return list(db.session.execute(
        select(HouseRules).order_by(HouseRules.game, func.lower(HouseRules.name), HouseRules.id)
    ).scalars())


def find_set(game: str, set_id: Any) -> HouseRules | None:
    """The set with this id (as a form or link gives it) for this game, or None."""
    number = limits.whole_number(str(set_id or ""), None)
    if number is None:
        return None
    found = db.session.get(HouseRules, number)
    return found if found is not None and found.game == game else None


def checked(game: str, name: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The name and the options once the engine has checked them, or HouseRulesRefused saying what is wrong.

    The options are checked without a number of players (a set is for any table of the game);
    the game checks the player count again when a game is started from it.
    """
    name = (name or "").strip()
    problem = limits.name_problem(name) if name else "is blank: give the house rules a name"
    if problem:
        raise HouseRulesRefused(f"The name {name!r} {problem}." if name else f"The name {problem}.")
    if len(name) > MAX_NAME:
        raise HouseRulesRefused(f"The name is {len(name)} characters long; at most {MAX_NAME}.")
    if not isinstance(options, dict):
        raise HouseRulesRefused("The options must be option names and values.")
    problem = limits.options_problem(options)
    if problem:
        raise HouseRulesRefused(f"{problem[0].upper()}{problem[1:]}.")
    try:
        engine.resolve_options(game, options)
    except ValueError as exc:
        raise HouseRulesRefused(str(exc)) from None
    # null is every option's default (the engine reads it so): a set keeps only the options it chooses, as the
    # new-game page saves them, so it never fills a field with "None"
    return name, {option: value for option, value in options.items() if value is not None}


def save(game: str, name: str, options: dict[str, Any]) -> HouseRules:
    """Save a set under its name (a set of that name, whatever its case, is replaced); commits."""
    name, kept = checked(game, name, options)
    existing = named(game, name)
    if existing is None:
        if len(sets_for(game)) >= MAX_PER_GAME:
            raise HouseRulesRefused(f"This game already has {MAX_PER_GAME} sets of house rules: delete one first.")
        existing = HouseRules(game=game, name=name)
        db.session.add(existing)
    existing.name, existing.options = name, kept
    db.session.commit()
    return existing


def named(game: str, name: str) -> HouseRules | None:
    """The game's set of this name, matched whatever its case."""
    return db.session.execute(
        select(HouseRules).where(HouseRules.game == game, func.lower(HouseRules.name) == name.lower())
    ).scalars().first()


def delete(rules: HouseRules) -> None:
    """Delete a set for good; games started from it keep their options (copied when each started)."""
    db.session.delete(rules)
    db.session.commit()


def described(game: Game, options: dict[str, Any]) -> list[tuple[str, str]]:
    """A set's options in words, for a list: each option that applies, its label and value."""
    shown = []
    for option in game.options:
        if option.name not in options or not option.applies(options):
            continue
        value = options[option.name]
        shown.append((option.label, ("yes" if value else "no") if option.kind == "bool" else str(value)))
    return shown
