"""Export sessions to JSON and CSV, and restore them from a JSON export.

A session export is the ``POST /api/v1/score`` body of the session (so
``scorekeeper score`` re-scores it as it stands) plus a ``metadata`` object
the engine ignores. A full backup wraps several session exports::

    {"format": "scorekeeper-backup", "format_version": 1, "sessions": [...], "house_rules": [...]}

A backup also keeps the group's house rules (each a game, a name and its
options); a restore adds those it does not hold yet, by game and name, once
every session is written.

Every session in the file is read and checked by the engine first: a file
that does not pass completely writes nothing. A backup carries each
session's links (tokens) so that a restore keeps the table's bookmarks
working. A backed-up session whose edit link is already in the database is
already here: it is skipped, which makes restoring the same backup twice
harmless.

A single-session export carries no link (it is meant to be shared): it names
its game instead by a key that is no link (``metadata.game_key``, see
:func:`game_key`). The copy an import makes gets links worked out from that
key and this Scorekeeper's secret, the same each time: so importing the same
export twice, or an export of a game this database holds, finds the game
already here and writes nothing.

Since every session written has its links, a restore is written in batches,
each its own short transaction: other phones keep saving hands while
thousands of sessions are restored (on SQLite one long transaction would
hold the only write lock for the whole restore, and their saves would give
up waiting). Should the database fail half-way, the sessions written so far
stay, and importing the same file again writes the rest.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import os
import re
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import select

from scorekeeper import engine, limits
from scorekeeper.extensions import db
from scorekeeper.history import stats
from scorekeeper.models import DealerChoice, GameSession, Hand, HouseRules, Player, Seat, SeatChange, utcnow
from scorekeeper.tables import house_rules, service
from scorekeeper.tables.handnames import rename_players
from scorekeeper.tables.seats import change_of
from scorekeeper.tables.table import Table

SESSION_FORMAT = "scorekeeper-session"
BACKUP_FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 1

# generous for a family's lifetime of games, small enough that a hostile file cannot exhaust the server;
# a session itself is read with the limits every stored session keeps (scorekeeper.limits), so a backup always restores
MAX_SESSIONS = 20_000
# house rules a backup may hold: every game's sets (a game keeps house_rules.MAX_PER_GAME at most, those here counted)
MAX_HOUSE_RULES = 1000
HOUSE_RULES_KEYS = frozenset({"game", "name", "options"})

HAND_KEYS = frozenset({"ended", "went_out", "concealed", "wild_rank", "big_gin", "players", "points", "seated"})
ENTRY_KEYS = frozenset({"melds", "layoffs", "in_hand", "cards"})
LAYOFF_KEYS = frozenset({"cards", "onto"})
ONTO_KEYS = frozenset({"player", "meld"})
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# a game key: 16 bytes, base64url without padding
_GAME_KEY = re.compile(r"[A-Za-z0-9_-]{22}")


class ImportRefused(ValueError):
    """A file that cannot be restored; the message says which session and what is wrong."""


# export ----------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment else None


def export_session(gs: GameSession, with_tokens: bool = False) -> dict[str, Any]:
    """The session as its score body plus metadata; tokens only for a full backup."""
    metadata: dict[str, Any] = {
        "format": SESSION_FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _iso(utcnow()),
        "created_at": _iso(gs.created_at),
        "updated_at": _iso(gs.updated_at),
        # phones poll against it: a restored session carries on from the number they last saw
        "version": gs.version,
        "archived": bool(gs.archived),
        "hands_entered_at": [_iso(h.created_at) for h in gs.hands],
    }
    choices = [{"hand": c.hand, "seat": c.seat} for c in gs.dealer_choices]
    if choices and choices != [{"hand": 1, "seat": 1}]:
        # who dealt first and any correction; without them seat 1 deals first (as in older exports)
        metadata["dealer_choices"] = choices
    # a rejoin the table confirmed for the next hand, which no saved hand carries yet; one the game no longer
    # allows (the player left since, an earlier hand was edited) is not written: a restore would refuse it
    table = Table(gs)
    rejoining = table.pending_rejoins
    if rejoining:
        allowed = table.rejoin_offers
        rejoining = [name for name in rejoining if name in allowed and name in gs.playing_names]
    if rejoining:
        metadata["rejoining"] = rejoining
    if with_tokens:
        metadata["edit_token"] = gs.edit_token
        metadata["view_token"] = gs.view_token
    else:
        metadata["game_key"] = game_key(gs.edit_token)
    return {**service.session_body(gs), "metadata": metadata}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return b""


def _mac(purpose: bytes, key: bytes) -> bytes:
    """HMAC-SHA256 of a game key under this Scorekeeper's secret: links nobody can work out from an export."""
    secret = current_app.config["SECRET_KEY"]
    secret = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(secret, purpose + key, hashlib.sha256).digest()


def game_key(edit_token: str) -> str:
    """The key a single-session export names its game by: no link, but the same for every copy of the game.

    A copy imported from such an export holds the key in its edit link (see
    shared_links); any other game's key is a hash of its edit link, from
    which the link cannot be worked back.
    """
    raw = _unb64(edit_token)
    if len(raw) == 32 and hmac.compare_digest(raw[16:], _mac(b"edit", raw[:16])[:16]):
        return _b64(raw[:16])
    return _b64(hashlib.sha256(edit_token.encode()).digest()[:16])


def shared_links(key: str) -> tuple[str, str]:
    """The edit and view links the copy of the game named `key` gets here: the same at every import."""
    raw = _unb64(key)
    return _b64(raw + _mac(b"edit", raw)[:16]), _b64(_mac(b"view", raw))


def _content_key(r: Restore) -> str:
    """A key for an export made before exports named their game: the same file, the same key."""
    played = {"game": r.game, "options": r.options, "players": r.players, "hands": r.hands,
              "created_at": _iso(r.created_at)}
    return _b64(hashlib.sha256(json.dumps(played, sort_keys=True).encode()).digest()[:16])


def export_all() -> dict[str, Any]:
    """Every session, oldest first, with its links: the full backup."""
    # seats, players and hands in three queries for the whole backup, not two per session
    sessions = db.session.execute(
        select(GameSession)
        .order_by(GameSession.created_at, GameSession.id)
        .options(*service.WHOLE_SESSION)
    ).scalars()
    return {
        "format": BACKUP_FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _iso(utcnow()),
        "sessions": [export_session(gs, with_tokens=True) for gs in sessions],
        "house_rules": [{"game": r.game, "name": r.name, "options": r.options} for r in house_rules.every_set()],
    }


def write_file(path: str | os.PathLike[str], text: str) -> None:
    """Write an export atomically: to a temporary file beside it, then renamed over it."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def to_json(body: dict[str, Any]) -> str:
    """The export as pretty JSON text (UTF-8 names kept readable)."""
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


CSV_COLUMNS = [
    "hand", "player", "side", "entered_as", "ended", "went_out", "concealed", "wild_rank",
    "melds", "layoffs", "in_hand", "score", "total",
]


def _cards_text(cards: Any) -> str:
    return cards if isinstance(cards, str) else " ".join(str(c) for c in cards)


def _layoffs_text(layoffs: list[dict[str, Any]]) -> str:
    """Lay-offs in a cell: "10H onto Ann meld 1 | 4C onto Ben meld 2"."""
    return " | ".join(
        f"{_cards_text(x.get('cards', []))} onto {x.get('onto', {}).get('player')}"
        f" meld {int(x.get('onto', {}).get('meld', 0)) + 1}"
        for x in layoffs
    )


def _cell(value: Any) -> Any:
    # a name such as "=HYPERLINK(...)" must stay text when the file is opened in a spreadsheet
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def export_csv(gs: GameSession, scored: dict[str, Any]) -> str:
    """One row per hand and player: what they melded, laid off and kept, the score and the running total.

    `scored` is the engine's body for the session; in Persian the score and
    total are the partnership's (named in "side").
    """
    names = gs.player_names
    sides = stats.sides_of(names, scored)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    scored_hands = scored.get("hands") or []
    for index, hand in enumerate(gs.hands):
        result = scored_hands[index] if index < len(scored_hands) else {}
        # one row per player dealt into the hand: a late player or a leaver has none for the others
        for name in gs.names_in(hand.data):
            writer.writerow([_cell(v) for v in _csv_row(hand, name, sides.get(name, name), result, gs.variant.entries_of(hand.data))])
    return out.getvalue()


def _csv_row(hand: Hand, name: str, side: str, result: dict[str, Any], entries: dict[str, Any]) -> list[Any]:
    """One player's row of one hand: how it ended, what they put down and kept, the side's score and total.

    `entries` are the hand's players' entries in every game's shape (Game.entries_of: Rummikub's racks as the
    tiles left in hand).
    """
    data = hand.data
    entry = entries.get(name) or {}
    # a gin hand stored whole ({"cards": ...}) shows its cards in the melds column
    melds = " | ".join(_cards_text(m) for m in entry.get("melds") or []) or _cards_text(entry.get("cards") or [])
    layoffs = _layoffs_text(entry.get("layoffs") or [])
    scores, totals = result.get("scores") or {}, result.get("totals") or {}
    return [
        hand.position, name, side, *_ending_cells(data, name),
        melds, layoffs, _cards_text(entry.get("in_hand") or []),
        scores.get(side, ""),
        totals.get(side, ""),
    ]


def _ending_cells(data: dict[str, Any], name: str) -> list[Any]:
    """How the hand was entered and ended, as one player's cells: entered as, ended, went out, concealed, wild rank."""
    went_out = data.get("went_out") == name
    return [
        "points" if "points" in data else "cards",
        data.get("ended", "went_out"),
        "yes" if went_out else "",
        "yes" if data.get("concealed") and went_out else "",
        data.get("wild_rank") or "",
    ]


# import ----------------------------------------------------------------------


@dataclass
class Restore:
    """One session read from a file, checked, ready to write."""

    game: str
    options: dict[str, Any]
    players: list[str]
    hands: list[dict[str, Any]]
    created_at: datetime | None = None
    updated_at: datetime | None = None
    version: int | None = None
    archived: bool = False
    hands_entered_at: list[datetime | None] = field(default_factory=list)
    edit_token: str | None = None
    view_token: str | None = None
    game_key: str | None = None  # a single-session export's name for its game (see game_key)
    # players who joined late or left (engine.seating), and who the table said deals which hand
    late_start: dict[str, str] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)
    dealer_choices: dict[int, int] = field(default_factory=dict)
    # a pool's players out whose rejoin the table confirmed for the next hand
    rejoining: list[str] = field(default_factory=list)


@dataclass
class ImportResult:
    """What an import wrote: the edit links of the new sessions, and how many were already in the database."""

    edit_tokens: list[str] = field(default_factory=list)
    skipped: int = 0
    house_rules: int = 0  # sets of house rules added
    house_rules_kept: int = 0  # sets of house rules in the file whose game and name were already here

    def summary(self) -> str:
        """The result in a sentence (a second one about house rules when the file held some)."""
        n = len(self.edit_tokens)
        text = f"Restored {n:,} session{'' if n == 1 else 's'}."
        if self.skipped:
            text += f" {self.skipped:,} already here (the same game) left as {'it is' if self.skipped == 1 else 'they are'}."
        if self.house_rules or self.house_rules_kept:
            sets = self.house_rules
            text += f" Restored {sets:,} set{'' if sets == 1 else 's'} of house rules"
            text += f" ({self.house_rules_kept:,} already here kept as saved)." if self.house_rules_kept else "."
        return text


class ImportStopped(Exception):
    """A restore written in batches stopped part-way: the batches written before stay.

    `result` holds what was restored before the stop; restoring the same file
    again skips those sessions (same links) and writes the rest.
    """

    def __init__(self, result: ImportResult, total: int, reason: str) -> None:
        self.result = result
        self.total = total
        super().__init__(
            f"Restored {len(result.edit_tokens):,} of {total:,} sessions, then stopped: {reason} "
            "Import the same file again to restore the rest: the sessions already here are skipped."
        )


# a progress callback: called with (sessions done, sessions in the file) after each batch
Progress = Callable[[int, int], None]


def parse_file(raw: bytes | str, max_bytes: int) -> Any:
    """The JSON in an uploaded or given file; ImportRefused when it is too big or not JSON."""
    if len(raw) > max_bytes:
        raise ImportRefused(f"The file is too large ({len(raw):,} bytes; at most {max_bytes:,}).")
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        return json.loads(text)
    except UnicodeDecodeError:
        raise ImportRefused("The file is not text (UTF-8): is it a Scorekeeper JSON export?") from None
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"The file is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.") from None
    except (RecursionError, ValueError):
        # nesting thousands deep, or a number thousands of digits long: no export looks like that
        raise ImportRefused("The file is not a Scorekeeper export: its JSON is nested or sized beyond reason.") from None


def read_export(data: Any) -> list[Restore]:
    """Check a parsed export (one session or a full backup) completely; ImportRefused names the first problem."""
    if not isinstance(data, dict):
        raise ImportRefused("The file is not a Scorekeeper export: it must hold a JSON object.")
    if "sessions" in data:
        if data.get("format", BACKUP_FORMAT) != BACKUP_FORMAT:
            raise ImportRefused(f"Unknown file format {_shown(data.get('format'))}: expected {BACKUP_FORMAT!r}.")
        _check_version(data.get("format_version", FORMAT_VERSION), "The backup")
        sessions = data["sessions"]
        if not isinstance(sessions, list):
            raise ImportRefused("`sessions` must be a list of session exports.")
        if len(sessions) > MAX_SESSIONS:
            raise ImportRefused(f"The backup holds {len(sessions):,} sessions; at most {MAX_SESSIONS:,} can be restored at once.")
        restores = [_read_session(s, f"Session {i}") for i, s in enumerate(sessions, start=1)]
    else:
        restores = [_read_session(data, "The session")]
    seen: set[str] = set()
    for i, r in enumerate(restores, start=1):
        for token in (r.edit_token, r.view_token):
            if token is None:
                continue
            if token in seen:
                raise ImportRefused(f"Session {i}: its link (token) is also used by another session in the file.")
            seen.add(token)
    return restores


@dataclass(frozen=True)
class HouseRulesRestore:
    """One set of house rules read from a backup, checked by its game, ready to write."""

    game: str
    name: str
    options: dict[str, Any]


def read_house_rules(data: Any) -> list[HouseRulesRestore]:
    """A backup's house rules, each checked as the new-game page checks a set; ImportRefused names the first fault."""
    if not isinstance(data, dict) or "house_rules" not in data:
        return []
    raw = data["house_rules"]
    if not isinstance(raw, list):
        raise ImportRefused("`house_rules` must be a list of sets of house rules (game, name and options).")
    if len(raw) > MAX_HOUSE_RULES:
        raise ImportRefused(f"The backup holds {len(raw):,} sets of house rules; at most {MAX_HOUSE_RULES:,}.")
    sets = [_read_house_set(entry, f"House rules {i}") for i, entry in enumerate(raw, start=1)]
    seen: set[tuple[str, str]] = set()
    for i, rules in enumerate(sets, start=1):
        key = (rules.game, rules.name.lower())
        if key in seen:
            raise ImportRefused(f"House rules {i}: {rules.name!r} is in the file twice for {rules.game}.")
        seen.add(key)
    return sets


def _read_house_set(entry: Any, where: str) -> HouseRulesRestore:
    """One set of house rules: an object of game, name and options, the options the game's own."""
    if not isinstance(entry, dict) or not {"game", "name"} <= entry.keys() or not entry.keys() <= HOUSE_RULES_KEYS:
        raise ImportRefused(f"{where} must be an object of `game`, `name` and `options`, and nothing else.")
    game = entry["game"]
    games = [known.id for known in engine.VARIANTS]
    if not isinstance(game, str) or game not in games:
        raise ImportRefused(f"{where}: unknown game {_shown(game)}; the games are {', '.join(games)}.")
    if not isinstance(entry["name"], str):
        raise ImportRefused(f"{where}: the name must be text, not {_shown(entry['name'])}.")
    options = entry.get("options", {})
    try:
        name, kept = house_rules.checked(game, entry["name"], options if options is not None else {})
    except house_rules.HouseRulesRefused as exc:
        raise ImportRefused(f"{where} ({game}: {_shown(entry['name'])}): {exc}") from None
    return HouseRulesRestore(game, name, kept)


def _check_house_rules_room(sets: list[HouseRulesRestore]) -> None:
    """ImportRefused when a game would hold more sets than the new-game page lets a host save (MAX_PER_GAME)."""
    adding: Counter[str] = Counter(rules.game for rules in sets if house_rules.named(rules.game, rules.name) is None)
    for game, count in adding.items():
        held = len(house_rules.sets_for(game))
        if held + count > house_rules.MAX_PER_GAME:
            raise ImportRefused(
                f"The backup adds {count:,} sets of house rules for {game} to the {held:,} kept here; a game keeps at"
                f" most {house_rules.MAX_PER_GAME}.")


def _write_house_rules(sets: list[HouseRulesRestore], result: ImportResult) -> None:
    """Add the sets whose game and name this database does not hold yet (a set already here is kept as saved)."""
    for rules in sets:
        if house_rules.named(rules.game, rules.name) is not None:
            result.house_rules_kept += 1
        else:
            db.session.add(HouseRules(game=rules.game, name=rules.name, options=rules.options))
            result.house_rules += 1
    db.session.commit()


def _shown(value: Any, limit: int = 60) -> str:
    """A value as a message quotes it, cut short: a hostile file must not fill the page.

    >>> _shown("canasta"), _shown("x" * 100)[-5:], _shown([1, 2])
    ("'canasta'", 'xx...', '[1, 2]')
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _check_version(version: Any, what: str) -> None:
    if type(version) is not int or version > FORMAT_VERSION or version < 1:
        raise ImportRefused(f"{what} is in format version {_shown(version)}; this Scorekeeper reads version {FORMAT_VERSION}.")


def _read_session(raw: Any, where: str) -> Restore:
    if not isinstance(raw, dict):
        raise ImportRefused(f"{where} is not a session export (a JSON object with game, players and hands).")
    for key in ("game", "players", "hands"):
        if key not in raw:
            raise ImportRefused(f"{where} has no `{key}`.")
    game = raw["game"]
    games = [known.id for known in engine.VARIANTS]
    if not isinstance(game, str) or game not in games:
        raise ImportRefused(f"{where}: unknown game {_shown(game)}; the games are {', '.join(games)}.")
    players = _read_names(raw["players"], where)
    options = _read_options(raw, where)
    # a game's own numbers beside the cards (Canasta's red_threes) are fields of its entries
    known = engine.find_game(game)
    entry_keys = ENTRY_KEYS | {count.name for count in known.hand_counts} | set(known.entry_fields)
    hands = _read_hands(raw["hands"], where, entry_keys, HAND_KEYS | set(known.hand_fields))
    seating = {key: raw[key] for key in ("late_start", "left") if raw.get(key)}
    resolved = _scored_options(game, options, players, hands, seating, where)
    # stored as the engine read it: a null card list is none entered, and every page reads a list (as typed else)
    hands = [known.nulls_as_empty(hand) for hand in hands]
    restore = Restore(game=game, options=resolved, players=players, hands=hands,
                      late_start=dict(seating.get("late_start", {})), left=list(seating.get("left", [])))
    _read_metadata(raw.get("metadata"), restore, where)
    return restore


def _read_options(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """The session's options as the file gives them (none when absent or null), an object at least."""
    options = raw.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ImportRefused(f"{where}: `options` must be an object of option names and values.")
    problem = limits.options_problem(options)
    if problem:
        raise ImportRefused(f"{where}: {problem}.")
    return options


def _scored_options(
    game: str, options: dict[str, Any], players: list[str], hands: list[Any], seating: dict[str, Any], where: str
) -> dict[str, Any]:
    """The options resolved, once the engine has scored every hand with them; ImportRefused with its reason if not."""
    try:
        # a table that players joined or left may be larger than the game seats at once: the engine counts each hand
        resolved = engine.resolve_options(game, options, n_players=len(players) if not seating else None)
        engine.score_session({"game": game, "options": resolved, "players": players, "hands": hands, **seating})
    except ValueError as exc:
        raise ImportRefused(f"{where} ({game}: {', '.join(players)}): {exc}") from None
    except (TypeError, KeyError, AttributeError, RecursionError):
        # the engine reads every API body without crashing; if a file ever finds a gap, refuse it all the same
        raise ImportRefused(f"{where} ({game}: {', '.join(players)}): a hand could not be read.") from None
    return resolved


def _read_hands(
    hands: Any, where: str, entry_keys: frozenset[str] = ENTRY_KEYS, hand_keys: frozenset[str] = HAND_KEYS,
) -> list[Any]:
    """The session's hands, each of the shape the engine reads, within the limits on size."""
    if not isinstance(hands, list):
        raise ImportRefused(f"{where}: `hands` must be a list of hands.")
    for number, hand in enumerate(hands, start=1):
        _check_hand_shape(hand, f"{where}, hand {number}", entry_keys, hand_keys)
    problem = limits.hands_problem(hands)
    if problem:
        raise ImportRefused(f"{where}: {problem}.")
    return hands


def _read_names(names: Any, where: str) -> list[str]:
    if not isinstance(names, list) or not names:
        raise ImportRefused(f"{where}: `players` must list the players' names in seat order.")
    if len(names) > limits.MAX_SEATS:
        raise ImportRefused(f"{where} lists {len(names)} players; no game keeps more than {limits.MAX_SEATS}.")
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str):
            raise ImportRefused(f"{where}: player names must be text, not {_shown(name)}.")
        problem = limits.name_problem(name)
        if problem:
            raise ImportRefused(f"{where}: the player name {_shown(name)} {problem}.")
        # players are one person whatever the case of their name ("ann" is Ann)
        if name.lower() in seen:
            raise ImportRefused(f"{where}: {seen[name.lower()]!r} and {name!r} are the same player listed twice.")
        seen[name.lower()] = name
    return names


def _check_hand_shape(
    hand: Any, where: str, entry_keys: frozenset[str] = ENTRY_KEYS, hand_keys: frozenset[str] = HAND_KEYS,
) -> None:
    """Refuse keys no hand has, so nothing the engine ignores is stored; the engine checks the rest."""
    if not isinstance(hand, dict):
        raise ImportRefused(f"{where} is not a hand (a JSON object).")
    extra = set(hand) - hand_keys
    if extra:
        raise ImportRefused(f"{where} has unknown field(s) {', '.join(sorted(map(str, extra)))}.")
    players = hand.get("players")
    if not isinstance(players, dict):
        return
    for name, entry in players.items():
        if isinstance(entry, dict):
            _check_entry_shape(entry, name, where, entry_keys)


def _check_entry_shape(entry: dict[Any, Any], name: Any, where: str, entry_keys: frozenset[str]) -> None:
    """Refuse keys no player's entry has, nor any of its lay-offs."""
    extra = set(entry) - entry_keys
    if extra:
        raise ImportRefused(f"{where}: {name}'s entry has unknown field(s) {', '.join(sorted(map(str, extra)))}.")
    layoffs = entry.get("layoffs")
    for layoff in layoffs if isinstance(layoffs, list) else []:
        if isinstance(layoff, dict):
            onto = layoff.get("onto")
            if set(layoff) - LAYOFF_KEYS or (isinstance(onto, dict) and set(onto) - ONTO_KEYS):
                raise ImportRefused(f"{where}: {name}'s lay-off has unknown fields.")


def _read_time(value: Any, what: str, where: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise ImportRefused(f"{where}: `{what}` must be a date and time like 2026-11-22T19:30:00.")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{where}: `{what}` {_shown(value)} is not a date and time like 2026-11-22T19:30:00.") from None
    if moment.tzinfo is not None:
        # stored times are naive UTC
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _read_dealer_choices(raw: Any, seats: int, where: str) -> dict[int, int]:
    """The table's dealer choices ({"hand": N, "seat": S} each), checked against the seats."""
    if raw is None:
        return {}
    wrong = ImportRefused(f"{where}: `dealer_choices` must list hands (from 1) and seats (1 to {seats}),"
                          f" each hand once.")
    if not isinstance(raw, list) or len(raw) > limits.MAX_HANDS + 2:
        raise wrong
    choices: dict[int, int] = {}
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"hand", "seat"}:
            raise wrong
        hand, seat = item["hand"], item["seat"]
        if type(hand) is not int or type(seat) is not int or not 1 <= seat <= seats or not 1 <= hand <= 2**31 - 1:
            raise wrong
        if hand in choices:
            raise wrong
        choices[hand] = seat
    return choices


def _read_metadata(meta: Any, restore: Restore, where: str) -> None:
    if meta is None:
        return
    if not isinstance(meta, dict):
        raise ImportRefused(f"{where}: `metadata` must be an object.")
    if meta.get("format", SESSION_FORMAT) != SESSION_FORMAT:
        raise ImportRefused(f"{where}: unknown format {_shown(meta.get('format'))}: expected {SESSION_FORMAT!r}.")
    _check_version(meta.get("format_version", FORMAT_VERSION), where)
    restore.created_at = _read_time(meta.get("created_at"), "created_at", where)
    restore.updated_at = _read_time(meta.get("updated_at"), "updated_at", where)
    restore.version = _read_version(meta.get("version"), where)
    archived = meta.get("archived", False)
    if not isinstance(archived, bool):
        raise ImportRefused(f"{where}: `archived` must be true or false.")
    restore.archived = archived
    _read_hand_times(meta.get("hands_entered_at"), restore, where)
    _read_links(meta, restore, where)
    restore.dealer_choices = _read_dealer_choices(meta.get("dealer_choices"), len(restore.players), where)
    restore.rejoining = _read_rejoining(meta.get("rejoining"), restore, where)
    _check_links(restore, where)
    key = meta.get("game_key")
    if key is not None and (not isinstance(key, str) or not _GAME_KEY.fullmatch(key)):
        raise ImportRefused(f"{where}: `game_key` is not a Scorekeeper game key.")
    restore.game_key = key


def _read_rejoining(raw: Any, restore: Restore, where: str) -> list[str]:
    """The players whose rejoin from the next hand the table confirmed; each one out and let back in by the rules."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw) or len(set(raw)) != len(raw):
        raise ImportRefused(f"{where}: `rejoining` must list players' names, each once.")
    if not raw:
        return []
    scoring = engine.Scoring.of({"game": restore.game, "options": restore.options, "players": restore.players,
                                 "hands": restore.hands, **_seating(restore.late_start, restore.left)})
    for name in raw:
        if name not in restore.players or name in restore.left:
            raise ImportRefused(f"{where}: `rejoining` names {_shown(name)}, who is not at this table.")
        why = scoring.rejoin_refusal(name)
        if why is not None:
            raise ImportRefused(f"{where}: {why}.")
    return list(raw)


def _read_version(version: Any, where: str) -> int | None:
    """The session's version (how many times it changed), a whole number from 1 when given."""
    if version is not None and (type(version) is not int or not 1 <= version <= 2**31 - 1):
        raise ImportRefused(f"{where}: `version` must be a whole number from 1, not {_shown(version)}.")
    return version


def _read_hand_times(entered: Any, restore: Restore, where: str) -> None:
    """When each hand was entered, when the file gives it: one time (or null) per hand."""
    if entered is None:
        return
    if not isinstance(entered, list) or len(entered) != len(restore.hands):
        raise ImportRefused(f"{where}: `hands_entered_at` must give one time per hand.")
    restore.hands_entered_at = [_read_time(t, "hands_entered_at", where) for t in entered]


def _read_links(meta: dict[str, Any], restore: Restore, where: str) -> None:
    """The edit and view tokens of a backup, each a token when given."""
    for key in ("edit_token", "view_token"):
        token = meta.get(key)
        if token is None:
            continue
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise ImportRefused(f"{where}: `{key}` is not a Scorekeeper link token.")
        setattr(restore, key, token)


def _check_links(restore: Restore, where: str) -> None:
    """A backup gives both links or neither, and they differ."""
    if (restore.edit_token is None) != (restore.view_token is None) or (
        restore.edit_token is not None and restore.edit_token == restore.view_token
    ):
        raise ImportRefused(f"{where}: a backup gives both links (edit and view), and they differ.")


# a batch is committed once it holds this many sessions or has taken this long, whichever comes first:
# short enough that a phone saving a hand meanwhile waits a moment at most (SQLite's busy timeout is 5 s)
BATCH_SESSIONS = 200
BATCH_SECONDS = 0.25
# SQLite lets a waiting writer in only when it next polls (every 100 ms once it has waited a while), and
# the restore's next batch would otherwise take the lock again at once: it leaves the door open this long
SQLITE_PAUSE_SECONDS = 0.15


def restore(restores: list[Restore], progress: Progress | None = None) -> ImportResult:
    """Write checked sessions in short batches of transactions, so other phones keep saving meanwhile.

    `restores` are as read_export gives them, so no token appears twice among
    them. ImportStopped says how far a restore got if the database fails
    part-way; a failure before any session is written raises as it is.
    `progress` is told after each batch how many sessions are done.
    """
    result = ImportResult()
    total = len(restores)
    restores = _give_links(restores, result)
    players: dict[str, Player] = {}
    done = 0
    while done < len(restores):
        try:
            gone, skipped, written = _write_batch(restores[done:done + BATCH_SESSIONS], players)
            db.session.commit()
        except Exception as exc:
            db.session.rollback()
            if not result.edit_tokens:
                raise  # nothing written yet: the file is refused whole, as any file that fails a check
            reason = str(exc) if isinstance(exc, ImportRefused) else f"the database failed ({type(exc).__name__})."
            raise ImportStopped(result, total, reason) from exc
        result.edit_tokens.extend(written)
        result.skipped += skipped
        done += gone
        # the batch is in the database: its objects need not stay in memory
        db.session.expunge_all()
        players.clear()
        if progress is not None:
            progress(total - len(restores) + done, total)
        if done < len(restores) and db.session.get_bind().dialect.name == "sqlite":
            time.sleep(SQLITE_PAUSE_SECONDS)
    return result


def _write_batch(pending: list[Restore], players: dict[str, Player]) -> tuple[int, int, list[str]]:
    """Write `pending` in order, skipping those whose links are taken, until BATCH_SECONDS have passed.

    Returns how many of `pending` were gone through, how many of them were skipped, and the edit links written.
    """
    started = time.monotonic()
    gone, skipped, written = 0, 0, []
    # looked up per batch: another import may have written some of them meanwhile
    taken = _tokens_taken([t for r in pending for t in (r.edit_token, r.view_token) if t is not None])
    for r in pending:
        if r.edit_token in taken or r.view_token in taken:
            skipped += 1
        else:
            written.append(_write(r, players).edit_token)
            taken.update((r.edit_token, r.view_token))
        gone += 1
        if time.monotonic() - started > BATCH_SECONDS:
            break
    return gone, skipped, written


# tokens looked up per query: two IN lists of this many stay far below SQLite's bound-parameter limit
TOKEN_CHUNK = 500


def _tokens_taken(tokens: list[str]) -> set[str]:
    """Those of `tokens` already used as an edit or view link by a session in the database."""
    taken: set[str] = set()
    for start in range(0, len(tokens), TOKEN_CHUNK):
        chunk = tokens[start:start + TOKEN_CHUNK]
        for edit_token, view_token in db.session.execute(
            select(GameSession.edit_token, GameSession.view_token).where(
                GameSession.edit_token.in_(chunk) | GameSession.view_token.in_(chunk)
            )
        ):
            taken.update((edit_token, view_token))
    return taken.intersection(tokens)


def _give_links(restores: list[Restore], result: ImportResult) -> list[Restore]:
    """The restores to write, a shared export given the links its game's key makes here.

    A shared export of a game already here (or twice in the file) is left out and counted as skipped.
    """
    if all(r.edit_token is not None for r in restores):
        return restores
    held = _game_keys_held()
    kept = []
    for r in restores:
        if r.edit_token is None:
            key = r.game_key or _content_key(r)
            if key in held:
                result.skipped += 1
                continue
            held.add(key)
            r.edit_token, r.view_token = shared_links(key)
        kept.append(r)
    return kept


def _game_keys_held() -> set[str]:
    """The game key of every session in the database (one query for the links, a hash each)."""
    return {game_key(token) for token in db.session.scalars(select(GameSession.edit_token))}


def _player(name: str, players: dict[str, Player]) -> Player:
    # players are matched ignoring case, as service.player_named does: each is looked up once per restore
    key = name.lower()
    if key not in players:
        players[key] = service.player_named(name)
    return players[key]


def _write(r: Restore, known: dict[str, Player]) -> GameSession:
    players = [_player(name, known) for name in r.players]
    # a name matched to a player already here in another case takes that player's spelling everywhere
    renames = {name: p.name for name, p in zip(r.players, players) if p.name != name}
    hands = [rename_players(h, renames) for h in r.hands] if renames else r.hands
    late = {renames.get(name, name): start for name, start in r.late_start.items()}
    left = [renames.get(name, name) for name in r.left]
    if renames:
        _check_renamed(r, players, hands, late, left)
    gs = _session_of(r)
    _seat_players(gs, players, late, left)
    _mark_rejoins(gs, [renames.get(name, name) for name in r.rejoining], len(hands) + 1)
    for hand_number, seat in sorted(r.dealer_choices.items()):
        gs.dealer_choices.append(DealerChoice(hand=hand_number, seat=seat))
    gs.hands.extend(_hands_of(r, hands))
    db.session.add(gs)
    db.session.flush()
    return gs


def _seat_players(gs: GameSession, players: list[Player], late: dict[str, str], left: list[str]) -> None:
    """Seat the players in order, each with the hand they started late at or their leaving, if any."""
    for seat, player in enumerate(players, start=1):
        gs.seats.append(Seat(seat=seat, player=player))
        if player.name in late or player.name in left:
            gs.seat_changes.append(SeatChange(seat=seat, late_start=late.get(player.name), left=player.name in left))


def _seating(late: dict[str, str], left: list[str]) -> dict[str, Any]:
    """A score body's "late_start" and "left", each only when some player joined late or left."""
    return ({"late_start": late} if late else {}) | ({"left": left} if left else {})


def _mark_rejoins(gs: GameSession, names: list[str], position: int) -> None:
    """Mark each of `names` dealt back in from hand `position`, as a confirmed rejoin does (tables/rejoins.py)."""
    for seat in gs.seats:
        if seat.player.name in names:
            change_of(gs, seat.seat).rejoins_at = position


def _hands_of(r: Restore, hands: list[dict[str, Any]]) -> list[Hand]:
    """The hands restored, in order, each with the time it was entered when the file gives it."""
    restored = []
    for position, data in enumerate(hands, start=1):
        hand = Hand(position=position, data=data)
        if position <= len(r.hands_entered_at) and r.hands_entered_at[position - 1]:
            hand.created_at = r.hands_entered_at[position - 1]
        restored.append(hand)
    return restored


def _check_renamed(
    r: Restore, players: list[Player], hands: list[dict[str, Any]], late: dict[str, str], left: list[str]
) -> None:
    """ImportRefused when the hands, with names matched to players already here, no longer score."""
    try:
        engine.score_session({"game": r.game, "options": r.options, "players": [p.name for p in players],
                              "hands": hands, **_seating(late, left)})
    except ValueError as exc:
        raise ImportRefused(f"Matching names to the players already here broke a hand: {exc}") from None


def _session_of(r: Restore) -> GameSession:
    """The session restored, without its seats and hands: game, options, times, version and links."""
    gs = GameSession(game=r.game, options=r.options, archived=r.archived)
    if r.created_at:
        gs.created_at = r.created_at
    gs.updated_at = r.updated_at or r.created_at or utcnow()
    if r.version is not None:
        gs.version = r.version
    if r.edit_token:
        gs.edit_token, gs.view_token = r.edit_token, r.view_token
    return gs


def import_text(raw: bytes | str, max_bytes: int, progress: Progress | None = None) -> ImportResult:
    """Read, check and restore a whole export file: its sessions, then a backup's house rules.

    A file that fails a check writes nothing (ImportRefused); see restore for how it is written.
    """
    data = parse_file(raw, max_bytes)
    restores, sets = read_export(data), read_house_rules(data)
    _check_house_rules_room(sets)
    result = restore(restores, progress)
    # written once every session is: a restore refused or stopped part-way leaves them for the next import
    _write_house_rules(sets, result)
    return result
