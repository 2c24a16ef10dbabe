"""Players' ratings as the players pages and `scorekeeper ratings` show them: worked out from the stored games.

Nothing here is stored. Each finished game of two hands or more is read as a
match (engine.ratings.match_of: its final standings, partnerships as teams,
players who left last) and every match is rated in the order the games
finished (the time their last hand was entered). The ratings are worked out
again whenever the data changed: they are kept per app under a version of the
data (:func:`data_version`, one query), and each game's match is kept under its
session's own version, so a new version re-reads only the games that changed
and rates the matches again (2,000 in well under a second).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app
from sqlalchemy import func, select

from scorekeeper.engine.ratings import Match, Rating, RatingTable, TableMates, match_of, rate, table_mates
from scorekeeper.engine.rules import table_rules
from scorekeeper.extensions import db
from scorekeeper.history.chart import Chart, score_chart
from scorekeeper.history.stats import sides_of
from scorekeeper.models import GameSession
from scorekeeper.tables import service
from scorekeeper.tables.hand_rules import HandRules
from scorekeeper.tables.standings_cache import scored

# sessions loaded at once to read their matches
BATCH = 200
# a game of fewer hands than this was entered as its result alone, not played here hand by hand: not rated
MIN_HANDS = 2

SessionKey = tuple[str, int]  # (created_at, version): one version of a session


@dataclass(frozen=True, slots=True)
class Read:
    """What one version of a session gives the ratings: its match (None when not rated) and when it finished."""

    key: SessionKey
    match: Match | None
    finished_at: datetime | None


class RatingsCache:
    """The last rating table worked out, under its data version, and each session's match under its version."""

    def __init__(self) -> None:
        self.version: tuple[Any, ...] | None = None
        self.table: RatingTable | None = None
        self.reads: dict[int, Read] = {}
        self.lock = threading.Lock()


def _cache() -> RatingsCache:
    found = current_app.extensions.get("scorekeeper_ratings")
    if found is None:
        found = current_app.extensions.setdefault("scorekeeper_ratings", RatingsCache())
    return found


def data_version() -> tuple[Any, ...]:
    """A version of every game stored, in one query: it moves on with any change to any game, or a game deleted.

    Every change to a session or its hands bumps its version (GameSession.touch) and its updated_at;
    a session added raises the count and the highest id, one deleted lowers the count and the sum.
    """
    row = db.session.execute(select(
        func.count(GameSession.id), func.coalesce(func.sum(GameSession.version), 0),
        func.max(GameSession.id), func.max(GameSession.updated_at),
    )).one()
    return tuple(str(value) for value in row)


def ratings_table() -> RatingTable:
    """Every player's rating per game from the stored finished games (worked out again only when the data changed)."""
    store = _cache()
    version = data_version()
    with store.lock:
        if store.version == version and store.table is not None:
            return store.table
        reads = _reads(store.reads)
        store.reads = reads
        rated = sorted((read for read in reads.items() if read[1].match is not None),
                       key=lambda item: (item[1].finished_at or datetime.min, item[0]))
        table = rate(read.match for _, read in rated if read.match is not None)
        store.version, store.table = version, table
        return table


def _reads(known: dict[int, Read]) -> dict[int, Read]:
    """Every session's Read: those whose version is known reused, the others read (in batches)."""
    rows = db.session.execute(select(GameSession.id, GameSession.created_at, GameSession.version)).all()
    reads: dict[int, Read] = {}
    missing: list[int] = []
    for session_id, created_at, version in rows:
        key = (str(created_at), version)
        found = known.get(session_id)
        if found is not None and found.key == key:
            reads[session_id] = found
        else:
            missing.append(session_id)
    for start in range(0, len(missing), BATCH):
        for gs in db.session.execute(
            select(GameSession).where(GameSession.id.in_(missing[start:start + BATCH])).options(*service.WHOLE_SESSION)
        ).scalars():
            reads[gs.id] = _read(gs)
    return reads


def _read(gs: GameSession) -> Read:
    """A session's match (None unless finished after two hands or more) and when its last hand was entered."""
    key = (str(gs.created_at), gs.version)
    body = scored(gs)
    if body.get("status") != "finished" or len(gs.hands) < MIN_HANDS:
        return Read(key, None, None)
    finished_at = max(hand.created_at for hand in gs.hands)
    return Read(key, session_match(gs, body), finished_at)


def session_match(gs: GameSession, body: dict[str, Any]) -> Match:
    """A finished session as a match: its columns ranked by its final standings, each with its players."""
    names = gs.player_names
    totals: dict[str, int] = dict(body.get("totals") or {})
    playing = set(gs.playing_names)
    left_names = [name for name in names if name not in playing]
    sides = sides_of(names, body)
    teams = body.get("partnerships") or {}
    people = _side_players(gs)
    members = {side: tuple(teams.get(side) or people(side)) for side in totals}
    return match_of(
        gs.game, gs.id, members, totals, winner=body.get("winner"), lowest=HandRules(gs).lowest_wins,
        left={sides.get(name, name) for name in left_names},
    )


def _side_players(gs: GameSession) -> Callable[[str], tuple[str, ...]]:
    """The people of one seat's side at this table, as the game says (Canasta's partnerships entered as one name)."""
    try:
        rules = table_rules(gs.game, gs.options, len(gs.seats))
    except ValueError:
        return lambda side: (side,)
    return lambda side: rules.variant.side_players(rules, side)


def rated_name(name: str) -> str | None:
    """The name as the ratings spell it, matched whatever its case, or None when nobody of that name is rated."""
    wanted = name.lower()
    return next((player for _, player in ratings_table().ratings if player.lower() == wanted), None)


# the rating chart on a player's page: narrower than the review's, so its text stays large on a phone
CHART_WIDTH, CHART_HEIGHT = 360, 260


@dataclass(frozen=True)
class PlayerRatings:
    """What a player's page shows of the ratings: each game's rating and place, the chart, and table mates."""

    ratings: list[Rating]
    places: dict[str, tuple[int, int]]  # game -> (place among the game's rated players, how many they are)
    mates: TableMates
    chart: Chart | None


def player_ratings(player: str, game_name: Callable[[str], str]) -> PlayerRatings:
    """A player's ratings (one per game, most games first), their rating after each game as a chart, their mates."""
    table = ratings_table()
    mine = table.of_player(player)
    places = {}
    for rating in mine:
        ranked = table.by_game(rating.game)
        places[rating.game] = (ranked.index(rating) + 1, len(ranked))
    # the chart draws any numbers: each line is a game's ratings, to one decimal place as the page shows them
    series: dict[str, list[Any]] = {
        game_name(rating.game): [round(point.ordinal, 1) for point in rating.history] for rating in mine
    }
    chart = score_chart(series, width=CHART_WIDTH, height=CHART_HEIGHT) if series else None
    return PlayerRatings(mine, places, table_mates(table.matches, player), chart)
