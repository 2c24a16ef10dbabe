"""The sessions list: filters in SQL where they can be, status from the engine (through the score cache).

Game, player and archive filters are plain SQL. Status and winner are the
engine's, so they are computed only for the sessions a page shows; the
status filter is the one case that needs every matching session scored,
and it leans on the score cache (see scores.py) so that only sessions
changed since the last look are scored again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.orm import selectinload

from scorekeeper.engine.standing import winner_words
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand, Player, Seat
from scorekeeper.tables.standings_cache import ScoreCache, cache, scored, warm

PER_PAGE = 25
# how far back the home page looks for recently finished games (changes, newest first)
RECENT = 30
# fewest sessions scored per round trip when a status filter needs more matches
MIN_BATCH = 10
STATUSES = ("in_progress", "finished")


@dataclass(frozen=True)
class Filters:
    """What the list is narrowed to; empty strings mean no filter."""

    player: str = ""
    game: str = ""
    status: str = ""  # "", "in_progress", "finished" or "archived"


@dataclass(frozen=True)
class Row:
    """One session as the list shows it."""

    session: GameSession
    hands: int
    status: str
    winner: str | None
    error: str | None


@dataclass(frozen=True)
class Page:
    """One page of the list."""

    rows: list[Row]
    number: int
    # None while a status filter has not looked at every session yet (see _with_status)
    pages: int | None
    total: int | None
    more: bool

    @property
    def has_prev(self) -> bool:
        """True when there is a newer page."""
        return self.number > 1

    @property
    def has_next(self) -> bool:
        """True when there is an older page."""
        return self.more


def _filtered(filters: Filters):
    query = select(GameSession.id, GameSession.created_at, GameSession.version)
    query = query.where(GameSession.archived.is_(filters.status == "archived"))
    if filters.game:
        query = query.filter_by(game=filters.game)
    if filters.player:
        query = query.where(
            exists()
            .where(Seat.session_id == GameSession.id)
            .where(Seat.player_id == Player.id)
            .where(func.lower(Player.name) == filters.player.lower())
        )
    return query.order_by(GameSession.created_at.desc(), GameSession.id.desc())


def _load(ids: list[int]) -> dict[int, GameSession]:
    if not ids:
        return {}
    rows = db.session.execute(
        select(GameSession)
        .where(GameSession.id.in_(ids))
        .options(selectinload(GameSession.seats).selectinload(Seat.player))
    ).scalars()
    return {gs.id: gs for gs in rows}


def _hand_counts(ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = db.session.execute(
        select(Hand.session_id, func.count()).where(Hand.session_id.in_(ids)).group_by(Hand.session_id)
    )
    return {sid: n for sid, n in rows}


def _with_status(keys: list[tuple[int, Any, int]], status: str, needed: int) -> tuple[list, bool]:
    """The keys of sessions with this status, newest first, and whether that list is complete.

    Sessions are scored newest first, a batch at a time, only until `needed`
    matches are found; the rest are looked at only if all of them are
    already cached. So a cold filter costs the sessions the page needs,
    not the whole history; a warm one gives the exact count.
    """
    store = cache()
    matches: list = []
    start = 0
    while start < len(keys):
        if len(matches) >= needed and any(ScoreCache.key(*k) not in store for k in keys[start:]):
            return matches, False
        # score about as many as are still missing: each costs an engine run
        size = max(needed - len(matches), MIN_BATCH) if len(matches) < needed else len(keys)
        batch = keys[start:start + size]
        warm(batch)
        matches += [k for k in batch if (store.summary(ScoreCache.key(*k)) or {}).get("status", "in_progress") == status]
        start += len(batch)
    return matches, True


def sessions_page(filters: Filters, number: int = 1, per_page: int = PER_PAGE) -> Page:
    """The sessions matching the filters, newest first, page `number` (from 1)."""
    number = max(1, number)
    query = _filtered(filters)
    if filters.status in STATUSES:
        keys = [tuple(row) for row in db.session.execute(query)]
        # one more than the page holds, to know whether an older page exists
        keys, complete = _with_status(keys, filters.status, number * per_page + 1)
        total = len(keys) if complete else None
    else:
        # no engine figure to filter on: SQL counts and pages
        total = db.session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
        keys, complete = [], True
    pages = max(1, -(-total // per_page)) if total is not None else None
    if pages is not None:
        number = min(number, pages)
    if filters.status in STATUSES:
        page_keys = keys[(number - 1) * per_page:number * per_page]
        more = len(keys) > number * per_page
    else:
        page_keys = [tuple(row) for row in db.session.execute(query.limit(per_page).offset((number - 1) * per_page))]
        more = number < (pages or 1)
    return Page(rows=rows_for(page_keys), number=number, pages=pages, total=total, more=more)


def rows_for(keys: list[tuple[int, Any, int]]) -> list[Row]:
    """The list rows of these sessions (id, created_at, version), in the same order.

    Sessions are loaded with their seats in a few queries and scored through
    the score cache; one deleted from another phone since `keys` was read is
    left out rather than failing the page.
    """
    ids = [k[0] for k in keys]
    # on a cold cache warm() has just loaded these sessions: only the others are loaded here
    sessions = warm(keys)
    sessions.update(_load([sid for sid in ids if sid not in sessions]))
    counts = _hand_counts(ids)
    store = cache()
    rows = []
    for sid in ids:
        gs = sessions.get(sid)
        if gs is None:
            continue
        # a row needs the summary only: no copy of the whole body unpickled
        body = store.summary(ScoreCache.key(gs.id, gs.created_at, gs.version)) or scored(gs)
        rows.append(Row(
            session=gs,
            hands=counts.get(sid, 0),
            status=body.get("status", "in_progress"),
            winner=winner_words(body.get("winner")) or None,
            error=body.get("error"),
        ))
    return rows


def recent_by_status(in_progress: int, finished: int) -> tuple[list[Row], bool, list[Row]]:
    """The home page's lists: the `in_progress` games in progress changed most recently, whether there are
    more, and the `finished` games finished most recently (archived ones left out).

    Statuses are the engine's, through the score cache: sessions are scored newest change
    first, a batch at a time, only until both lists are full.
    """
    keys = [tuple(row) for row in db.session.execute(
        select(GameSession.id, GameSession.created_at, GameSession.version)
        .where(GameSession.archived.is_(False))
        .order_by(GameSession.updated_at.desc(), GameSession.id.desc())
    )]
    playing, _ = _with_status(keys, "in_progress", in_progress + 1)
    # "recently" finished: among the last RECENT changes, so a cold start need not score all history
    done, _ = _with_status(keys[:RECENT], "finished", finished)
    rows = {row.session.id: row for row in rows_for(playing[:in_progress] + done[:finished])}
    shown = [rows[k[0]] for k in playing[:in_progress] if k[0] in rows]
    return shown, len(playing) > in_progress, [rows[k[0]] for k in done[:finished] if k[0] in rows]


def known_players() -> list[str]:
    """Every player's name, alphabetically (for the filter's suggestions)."""
    return list(db.session.execute(select(Player.name).order_by(func.lower(Player.name))).scalars())
