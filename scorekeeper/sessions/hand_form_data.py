"""Translate hand forms to the stored hand shape (POST /api/v1/score's) and back.

Only notation is read here (with the engine's own card parser); every rule
is the engine's. Rows left blank are dropped, so a lay-off names the meld
it extends by the meld's index among the melds actually entered.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorekeeper import engine
from scorekeeper.engine import Game, Option
from scorekeeper.engine.cards import CardNotationError, parse_cards, parse_meld_cards
from scorekeeper.engine.games.base import Leaving
from scorekeeper.limits import whole_number
from scorekeeper.sessions.forms import HandCardsForm, HandPointsForm, every_field, parse_points


class EntryError(ValueError):
    """A hand form that cannot be turned into a hand; the errors are already on the form's fields."""


def _canonical(tokens: list[Any]) -> list[str]:
    return [str(c) for c in tokens]


def _mark(field: Any, message: str) -> None:
    field.errors = list(field.errors) + [message]


def read_melds(meld_fields: Any, name: str) -> tuple[list[list[str]], list[int], bool]:
    """A player's typed melds in canonical notation, the form row of each, and whether any was unreadable."""
    melds, rows, bad = [], [], False
    for row, meld_field in enumerate(meld_fields):
        if not meld_field.data:
            continue
        try:
            melds.append(_canonical(parse_meld_cards(meld_field.data)))
            rows.append(row)
        except CardNotationError as exc:
            _mark(meld_field, f"{name}'s meld {row + 1}: {exc}")
            bad = True
    return melds, rows, bad


def read_in_hand(in_hand_field: Any, name: str, game: Game | None = None) -> list[str] | None:
    """A player's typed cards left in hand (in `game`'s notation: Rummikub's tiles), or None after marking the
    field with what is wrong."""
    try:
        held = game.read_held(in_hand_field.data or "") if game is not None else parse_cards(in_hand_field.data or "")
        return _canonical(held)
    except CardNotationError as exc:
        what = game.in_hand_word if game is not None else "cards left in hand"
        _mark(in_hand_field, f"{name}'s {what}: {exc}")
        return None


def read_layoff_cards(layoff: Any, where: str) -> list[str] | None:
    """The cards of one typed lay-off row, or None after marking the row with what is wrong."""
    try:
        # a wild card laid off may say what it stands for (JK=JH), as in a meld (docs/rules.md)
        cards = _canonical(parse_meld_cards(layoff.cards.data or ""))
    except CardNotationError as exc:
        _mark(layoff.cards, f"{where}: {exc}")
        return None
    if not cards:
        _mark(layoff.cards, f"{where}: enter the cards laid off.")
        return None
    return cards


def meld_filled(row: Any) -> bool:
    """True for a meld row with anything typed in it (blank rows are dropped)."""
    return bool(row.data)


def layoff_filled(row: Any) -> bool:
    """True for a lay-off row with anything typed or chosen in it (blank rows are dropped)."""
    return bool(row.cards.data or row.onto.data)


def read_layoffs(rows: Any, name: str, target_of: Callable[[str | None], dict[str, Any] | None]) -> tuple[list[dict[str, Any]], bool]:
    """A player's typed lay-offs, and whether any row was unreadable (those rows are marked with what is wrong).

    `target_of` reads a row's choice of meld ("seat:row") as the lay-off's
    `onto`, or None when it names no meld that was entered.
    """
    layoffs, bad = [], False
    for number, layoff in enumerate(rows, start=1):
        if not layoff_filled(layoff):
            continue
        where = f"{name}'s lay-off {number}"
        cards = read_layoff_cards(layoff, where)
        if cards is None:
            bad = True
            continue
        target = target_of(layoff.onto.data)
        if target is None:
            _mark(layoff.onto, f"{where}: choose a meld on the table that was entered (not an empty row).")
            bad = True
            continue
        layoffs.append({"cards": cards, "onto": target})
    return layoffs, bad


def cards_form_to_data(form: HandCardsForm, names: list[str], game: Game) -> dict[str, Any]:
    """The hand a valid card form describes; raises EntryError after marking unreadable fields."""
    players = _players_of(form, names, game)
    ended = form.ended.data
    data: dict[str, Any] = {
        "ended": ended,
        "went_out": (form.went_out.data or None) if ended == "went_out" else None,
        "concealed": bool(form.concealed.data) if ended == "went_out" else False,
        "wild_rank": (form.wild_rank.data or None) if game.asks_wild_rank else None,
        "players": players,
    }
    if game.knocks and ended == "went_out" and form.big_gin.data:
        data["big_gin"] = True
    return game.hand_from_entries(data)


def read_counts(fields: Any, counts: tuple[Option, ...], name: str) -> tuple[dict[str, int], bool]:
    """A player's typed counts (the game's hand_counts; blank is left out) and whether any was unreadable."""
    read, bad = {}, False
    for field, count in zip(fields, counts):
        text = field.data or ""
        if not text:
            continue
        number = whole_number(text, None)
        if number is None:
            _mark(field, f"{name}'s {count.label.lower()}: `{text}` is not a whole number")
            bad = True
            continue
        read[count.name] = number
    return read, bad


def _player_of(entry: Any, name: str, game: Game, leaving: Leaving | None) -> tuple[dict[str, Any], list[int], bool]:
    """One player's melds, cards left and counts as typed, the form row of each meld, and whether any was unreadable.

    A player whose one tap said how they left the hand (`leaving`) holds only that: the cards typed
    for them before are not asked (nor lost: the form keeps them).
    """
    if leaving is not None:
        return dict(leaving.fields), [], False
    melds, rows, unreadable = read_melds(entry.melds, name)
    in_hand = read_in_hand(entry.in_hand, name, game)
    counts, wrong = read_counts(entry.counts, game.hand_counts, name)
    player = {"melds": melds, "layoffs": [], "in_hand": in_hand or []} | counts
    return player, rows, unreadable or in_hand is None or wrong


def _players_of(form: HandCardsForm, names: list[str], game: Game) -> dict[str, Any]:
    """Each player's melds, lay-offs and cards left as the form gives them; EntryError once all are marked."""
    bad = False
    # row index of each entered meld, per seat, so lay-offs and engine errors find their field
    meld_rows: list[list[int]] = []
    players: dict[str, Any] = {}
    leavings = {leaving.state: leaving for leaving in game.leavings}
    for name, entry in zip(names, form.players):
        players[name], rows, unreadable = _player_of(entry, name, game, leavings.get(entry.state.data or ""))
        meld_rows.append(rows)
        bad = bad or unreadable

    for name, entry in zip(names, form.players):
        if "layoffs" not in players[name]:
            continue
        layoffs, unreadable = read_layoffs(entry.layoffs, name, lambda onto: _onto(onto, names, meld_rows))
        players[name]["layoffs"] = layoffs
        bad = bad or unreadable
    if bad:
        raise EntryError("some cards could not be read")
    return players


def _onto(value: str | None, names: list[str], meld_rows: list[list[int]]) -> dict[str, Any] | None:
    seat_text, _, row_text = (value or "").partition(":")
    seat, row = whole_number(seat_text, None), whole_number(row_text, None)
    if seat is None or row is None or seat >= len(names) or row not in meld_rows[seat]:
        return None
    return {"player": names[seat], "meld": meld_rows[seat].index(row)}


def points_form_to_data(form: HandPointsForm, names: list[str]) -> dict[str, Any]:
    """The hand a valid points form describes (concealed only when ticked: the engine scores it where it counts)."""
    ended = form.ended.data
    data: dict[str, Any] = {
        "ended": ended,
        "went_out": (form.went_out.data or None) if ended == "went_out" else None,
        "points": {name: parse_points(entry.data) for name, entry in zip(names, form.points)},
    }
    if ended == "went_out" and form.concealed.data:
        data["concealed"] = True
    return data


def mark_engine_error(form: HandCardsForm | HandPointsForm, exc: Exception, names: list[str]) -> bool:
    """Put an engine error on the field it names (player, meld, field); False when it names none."""
    player = getattr(exc, "player", None)
    field = getattr(exc, "field", None)
    message = without_hand(str(exc))
    if field in ("went_out", "ended"):
        form.went_out.errors = list(form.went_out.errors) + [message]
        return True
    if field == "wild_rank":
        form.wild_rank.errors = list(form.wild_rank.errors) + [message]
        return True
    if player not in names:
        return False
    if isinstance(form, HandPointsForm):
        entry = form.points[names.index(player)]
        entry.errors = list(entry.errors) + [message]
        return True
    if not _mark_player_field(form, form.players[names.index(player)], exc, message):
        # the engine named the player but not the field: mark the player's whole part of the form
        form.player_errors[names.index(player)] = message
    return True


def _mark_player_field(form: HandCardsForm, entry: Any, exc: Exception, message: str) -> bool:
    """Put an engine error on the field of a player's part of the cards form it names; False when none is found."""
    field = getattr(exc, "field", None)
    meld = getattr(exc, "meld", None)
    if field == "melds" and isinstance(meld, int):
        target = nth_filled(entry.melds, meld, meld_filled)
        if target is not None:
            target.errors = list(target.errors) + [message]
            return True
    if field == "layoffs":
        index = getattr(exc, "layoff", None)
        if not isinstance(index, int):
            index = meld
        if isinstance(index, int):
            target = nth_filled(entry.layoffs, index, layoff_filled)
            if target is not None:
                target.cards.errors = list(target.cards.errors) + [message]
                return True
    if field in ("in_hand", "racks"):  # a rack is the tiles left in hand (Rummikub's body)
        entry.in_hand.errors = list(entry.in_hand.errors) + [message]
        return True
    count_names = getattr(form, "count_names", [])
    if field in count_names:
        target = entry.counts[count_names.index(field)]
        target.errors = list(target.errors) + [message]
        return True
    return False


def nth_filled(rows: Any, n: int, filled: Callable[[Any], bool]) -> Any:
    """The `n`th row (from 0) that `filled` says was entered, or None: engine errors count entered rows only."""
    count = -1
    for row in rows:
        if filled(row):
            count += 1
            if count == n:
                return row
    return None


# the engine names the hand ("hand 1: Ben's meld 2 ..."): on the form of that hand it goes without saying
_HAND_PREFIX = re.compile(r"^hand \d+: ")


def without_hand(message: str) -> str:
    """An engine message without its leading "hand N: ", said on the form of that very hand.

    >>> without_hand("hand 1: Ben's meld 2 (9H 10H QH) is not legal: there is a gap between 10 and Q")
    "Ben's meld 2 (9H 10H QH) is not legal: there is a gap between 10 and Q"
    """
    return _HAND_PREFIX.sub("", message)


def refused(form: HandCardsForm | HandPointsForm, exc: Exception, gs: Any, names: list[str]) -> str:
    """Mark the engine's refusal of a hand on its field, and every other meld it would refuse; the headline to show.

    Scoring stops at the first problem, so the other melds are asked one by one (the engine's meld
    check, as the page's live checks ask it): a save refused once names them all.
    """
    mark_engine_error(form, exc, names)
    if isinstance(form, HandCardsForm):
        went_out = form.went_out.data if form.ended.data == "went_out" else None
        for name, entry in zip(names, form.players):
            for row, meld_field in enumerate(entry.melds):
                if not meld_field.data or meld_field.errors:
                    continue
                try:
                    body = engine.check_meld(meld_field.data, game=gs.game, options=gs.options,
                                             wild_rank=form.wild_rank.data or None, going_out=went_out == name)
                except ValueError:
                    continue  # unreadable or no wild rank: the field or the engine's message says so already
                if not body["legal"]:
                    _mark(meld_field, f"{engine.entry_label(name, 'melds', row, gs.variant)} ({' '.join(body['cards'])}) is not legal: {body['reason']}")
    return f"Not saved: {without_hand(str(exc))}"


def problems(form: Any) -> list[str]:
    """Every message on the form's fields, in the order of the page."""
    return [message for field in every_field(form) for message in field.errors if isinstance(message, str)]
