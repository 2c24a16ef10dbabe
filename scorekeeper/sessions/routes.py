"""Pages of the sessions area: home, new session, the scoreboard, and entering or fixing hands.

Views are thin: read the form, let the engine judge the hand, store it, redirect.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, flash, make_response, redirect, render_template, request, session, url_for
from werkzeug.datastructures import MultiDict

from scorekeeper import engine, revalidate
from scorekeeper.extensions import db
from scorekeeper.history.listing import recent_by_status, rows_for
from scorekeeper.host.devices import held_links, remember
from scorekeeper.host.identity import is_host
from scorekeeper.limits import whole_number
from scorekeeper.models import Hand
from scorekeeper.scoreboard.board import player_totals, scoreboard
from scorekeeper.scoreboard.fragments import scoreboard_html, standings_html
from scorekeeper.sessions import bp, part_forms, refused_shows
from scorekeeper.sessions.device import after_save, already_saved, forget_drafts
from scorekeeper.sessions.forms import (
    ConfirmForm,
    HandCardsForm,
    HandPointsForm,
    chosen_options,
    fill_options,
    new_session_form,
)
from scorekeeper.sessions.hand_form_data import (
    EntryError,
    cards_form_to_data,
    points_form_to_data,
    problems,
    refused,
)
from scorekeeper.sessions.page_parts import edit_controls, entered_html
from scorekeeper.tables import house_rules, rejoins, service
from scorekeeper.tables.access import current
from scorekeeper.tables.draft_service import PartsArrived, PartsDiffer
from scorekeeper.tables.entry_values import data_to_formdata
from scorekeeper.tables.games import game_spec, games
from scorekeeper.tables.hand_rules import ANY_GOER
from scorekeeper.tables.hand_saving import (
    AskFirst,
    ChangedByAnother,
    Outcome,
    Refused,
    Saved,
    SavedBefore,
    TakenByAnother,
    confirmed_seats,
)
from scorekeeper.tables.standings_cache import ScoreCache, cache
from scorekeeper.tables.table import Table

# the home page lists at most this many games in progress and finished, most recently changed
# first; /sessions has the rest
HOME_IN_PROGRESS = 10
HOME_FINISHED = 5


@bp.route("/")
def index():
    """Home: start a game; then the games in progress and recently finished.

    The host sees the games changed most recently; a guest, the games whose
    links this device opened, with the link it holds (never another game's).
    """
    if is_host():
        in_progress, more, finished = recent_by_status(HOME_IN_PROGRESS, HOME_FINISHED)
        tokens = {row.session.id: row.session.edit_token for row in in_progress + finished}
    else:
        held = held_links()
        rows = rows_for([link.key for link in held])
        tokens = {link.key[0]: link.token for link in held}
        playing = [row for row in rows if row.status != "finished"]
        in_progress, more = playing[:HOME_IN_PROGRESS], len(playing) > HOME_IN_PROGRESS
        finished = [row for row in rows if row.status == "finished"][:HOME_FINISHED]
    return render_template(
        "sessions/index.html",
        in_progress=in_progress,
        more_in_progress=more,
        finished=finished,
        tokens=tokens,
        game_spec=game_spec,
    )


@bp.route("/new")
def new_game():
    """Pick a game: each with a summary of its rules."""
    return render_template("sessions/new_game.html", games=games())


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_session(game_id: str):
    """Name the players (in seat order) and set the game's options, or fill them from saved house rules."""
    spec = game_spec(game_id)
    if spec is None:
        abort(404, f"There is no game called `{game_id}`.")
    form = new_session_form(spec)
    chosen = house_rules.find_set(game_id, request.values.get("house_rules"))
    if request.method == "GET":
        # "play again": the same players in the same seats, from ?player=Ann&player=Ben
        for entry, name in zip(form.players, request.args.getlist("player")):
            entry.data = name[:40]
        if chosen is not None:
            fill_options(form, spec, chosen.options)
    error, notice, status = None, None, 422 if request.method == "POST" else 200
    action = request.form.get("submit") if request.method == "POST" else None
    if action in ("use_rules", "save_rules"):
        # the players typed stay as they are: only the options are filled or saved
        error, notice, chosen, status = _house_rules_action(form, spec, action, chosen)
    elif form.validate_on_submit():
        names = form.player_names()
        try:
            gs = service.create_session(game_id, chosen_options(form, spec), names, form.first_dealer_seat())
        except ValueError as exc:
            db.session.rollback()
            error = str(exc)
        else:
            flash(f"{spec.name} started. {Table(gs).dealers.deals} deals the first hand!")
            return redirect(url_for("sessions.show", token=gs.edit_token))
    return render_template(
        "sessions/new_session.html", form=form, spec=spec, error=error, notice=notice,
        house_sets=house_rules.sets_for(game_id), chosen=chosen,
        # players' names are the host's to see (as /players is): a guest's phone suggests none
        known_names=service.remembered_names() if is_host() else [],
    ), status


def _house_rules_action(form: Any, spec: engine.Game, action: str, chosen: Any) -> tuple[Any, Any, Any, int]:
    """Fill the options from the chosen house rules, or save the options as house rules (host only).

    Returns the page's error, its notice, the set now chosen and the status.
    """
    if action == "use_rules":
        if chosen is None:
            return "Choose which house rules to use.", None, None, 422
        fill_options(form, spec, chosen.options)
        return None, f"Options set from the house rules “{chosen.name}”: change any before you start.", chosen, 200
    if not is_host():
        return "Only the host (or a co-host) can save house rules.", None, chosen, 403
    fields = [getattr(form, f"opt_{option.name}") for option in spec.options]
    if not all([field.validate(form) for field in fields]):
        return "The house rules were not saved: fix the options marked below.", None, chosen, 422
    try:
        saved = house_rules.save(spec.id, request.form.get("house_rules_name", ""), chosen_options(form, spec))
    except house_rules.HouseRulesRefused as exc:
        db.session.rollback()
        return f"The house rules were not saved. {exc}", None, chosen, 422
    return None, f"Saved as the house rules “{saved.name}”: new games of {spec.name} and rematches offer them.", saved, 200


@bp.route("/s/<token>")
def show(token: str):
    """The scoreboard: totals, progress to the target, status, and the latest hands (every one on Review).

    A view link's page is built once per version and revalidated by its ETag (scorekeeper/revalidate.py).
    """
    # asked before the page is built: building it takes the visitor's messages out of the session
    name = _view_page_name(token)
    if name is not None:
        answer = _kept_view_answer(token, name)
        if answer is not None:
            return answer
    return _show(token, name)


def _kept_view_answer(token: str, name: str):
    """A view link's answer from what is kept for the game's version: a 304, the kept page, or None to build it.

    One lookup, nothing loaded; None too for an edit link or no game (the view answers those).
    """
    found = current(token)
    if found is None or found.edit_token == token:
        return None
    # a guest's home page lists the games this device was given
    remember(token)
    etag = _view_page_etag(found, name)
    answer = revalidate.not_modified(etag)
    if answer is not None:
        return answer
    entry = cache().entry(ScoreCache.key(found.id, found.created_at, found.version))
    page = None if entry is None else entry.pages.get(name)
    return None if page is None else revalidate.kept(make_response(page), etag)


def _show(token: str, name: str | None):
    """The scoreboard built for this request; a view link's page kept as `name` (None: not kept)."""
    table = Table.open(token, need="view")
    gs, access = table.game, table.access
    remember(token)
    board = scoreboard(table)
    # a view link's page has no form: none is made, so no CSRF token is put into a guest's session
    controls = edit_controls(table) if access == "edit" else {}
    page = render_template(
        "sessions/show.html", gs=gs, table=table, access=access, token=token, board=board,
        standings_html=standings_html(table, board), board_html=scoreboard_html(table, board),
        entered_html=entered_html(table, board), **controls,
    )
    if name is None or access != "view":
        return page
    # kept encoded, as sent: encoding 40 KB of text with a suit sign in it costs as much as the rest of the answer
    body = page.encode()
    cache().put_page(board["entry"], name, body)
    return revalidate.kept(make_response(body), _view_page_etag(gs, name))


def _view_page_name(token: str) -> str | None:
    """The name a view link's scoreboard is kept under with its version, or None when this request's is not kept.

    A view link's page has no form and nothing of the visitor's but what the name holds (host
    or guest, the address it was asked at); a page with a message to show, or asked with a
    query, is built afresh. An edit link's page carries the visitor's own CSRF token: never kept.
    """
    if request.query_string or "_flashes" in session:
        return None
    # the address as asked, not request.host_url: the same scheme, host and root give the same host_url, and
    # decoding it (uri_to_iri) cost as much as the rest of a look-up
    return f"page {token} {is_host()} {request.scheme}://{request.host}{request.root_path}/"


def _view_page_etag(game: Any, name: str) -> str:
    """The ETag of the view page kept as `name` for `game` (a GameSession, or a row of id, created_at, version)."""
    return revalidate.etag_for(game.id, str(game.created_at), game.version, name)


@bp.route("/s/<token>/entered/<int(max=2147483647):hand_id>")
def hand_entered(token: str, hand_id: int):
    """What was entered in one hand, with each player's points: a page, or (?fragment=1) the part the scoreboard opens."""
    table = Table.open(token, need="view")
    gs, hand = table.game, _load_hand(table, hand_id)
    scored = table.body["hands"]
    this = scored[hand.position - 1] if hand.position <= len(scored) else {}
    shown = {"gs": gs, "data": hand.data, "details": this.get("players"), "collects": this.get("collects"),
             "lines": this.get("bonus_lines"), "scores": this.get("scores")}
    if request.args.get("fragment"):
        return render_template("_hand_summary.html", names=gs.names_in(hand.data), **shown)
    return render_template("sessions/hand_entered.html", token=token, position=hand.position, **shown)


def _hand_form(table: Table, mode: str, formdata: Any = None, hand: Any = None):
    cls = HandPointsForm if mode == "points" else HandCardsForm
    form = cls(formdata=formdata) if formdata is not None else cls()
    # only the card form asks the wild rank; whether a hand needs it is the engine's answer (_read_hand)
    form.needs_wild_rank = table.variant.asks_wild_rank and mode == "cards"
    _setup(form, table, table.dealt_in(hand))
    return form


def _setup(form: HandCardsForm | HandPointsForm, table: Table, names: list[str]) -> None:
    """Fill the form's choices; a lay-off offers only the melds its player may use, with who went out as chosen."""
    if isinstance(form, HandPointsForm):
        form.setup(names, table.variant)
        return
    # the stock ran out: nobody went out; a player went out but who is not chosen yet: any of them
    goer = (form.went_out.data or ANY_GOER) if form.ended.data == "went_out" else ""
    onto = table.layoff_seats(names)
    form.setup(names, table.variant, onto.get(goer, onto[ANY_GOER]), table.rules.leaving_costs)


def _more_pressed() -> tuple[str, int | None]:
    """The no-JavaScript "another meld / lay-off" button pressed ("melds-2": the kind of row and the seat), if any."""
    kind, _, seat_text = request.form.get("more", "").partition("-")
    return kind, whole_number(seat_text, None)


def _row_added_for() -> int | None:
    """The seat whose "another meld / lay-off" button was pressed, if one was: its card stays open."""
    return _more_pressed()[1]


def _add_rows(form: HandCardsForm, table: Table, hand: Any = None) -> bool:
    """Handle the no-JavaScript "another meld / lay-off" buttons; True when one was pressed."""
    kind, seat = _more_pressed()
    if kind not in ("melds", "layoffs") or seat is None or seat >= len(form.players):
        return False
    getattr(form.players[seat], kind).append_entry()
    _setup(form, table, table.dealt_in(hand))
    return True


def _read_hand(form, table: Table, mode: str, hand: Any = None) -> dict[str, Any] | Refused:
    """The hand's entry as the engine reads it, from the form; Refused when cards cannot be read or a wild rank is due."""
    names, game = table.dealt_in(hand), table.variant
    try:
        data = points_form_to_data(form, names) if mode == "points" else cards_form_to_data(form, names, game)
    except ValueError as exc:
        return Refused(exc)
    if not data.get("wild_rank") and engine.needs_wild_rank(data, game):
        # cards to check against the wild rank: asked in the form's words before any other check of the hand
        return Refused(engine.InputError(form.wild_rank_message, field="wild_rank"))
    if names != table.names:
        # not everyone seated is in this hand (a late player, a leaver): the hand keeps who was
        data["seated"] = names
    if hand is not None:
        # what the game keeps with a hand that the form does not show (a pool's rejoins) stays as stored
        data |= {key: hand.data[key] for key in game.hand_fields if key in hand.data and key not in data}
    return data


def _render_hand(table: Table, form, mode, hand=None, status=200, **shown):
    """The hand form page: the next hand's (`hand` None) or a stored hand's, with what `shown` adds.

    `shown` may hold the page's `error`, the question `ask`, the parts that `differ`, the `stale`
    hand another phone changed, and the `show_offer` of a refused show.
    """
    names = table.dealt_in(hand)
    number = hand.position if hand is not None else table.next_position
    cards = mode == "cards"
    offer = shown.get("show_offer")
    return render_template(
        "sessions/hand_form.html", gs=table.game, table=table, token=table.token, form=form, mode=mode, hand=hand, number=number,
        problems=problems(form) if shown.get("error") else [], names=names, spec=table.variant,
        deck_counts=table.rules.deck_counts, goer_holds=table.rules.goer_holds_cards,
        concealed_counts=table.rules.rewards_concealed or bool(form.concealed.data),
        deal_note=table.deal_note(number), first_problem=form.first_problem() if status >= 400 else None,
        onto_seats=table.layoff_seats(names) if cards else None,
        open_seats=form.open_seats([_row_added_for(), offer and offer.seat]) if cards else None,
        bonuses=table.rules.points_bonuses if mode == "points" else None, kept_out=table.kept_out(hand),
        **(_stored_hand_shown(table, hand) if hand is not None else _next_hand_shown(table, names, cards)),
        **{"error": None, "ask": None, "differ": None, "stale": None, "show_offer": None, **shown},
    ), status


def _next_hand_shown(table: Table, names: list[str], cards: bool) -> dict[str, Any]:
    """What the next hand's form shows besides the form: totals, who deals, who rejoins, the players' own parts."""
    return {
        "totals": player_totals(table, names), "dealers": table.dealers, "rejoining": table.pending_rejoins,
        # the players' own parts of the next hand, for the script that merges them in as they arrive
        "parts": part_forms.part_values(table) if cards else None,
        "draft": table.parts_status if cards else None,
        "dealt_by": None,
    }


def _stored_hand_shown(table: Table, hand: Hand) -> dict[str, Any]:
    """What a stored hand's form shows besides the form: who dealt it and who rejoined with it."""
    return {"totals": None, "dealers": None, "rejoining": rejoins.named(hand.data), "parts": None,
            "dealt_by": table.dealer_of(hand)}


def _confirmed() -> set[int]:
    """The seats the table agreed to save at 0 ("Yes, save" to the question about empty players)."""
    return confirmed_seats(request.form.get("confirm_empty"))


@bp.route("/s/<token>/hands/new", methods=["GET", "POST"])
def hand_new(token: str):
    """Enter the next hand, by cards (default) or as points (?mode=points)."""
    table = Table.open(token, need="edit")
    mode = "points" if request.values.get("mode") == "points" else "cards"
    if request.method == "GET":
        return _new_hand_page(table, mode)

    form = _hand_form(table, mode, _sent_form(table, mode))
    key = form.idempotency_key.data or None
    already = table.saved_under(key)
    if already is not None:
        return already_saved(table, already.position)
    again = _cards_form_again(table, form) if mode == "cards" else None
    if again is not None:
        return again
    if not form.validate():
        return _render_hand(table, form, mode, error="Please fix the marked fields.", status=422)
    entry = _read_hand(form, table, mode)
    outcome = entry if isinstance(entry, Refused) else table.save_next_hand(
        entry, key, whole_number(form.expected_position.data, None), _confirmed(),
        part_forms.seen_parts(form.parts_seen.data) if mode == "cards" else None)
    return _after_next_hand(table, form, mode, outcome)


def _sent_form(table: Table, mode: str, hand: Any = None) -> Any:
    """The form as sent; with a refused show recorded as the player's wrong show when that offer was tapped."""
    if mode == "cards":
        taken = refused_shows.tapped(request.form, table.variant, len(table.dealt_in(hand)))
        if taken is not None:
            return taken
    return request.form


def _refused_page(table: Table, form: Any, mode: str, exc: ValueError, hand: Any = None):
    """The form of a hand the engine refused, its reason marked; a refused show offers to be the player's wrong show."""
    names = table.dealt_in(hand)
    if isinstance(exc, EntryError):
        return _render_hand(table, form, mode, hand=hand, status=422,
                            error="Some cards could not be read: see the marked fields.")
    error = refused(form, exc, table.game, names)
    if mode == "cards" and (marked := refused_shows.marked(request.form, table.variant, names)):
        error = f"{marked} {error}"
    offer = refused_shows.offer(form, exc, table.variant, names, table.rules.leaving_costs)
    return _render_hand(table, form, mode, hand=hand, error=error, status=422, show_offer=offer)


def _cards_form_again(table: Table, form: HandCardsForm):
    """The next hand's form again after a button that is not Save (another row, a player's part kept or used); else None."""
    if _add_rows(form, table):
        return _render_hand(table, form, "cards")
    if not request.form.get("part_choice"):
        return None
    # "keep" or "use" a player's part, without script: the form again with the choice made, to save;
    # a part that moved on since: the form as posted (Save asks about the part as it is now)
    chosen = part_forms.with_choice(request.form, request.form["part_choice"], table)
    return _render_hand(table, _hand_form(table, "cards", chosen) if chosen is not None else form, "cards")


def _after_next_hand(table: Table, form: Any, mode: str, outcome: Outcome):
    """The answer to a next hand's save: the scoreboard when it was saved (now or before), else the form saying why."""
    match outcome:
        case Saved(hand=hand):
            flash(f"Hand {hand.position} saved.")
            forget_drafts(table, f"hand{hand.position}")
            return after_save(url_for("sessions.show", token=table.token))
        case SavedBefore(position=position):
            return already_saved(table, position)
        case PartsArrived(found=found):
            filled = part_forms.filled_formdata(request.form, found, table.dealt_in(), table.variant.hand_counts)
            return _render_hand(table, _hand_form(table, mode, filled), mode, error=outcome.message, status=409)
        case PartsDiffer(found=found):
            return _render_hand(table, form, mode, error=outcome.message, differ=found, status=409)
        case AskFirst():
            return _render_hand(table, form, mode, ask=outcome, status=422)
        case TakenByAnother(next_position=next_position):
            # saving again is a deliberate choice to add this entry as the next hand
            form.expected_position.data = str(next_position)
            return _render_hand(table, form, mode, error=outcome.message, status=409)
        case Refused(error=error):
            return _refused_page(table, form, mode, error)
    raise TypeError(f"not an outcome of saving the next hand: {outcome!r}")


def _new_hand_page(table: Table, mode: str):
    """The form for the next hand, with what the players sent from their own phones filled in."""
    # parts the players sent from their own phones fill the form in (see sessions/drafts.py)
    drafted = part_forms.hand_values(table) if mode == "cards" else None
    form = _hand_form(table, mode, MultiDict(drafted) if drafted else None)
    form.idempotency_key.data = secrets.token_urlsafe(24)
    # the hand this form enters: if another phone saves it first, this one is refused, not saved twice
    form.expected_position.data = str(table.next_position)
    return _render_hand(table, form, mode)


def _load_hand(table: Table, hand_id: int) -> Hand:
    hand = table.hand(hand_id)
    if hand is None:
        abort(404, "This game has no such hand: it may have been deleted.")
    return hand


def _edit_page(table: Table, hand: Hand):
    """The form showing a stored hand, by cards or as points as it was entered (or as ?mode= asks)."""
    mode = "points" if hand.entered_as_points else "cards"
    if request.args.get("mode") in ("points", "cards"):
        mode = request.args["mode"]
    names, game = table.dealt_in(hand), table.variant
    if (mode == "points") == hand.entered_as_points:
        values = data_to_formdata(hand.data, names, game.hand_counts, game.leavings, game)
    else:
        # switching between cards and points keeps how the hand ended
        values = {k: v for k, v in data_to_formdata(hand.data, names).items() if k in ("ended", "went_out")}
    form = _hand_form(table, mode, MultiDict(values), hand)
    form.hand_version.data = str(hand.version)
    return _render_hand(table, form, mode, hand=hand)


@bp.route("/s/<token>/hands/<int(max=2147483647):hand_id>/edit", methods=["GET", "POST"])
def hand_edit(token: str, hand_id: int):
    """Fix an earlier hand; totals, status and winner are recomputed. A stale form is refused."""
    table = Table.open(token, need="edit")
    hand = _load_hand(table, hand_id)
    if request.method == "GET":
        return _edit_page(table, hand)

    mode = "points" if request.form.get("mode") == "points" else "cards"
    form = _hand_form(table, mode, _sent_form(table, mode, hand), hand)
    if mode == "cards" and _add_rows(form, table, hand):
        return _render_hand(table, form, mode, hand=hand)
    if not form.validate():
        return _render_hand(table, form, mode, hand=hand, error="Please fix the marked fields.", status=422)
    entry = _read_hand(form, table, mode, hand)
    outcome = entry if isinstance(entry, Refused) else table.save_edited_hand(
        hand, entry, whole_number(form.hand_version.data), _confirmed())
    return _after_edit(table, form, mode, hand, entry, outcome)


def _after_edit(table: Table, form: Any, mode: str, hand: Hand, entry: Any, outcome: Outcome):
    """The answer to a fix of a stored hand: the scoreboard when it is saved (now or before), else the form saying why."""
    match outcome:
        case Saved():
            flash(f"Hand {hand.position} updated; every total after it was recomputed.")
            forget_drafts(table, f"edit{hand.id}")
            return after_save(url_for("sessions.show", token=table.token))
        case ChangedByAnother(hand=current) if current.data == entry:
            # this very change is stored already: a save tried again after its answer was lost
            flash(f"Hand {current.position} was already updated; it was not saved twice.")
            forget_drafts(table, f"edit{current.id}")
            return after_save(url_for("sessions.show", token=table.token))
        case ChangedByAnother(hand=current):
            # the table sees both versions; saving again is a deliberate overwrite, never a silent one
            form.hand_version.data = str(current.version)
            return _render_hand(table, form, mode, hand=current, stale=outcome, status=409,
                                error=f"{outcome.message} Your changes were not saved. The hand as it is now is"
                                      f" shown below; your entry is still in the form: save again to replace it.")
        case AskFirst():
            return _render_hand(table, form, mode, hand=hand, ask=outcome, status=422)
        case Refused(error=service.HandGone() as gone):
            # deleted from another phone meanwhile: there is no hand left to fix, the scoreboard shows what there is
            flash(str(gone))
            return after_save(url_for("sessions.show", token=table.token))
        case Refused(error=error):
            return _refused_page(table, form, mode, error, hand)
    raise TypeError(f"not an outcome of fixing a hand: {outcome!r}")


@bp.route("/s/<token>/hands/<int(max=2147483647):hand_id>/delete", methods=["GET", "POST"])
def hand_delete(token: str, hand_id: int):
    """Delete a hand after confirming; later hands move up and every total is recomputed."""
    table = Table.open(token, need="edit")
    hand = table.hand(hand_id)
    if hand is None and request.method == "POST":
        # two phones confirming the same delete: the hand is gone, which is what both asked for
        flash("That hand was already deleted; the totals are up to date.")
        return redirect(url_for("sessions.show", token=token))
    hand = hand or _load_hand(table, hand_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        position = hand.position
        table.delete_hand(hand)
        flash(f"Hand {position} deleted; the totals were recomputed.")
        return redirect(url_for("sessions.show", token=token))
    return render_template("sessions/confirm_delete.html", gs=table.game, token=token, hand=hand, form=form)


@bp.route("/s/<token>/undo", methods=["POST"])
def undo(token: str):
    """Undo the last hand (only if it is still the hand the page showed as last)."""
    table = Table.open(token, need="edit")
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    removed = table.undo_last_hand(whole_number(form.hand_id.data))
    if removed is None:
        flash("Nothing was undone: that hand is no longer the last one.")
    else:
        flash(f"Hand {removed.position} undone.")
    return redirect(url_for("sessions.show", token=token))


@bp.route("/s/<token>/hands/put-back", methods=["POST"])
def put_back(token: str):
    """Put the hand undone last back where it was, exactly as it was entered."""
    table = Table.open(token, need="edit")
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = table.put_back(whole_number(form.hand_id.data))
    except service.NotPutBack as exc:
        db.session.rollback()
        flash(str(exc))
    except ValueError as exc:
        db.session.rollback()
        flash(f"The hand could not be put back: {exc}")
    else:
        flash(f"Hand {hand.position} is back, as it was entered.")
    return redirect(url_for("sessions.show", token=token))
