"""What the pages show, read from the engine: game descriptions and the scoreboard."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app, flash, render_template, request, session, url_for
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.limits import whole_number
from scorekeeper.models import GameSession, Hand
from scorekeeper.sessions import table
from scorekeeper.sessions.device import BACKGROUND_HEADER, after_save, forget_drafts


def game_spec(game_id: str) -> engine.Game | None:
    """The engine's description of a game, or None for an unknown id."""
    try:
        return engine.find_game(game_id)
    except ValueError:
        return None


def games() -> list[engine.Game]:
    """Every game the engine knows, in its order."""
    return list(engine.VARIANTS)


_SAVED_CATEGORY = ("message",)  # the category flash() gives a message by default


def already_saved(gs: GameSession, token: str, position: int) -> Response:
    """Back to the scoreboard, saying so, when a hand's form comes again after it was saved (a double tap).

    A retried background save lands here when the first try was saved but its answer was lost:
    the phone's drafts of that hand are done with.
    """
    # a background save's retry whose first try's answer was lost: that try's "Hand N saved." still waits
    # to be shown, and says it all (a second tap of Save without script is still told it was not saved twice)
    pending = [list(message) for message in session.get("_flashes", [])]
    if not (request.headers.get(BACKGROUND_HEADER) and [*_SAVED_CATEGORY, f"Hand {position} saved."] in pending):
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
    # Michigan counts hands won: it has no target to show
    target = None if gs.variant.counts_hands_won else (gs.options or {}).get("target")
    totals = body.get("totals") or {}
    columns = list(totals.keys()) or gs.player_names
    lead = list(body["leaders"])  # the engine's answer (penalty: the lowest total leads)
    rows = _latest_rows(gs, entry.hands or (), body["hands"])
    count = len(entry.hands or ())
    dealt = entry.scoring.seating.hands if entry.scoring is not None else None
    seats = seat_notes(gs, dealt)
    finished = body.get("status") == "finished"
    return {
        "body": body,
        "spec": spec,
        "target": target,
        "columns": columns,
        "rows": rows,
        "count": count,
        "earlier": count - len(rows),
        "last_id": rows[-1]["hand"].id if rows else None,
        "standings": standings(gs, body, columns, seats, target),
        "seats": seats,
        "leaders": lead,
        "finished": finished,
        "counts_hands_won": gs.variant.counts_hands_won,
        # who deals: from the players of each hand the engine scored (no hand loaded), when it scored them
        "dealers": table.dealers(gs, dealt),
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


def seat_notes(gs: GameSession, dealt: list[list[str]] | None = None) -> dict[str, SeatNote]:
    """A note for each player who joined late or left, by name; the players of the whole game have none.

    `dealt` is the players of each stored hand when the engine scored them (else the hands are read).
    """
    if dealt is None:
        dealt = [gs.names_in(hand.data) for hand in gs.hands]
    playing = set(gs.playing_names)
    notes = {}
    for name in gs.player_names:
        hands = [number for number, players in enumerate(dealt, start=1) if name in players]
        first = hands[0] if hands else len(dealt) + 1
        last = None if name in playing else (hands[-1] if hands else 0)
        if first > 1 or last is not None:
            notes[name] = SeatNote(first, last)
    return notes


def standings(gs: GameSession, body: dict[str, Any], columns: list[str], seats: dict[str, SeatNote],
              target: Any) -> list[dict[str, Any]]:
    """The scoreboard's first lines: each side's place as the game ranks them (engine.ranked), best first.

    Each says the side's rank (0 once they left), total, whether it leads or won, how it came and
    went (seat_notes) and where it stands toward the end: what it still needs to reach the target,
    as the engine counts toward it (Oklahoma leaves out its 250s for going rummy), or how far it is
    behind the best total in a game without a target.
    """
    totals = {name: (body.get("totals") or {}).get(name, 0) for name in columns}
    if not totals:
        return []
    game = gs.variant
    finished = body.get("status") == "finished"
    toward = body.get("toward_target") or totals
    lead = set(body.get("leaders") or ())
    places = engine.ranked(totals, lowest=game.lowest_wins, left=[name for name in seats if seats[name].last is not None])
    best = places[0].total
    shown = []
    for place in places:
        counted = toward.get(place.side, place.total)
        share = 0
        if isinstance(target, int) and target > 0:
            # floor, not round: 499 of 500 must not read as 100%, which looks like the target reached
            share = max(0, min(100, 100 * counted // target))
        shown.append({
            "rank": place.rank, "name": place.side, "total": place.total, "counted": counted, "percent": share,
            # a game shared on the lowest total (Contract's last deal) has no one winner: the first places share it
            "won": finished and (place.side == body.get("winner") or (not body.get("winner") and place.rank == 1)),
            "leads": not finished and place.side in lead,
            "seat": str(seats[place.side]) if place.side in seats else "",
            "measure": _measure(game, target, place.total, counted, best if place.rank else None),
        })
    return shown


def _measure(game: engine.Game, target: Any, total: int, counted: int, best: int | None) -> str:
    """Where a side stands toward the end of the game, in words (see standings)."""
    if isinstance(target, int) and target > 0:
        if counted >= target:
            return f"reached {target}"
        if game.lowest_wins:
            # a penalty game ends when a total reaches the target: room left below it is good
            return f"{target - counted} below {target}"
        counts = f": {counted} counts toward {target}" if counted != total else ""
        return f"needs {target - counted} more{counts}"
    if best is None or best == total:
        return ""
    return f"{abs(best - total)} behind"


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


def scoreboard_html(gs: GameSession, access: str, token: str, board: dict[str, Any], rows: bool = True) -> Markup:
    """The scoreboard fragment (_scoreboard.html) of this version, as this link sees it; without its rows when not `rows`.

    Each row is built once for the hand body it shows (_scoreboard_row.html): a version that
    only added hands builds only the rows of the hands added. The fragment without rows (its
    table's body empty) is what a live update sends with only the rows a phone lacks (rows_since).
    """
    return built(board, f"scoreboard {token}" if rows else f"scoreboard head {token}", lambda: render_template(
        "_scoreboard.html", gs=gs, access=access, token=token, board=board,
        rows_html=Markup("\n".join(_rows(board, access, token)) if rows else "")))


def standings_html(gs: GameSession, board: dict[str, Any]) -> Markup:
    """The standings fragment (_standings.html) of this version: the same for every link, built once per version.

    A live update sends it before the scoreboard fragment, in one piece of HTML (share.routes.live).
    """
    return built(board, "standings", lambda: render_template("_standings.html", gs=gs, board=board))


def _rows(board: dict[str, Any], access: str, token: str) -> list[str]:
    entry = board["entry"]
    template = current_app.jinja_env.get_template(ROW_TEMPLATE)
    keys = row_keys(board)
    known = entry.rows
    kept: dict[Any, tuple[Any, str]] = {key: value for key, value in known.items() if key[0] != token}
    shown = []
    for row in board["rows"]:
        row_key = keys.get(row["hand"].position, "")
        key = (token, row["hand"], row_key)
        found = known.get(key)
        if found is None or found[0] is not row["scored"]:
            found = (row["scored"], template.render(row=row, board=board, access=access, token=token, key=row_key))
        kept[key] = found
        shown.append(found[1])
    # only this link's rows shown now are kept: the ones scrolled out of the latest hands go
    entry.rows = kept
    return shown


ROW_TEMPLATE = "_scoreboard_row.html"
# hex digits of a row's key (48 bits): a phone's rows are compared with the rows of one game only
ROW_KEY_BYTES = 6


def row_keys(board: dict[str, Any]) -> dict[int, str]:
    """The key of each shown hand's row, by position: a digest of everything the row is built from.

    That is the game's players, options and late starts and leavers (and the engine's error,
    if it refused the hands), then every hand up to
    this one, in order, by id and version (the scores in a row, running totals included,
    come from those hands only), and the row's template. Two rows with the same key are
    the same row, and so are all the rows before them: a phone that holds the row of key
    K at position P holds every row up to P as this version shows it. Worked out once per
    version (one small digest per hand); empty when the hands scored are not known.
    """
    entry = board["entry"]
    if entry.row_keys is None:
        keys: dict[int, str] = {}
        if entry.hands is not None:
            first = board["earlier"] + 1
            # a body the engine refused shows no scores in any row, whichever hand it names
            frame = (entry.frame, board["columns"], entry.body.get("error"), _row_template_digest())
            chain = hashlib.blake2b(repr(frame).encode(), digest_size=ROW_KEY_BYTES)
            for position, (hand_id, version) in enumerate(entry.hands, start=1):
                chain = hashlib.blake2b(chain.digest() + f"{hand_id}.{version}".encode(), digest_size=ROW_KEY_BYTES)
                if position >= first:
                    keys[position] = chain.hexdigest()
        entry.row_keys = keys
    return entry.row_keys


def _row_template_digest() -> str:
    # a page built by an older version of the row template holds rows this one would build otherwise
    found = current_app.extensions.get("scorekeeper_row_template")
    if found is None:
        source = current_app.jinja_env.loader.get_source(current_app.jinja_env, ROW_TEMPLATE)[0]
        found = current_app.extensions["scorekeeper_row_template"] = hashlib.sha256(source.encode()).hexdigest()
    return found


def rows_since(board: dict[str, Any], access: str, token: str, held: str) -> dict[str, Any] | None:
    """The rows a phone lacks, given the last row it shows (`held`: "<position>.<key>"); None when it needs them all.

    The phone keeps its rows from `first` to `after` (the row at `after` must carry `key`, or
    the phone asks for the whole scoreboard) and appends `html`, the rows after it. When its
    last row is this version's, nothing before it changed; when it shows more hands than there
    are (an undo), the rows up to the last hand are likely its own; when its last row differs
    (that hand fixed), likely only that one: the key tells the phone whether the guess holds.
    """
    position_text, _, key = held.partition(".")
    keys = row_keys(board)
    position = whole_number(position_text)
    first, count = board["earlier"] + 1, board["count"]
    if keys.get(position) == key:
        after = position
    else:
        after = count if position > count else position - 1
    if after < first or after not in keys:
        return None
    shown = _rows(board, access, token)
    return {"first": first, "after": after, "key": keys[after], "html": "\n".join(shown[after - first + 1:])}


def hand_data(gs: GameSession, position: int) -> dict[str, Any] | None:
    """The stored entry of hand `position` (from 1), or None when the session has no such hand."""
    return db.session.execute(
        select(Hand.data).where(Hand.session_id == gs.id, Hand.position == position)
    ).scalar_one_or_none()


# the key of layoff_seats' answer for "who went out is not chosen yet": every seat any choice allows
ANY_GOER = "*"


def layoff_seats(gs: GameSession, names: list[str]) -> dict[str, dict[int, list[int]]]:
    """Whose melds (seats) each seat may lay off onto, by who went out: the engine's rule, for the form.

    Keyed by the name of who went out ("" for nobody, the stock ran out) and ANY_GOER
    (not chosen yet: whatever some choice allows), then by seat. The form offers
    only these melds; its script narrows the lists as "who went out" changes.
    """
    try:
        chosen = {
            goer: {seat: [names.index(owner) for owner in engine.layoff_owners(gs.game, gs.options, name, names, goer or None)]
                   for seat, name in enumerate(names)}
            for goer in ["", *names]
        }
    except ValueError:
        chosen = {"": {seat: list(range(len(names))) for seat in range(len(names))}}
    chosen[ANY_GOER] = {
        seat: sorted({owner for by_seat in chosen.values() for owner in by_seat[seat]}) for seat in range(len(names))
    }
    return chosen


def deal_note(gs: GameSession, number: int) -> str | None:
    """What hand `number` asks of the players, where the game says (a contract per deal); None otherwise."""
    try:
        return engine.deal_note(gs.game, gs.options, number, len(gs.seats))
    except ValueError:
        return None


def rewards_concealed(gs: GameSession) -> bool:
    """Whether the hand form asks if the player went out concealed: only where the engine scores it."""
    try:
        return engine.rewards_concealed(gs.game, gs.options)
    except ValueError:
        return False


def player_totals(gs: GameSession, names: list[str]) -> dict[str, int]:
    """Each player's running total before the hand being entered (their partnership's, in Persian)."""
    body = scoreboard(gs)["body"]
    totals = body.get("totals") or {}
    found = {}
    for name in names:
        if name in totals:
            found[name] = totals[name]
            continue
        side = next((team for team, members in (body.get("partnerships") or {}).items() if name in members), None)
        found[name] = totals.get(side, 0) if side else 0
    return found
