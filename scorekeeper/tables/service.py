"""Sessions and hands in the database, scored by the engine.

Stored hands are the truth: nothing computed is stored. Every write here is
one transaction that bumps the session's version (phones poll against it).
Other areas (history export/import, share polling) reuse these functions.
"""

from __future__ import annotations

import copy
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper import engine, limits
from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice, GameSession, Hand, Player, RemovedHand, Seat, utcnow

# how long the scoreboard offers to put an undone hand back
PUT_BACK_MINUTES = 30


class StaleHand(Exception):
    """A hand was edited from a form showing an older version of it."""

    def __init__(self, hand: Hand, expected_version: int) -> None:
        super().__init__(
            f"Hand {hand.position} was changed by someone else after you opened it"
            f" (you edited version {expected_version}; it is now version {hand.version})."
        )
        self.hand = hand
        self.expected_version = expected_version


class DuplicateHand(Exception):
    """A hand form was posted again after it was saved (double tap or retry)."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(f"Hand {hand.position} was already saved.")
        self.hand = hand


class HandTaken(ValueError):
    """Another device saved the hand this form was entering (two phones entered the same hand)."""

    def __init__(self, position: int, next_position: int) -> None:
        super().__init__(
            f"Hand {position} was saved from another phone while you were entering it, so yours was not saved."
            f" Check the scoreboard: if yours is a different hand, save it again to add it as hand {next_position}."
        )
        self.position = position
        self.next_position = next_position


class NotPutBack(ValueError):
    """An undone hand that can no longer go back to its place (put back already, or its place taken)."""


class HandGone(ValueError):
    """The hand being edited was deleted from another device before the edit was saved."""

    def __init__(self, position: int) -> None:
        super().__init__(f"Hand {position} was deleted from another phone while you edited it; your changes were not saved.")
        self.position = position


# what scoring a session reads, loaded for many sessions at once in one query a relationship
# (a lazy load per session would be a query per game listed or backed up)
WHOLE_SESSION = (
    selectinload(GameSession.seats).selectinload(Seat.player),
    selectinload(GameSession.hands),
    selectinload(GameSession.seat_changes),
)


def session_body(gs: GameSession, hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The POST /api/v1/score body of a session: game, options, players in seat order, hands."""
    body = {
        "game": gs.game,
        "options": dict(gs.options or {}),
        "players": gs.player_names,
        "hands": [h.data for h in gs.hands] if hands is None else hands,
    }
    return body | seating_body(gs)


def seating_body(gs: GameSession) -> dict[str, Any]:
    """The body's "late_start" and "left" (engine.seating), for a session where players came or went."""
    names = {seat.seat: seat.player.name for seat in gs.seats}
    late = {names[c.seat]: c.late_start for c in gs.seat_changes if c.late_start and c.seat in names}
    left = [names[c.seat] for c in gs.seat_changes if c.left and c.seat in names]
    return ({"late_start": late} if late else {}) | ({"left": left} if left else {})


def standings(gs: GameSession) -> dict[str, Any]:
    """The engine's scoring body for the session (totals, status, winner, per-hand scores).

    A session whose stored hands no longer score (say, after an engine
    upgrade tightened a rule) still gets a body, with its error in "error",
    so its page can show the hands and let the table fix them.
    """
    try:
        return engine.score_session(session_body(gs))
    except ValueError as exc:
        return refused_body(gs, exc)


def refused_body(gs: GameSession, exc: ValueError) -> dict[str, Any]:
    """The body of a session whose stored hands the engine refuses: no hand scored, totals at 0, its error."""
    names = gs.player_names
    return {
        "hands": [],
        "totals": {name: 0 for name in names},
        "status": "in_progress",
        "winner": None,
        "reason": None,
        "leaders": [],
        "error": str(exc),
        "error_hand": getattr(exc, "hand", None),
    }


def check_hands(gs: GameSession, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """Score the session with these hands in place of its stored ones; raises the engine's errors.

    Hands beyond the stored limits (scorekeeper.limits) are refused with engine.InputError too,
    so that every session stored can be restored from a backup.
    """
    problem = limits.hands_problem(hands)
    if problem:
        raise engine.InputError(problem)
    return engine.score_session(session_body(gs, hands))


def check_next(gs: GameSession, data: dict[str, Any], scoring: engine.Scoring | None = None,
               position: int | None = None) -> engine.Scoring | None:
    """Check the session with `data` added as its next hand; raises the engine's errors (and the stored limits').

    `scoring` is the engine's Scoring of the stored hands, when the caller has it (the score
    cache): then only the new hand is read and checked, and the Scoring with it is returned.
    Without it (or when it does not hold every stored hand) the whole session is checked and
    None is returned. `position` is the next hand's number, when the caller has counted it already.
    """
    position = next_position(gs) if position is None else position
    if scoring is None or scoring.count != position - 1:
        check_hands(gs, stored_entries(gs) + [data])
        return None
    problem = limits.hands_problem([data], first=position)
    if problem:
        raise engine.InputError(problem)
    return scoring.with_hand(data)


def stored_entries(gs: GameSession) -> list[dict[str, Any]]:
    """The entries of the session's stored hands, in order (read as plain rows unless already loaded)."""
    if "hands" not in inspect(gs).unloaded:
        return [h.data for h in gs.hands]
    return list(db.session.execute(
        select(Hand.data).where(Hand.session_id == gs.id).order_by(Hand.position)
    ).scalars())


def remembered_names(limit: int = 200) -> list[str]:
    """Names of players from earlier sessions, most recently seen first."""
    rows = db.session.execute(
        select(Player.name).order_by(Player.created_at.desc(), Player.name).limit(limit)
    ).scalars()
    return list(rows)


def find_player(name: str) -> Player | None:
    """The player called `name`, matched ignoring case ("ann" is the Ann already here), if any."""
    return db.session.execute(
        select(Player).where(func.lower(Player.name) == name.lower())
    ).scalar_one_or_none()


def player_named(name: str) -> Player:
    """The player called `name`, matched ignoring case (see :func:`find_player`), created if new."""
    player = find_player(name)
    if player is None:
        player = Player(name=name)
        db.session.add(player)
    return player


def create_session(game: str, options: dict[str, Any], names: list[str], first_dealer: int = 1) -> GameSession:
    """Start a session: options completed by the engine's defaults, players seated in the given order.

    `first_dealer` is the seat (from 1) that deals hand 1. Raises engine.InputError for an unknown
    game, a bad option, a player count the game does not allow, or a first dealer who is not seated.
    """
    resolved = engine.resolve_options(game, options, n_players=len(names))
    if not 1 <= first_dealer <= len(names):
        raise engine.InputError(f"the first dealer must sit in one of the seats 1 to {len(names)}")
    gs = GameSession(game=game, options=resolved)
    db.session.add(gs)
    for seat, name in enumerate(names, start=1):
        gs.seats.append(Seat(seat=seat, player=player_named(name)))
    gs.dealer_choices.append(DealerChoice(hand=1, seat=first_dealer))
    # a session the engine cannot score must never be stored
    check_hands(gs, [])
    db.session.commit()
    return gs


def next_position(gs: GameSession) -> int:
    """The number of the hand being entered now."""
    if "hands" in inspect(gs).unloaded:
        # counted in the database: loading every hand of a long game to count them costs far more
        return db.session.execute(select(func.count()).where(Hand.session_id == gs.id)).scalar_one() + 1
    return len(gs.hands) + 1


def find_by_key(key: str | None) -> Hand | None:
    """The hand already saved under this idempotency key, if any."""
    if not key:
        return None
    return db.session.execute(
        select(Hand).where(Hand.idempotency_key == key)
    ).scalar_one_or_none()


def add_hand(
    gs: GameSession, data: dict[str, Any], idempotency_key: str | None = None, expected_position: int | None = None,
    checked: engine.Scoring | None = None, position: int | None = None,
) -> Hand:
    """Append a hand after checking the whole session with it; raises RulesError/InputError, or DuplicateHand.

    `expected_position` is the hand number the form was opened for: when another phone saved that
    hand meanwhile, HandTaken is raised instead of silently saving the same hand twice. `checked`
    is what check_next answered for this very hand (then it is not checked again); `position` the
    next hand's number as this request counted it (another phone saving first is still found: the
    hand's place, like its idempotency key, is unique, and the commit refuses a second).
    Callers look the idempotency key up first (find_by_key): a hand saved before this request
    began is answered as theirs, before its entry is checked again.
    """
    if "seated" not in data and gs.playing_names != gs.player_names:
        # a hand entered elsewhere than the hand form (both gin hands, say) is dealt to the table as it is
        data = {**data, "seated": gs.playing_names}
    position = next_position(gs) if position is None else position
    if expected_position is not None and expected_position != position:
        raise HandTaken(expected_position, position)
    if checked is None or checked.count != position:
        check_next(gs, data)
    # an undone hand whose place this one takes can no longer be put back there (executed before the
    # new hand is added: an execute flushes, and the hand's insert must fail, if it does, in the commit below)
    db.session.execute(delete(RemovedHand).where(RemovedHand.session_id == gs.id, RemovedHand.position >= position))
    hand = Hand(position=position, data=data, idempotency_key=idempotency_key)
    if "hands" in inspect(gs).unloaded:
        # the other hands are not loaded just to add one to the list (a long game has a thousand)
        hand.session_id = gs.id
        db.session.add(hand)
    else:
        gs.hands.append(hand)
    gs.touch()
    session_id = gs.id
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        # the same form posted twice at once: the other request won, so this one saved nothing
        existing = find_by_key(idempotency_key)
        if existing is not None:
            raise DuplicateHand(existing) from None
        if _position_taken(session_id, position):
            # another phone took this hand's place in the same instant: refuse clearly, never a 500
            raise HandTaken(position, position + 1) from None
        # any other constraint (a schema the code does not match, say) is a fault, not another phone
        raise
    return hand


def _position_taken(session_id: int, position: int) -> bool:
    """True when the session has a stored hand at `position` (another phone saved it)."""
    return db.session.execute(
        select(Hand.id).where(Hand.session_id == session_id, Hand.position == position)
    ).first() is not None


def replace_hand(hand: Hand, data: dict[str, Any], expected_version: int) -> Hand:
    """Replace a hand's entry if nobody changed it since `expected_version`; the session is re-checked."""
    if hand.version != expected_version:
        raise StaleHand(hand, expected_version)
    gs = hand.session
    check_hands(gs, [data if h.id == hand.id else h.data for h in gs.hands])
    values = _column_values(hand)
    hand.data = data
    gs.touch()
    try:
        db.session.commit()
    except StaleDataError:
        # another device saved this hand after we read it: its UPDATE ... WHERE version matched nothing
        db.session.rollback()
        if db.session.get(Hand, values["id"]) is None:
            _keep_readable(hand, values)
            raise HandGone(values["position"]) from None
        raise StaleHand(hand, expected_version) from None
    return hand


def delete_hand(hand: Hand, keep: bool = False) -> None:
    """Delete a hand and renumber the ones after it; a hand another device deleted first counts as deleted.

    `keep` stores it as a RemovedHand in the same transaction, so that it can be put back.
    """
    hand_id = hand.id
    for _ in range(3):
        values = _column_values(hand)
        try:
            _delete_and_renumber(hand, keep)
            return
        except StaleDataError:
            # another device deleted or renumbered hands meanwhile (a double-tapped undo, two phones
            # deleting): start again from what is stored now
            db.session.rollback()
            current = db.session.get(Hand, hand_id)
            if current is None:
                _keep_readable(hand, values)
                return
            hand = current
    _delete_and_renumber(hand, keep)


def _column_values(hand: Hand) -> dict[str, Any]:
    # a failed flush expires every object: these values let the caller still show the hand
    return {attr.key: getattr(hand, attr.key) for attr in inspect(Hand).column_attrs}


def _keep_readable(hand: Hand, values: dict[str, Any]) -> None:
    """Detach a hand whose row another device deleted, with its last known values, for the caller's message."""
    if hand in db.session:
        db.session.expunge(hand)
    for key, value in values.items():
        set_committed_value(hand, key, value)


def _delete_and_renumber(hand: Hand, keep: bool = False) -> None:
    gs = hand.session
    position = hand.position
    if keep:
        # added again on each try: a rolled-back try takes it with it, so one undo keeps one copy
        db.session.add(RemovedHand(
            session_id=gs.id, position=position, data=copy.deepcopy(hand.data),
            idempotency_key=hand.idempotency_key, created_at=hand.created_at,
        ))
    # the session's hands may have been loaded after another device deleted this one
    if hand in gs.hands:
        gs.hands.remove(hand)
    db.session.delete(hand)
    db.session.flush()
    # renumber one by one, lowest first, so (session, position) stays unique at every step
    for later in sorted(gs.hands, key=lambda h: h.position):
        if later.position > position:
            later.position -= 1
            db.session.flush()
    # a rejoin confirmed for the next hand (tables.rejoins) was judged on the totals before this: asked again
    for change in gs.seat_changes:
        change.rejoins_at = None
    gs.touch()
    db.session.commit()


def undo_last_hand(gs: GameSession, hand_id: int) -> Hand | None:
    """Delete the last hand if it is still `hand_id` (so a repeated undo removes one hand, not two)."""
    if not gs.hands or gs.hands[-1].id != hand_id:
        return None
    last = gs.hands[-1]
    delete_hand(last, keep=True)
    return last


def restorable(gs: GameSession, position: int | None = None) -> RemovedHand | None:
    """The undone hand the scoreboard offers to put back: the last one undone, while its place is still free.

    Offered for PUT_BACK_MINUTES after the undo; undoing two hands offers the later-numbered one's
    place first, so putting both back restores them in order. `position` is the next hand's number
    when the caller has counted it already.
    """
    since = utcnow() - timedelta(minutes=PUT_BACK_MINUTES)
    position = next_position(gs) if position is None else position
    return db.session.execute(
        select(RemovedHand)
        .where(RemovedHand.session_id == gs.id, RemovedHand.position == position,
               RemovedHand.removed_at >= since)
        .order_by(RemovedHand.removed_at.desc(), RemovedHand.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def put_back(gs: GameSession, removed_id: int) -> Hand:
    """Put an undone hand back exactly as it was (data, position, key), in one transaction.

    Raises NotPutBack when it was put back already or another hand took its place, and the
    engine's error when the session no longer scores with it (an earlier hand was changed since).
    """
    removed = db.session.get(RemovedHand, removed_id)
    if removed is None or removed.session_id != gs.id:
        raise NotPutBack("That hand was already put back (or another hand took its place): see the scoreboard.")
    position = next_position(gs)
    if removed.position != position:
        raise NotPutBack(
            f"Hand {removed.position} cannot be put back: the game now has {position - 1} hands,"
            f" so its place is taken. Enter it again if it is missing."
        )
    if find_by_key(removed.idempotency_key) is not None:
        raise NotPutBack(f"Hand {removed.position} is back already: it was saved again from its form.")
    check_hands(gs, [h.data for h in gs.hands] + [removed.data])
    hand = Hand(position=removed.position, data=removed.data, idempotency_key=removed.idempotency_key,
                created_at=removed.created_at)
    gs.hands.append(hand)
    db.session.delete(removed)
    gs.touch()
    try:
        db.session.commit()
    except (IntegrityError, StaleDataError):
        # put back from two phones at once: the other one did it
        db.session.rollback()
        raise NotPutBack("That hand was already put back from another phone: see the scoreboard.") from None
    return hand


def get_hand(gs: GameSession, hand_id: int) -> Hand | None:
    """A hand of this session by id (None for another session's hand)."""
    hand = db.session.get(Hand, hand_id)
    if hand is None or hand.session_id != gs.id:
        return None
    return hand
