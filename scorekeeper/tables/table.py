"""The table: one game as a request sees it, built once per request.

A ``Table`` holds the stored game (``GameSession``) with its seats, players
and seat changes, loaded by the one query that opens it, and works out the
rest once, when first asked: the engine's standing of this version (kept per
version by ``standings_cache``, so another request for the same version reads
it again at no cost), the next hand's number, who deals, who is dealt in and
who rejoins, the players' own parts of the next hand, and what the engine says
the game's hand form offers. Its hands and dealer choices are read only when a
request asks for them (``hands``, ``dealer_choices``), each in one query: a
long game's page costs what a short one's does.

Views, the live poll, history, the API and the CLI read a game through it;
what changes a game goes through its methods, each one transaction.

With ``RAISE_ON_LAZY_LOAD`` set (the tests set it), a relationship of the game
that its query did not load raises instead of loading behind the request's back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta
from functools import cached_property
from typing import Any

from flask import abort, current_app
from sqlalchemy import Select, inspect, select
from sqlalchemy.orm import joinedload, raiseload
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper import engine, limits
from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice, DraftPart, GameSession, Hand, RemovedHand, Seat, utcnow
from scorekeeper.tables import dealing, draft_service, hand_saving, links, rejoins, seats, service, standings_cache
from scorekeeper.tables.access import BY_TOKEN, Access
from scorekeeper.tables.hand_rules import HandRules
from scorekeeper.tables.standings_cache import Entry, Standing

# what every page of a game reads of it, in one query: seats with their players and who came late or left (the
# engine's seating), joined to the game's own row (a table has a handful of seats and at most one change each,
# so at most seats x seats rows; a query of their own cost a third of opening it each). Who the table chose to
# deal is read when asked (Table.dealer_choices): the dealers are worked out once per version, so most pages
# never need them
_WHOLE_TABLE = (
    joinedload(GameSession.seats).joinedload(Seat.player),
    joinedload(GameSession.seat_changes),
)
_OPEN = select(GameSession).where(BY_TOKEN).options(*_WHOLE_TABLE)
_OPEN_STRICT = _OPEN.options(raiseload("*"))
# the game's own columns: what a commit changes (its version) and what the page after a save reads
_COLUMNS = [column.key for column in inspect(GameSession).column_attrs]


def _opening() -> Any:
    """The query that opens a table: with RAISE_ON_LAZY_LOAD, what it does not load raises when touched."""
    return _OPEN_STRICT if current_app.config.get("RAISE_ON_LAZY_LOAD", False) else _OPEN


class Table:
    """One game at the table, as a request sees it: its stored game, players and hands, and its standing."""

    def __init__(self, game: GameSession, access: Access = "edit", token: str | None = None) -> None:
        self.game = game
        self.access: Access = access
        self.token = token if token is not None else game.edit_token

    @classmethod
    def find(cls, token: str) -> Table | None:
        """The table an edit or view link opens, or None: the game, its seats, players and seat changes."""
        # unique: the game's row comes once per seat joined to it
        game = db.session.execute(_opening(), {"token": token}).unique().scalar_one_or_none()
        if game is None:
            return None
        return cls(game, "edit" if game.edit_token == token else "view", token)

    def roll_back(self) -> None:
        """Undo what this request changed, and read the game again for the page that says why (a rollback expires it)."""
        db.session.rollback()
        self.reload()

    def reload(self) -> None:
        """Read the game again, and forget what was worked out from it: after a rollback, which expires what was loaded."""
        # read through (unique: a row per seat), or the ORM populates nothing and only the SQL runs
        db.session.execute(_opening().execution_options(populate_existing=True), {"token": self.token}).unique().all()
        self._forget()

    def committed(self) -> None:
        """Read the game's own columns again after a commit (its new version), and forget what was worked out.

        A commit expires what was loaded; read back whole, the game would load its seats, seat changes
        and dealer choices again too, which the page after a save does not show.
        """
        db.session.refresh(self.game, _COLUMNS)
        self._forget()

    def _forget(self) -> None:
        # what was worked out from the game as first read: worked out again when next asked (its hands and dealer
        # choices were expired with it, and are read again too)
        for name in _WORKED_OUT:
            self.__dict__.pop(name, None)

    @classmethod
    def open(cls, token: str, need: Access = "view") -> Table:
        """The table a link opens; 404 when no game has it, 403 when it is a view link and `need` is edit."""
        table = cls.find(token)
        if table is None:
            abort(404, "No game has this link. Check the address, or ask the table for a new link.")
        if need == "edit" and table.access != "edit":
            abort(403)
        return table

    # --- who plays ---------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Every player seated, in seat order (those who left too)."""
        return self.game.player_names

    @property
    def variant(self) -> engine.Game:
        """The game's rules module (a Game of the engine's registry)."""
        return self.game.variant

    @cached_property
    def seat_numbers(self) -> dict[str, int]:
        """Each player's seat number, by name."""
        return {seat.player.name: seat.seat for seat in self.game.seats}

    def dealt_in(self, hand: Hand | None = None) -> list[str]:
        """The players dealt into the next hand (or the stored `hand`), in seat order: the engine's answer.

        Everyone at the table, but in a pool game the players out who are not dealt back in
        (engine.Scoring.dealt_in); everyone at the table while the hands do not score.
        """
        if hand is None:
            return self.dealt_in_next
        return self._dealt_of(self.game.names_in(hand.data), hand)

    @cached_property
    def dealt_in_next(self) -> list[str]:
        """The players dealt into the next hand: a pool's players out are not, unless they rejoin with it."""
        scoring = self.standing.scoring
        if scoring is None:
            return self.game.playing_names
        return scoring.dealt_in(self.game.playing_names, self.pending_rejoins)

    def kept_out(self, hand: Hand | None = None) -> list[str]:
        """The players the game does not deal into the next hand (or the stored `hand`): a pool's players out."""
        if hand is None:
            names, dealt = self.game.playing_names, self.dealt_in_next
        else:
            # of everyone seated now, not only those the hand names
            names = self.game.player_names
            dealt = self._dealt_of(names, hand)
        return [name for name in names if name not in dealt]

    def _dealt_of(self, names: list[str], hand: Hand) -> list[str]:
        # which of `names` the stored hand dealt in: the engine's answer, with those it dealt back in
        scoring = self.standing.scoring
        return names if scoring is None else scoring.dealt_in(names, rejoins.named(hand.data), hand.position)

    @cached_property
    def pending_rejoins(self) -> list[str]:
        """The players the table confirmed rejoin from the next hand (marks on their seats, tables.rejoins)."""
        marks = {change.seat for change in self.game.seat_changes if change.rejoins_at is not None}
        if not marks:
            return []
        at = {change.seat for change in self.game.seat_changes if change.rejoins_at == self.next_position}
        return [seat.player.name for seat in self.game.seats if seat.seat in at]

    @cached_property
    def rejoin_offers(self) -> dict[str, int]:
        """The players out who may rejoin from the next hand, each with the total they come back on ({} in most games)."""
        scoring = self.standing.scoring
        return scoring.rejoin_offers() if scoring is not None else {}

    # --- the hands and the standing ----------------------------------------------------------------

    @cached_property
    def standing(self) -> Entry:
        """The engine's standing of this version (read-only, shared with every request for it)."""
        return standings_cache.standing(self.game)

    @property
    def body(self) -> Standing:
        """The engine's scoring body of this version: totals, status, winner, every hand scored (read only)."""
        return self.standing.body

    @cached_property
    def next_position(self) -> int:
        """The number of the hand being entered now (counted, no hand loaded)."""
        return service.next_position(self.game)

    @cached_property
    def restorable(self) -> RemovedHand | None:
        """The undone hand the scoreboard offers to put back: the last one undone, while its place is still free.

        Offered for PUT_BACK_MINUTES after the undo; undoing two hands offers the later-numbered one's
        place (the hand being entered now) first, so putting both back restores them in order.
        """
        since = utcnow() - timedelta(minutes=service.PUT_BACK_MINUTES)
        return db.session.execute(
            select(RemovedHand)
            .where(RemovedHand.session_id == self.game.id, RemovedHand.position == self.next_position,
                   RemovedHand.removed_at >= since)
            .order_by(RemovedHand.removed_at.desc(), RemovedHand.id.desc())
            .limit(1)
        ).scalar_one_or_none()

    @property
    def hands(self) -> list[Hand]:
        """Every stored hand, in order: read in one query when first asked, and kept as the game's own list."""
        return self._read_hands()

    def with_hands(self) -> GameSession:
        """The stored game with its hands and dealer choices read, for what walks every hand as the game's list (a
        backup, Review)."""
        self._read_hands()
        self._read_dealer_choices()
        return self.game

    def hand(self, hand_id: int) -> Hand | None:
        """A stored hand of this game by id (None for another game's, or none)."""
        hand = db.session.get(Hand, hand_id)
        return hand if hand is not None and hand.session_id == self.game.id else None

    def check_next(self, data: dict[str, Any]) -> engine.Scoring | None:
        """Check the game with `data` added as its next hand; raises the engine's errors (and the stored limits').

        Against the standing's Scoring of the stored hands, when it holds every one: then only the
        new hand is read and checked, and the Scoring with it is returned. Otherwise the whole game
        is checked with it, and None is returned.
        """
        scoring, position = self.standing.scoring, self.next_position
        if scoring is None or scoring.count != position - 1:
            service.check_hands(self.game, service.stored_entries(self.game) + [data])
            return None
        problem = limits.hands_problem([data], first=position)
        if problem:
            raise engine.InputError(problem)
        return scoring.with_hand(data)

    # --- who deals -----------------------------------------------------------------------------------

    @cached_property
    def dealers(self) -> dealing.Dealers:
        """Who deals the hand being entered now and who deals next: worked out once per version (tables.dealing)."""
        worked_out = self.standing.worked_out
        found = worked_out.get("dealers")
        if found is None:
            every = self.dealer_names
            # every stored hand's dealer, then the next two: the hand being entered is the one before last
            found = worked_out["dealers"] = dealing.Dealers(hand=len(every) - 1, deals=every[-2], next=every[-1])
        return found

    @cached_property
    def dealer_names(self) -> list[str]:
        """The dealer of every stored hand, then of the hand being entered and of the one after it (tables.dealing)."""
        scoring = self.standing.scoring
        # hands the engine refuses (the scoreboard names the one to fix) are taken as dealt to their seats
        dealt = (scoring.dealt_hands() if scoring is not None
                 else [self.game.names_in(data) for data in service.stored_entries(self.game)])
        return dealing.dealer_names(self, dealt)

    @property
    def dealer_choices(self) -> list[DealerChoice]:
        """Who the table said deals which hand, in hand order: read in one query when first asked."""
        return self._read_dealer_choices()

    def _read_dealer_choices(self) -> list[DealerChoice]:
        return self._read_list("dealer_choices", lambda: select(DealerChoice).where(
            DealerChoice.session_id == self.game.id).order_by(DealerChoice.hand))

    def dealer_of(self, hand: Hand) -> str:
        """Who dealt a stored hand."""
        return self.dealer_names[hand.position - 1]

    # --- the hand form -----------------------------------------------------------------------------

    @cached_property
    def rules(self) -> HandRules:
        """What the engine says about this table's hands (decks, ways of leaving, bonuses, lay-offs, contracts)."""
        return HandRules(self.game)

    def layoff_seats(self, names: list[str]) -> dict[str, dict[int, list[int]]]:
        """Whose melds each seat may lay off onto, by who went out (HandRules.layoff_seats)."""
        return self.rules.layoff_seats(names)

    def deal_note(self, number: int) -> str | None:
        """What hand `number` asks of the players, where the game says (a contract per deal)."""
        return self.rules.deal_note(number)

    @cached_property
    def parts(self) -> dict[str, DraftPart]:
        """The parts the players sent from their own phones for the next hand, by name."""
        return draft_service.load_parts(self)

    @cached_property
    def parts_status(self) -> dict[str, Any]:
        """Who has sent their part of the next hand, who has not, and who says they went out (draft_service.status)."""
        return draft_service.status(self)

    # --- what changes the game ---------------------------------------------------------------------

    def saved_under(self, key: str | None) -> Hand | None:
        """The hand already saved under this idempotency key (a form posted twice), if any."""
        return service.find_by_key(key)

    def save_next_hand(self, entry: dict[str, Any], key: str | None, expected_position: int | None,
                       confirmed: set[int], seen_parts: Mapping[str, Any] | None = None) -> hand_saving.Outcome:
        """Check `entry` and store it as the next hand, or say what the table must answer first (hand_saving)."""
        return hand_saving.save_next_hand(self, entry, key, expected_position, confirmed, seen_parts)

    def delete_hand(self, hand: Hand) -> None:
        """Delete a stored hand; the later ones move up. One transaction (service.delete_hand)."""
        self._read_hands()
        service.delete_hand(hand)

    def undo_last_hand(self, hand_id: int) -> Hand | None:
        """Undo the last hand if it is still `hand_id`, keeping it to put back (service.undo_last_hand)."""
        return service.undo_last_hand(self, hand_id)

    def put_back(self, removed_id: int) -> Hand:
        """Put the hand undone last back where it was (service.put_back; raises NotPutBack or the engine's error)."""
        return service.put_back(self, removed_id)

    def _read_hands(self) -> list[Hand]:
        # what renumbers or checks every hand walks the game's own list of them
        return self._read_list("hands", lambda: select(Hand).where(
            Hand.session_id == self.game.id).order_by(Hand.position))

    def _read_list(self, relationship: str, query: Callable[[], Select[Any]]) -> Any:
        # a relationship the opening query leaves unread: read in one query when first asked and kept as the game's
        # own list; a commit, a rollback or reload() expires it, and it is read again when next asked
        if relationship in inspect(self.game).unloaded:
            set_committed_value(self.game, relationship, list(db.session.execute(query()).scalars()))
        return getattr(self.game, relationship)

    def save_edited_hand(self, hand: Hand, entry: dict[str, Any], expected_version: int,
                         confirmed: set[int]) -> hand_saving.Outcome:
        """Check the game with `entry` in place of `hand` and store it, or say why not (hand_saving)."""
        return hand_saving.save_edited_hand(self, hand, entry, expected_version, confirmed)

    # --- who sits, and the links: one transaction each (tables.seats, tables.links) -------------------

    def rename_player(self, old: str, new: str) -> None:
        """Rename a player here and in every other game and statistic of theirs (seats.rename_player)."""
        seats.rename_player(self, old, new)

    def seat_late_player(self, name: str, start: str) -> None:
        """Seat a player who arrives mid-game, dealt in from the next hand (seats.seat_late_player)."""
        seats.seat_late_player(self, name, start)

    def player_leaves(self, name: str) -> None:
        """A player leaves: kept in the hands they played, not dealt into new ones (seats.player_leaves)."""
        seats.player_leaves(self, name)

    def share_links(self) -> list[links.ShareLink]:
        """The links this table's visitor may pass on, as its link allows, with their QR codes (links.share_links)."""
        return links.share_links(self)

    def renew_link(self, kind: links.Which) -> str:
        """Replace the view or edit link with a fresh one (the old stops working); the new token (links.renew)."""
        return links.renew(self, kind)


# what a Table works out once (its cached properties): forgotten when the game is read again
_WORKED_OUT = tuple(name for name, value in vars(Table).items() if isinstance(value, cached_property))
