"""Pages of the table's changes: who deals, the players (rename, seat a late player, leave), a pool's rejoins.

Edit link only (Table.open(need="edit")); views are thin: read the form,
let the table make the change in one transaction (Table.rename_player, ...: tables.seats), redirect.
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from scorekeeper.extensions import db
from scorekeeper.scoreboard.board import scoreboard
from scorekeeper.sessions import bp
from scorekeeper.sessions.table_forms import DealerForm, LatePlayerForm, LeaveForm, RejoinForm, RenameForm
from scorekeeper.tables import dealing, rejoins
from scorekeeper.tables.games import game_spec
from scorekeeper.tables.seats import NotChanged
from scorekeeper.tables.table import Table


@bp.route("/s/<token>/dealer", methods=["POST"])
def dealer(token: str):
    """Say who deals (or dealt) the hand being entered now; the hands after it follow round the table."""
    table = Table.open(token, need="edit")
    form = DealerForm().setup(table.dealt_in())
    if not form.validate_on_submit():
        flash("The dealer was not changed: choose a player of the next hand.")
        return redirect(url_for("sessions.show", token=token))
    try:
        now = dealing.choose_dealer(table, form.dealer.data)
    except ValueError as exc:
        db.session.rollback()
        flash(f"The dealer was not changed: {exc}.")
    else:
        flash(f"{now.deals} deals hand {now.hand}; {now.next} deals next.")
    return redirect(url_for("sessions.show", token=token))


def _players_page(table: Table, status: int = 200, error: str | None = None, **forms):
    """The players page: rename, seat a late player, let one leave; `forms` keep what was entered."""
    gs = table.game
    forms.setdefault("rename", RenameForm(formdata=None).setup(gs.player_names))
    forms.setdefault("late", LatePlayerForm(formdata=None))
    forms.setdefault("leave", LeaveForm(formdata=None).setup(gs.playing_names))
    for form in forms.values():
        form.session_version.data = str(gs.version)
    return render_template(
        "sessions/players.html", gs=gs, token=table.token, error=error, spec=game_spec(gs.game),
        board=scoreboard(table), next_hand=table.next_position, **forms,
    ), status


@bp.route("/s/<token>/players")
def players(token: str):
    """Change the players mid-game: rename one, seat a late one, let one leave."""
    return _players_page(Table.open(token, need="edit"))


def _change(table: Table, key: str, form, change):
    """Make a confirmed change to the players (one transaction), or show the page again saying why not."""
    if not form.validate_on_submit():
        return _players_page(table, 422, "Nothing was changed: see the marked fields.", **{key: form})
    if form.session_version.data != str(table.game.version):
        # the game moved on since the page was shown: the table confirms again, seeing it as it is now
        return _players_page(table, 409, "The game changed on another phone since this page was opened:"
                             " check it and confirm again. Nothing was changed.", **{key: form})
    table.with_hands()  # a change checks that every hand still scores
    try:
        message = change()
    except NotChanged as exc:
        table.reload()  # the change was rolled back, which expired the game read
        return _players_page(table, 422, f"Nothing was changed: {exc}", **{key: form})
    flash(message)
    return redirect(url_for("sessions.show", token=table.token))


@bp.route("/s/<token>/players/rename", methods=["POST"])
def rename(token: str):
    """Rename a player, in this game and every other game and statistic of theirs."""
    table = Table.open(token, need="edit")
    form = RenameForm().setup(table.names)
    old, new = form.player.data, form.new_name.data

    def change() -> str:
        table.rename_player(old, new)
        return f"{old} is now {new}, in this game and every other."
    return _change(table, "rename", form, change)


@bp.route("/s/<token>/players/late", methods=["POST"])
def seat_late(token: str):
    """Seat a player who arrives mid-game."""
    table = Table.open(token, need="edit")
    form = LatePlayerForm()

    def change() -> str:
        table.seat_late_player(form.name.data, form.start.data)
        table.reload()  # the game as the change left it: its standing starts the late player's total
        total = table.body["totals"].get(form.name.data, 0)
        return f"{form.name.data} joins from hand {table.next_position}, starting on {total}."
    return _change(table, "late", form, change)


@bp.route("/s/<token>/players/leave", methods=["POST"])
def leave(token: str):
    """A player leaves the game: kept in the hands they played, not dealt into new ones."""
    table = Table.open(token, need="edit")
    form = LeaveForm().setup(table.game.playing_names)

    def change() -> str:
        table.player_leaves(form.player.data)
        return f"{form.player.data} has left the game; their hands stay on the score sheet."
    return _change(table, "leave", form, change)


def _rejoin_page(table: Table, form: RejoinForm, status: int = 200, error: str | None = None):
    """The question before a rejoin: who comes back, from which hand, on what total (the engine's answer); or why not.

    A player whose rejoin the table already confirmed is not asked again: the page says so, with the scoreboard's
    Cancel (the engine still offers them, as nothing is stored until the next hand is).
    """
    gs, name = table.game, form.player.data or ""
    offers = table.rejoin_offers
    already = name in table.pending_rejoins
    if error is None and name not in offers and not already:
        status, error = 422, _refusal(table, name)
    form.session_version.data = str(gs.version)
    return render_template("sessions/rejoin.html", gs=gs, token=table.token, form=form, name=name,
                           total=offers.get(name), hand=table.next_position, error=error, spec=game_spec(gs.game),
                           already=already), status


def _refusal(table: Table, name: str) -> str:
    """Why `name` may not rejoin now, naming them, in the words of the rules."""
    gs, who = table.game, name or "Nobody"
    scoring = table.standing.scoring
    if scoring is None:
        return f"{who} cannot rejoin now: the hands no longer score: fix the hand the scoreboard names first."
    if name not in gs.player_names:
        return f"{who} cannot rejoin: {name or 'nobody'} is not a player in this game."
    return f"{scoring.rejoin_refusal(name) or f'{who} already rejoins the next hand'}."


@bp.route("/s/<token>/rejoin", methods=["GET", "POST"])
def rejoin(token: str):
    """A player out of a pool game rejoins from the next hand, once the table confirms; the engine sets their total."""
    table = Table.open(token, need="edit")
    form = RejoinForm() if request.method == "POST" else RejoinForm(formdata=None, player=request.args.get("player"))
    if request.method == "GET":
        return _rejoin_page(table, form)
    if not form.validate_on_submit():
        return _rejoin_page(table, form, 422, "Nobody rejoined: the form was incomplete or too old; confirm again.")
    if form.session_version.data != str(table.game.version):
        return _rejoin_page(table, form, 409, "The game changed on another phone since this page was opened:"
                            " check it and confirm again. Nobody rejoined.")
    name, hand = form.player.data, table.next_position
    table.with_hands()  # the change checks that every hand still scores
    try:
        total = rejoins.confirm(table, name)
    except NotChanged as exc:
        table.reload()  # the change was rolled back, which expired the game read
        return _rejoin_page(table, form, 422, f"Nobody rejoined: {exc}")
    flash(f"{name} rejoins from hand {hand}, on {total}.")
    return redirect(url_for("sessions.show", token=token))


@bp.route("/s/<token>/rejoin/cancel", methods=["POST"])
def rejoin_cancel(token: str):
    """Take back a rejoin confirmed for the next hand, before that hand is saved."""
    table = Table.open(token, need="edit")
    form = RejoinForm()
    if not form.validate_on_submit():
        flash("Nothing was changed: the form was incomplete or too old.")
        return redirect(url_for("sessions.show", token=token))
    table.with_hands()  # the change checks that every hand still scores
    try:
        rejoins.cancel(table, form.player.data)
    except NotChanged as exc:
        flash(f"Nothing was changed: {exc}")
    else:
        flash(f"{form.player.data} does not rejoin after all: they stay out.")
    return redirect(url_for("sessions.show", token=token))
