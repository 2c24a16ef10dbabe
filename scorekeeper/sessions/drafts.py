"""Each player enters their own part of the next hand on their own phone.

With the edit link a player says who they are (remembered per device in a
cookie), then sends their melds, lay-offs and cards left in hand. Each part is
checked on its own and stored as a draft (see draft_service); the device that
saves the hand finds the parts pre-filled in the normal hand form.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote

from flask import abort, flash, jsonify, make_response, render_template, request, session, url_for
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, FieldList, FormField, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from scorekeeper.engine import Option
from scorekeeper.engine.cards import cards_left
from scorekeeper.forms import PageForm
from scorekeeper.limits import whole_number
from scorekeeper.security import cookies_secure
from scorekeeper.sessions import bp, part_forms
from scorekeeper.sessions.device import after_save, forget_drafts
from scorekeeper.sessions.forms import RANK_CHOICES, LayoffForm, setup_counts
from scorekeeper.sessions.hand_form_data import (
    EntryError,
    layoff_filled,
    meld_filled,
    nth_filled,
    read_counts,
    read_in_hand,
    read_layoffs,
    read_melds,
)
from scorekeeper.tables import draft_service
from scorekeeper.tables.entry_values import player_values
from scorekeeper.tables.games import game_spec
from scorekeeper.tables.hand_rules import ANY_GOER
from scorekeeper.tables.table import Table

COOKIE_DAYS = 30
# the phone's session remembers the last part it sent for this many players (a phone passed round the
# table sends several), of any game; a cookie holds 4 KB at most
SENT_PARTS_KEPT = 6


class DraftPartForm(PageForm):
    """One player's own part of the next hand: melds, lay-offs, cards left in hand."""

    # who sends it, by table seat number (Seat.seat): a seat in the hand's form moves when someone leaves, is out
    # of a pool or rejoins it, and a name changes with a rename; the table seat stays the player's all game
    seat = HiddenField()
    # the table seats dealt in (JSON, in order) when the form was made: its lay-off targets ("1:0") count in them
    seated = HiddenField()
    position = HiddenField()
    part_version = HiddenField()  # the version of the player's part this form was opened on
    melds = FieldList(StringField("Meld", filters=[lambda s: (s or "").strip()]), min_entries=2)
    layoffs = FieldList(FormField(LayoffForm), min_entries=1)
    in_hand = StringField("Cards left in my hand", filters=[lambda s: (s or "").strip()])
    counts = FieldList(StringField("Count", filters=[lambda s: (s or "").strip()]), min_entries=0)  # Game.hand_counts
    went_out = BooleanField("I went out this hand")
    wild_rank = SelectField(
        "Wild rank this hand",
        choices=[SelectChoice("", "(choose)")] + [SelectChoice(r, r) for r in RANK_CHOICES],
        validate_choice=False,
    )

    def setup(self, table: Table, seat: int, others: dict[str, Any]) -> None:
        """Lay-off targets: my own meld rows, then the melds the other players have sent for this hand,
        each only where the game lets this player lay off onto that player's melds (the engine's rule,
        whoever goes out)."""
        gs = table.game
        names = table.dealt_in()
        allowed = table.layoff_seats(names)[ANY_GOER].get(seat, [])
        onto = [SelectChoice("", "(choose a meld)")]
        if seat in allowed:
            for row in range(len(self.melds)):
                onto.append(SelectChoice(f"{seat}:{row}", f"My meld {row + 1}"))
        onto += _others_melds(names, seat, others, allowed)
        for layoff in self.layoffs:
            layoff.onto.choices = onto
        setup_counts(self, gs.variant)


def _others_melds(names: list[str], seat: int, others: dict[str, Any], allowed: list[int]) -> list[SelectChoice]:
    """The melds the other players sent for this hand that the player at `seat` may lay off onto, as choices."""
    choices = []
    for other_seat, name in enumerate(names):
        part = others.get(name)
        if other_seat == seat or part is None or other_seat not in allowed:
            continue
        for index, meld in enumerate(part.data.get("melds", [])):
            cards = " ".join(meld)
            # the meld's cards go with it, for the live lay-off check (static/js/meld-check.js)
            choices.append(SelectChoice(f"{other_seat}:{index}", f"{name}'s meld {index + 1}: {cards}",
                                        render_kw={"data-meld": cards}))
    return choices


def _cookie_name(table: Table) -> str:
    gs = table.game
    return f"sk_me_{gs.id}"


def table_seats(table: Table) -> dict[str, int]:
    """Each player's table seat number (Seat.seat), which no leaving, rejoining or renaming moves."""
    gs = table.game
    return {seat.player.name: seat.seat for seat in gs.seats}


def _name_at(table: Table, number: int | None) -> str | None:
    """The player at table seat `number`; None when no one sits there."""
    gs = table.game
    return next((seat.player.name for seat in gs.seats if seat.seat == number), None)


def _remembered_seat(table: Table, names: list[str]) -> int | None:
    """The seat among `names` (the players dealt in) of the player this phone said it belongs to, if dealt in."""
    remembered = unquote(request.cookies.get(_cookie_name(table), ""))
    # "#3": table seat 3; a cookie set before seats were remembered by number holds the player's name
    name = _name_at(table, whole_number(remembered[1:], None)) if remembered.startswith("#") else remembered
    return _seat_of(names, name)


def _seat_of(names: list[str], name: str | None) -> int | None:
    """The seat among `names` (the players dealt in) of the player called `name`; None when not dealt in."""
    return names.index(name) if name in names else None


def _sender_seat(table: Table, names: list[str]) -> int:
    """The seat among `names` of the player whose table seat a posted part names; aborts when not dealt in."""
    name = _name_at(table, whole_number(request.form.get("seat"), None))
    seat = _seat_of(names, name)
    if seat is not None:
        return seat
    if name is not None:
        abort(409, f"{name} is not dealt into hand {table.next_position}: nothing was sent.")
    abort(400, "Choose who you are first.")


def _roster_posted(form: DraftPartForm) -> list[int] | None:
    """The table seats dealt in when the posted form was made (its `seated` field); None when unreadable."""
    try:
        roster = json.loads(form.seated.data or "")
    except (ValueError, RecursionError):  # a hostile "[[[[..." nests deeper than the parser goes
        return None
    return roster if isinstance(roster, list) and all(type(number) is int for number in roster) else None


def _roster(table: Table, names: list[str]) -> list[int]:
    """The table seats of `names` (the players dealt in), in order: what a form's `seated` holds."""
    numbers = table.seat_numbers
    return [numbers[name] for name in names]


def _retarget_layoffs(form: DraftPartForm, table: Table, roster: list[int], names: list[str]) -> list[str]:
    """Point the form's lay-offs at seats of `names` (the players dealt in now) instead of those of `roster`.

    A player who left, or rejoined a pool, between the page's opening and its sending moves
    the others' seats: each target is carried over by its table seat. Returns the names of
    targets no longer dealt in (their lay-offs lose the meld they were onto, and say why).
    """
    gone = []
    for layoff in form.layoffs:
        seat_text, colon, row_text = (layoff.onto.data or "").partition(":")
        seat = whole_number(seat_text, None)
        if not colon or seat is None or seat >= len(roster):
            continue
        owner = _name_at(table, roster[seat])
        if owner in names:
            layoff.onto.data = f"{names.index(owner)}:{row_text}"
        else:
            layoff.onto.data = ""
            who = owner or "That player"
            layoff.onto.errors = [*layoff.onto.errors, f"{who} is not dealt into this hand any more: choose again."]
            gone.append(who)
    return gone


def _part_values(part: dict[str, Any], seat: int, names: list[str], counts: tuple[Option, ...] = ()) -> dict[str, str]:
    """Form values showing a stored part, with one blank row to add a meld or a lay-off."""
    values = player_values(part, names, "", seat, counts)
    if part.get("went_out"):
        values["went_out"] = "y"
    if part.get("wild_rank"):
        values["wild_rank"] = str(part["wild_rank"])
    return values


def _read_part(form: DraftPartForm, table: Table, seat: int) -> dict[str, Any]:
    """The part a form describes, in the API's player shape; EntryError after marking unreadable fields."""
    names = table.dealt_in()
    name = names[seat]
    melds, rows, bad = read_melds(form.melds, name)
    in_hand = read_in_hand(form.in_hand, name, table.variant)
    if in_hand is None:
        bad, in_hand = True, []

    def target_of(onto: str | None) -> dict[str, Any] | None:
        # one's own melds are rows of this form; another player's meld is named by its index in their sent part
        seat_text, _, row_text = (onto or "").partition(":")
        owner, row = whole_number(seat_text, None), whole_number(row_text, None)
        if owner is None or row is None or owner >= len(names):
            return None
        if owner != seat:
            return {"player": names[owner], "meld": row}
        return {"player": name, "meld": rows.index(row)} if row in rows else None

    layoffs, unreadable = read_layoffs(form.layoffs, name, target_of)
    counts, wrong = read_counts(form.counts, table.variant.hand_counts, name)
    if bad or unreadable or wrong:
        raise EntryError("some cards could not be read")
    part: dict[str, Any] = {"melds": melds, "layoffs": layoffs, "in_hand": in_hand} | counts
    if form.went_out.data:
        part["went_out"] = True
    if table.variant.asks_wild_rank and form.wild_rank.data in RANK_CHOICES:
        part["wild_rank"] = form.wild_rank.data
    return part


def _mark_refusal(form: DraftPartForm, exc: draft_service.PartRefused) -> None:
    """Put a refusal on the row it names (counting only the rows entered)."""
    if exc.row is None:
        return
    if exc.field == "melds":
        row = nth_filled(form.melds, exc.row, meld_filled)
        if row is not None:
            row.errors = list(row.errors) + [str(exc)]
    elif exc.field == "layoffs":
        row = nth_filled(form.layoffs, exc.row, layoff_filled)
        if row is not None:
            row.onto.errors = list(row.onto.errors) + [str(exc)]


def _render_part(table, token, form, seat, error=None, stale=None, saved=None, status=200, sent=None):
    gs = table.game
    names = table.dealt_in()
    form.seat.data = str(table.seat_numbers[names[seat]])
    form.seated.data = json.dumps(_roster(table, names))
    sent = table.parts if sent is None else sent  # loaded afresh unless this request just did
    progress = draft_service.status(table, sent)
    return render_template(
        "sessions/draft_part.html", gs=gs, table=table, token=token, form=form, seat=seat, name=names[seat],
        spec=game_spec(gs.game), others=[(n, sent[n]) for n in names if n in sent and n != names[seat]],
        status=progress, deal_note=table.deal_note(progress["hand"]), error=error, stale=stale, saved=saved,
        deck_counts=_cards_left(table, [part.data for n, part in sent.items() if n != names[seat]]),
        has_jokers=bool(table.rules.deck_counts.get("JK")), asks_wild_rank=gs.variant.asks_wild_rank,
        others_usable=any(choice.value.partition(":")[0] != str(seat)
                          for choice in form.layoffs[0].onto.choices if choice.value) if form.layoffs else False,
        first_problem=_first_problem(form) if status >= 400 else None,
        saved_text=_saved_text(table, names[seat], saved) if saved else None,
        draft_key=part_draft(table, form.position.data, names[seat]),
    ), status


def _first_problem(form: DraftPartForm) -> str | None:
    """The id of the first field the server marked, in page order (it takes the focus)."""
    fields = [*form.melds, *[f for layoff in form.layoffs for f in (layoff.cards, layoff.onto)], form.in_hand]
    return next((field.id for field in fields if field.errors), None)


def _cards_left(table: Table, others: list[dict[str, Any]]) -> dict[str, int]:
    """Copies of each card left for this player: the deck less every card the others have sent."""
    sent = []
    for data in others:
        sent += [c for meld in data.get("melds", []) for c in meld] + list(data.get("in_hand", []))
        sent += [c for layoff in data.get("layoffs", []) for c in layoff["cards"]]
    return cards_left(table.rules.deck_counts, sent)


def _remember_sent(table: Table, name: str, position: int, part: dict[str, Any]) -> None:
    """Keep, in this phone's session, the part it sent: once the hand is saved it is told whether the hand holds it."""
    gs = table.game
    key = f"{gs.id}:{name}"
    sent = {k: v for k, v in (session.get("sent_parts") or {}).items() if k != key}
    sent[key] = {"hand": position, "part": part}
    session["sent_parts"] = dict(list(sent.items())[-SENT_PARTS_KEPT:])


def _saved_text(table: Table, name: str, position: int) -> str:
    """What this phone says once hand `position` is saved: with the part it sent, without it, or just saved."""
    gs = table.game
    sent = (session.get("sent_parts") or {}).get(f"{gs.id}:{name}") or {}
    part = sent.get("part") if sent.get("hand") == position else None
    return draft_service.saved_text(position, draft_service.part_used(table, name, position, part))


def part_draft(table: Table, position: int | str, name: str) -> str:
    """What a phone keeps `name`'s part of hand `position` under (device_draft_key's `what`).

    Named by the table seat, which no one leaving or rejoining moves: a phone passed round the
    table never offers one player's typing to another.
    """
    return f"hand{position}|seat{table.seat_numbers.get(name, 0)}"


def _saved_meanwhile(table: Table, token: str, form: DraftPartForm, seat: int,
                     exc: draft_service.HandAlreadySaved):
    """The page again, saying the hand it was for was saved meanwhile, its form now for the next hand."""
    form.position.data = str(table.next_position)
    return _render_part(table, token, form, seat, error=str(exc), saved=exc.position, status=409)


def _own_page(table: Table, token: str, name: str, sent: int) -> str:
    """The address of `name`'s own page once their part of hand `sent` went: it says what became of it."""
    return url_for("sessions.draft_part", token=token, seat=table.seat_numbers[name], sent=sent)


def _remember(response, table: Table, token: str, name: str):
    response.set_cookie(
        _cookie_name(table), quote(f"#{table.seat_numbers[name]}"), max_age=COOKIE_DAYS * 86400, path=f"/s/{token}",
        httponly=True, samesite="Lax", secure=cookies_secure(),
    )
    return response


@bp.route("/s/<token>/my-hand", methods=["GET"])
def draft_part(token: str):
    """A player's own part of the next hand: first "who are you?", then their melds and cards."""
    table = Table.open(token, need="edit")
    gs = table.game
    names = table.dealt_in()
    asked = _name_at(table, whole_number(request.args.get("seat"), None))
    chosen = _seat_of(names, asked)
    seat = chosen if chosen is not None else _remembered_seat(table, names)
    if seat is None or request.args.get("choose"):
        return render_template("sessions/draft_choose.html", gs=gs, token=token, spec=game_spec(gs.game),
                               current=seat, status=draft_service.status(table), names=names, kept_out=table.kept_out(),
                               numbers=table.seat_numbers, not_dealt=asked if chosen is None else None)
    saved = whole_number(request.args.get("sent"), None)
    if saved is not None and saved >= table.next_position:
        saved = None
    sent = table.parts
    part = sent.get(names[seat])
    values = _part_values(part.data if part else {}, seat, names, gs.variant.hand_counts)
    form = DraftPartForm(formdata=MultiDict(values))
    form.position.data = str(table.next_position)
    form.part_version.data = str(part.version) if part else ""
    form.setup(table, seat, sent)
    # picking a name (or opening the page again) remembers it on this device
    page = _render_part(table, token, form, seat, saved=saved, sent=sent)
    return _remember(make_response(page), table, token, names[seat])


@bp.route("/s/<token>/my-hand", methods=["POST"])
def draft_send(token: str):
    """Send (or revise) a player's part: checked on its own, stored even while others' parts are missing."""
    table = Table.open(token, need="edit")
    names = table.dealt_in()
    seat = _sender_seat(table, names)
    form = DraftPartForm()
    form.setup(table, seat, table.parts)
    again = _part_form_again(table, form, seat, names)
    if again is not None:
        return again
    return _send(table, form, seat, names[seat], whole_number(form.position.data))


def _part_form_again(table: Table, form: DraftPartForm, seat: int, names: list[str]):
    """The part's page again before anything is sent: another row asked for, the hand saved meanwhile, a player
    laid off onto who left, or fields to fix; None when the part is ready to send."""
    roster = _roster_posted(form)
    moved = roster is not None and roster != _roster(table, names)
    gone = _retarget_layoffs(form, table, roster, names) if moved else []
    more = request.form.get("more", "")
    if more in ("melds", "layoffs"):
        getattr(form, more).append_entry()
        form.setup(table, seat, table.parts)
        return _render_part(table, table.token, form, seat, sent=table.parts)
    position = whole_number(form.position.data, None)
    if position != table.next_position:
        # before anything else is said of the page: whatever moved since, it was for a hand saved meanwhile
        return _saved_meanwhile(table, table.token, form, seat, draft_service.HandAlreadySaved(position or 0))
    if gone:
        return _render_part(table, table.token, form, seat, status=409, error=(
            f"Not sent: {' and '.join(gone)} left this hand after this page opened: choose again where to lay off."))
    if not form.validate():
        return _render_part(table, table.token, form, seat, error="Please fix the marked fields.", status=422)
    return None


def _send(table: Table, form: DraftPartForm, seat: int, name: str, position: int):
    """Store the part read from the form, then back to the player's own page; or the page again saying why not."""
    token, part = table.token, None
    try:
        part = _read_part(form, table, seat)
        draft_service.save_part(table, name, part, whole_number(form.part_version.data, None), position,
                                part.get("wild_rank"))
    except EntryError:
        return _render_part(table, token, form, seat, error="Some cards could not be read: see the marked fields.",
                            status=422)
    except draft_service.PartRefused as exc:
        _mark_refusal(form, exc)
        return _render_part(table, token, form, seat, error=f"Not sent: {exc}", status=422)
    except draft_service.StalePart as exc:
        if exc.part.data == part:
            # this very part is stored already: a send tried again after its answer was lost
            return _part_sent(table, name, position, part, f"Your part of hand {position} was already sent;"
                                                         f" it was not sent twice.")
        form.part_version.data = str(exc.part.version)
        return _render_part(table, token, form, seat, error=str(exc), stale=exc.part, status=409)
    except draft_service.HandAlreadySaved as exc:
        return _saved_meanwhile(table, token, form, seat, exc)
    except ValueError as exc:
        table.reload()  # sent from two phones at once: rolled back, which expired the game read
        return _render_part(table, token, form, seat, error=f"Not sent: {exc}", status=422)
    for note in [f"Your part of hand {position} was sent. You can change it until the hand is saved.",
                 *draft_service.layoff_notes(table, name, part, part.get("wild_rank"))]:
        flash(note)
    return _part_sent(table, name, position, part)


def _part_sent(table: Table, name: str, position: int, part: dict[str, Any], message: str | None = None):
    """Back to the player's own page once their part is stored: the phone forgets its draft and remembers the part."""
    _remember_sent(table, name, position, part)
    if message is not None:
        flash(message)
    forget_drafts(table, part_draft(table, position, name))
    return _remember(after_save(_own_page(table, table.token, name, position)), table, table.token, name)


@bp.route("/s/<token>/my-hand/status")
def draft_status(token: str):
    """Who has sent their part of the next hand (JSON, for the pages that follow it live).

    A player's own page asks with ?seat=<table seat>&hand=<n>: once hand n is saved, "saved_text" says
    whether it used their part.
    """
    table = Table.open(token, need="edit")
    body = draft_service.status(table)
    name = _name_at(table, whole_number(request.args.get("seat"), None))
    hand = whole_number(request.args.get("hand"), None)
    if name and hand is not None and 0 < hand < body["hand"] and draft_service.was_dealt(table, name, hand):
        body["saved_text"] = _saved_text(table, name, hand)
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/s/<token>/my-hand/parts")
def draft_parts(token: str):
    """Who has sent their part of the next hand, and each part as the hand form's fields (JSON).

    The hand form follows this to merge the parts in as they arrive (static/js/parts-merge.js).
    """
    table = Table.open(token, need="edit")
    sent = table.parts
    response = jsonify(status=draft_service.status(table, sent), **part_forms.part_values(table, sent))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.app_template_global()
def draft_parts_status(table: Table) -> dict[str, Any]:
    """For the pages that show it (the scoreboard's actions, the hand form): who has sent their part of the next hand.

    The page passes its request's table, which has counted the next hand and read the parts already, or does now once.
    """
    return table.parts_status
