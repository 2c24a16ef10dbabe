"""What the scoreboard shows, read from the engine's standings: totals, places, who came and went, the latest hands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from scorekeeper import engine
from scorekeeper.engine.standing import won_by
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import service
from scorekeeper.tables.games import game_spec
from scorekeeper.tables.table import Table

# the scoreboard's table and its list of what was entered show the latest hands; the Review page has every one
SHOWN_HANDS = 50


@dataclass(frozen=True)
class HandRow:
    """What the scoreboard shows of a stored hand beside its scores: where it is, and how it was entered."""

    id: int
    position: int
    entered_as_points: bool


def scoreboard(table: Table) -> dict[str, Any]:
    """Everything the scoreboard include needs: the engine's body plus rows ready to display.

    The body comes from the table's standing, so a version of a session is scored
    once; the rows are the latest SHOWN_HANDS hands ("earlier" counts the hands left out).
    """
    gs, entry = table.game, table.standing
    body = entry.body
    spec = game_spec(gs.game)
    # Michigan counts hands won: it has no target to show
    target = None if gs.variant.counts_hands_won else (gs.options or {}).get("target")
    totals = body.get("totals") or {}
    columns = list(totals.keys()) or gs.player_names
    lead = list(body["leaders"])  # the engine's answer (penalty: the lowest total leads)
    rows = _latest_rows(table)
    count = len(entry.hands or ())
    dealt = entry.scoring.seating.hands if entry.scoring is not None else None
    seats = seat_notes(table, dealt)
    finished = body.get("status") == "finished"
    pool = pool_marks(table, body, entry.scoring, count)
    return {
        "body": body,
        "reason": _reason(body, entry.scoring, pool),
        "spec": spec,
        "target": target,
        "columns": columns,
        "rows": rows,
        "count": count,
        "earlier": count - len(rows),
        "last_id": rows[-1]["hand"].id if rows else None,
        "standings": standings(table, body, columns, seats, target, pool),
        "seats": seats,
        "pool": pool,
        "leaders": lead,
        "finished": finished,
        "counts_hands_won": gs.variant.counts_hands_won,
        # who deals: from the players the engine dealt each hand (no hand loaded), once per version
        "dealers": table.dealers,
        "entry": entry,
    }


@dataclass(frozen=True)
class SeatNote:
    """When a player who did not play the whole game came and went: their first hand and, once they left, their last.

    `first` is 1 for a player seated from the start; a late player seated but not dealt
    in yet has the next hand's number; `last` is None while the player is at the table
    (0 when they left before playing a hand).
    """

    first: int
    last: int | None

    def __str__(self) -> str:
        joined = f"from hand {self.first}" if self.first > 1 else ""
        if self.last is None:
            return joined
        gone = f"left after hand {self.last}" if self.last else "left before playing"
        return f"{joined}, {gone}" if joined else gone


def seat_notes(table: Table, dealt: list[list[str]] | None = None) -> dict[str, SeatNote]:
    """A note for each player at the table who joined late or left, by name; the players of the whole game have none.

    `dealt` is the players of each stored hand when the engine scored them (else the hands are read).
    """
    gs = table.game
    if dealt is None:
        dealt = [gs.names_in(data) for data in service.stored_entries(gs)]
    playing = set(gs.playing_names)
    notes = {}
    for name in gs.player_names:
        hands = [number for number, players in enumerate(dealt, start=1) if name in players]
        first = hands[0] if hands else len(dealt) + 1
        last = None if name in playing else (hands[-1] if hands else 0)
        if first > 1 or last is not None:
            notes[name] = SeatNote(first, last)
    return notes


@dataclass(frozen=True)
class PoolMarks:
    """Who is out of a pool game (Indian Rummy), who may rejoin now and at what total, and who rejoins the next hand.

    `offers` is the engine's answer (engine.Scoring.rejoin_offers); `rejoining` the rejoins the
    table confirmed for hand `hand` (tables.rejoins), each with the total they come back on,
    or None when the rules no longer let them (an earlier hand was fixed since).
    """

    hand: int
    out: tuple[str, ...] = ()
    offers: dict[str, int] = field(default_factory=dict)
    rejoining: dict[str, int | None] = field(default_factory=dict)

    def note(self, name: str) -> str:
        """The player's place in the pool, in words ("" for a player in play)."""
        if name in self.rejoining:
            total = self.rejoining[name]
            if total is None:
                return f"out: the rules no longer let them rejoin hand {self.hand}"
            return f"rejoins hand {self.hand} on {total}"
        if name in self.offers:
            return f"out · may rejoin on {self.offers[name]}"
        return "out" if name in self.out else ""


def _reason(body: dict[str, Any], scoring: engine.Scoring | None, pool: PoolMarks) -> str:
    """The status line: the engine's reason, or once the table confirmed a rejoin for the next hand, the engine's
    words for the game with that player back in (the hand that carries it is not stored yet)."""
    rejoining = [name for name, total in pool.rejoining.items() if total is not None]
    if rejoining and scoring is not None:
        return scoring.rejoining_reason(rejoining) or body.get("reason") or ""
    return body.get("reason") or ""


def pool_marks(table: Table, body: dict[str, Any], scoring: engine.Scoring | None, count: int) -> PoolMarks:
    """Who is out of a pool game and who may rejoin or rejoins (nobody, in a game without a pool)."""
    hand = count + 1
    out = tuple(body.get("eliminated") or ())
    if not out:
        return PoolMarks(hand)
    offers = scoring.rejoin_offers() if scoring is not None else {}
    return PoolMarks(hand, out, offers, {name: offers.get(name) for name in table.pending_rejoins})


def standings(table: Table, body: dict[str, Any], columns: list[str], seats: dict[str, SeatNote],
              target: Any, pool: PoolMarks | None = None) -> list[dict[str, Any]]:
    """The scoreboard's first lines: each side's place as the game ranks them (engine.ranked), best first.

    Each says the side's rank (0 once they left), total, whether it leads or won, how it came and
    went (seat_notes) and where it stands toward the end: what it still needs to reach the target,
    as the engine counts toward it (Oklahoma leaves out its 250s for going rummy), or how far it is
    behind the best total in a game without a target.
    """
    totals = {name: (body.get("totals") or {}).get(name, 0) for name in columns}
    if not totals:
        return []
    lowest = table.rules.lowest_wins
    places = engine.ranked(totals, lowest=lowest, left=[name for name in seats if seats[name].last is not None])
    line = _StandingLine(table.game, body, totals, seats, target, lowest, places[0].total, pool)
    return [line.of(place) for place in places]


@dataclass(frozen=True)
class _StandingLine:
    """What every line of the standings is worked out from (see standings): one place at a time."""

    gs: GameSession
    body: dict[str, Any]
    totals: dict[str, int]
    seats: dict[str, SeatNote]
    target: Any
    lowest: bool
    best: int
    pool: PoolMarks | None

    def of(self, place: engine.Place) -> dict[str, Any]:
        """The line of one side's place."""
        body = self.body
        finished = body.get("status") == "finished"
        counted = (body.get("toward_target") or self.totals).get(place.side, place.total)
        return {
            "rank": place.rank, "name": place.side, "total": place.total, "counted": counted,
            "percent": _percent(counted, self.target),
            "won": finished and _won(body, place),
            "leads": not finished and place.side in set(body.get("leaders") or ()),
            "seat": str(self.seats.get(place.side, "")),
            "measure": _measure(self.gs.variant, self.gs.options or {}, self.lowest, self.target, place, counted,
                                self.best, finished),
            "pool": self.pool.note(place.side) if self.pool is not None else "",
        }


def _percent(counted: int, target: Any) -> int:
    """How far a side's counted total is toward the target, in whole percent (0 without a target)."""
    if not (isinstance(target, int) and target > 0):
        return 0
    # floor, not round: 499 of 500 must not read as 100%, which looks like the target reached
    return max(0, min(100, 100 * counted // target))


def _won(body: dict[str, Any], place: engine.Place) -> bool:
    """Whether this place won the finished game."""
    # a game shared on the lowest total (Contract's last deal) has no one winner: the first places share it
    # a win shared by name (Rummikub's level totals after the last round) lists its sides
    return won_by(body.get("winner"), place.side) or (not body.get("winner") and place.rank == 1)


def _measure(game: engine.Game, options: dict[str, Any], lowest: bool, target: Any, place: engine.Place, counted: int,
             best: int, finished: bool = False) -> str:
    """Where a side stands toward the end of the game, in words (see standings): the game's own, else the usual.

    `lowest` says whether the lowest total is best at this table; `finished` that the game is over. A side
    that left (rank 0), and once the game is over every side, goes nowhere any more: it needs nothing, and
    says at most that it reached the target (a game's own words, given `finished`, come first for the latter).
    """
    total = place.total
    if not place.rank:
        return _reached(target, counted)
    own = game.standing_measure(options, total, finished=finished)
    if own is not None:
        return own
    if finished:
        return _reached(target, counted)
    if isinstance(target, int) and target > 0:
        if counted >= target:
            return _reached(target, counted)
        if lowest:
            # a penalty game ends when a total reaches the target: room left below it is good
            return f"{target - counted} below {target}"
        counts = f": {counted} counts toward {target}" if counted != total else ""
        return f"needs {target - counted} more{counts}"
    if not place.rank or best == total:
        return ""
    return f"{abs(best - total)} behind"


def _reached(target: Any, counted: int) -> str:
    """"reached <target>" for a side whose counted total is at or over the target, else nothing."""
    return f"reached {target}" if isinstance(target, int) and target > 0 and counted >= target else ""


def _latest_rows(table: Table) -> list[dict[str, Any]]:
    """The scoreboard's rows of the latest SHOWN_HANDS stored hands: each one's id, place and scoring (if scored)."""
    stored, scored = table.standing.hands or (), table.body["hands"]
    start = max(0, len(stored) - SHOWN_HANDS)
    if len(scored) == len(stored):
        as_points = [bool(scored[i].get("entered_as_points")) for i in range(start, len(stored))]
    else:
        # a body the engine refused has no hands scored: every stored hand is still listed, so it can be fixed
        as_points = ["points" in data for data in db.session.execute(
            select(Hand.data).where(Hand.session_id == table.game.id, Hand.position > start).order_by(Hand.position)
        ).scalars()]
    return [
        {"hand": HandRow(stored[i][0], i + 1, as_points[i - start]), "scored": scored[i] if i < len(scored) else {}}
        for i in range(start, len(stored))
    ]


def player_totals(table: Table, names: list[str]) -> dict[str, int]:
    """Each player's running total before the hand being entered (their partnership's, in Persian); a player the
    table confirmed rejoins a pool from it stands on the total they come back on.

    Read from the standings cache's entry alone: the hand form needs none of the scoreboard's rows.
    """
    entry = table.standing
    body = entry.body
    pool = pool_marks(table, body, entry.scoring, len(entry.hands or ()))
    totals = body.get("totals") or {}
    back = {name: total for name, total in pool.rejoining.items() if total is not None}
    found = {}
    for name in names:
        if name in back:
            found[name] = back[name]
            continue
        if name in totals:
            found[name] = totals[name]
            continue
        side = next((team for team, members in (body.get("partnerships") or {}).items() if name in members), None)
        found[name] = totals.get(side, 0) if side else 0
    return found
