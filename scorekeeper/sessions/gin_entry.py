"""Gin: enter a hand as the two players' whole hands of cards; the engine arranges them.

The page reads who knocked (or that the hand was a draw) and each player's
ten cards (eleven for big gin when the table plays its bonus). "Work it
out" asks the engine (gin_arrange) for the knocker's best melds and the
defender's best melds and lay-offs onto them, and the engine's scoring for
the result; the players may pick another equally good arrangement from
the radio lists, and "Save" stores the hand as the explicit melds, lay-offs
and deadwood chosen, so the stored hand says exactly what was agreed.

What is saved is always what was shown: the form carries a digest of the
cards that were worked out (and of the knocker's arrangement the defender's
lay-offs were found for); a save whose cards or knocker choice differ from
it shows the new result again instead of saving.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from flask import abort, flash, render_template, request, url_for
from wtforms import FieldList, HiddenField, RadioField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, ValidationError

from scorekeeper import engine
from scorekeeper.engine.cards import CardNotationError, parse_cards
from scorekeeper.forms import PageForm
from scorekeeper.limits import whole_number
from scorekeeper.sessions import bp
from scorekeeper.sessions.device import after_save, already_saved, forget_drafts
from scorekeeper.tables import service
from scorekeeper.tables.table import Table


class GinHandsForm(PageForm):
    """Who knocked and each player's whole hand of cards (by seat)."""

    idempotency_key = HiddenField()
    # "<digest of the cards worked out>:<knocker arrangement shown>", empty before the first work-out
    worked = HiddenField()
    ended = RadioField(
        "How the hand ended",
        choices=[SelectChoice("went_out", "Someone knocked (or went gin)"),
                 SelectChoice("stock_exhausted", "Draw: the stock ran down")],
        default="went_out",
        validators=[InputRequired()],
    )
    knocker = SelectField("Who knocked", choices=[], validate_choice=False)
    hands = FieldList(StringField("Cards", filters=[lambda s: (s or "").strip()]))
    work = SubmitField("Work it out")
    save = SubmitField("Save the hand")

    def setup(self, names: list[str]) -> None:
        """One hand field per player, and the players as the knocker's choices."""
        self.knocker.choices = [SelectChoice("", "(choose)")] + [SelectChoice(n, n) for n in names]
        while len(self.hands) < len(names):
            self.hands.append_entry()
        for entry, name in zip(self.hands, names):
            entry.label.text = f"{name}'s cards"

    def validate_knocker(self, field: SelectField) -> None:
        """A knock names one of the two players."""
        names = [c.value for c in field.choices if c.value]
        if self.ended.data == "went_out":
            if not field.data:
                raise ValidationError('Choose who knocked, or choose "Draw" if nobody did.')
            if field.data not in names:
                raise ValidationError(f"{field.data} is not playing in this game.")


class GinEntryError(ValueError):
    """A whole-hands entry the engine refused; `seat` says whose cards (None: the hand as a whole)."""

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


@dataclass
class Worked:
    """A hand worked out: the arrangements on offer, the ones chosen, and the engine's scoring of them."""

    data: dict[str, Any]
    scored: dict[str, Any]
    totals: dict[str, int]
    knocker: str | None = None
    defender: str | None = None
    knocker_options: list[dict[str, Any]] = field(default_factory=list)
    defender_options: list[dict[str, Any]] = field(default_factory=list)
    knocker_choice: int = 0
    defender_choice: int = 0
    layoffs_allowed: bool = True
    big_gin: bool = False
    discard: str | None = None
    # a draw: each player's best arrangement, by name
    draw_hands: dict[str, dict[str, Any]] = field(default_factory=dict)


def _read(text: str, name: str, seat: int) -> list[str]:
    try:
        return [str(card) for card in parse_cards(text)]
    except CardNotationError as exc:
        raise GinEntryError(f"{name}'s cards: {exc}", seat) from None


def _arrange(cards: list[str], seat: int, name: str, knocker: str | None = None,
             defender: str | None = None, knocker_melds: list[list[str]] | None = None) -> dict[str, Any]:
    if not cards:
        raise GinEntryError(f"Type {name}'s {engine.GIN_HAND_SIZE} cards.", seat)
    try:
        return engine.gin_arrange(cards, knocker_melds=knocker_melds, knocker=knocker, defender=defender)
    except engine.GinCardsError as exc:
        raise GinEntryError(f"{name}'s cards: {exc.detail}", seat) from None


def _knocker_options(body: dict[str, Any], cards: list[str], name: str, seat: int,
                     big_gin_played: bool) -> tuple[list[dict[str, Any]], bool]:
    """The knocker's optimal arrangements, and whether the hand is a big gin (11 cards all melded)."""
    if body.get("discard") is None:
        return body["optimal"], False
    if not big_gin_played:
        raise GinEntryError(
            f"{name}'s cards: 11 cards are entered, but a gin hand holds 10 at the end"
            f" (big gin is not played in this game): leave out the card {name} discarded"
            f" (the best discard is {body['discard']}).", seat)
    if not body.get("big_gin"):
        raise GinEntryError(
            f"{name}'s cards: 11 cards are entered, but they do not all meld, so this is not a big gin:"
            f" enter the 10 cards {name} kept (the best discard is {body['discard']}).", seat)
    options = engine.big_gin_arrangements(cards, body)
    if not options:
        raise GinEntryError(
            f"{name}'s cards: the 11 cards could not be laid down as melds here;"
            " enter this hand with the melds typed in instead.", seat)
    return options, True


def _clamp(choice: int, options: list[Any]) -> int:
    return choice if 0 <= choice < len(options) else 0


def _entry(arrangement: dict[str, Any], knocker: str | None = None) -> dict[str, Any]:
    """A player's part of the stored hand: the explicit melds, lay-offs and deadwood of one arrangement."""
    return {
        "melds": [list(m) for m in arrangement["melds"]],
        "layoffs": [
            {"cards": list(lay["cards"]), "onto": {"player": knocker, "meld": lay["onto"]}}
            for lay in arrangement.get("layoffs", [])
        ],
        "in_hand": list(arrangement["deadwood"]),
    }


def work_out(table: Table, ended: str, knocker: str | None, texts: list[str],
             knocker_choice: int = 0, defender_choice: int = 0) -> Worked:
    """Arrange both hands with the engine and score the hand as it would be saved after the table's; raises GinEntryError."""
    names = table.game.playing_names
    cards = [_read(text, name, seat) for seat, (name, text) in enumerate(zip(names, texts))]
    if ended != "went_out" or not knocker:
        return _work_out_draw(table, names, cards)
    k_seat = names.index(knocker)
    d_seat = 1 - k_seat
    defender = names[d_seat]
    k_body = _arrange(cards[k_seat], k_seat, knocker)
    k_options, big_gin = _knocker_options(k_body, cards[k_seat], knocker, k_seat, _big_gin_played(table))
    knocker_choice = _clamp(knocker_choice, k_options)
    # the defender's best lay-offs depend on the knocker's melds: find them for every knocker choice,
    # so each choice can say what it leaves the defender
    d_bodies = [
        _arrange(cards[d_seat], d_seat, defender, knocker, defender, [m for m in option["melds"]])
        for option in k_options
    ]
    for option, d_body in zip(k_options, d_bodies):
        option["defender_deadwood"] = d_body["deadwood_points"]
    d_body = d_bodies[knocker_choice]
    d_options = d_body["optimal"]
    defender_choice = _clamp(defender_choice, d_options)
    data: dict[str, Any] = {
        "ended": "went_out",
        "went_out": knocker,
        "concealed": False,
        "wild_rank": None,
        "players": {
            knocker: _entry(k_options[knocker_choice]),
            defender: _entry(d_options[defender_choice], knocker),
        },
    }
    if big_gin:
        data["big_gin"] = True
    scored, totals = _score(table, data, k_options[knocker_choice], knocker, k_seat)
    return Worked(
        data=data, scored=scored, totals=totals, knocker=knocker, defender=defender,
        knocker_options=k_options, defender_options=d_options,
        knocker_choice=knocker_choice, defender_choice=defender_choice,
        layoffs_allowed=bool(d_body.get("layoffs_allowed", True)), big_gin=big_gin,
        discard=k_body.get("discard"),
    )


def _work_out_draw(table: Table, names: list[str], cards: list[list[str]]) -> Worked:
    """A draw scores nothing; hands typed in are still arranged and stored, blank ones stay blank."""
    players: dict[str, Any] = {}
    shown: dict[str, dict[str, Any]] = {}
    for seat, (name, hand) in enumerate(zip(names, cards)):
        if not hand:
            players[name] = {"melds": [], "layoffs": [], "in_hand": []}
            continue
        body = _arrange(hand, seat, name)
        if body.get("discard") is not None:
            raise GinEntryError(f"{name}'s cards: 11 cards are entered, but after a draw each hand holds 10.", seat)
        shown[name] = body
        players[name] = _entry(body)
    data = {"ended": "stock_exhausted", "went_out": None, "concealed": False, "wild_rank": None, "players": players}
    scored, totals = _score(table, data)
    return Worked(data=data, scored=scored, totals=totals, draw_hands=shown)


def _score(table: Table, data: dict[str, Any], knocker_arrangement: dict[str, Any] | None = None,
           knocker: str | None = None, k_seat: int | None = None) -> tuple[dict[str, Any], dict[str, int]]:
    """The engine's scoring of this hand after the table's stored ones: its result, scores and the totals after it."""
    try:
        body = service.check_hands(table.game, [h.data for h in table.hands] + [data])
    except ValueError as exc:
        message = str(exc)
        names = table.game.playing_names
        player = getattr(exc, "player", None)
        seat = names.index(player) if player in names else None
        if knocker_arrangement is not None and player == knocker and getattr(exc, "field", None) == "in_hand":
            # the engine counts the deadwood; say which cards it is
            left = " ".join(knocker_arrangement["deadwood"])
            message += f" ({knocker}'s best arrangement leaves {left} as deadwood)"
            seat = k_seat
        raise GinEntryError(message, seat) from None
    return body["hands"][-1], body["totals"]


def digest(ended: str, knocker: str | None, texts: list[str]) -> str:
    """A short fingerprint of what was worked out, so a save stores only what the players saw."""
    canonical = []
    for text in texts:
        try:
            canonical.append(sorted(str(c) for c in parse_cards(text)))
        except CardNotationError:
            canonical.append(text)
    knocker = knocker if ended == "went_out" else None
    raw = json.dumps([ended, knocker, canonical])
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _big_gin_played(table: Table) -> bool:
    """Whether the table plays big gin's bonus (then the knocker may enter 11 cards, all melded)."""
    return bool((table.game.options or {}).get("big_gin_bonus"))


def _render(table: Table, form: GinHandsForm, worked: Worked | None = None,
            error: str | None = None, note: str | None = None, status: int = 200):
    return render_template(
        "sessions/gin_hands.html", gs=table.game, table=table, token=table.token, form=form, worked=worked,
        error=error, note=note, verdict=describe(worked) if worked else None,
        names=table.game.playing_names, spec=table.variant, number=table.next_position,
        big_gin_played=_big_gin_played(table), deck_counts=table.rules.deck_counts,
    ), status


@bp.route("/s/<token>/hands/gin", methods=["GET", "POST"])
def gin_hands(token: str):
    """Gin: type both whole hands, see the best arrangement and the score, choose, then save."""
    table = Table.open(token, need="edit")
    if not table.variant.whole_hand_entry:
        abort(404, "Entering both hands of cards is for Gin Rummy games only.")
    form = GinHandsForm()
    form.setup(table.game.playing_names)
    if request.method == "GET":
        form.idempotency_key.data = secrets.token_urlsafe(24)
        return _render(table, form)

    key = form.idempotency_key.data or None
    already = table.saved_under(key)
    if already is not None:
        return already_saved(table, already.position)
    if not form.validate():
        return _render(table, form, error="Please fix the marked fields.", status=422)

    ended = form.ended.data
    knocker = form.knocker.data if ended == "went_out" else None
    texts = [entry.data or "" for entry in form.hands]
    now = digest(ended, knocker, texts)
    before, _, shown_choice = (form.worked.data or "").partition(":")
    knocker_choice, defender_choice = _choices(before == now, shown_choice)
    try:
        worked = work_out(table, ended, knocker, texts, knocker_choice, defender_choice)
    except GinEntryError as exc:
        return _not_worked_out(table, form, exc)
    form.worked.data = f"{now}:{worked.knocker_choice}"
    return _show_or_save(table, form, worked, key, before == now and shown_choice == str(worked.knocker_choice))


def _not_worked_out(table: Table, form: GinHandsForm, exc: GinEntryError):
    """The form again, its hand marked, when the cards could not be worked out."""
    table.roll_back()
    if exc.seat is not None:
        entry = form.hands[exc.seat]
        entry.errors = list(entry.errors) + [str(exc)]
    form.worked.data = ""
    return _render(table, form, error=f"Not worked out: {exc}", status=422)


def _show_or_save(table: Table, form: GinHandsForm, worked: Any, key: str | None, as_shown: bool):
    """The result worked out, or saved when Save was pressed on the result as shown (`as_shown`)."""
    if not form.save.data:
        return _render(table, form, worked)
    if not as_shown:
        return _render(table, form, worked, note=(
            "The cards or the knocker's arrangement changed since the result was shown, so nothing was saved yet."
            " Check the result below, then save."))
    return _save(table, form, worked, key)


def _choices(same_cards: bool, shown_choice: str) -> tuple[int, int]:
    """The knocker's and the defender's arrangement chosen, reset where what they were chosen from changed."""
    knocker_choice = whole_number(request.form.get("knocker_choice"))
    defender_choice = whole_number(request.form.get("defender_choice"))
    if not same_cards:
        # other cards than the ones shown: start again from the first arrangement
        return 0, 0
    if str(knocker_choice) != shown_choice:
        # the defender's lay-offs shown were for another knocker arrangement
        return knocker_choice, 0
    return knocker_choice, defender_choice


def _save(table: Table, form: GinHandsForm, worked: Worked, key: str | None):
    """Save the hand as worked out and shown, once, and go on to the scoreboard."""
    try:
        hand = service.add_hand(table.game, worked.data, key)
    except service.DuplicateHand as dup:
        return already_saved(table, dup.hand.position)
    except ValueError as exc:
        # HandTaken, or a rule broken since the work-out (another phone saved a hand meanwhile)
        table.roll_back()
        return _render(table, form, worked, error=f"Not saved: {exc}", status=409)
    flash(f"Hand {hand.position} saved: {describe(worked)}")
    forget_drafts(table, f"hand{hand.position}")
    return after_save(url_for("sessions.show", token=table.token))


def describe(worked: Worked) -> str:
    """The result in words, with the points the engine scored (e.g. "Ann knocked ... Ann scores 8.")."""
    scored = worked.scored
    scores = scored.get("scores", {})
    result = scored.get("result")
    if result == "draw" or worked.knocker is None:
        return "A draw: nobody scores."
    players = scored.get("players", {})
    knocker, defender = worked.knocker, worked.defender
    ours = players.get(knocker, {}).get("in_hand_points", 0)
    theirs = players.get(defender, {}).get("in_hand_points", 0)
    after = " after lay-offs" if worked.data["players"][defender]["layoffs"] else ""
    points = f"{knocker} scores {scores.get(knocker, 0)}, {defender} {scores.get(defender, 0)}."
    if result in ("gin", "big gin"):
        return f"{'Big gin' if result == 'big gin' else 'Gin'}: {knocker} has no deadwood and {defender} has {theirs}. {points}"
    if result == "undercut":
        return f"Undercut: {knocker} knocked with {ours}, but {defender} has {theirs}{after}, no more than that. {points}"
    return f"Knock: {knocker} knocked with {ours} and {defender} has {theirs}{after}. {points}"
