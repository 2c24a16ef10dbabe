"""Figures for the review and player pages, read from the engine's scoring (never worked out here).

Every number comes from the engine's body: a hand's score is
``hands[i].scores[side]``, a running total ``hands[i].totals[side]``, the
winner ``winner``. This module only counts, averages and groups them.
In Persian a player's figures are their partnership's (the engine scores
partnerships); "times gone out" is still the player's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select

from scorekeeper.engine.standing import won_by
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Player, Seat
from scorekeeper.tables.hand_rules import HandRules
from scorekeeper.tables.standings_cache import ScoreCache, cache, scored, warm


def average(values: list[int]) -> float | None:
    """The mean to one decimal place, or None for no values.

    >>> average([54, 12, -4]), average([])
    (20.7, None)
    """
    return round(sum(values) / len(values), 1) if values else None


def sides_of(names: list[str], scored: dict[str, Any]) -> dict[str, str]:
    """Which column of the engine's totals each player scores in: their partnership's, or their own.

    The engine names the partnerships (Persian) in the body's "partnerships";
    a body without them (any other game, or a session that no longer scores)
    has a column per player.

    >>> sides_of(["Ann", "Ben"], {"totals": {"Ann": 3, "Ben": 4}})
    {'Ann': 'Ann', 'Ben': 'Ben'}
    >>> sides_of(["A", "B", "C", "D"], {"totals": {"A & C": 0, "B & D": 0},
    ...                                 "partnerships": {"A & C": ["A", "C"], "B & D": ["B", "D"]}})
    {'A': 'A & C', 'B': 'B & D', 'C': 'A & C', 'D': 'B & D'}
    """
    side = {member: team for team, members in (scored.get("partnerships") or {}).items() for member in members}
    return {name: side.get(name, name) for name in names}


@dataclass(frozen=True)
class SideFigures:
    """One column of a session (a player, or a Persian partnership): its hand figures."""

    side: str
    best_hand: int | None
    best_hand_number: int | None
    average_hand: float | None
    times_gone_out: int
    total: int


def session_figures(gs: GameSession, body: dict[str, Any]) -> list[SideFigures]:
    """Best hand, average hand and times gone out for each column of the session's scores."""
    names = gs.player_names
    sides = sides_of(names, body)
    totals = body.get("totals") or {}
    hands = body.get("hands") or []
    lowest = HandRules(gs).lowest_wins
    figures = []
    for side in list(totals.keys()) or names:
        members = [n for n in names if sides.get(n) == side]
        figures.append(_side_figures(gs, side, members, hands, totals.get(side, 0), lowest))
    return figures


def _side_figures(gs: GameSession, side: str, members: list[str], hands: list[dict[str, Any]], total: int,
                  lowest: bool) -> SideFigures:
    """One column's figures from its score in each hand it played and the hands its members went out in.

    `lowest` says whether the lowest hand score is the best at this table.
    """
    scores = [(i, h["scores"][side]) for i, h in enumerate(hands, start=1) if side in (h.get("scores") or {})]
    best = _best(scores, lowest)
    return SideFigures(
        side=side,
        best_hand=best[1] if best else None,
        best_hand_number=best[0] if best else None,
        average_hand=average([s for _, s in scores]),
        times_gone_out=sum(1 for hand in gs.hands if hand.data.get("went_out") in members),
        total=total,
    )


def _best(scores: list[tuple[int, int]], lowest: bool) -> tuple[int, int] | None:
    """The best (hand number, score): the highest, or the lowest where points are penalties."""
    if not scores:
        return None
    return (min if lowest else max)(scores, key=lambda item: item[1])


def running_totals(body: dict[str, Any]) -> dict[str, list[int | None]]:
    """Each column's total after every hand, in order: the chart's data.

    >>> running_totals({"totals": {"A": 5, "B": 1}, "hands": [
    ...     {"totals": {"A": 2, "B": 1}}, {"totals": {"A": 5, "B": 1}}]})
    {'A': [2, 5], 'B': [1, 1]}
    >>> running_totals({"totals": {"A": 5, "C": 3}, "hands": [{"totals": {"A": 2}}, {"totals": {"A": 5, "C": 3}}]})
    {'A': [2, 5], 'C': [None, 3]}
    """
    columns = list((body.get("totals") or {}).keys())
    # None before a late player's first hand, so each total stays under its own hand
    return {c: [(h.get("totals") or {}).get(c) for h in body.get("hands") or []] for c in columns}


# player pages ------------------------------------------------------------------


@dataclass
class GameRecord:
    """A player's record in one game."""

    game: str
    played: int = 0
    finished: int = 0
    won: int = 0
    hand_scores: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        """Share of finished sessions won, as a percentage (sessions still going are not counted)."""
        return round(100 * self.won / self.finished, 1) if self.finished else None

    @property
    def average_hand(self) -> float | None:
        """Mean hand score over every hand of every session of this game."""
        return average(self.hand_scores)


@dataclass
class HeadToHead:
    """How two players fared in the finished sessions where they sat as opponents."""

    opponent: str
    sessions: int = 0
    won: int = 0
    lost: int = 0

    @property
    def others(self) -> int:
        """Sessions that somebody else won (or nobody)."""
        return self.sessions - self.won - self.lost


@dataclass(frozen=True)
class SessionLine:
    """One of a player's sessions, as their page lists it (read without loading the session's objects)."""

    game: str
    created_at: Any
    edit_token: str
    player_names: list[str]
    body: dict[str, Any]


@dataclass
class PlayerRecord:
    """Everything the player page shows."""

    name: str
    games: list[GameRecord]
    head_to_head: list[HeadToHead]
    sessions: list[SessionLine]

    @property
    def overall(self) -> GameRecord:
        """All games together."""
        total = GameRecord(game="all")
        for record in self.games:
            total.played += record.played
            total.finished += record.finished
            total.won += record.won
            total.hand_scores += record.hand_scores
        return total


def _won(body: dict[str, Any], side: str) -> bool:
    return body.get("status") == "finished" and won_by(body.get("winner"), side)


def player_record(player: Player) -> PlayerRecord:
    """The player's record over every session they sat in (archived ones too: they were played)."""
    mine_only = select(Seat.session_id).where(Seat.player_id == player.id)
    # plain rows, not objects: a player may have sat in a thousand sessions
    rows = list(db.session.execute(
        select(GameSession.id, GameSession.created_at, GameSession.version, GameSession.game, GameSession.edit_token)
        .where(GameSession.id.in_(mine_only))
        .order_by(GameSession.created_at.desc(), GameSession.id.desc())
    ))
    seated: dict[int, list[str]] = {}
    for session_id, name in db.session.execute(
        select(Seat.session_id, Player.name).join(Player, Player.id == Seat.player_id)
        .where(Seat.session_id.in_(mine_only)).order_by(Seat.session_id, Seat.seat)
    ):
        seated.setdefault(session_id, []).append(name)
    # hands are loaded only for sessions not scored since they last changed
    warm([(r.id, r.created_at, r.version) for r in rows])
    store = cache()
    games: dict[str, GameRecord] = {}
    rivals: dict[str, HeadToHead] = {}
    shown = []
    for row in rows:
        body = store.get(ScoreCache.key(row.id, row.created_at, row.version))
        if body is None:
            # changed since warm() looked (or crowded out of the cache): score it now
            body = scored(db.session.get(GameSession, row.id))
        names = seated.get(row.id, [])
        shown.append(SessionLine(row.game, row.created_at, row.edit_token, names, body))
        sides = sides_of(names, body)
        mine = sides.get(player.name, player.name)
        record = games.setdefault(row.game, GameRecord(game=row.game))
        record.played += 1
        record.hand_scores += [h["scores"][mine] for h in body.get("hands") or [] if mine in (h.get("scores") or {})]
        if body.get("status") != "finished":
            continue
        record.finished += 1
        record.won += _won(body, mine)
        _count_rivals(rivals, body, names, sides, player.name)
    return PlayerRecord(
        name=player.name,
        games=sorted(games.values(), key=lambda r: (-r.played, r.game)),
        head_to_head=sorted(rivals.values(), key=lambda h: (-h.sessions, h.opponent.lower())),
        sessions=shown,
    )


def _count_rivals(
    rivals: dict[str, HeadToHead], body: dict[str, Any], names: list[str], sides: dict[str, str], me: str
) -> None:
    """Count a finished session toward `me`'s record against each opponent who sat in it (partners are not)."""
    mine = sides.get(me, me)
    for other in names:
        theirs = sides.get(other, other)
        if other == me or theirs == mine:
            continue
        h2h = rivals.setdefault(other, HeadToHead(opponent=other))
        h2h.sessions += 1
        h2h.won += _won(body, mine)
        h2h.lost += _won(body, theirs)


def all_players() -> list[tuple[str, int]]:
    """Every player with the number of sessions they sat in, most sessions first."""
    rows = db.session.execute(
        select(Player.name, func.count(Seat.session_id))
        .join(Seat, Seat.player_id == Player.id, isouter=True)
        .group_by(Player.id)
        .order_by(func.count(Seat.session_id).desc(), func.lower(Player.name))
    )
    return [(name, n) for name, n in rows]
