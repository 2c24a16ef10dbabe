"""Pages of the history area: the sessions list, a session's review, print sheet and exports,
rematch, archive and delete, player pages, and importing an export.

Session pages use the session's link (token) like the scoreboard does: a
view link may review, print and export; changing anything (rematch,
archive, delete) needs the edit link.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Response, abort, current_app, flash, redirect, render_template, request, url_for

from scorekeeper.extensions import db
from scorekeeper.history import bp
from scorekeeper.history.backup import (
    ImportRefused,
    ImportStopped,
    export_all,
    export_csv,
    export_session,
    import_text,
    to_json,
)
from scorekeeper.history.chart import score_chart
from scorekeeper.history.display import score_sum
from scorekeeper.history.forms import ConfirmForm, ImportForm, SessionFilterForm
from scorekeeper.history.listing import Filters, known_players, sessions_page
from scorekeeper.history.ratings import player_ratings, rated_name, ratings_table
from scorekeeper.history.stats import (
    PlayerRecord,
    all_players,
    player_record,
    running_totals,
    session_figures,
)
from scorekeeper.host.identity import host_only, is_host
from scorekeeper.limits import whole_number
from scorekeeper.tables import service
from scorekeeper.tables.games import game_spec, games
from scorekeeper.tables.standings_cache import cache
from scorekeeper.tables.table import Table

# largest export the import page reads (set HISTORY_IMPORT_MAX_BYTES to change it)
IMPORT_MAX_BYTES = 16 * 1024 * 1024


bp.add_app_template_global(score_sum, "score_sum")


def _game_names() -> list[tuple[str, str]]:
    return [(g.id, g.name) for g in games()]


def game_name(game_id: str) -> str:
    """A game's name, or its id when the engine does not know it."""
    spec = game_spec(game_id)
    return spec.name if spec else game_id


@bp.route("/sessions")
@host_only
def sessions():
    """Every session, newest first, filtered by player, game and status, a page at a time."""
    form = SessionFilterForm(formdata=request.args)
    form.setup(_game_names())
    form.validate()
    # a filter that does not make sense is reported and left out; the others still apply
    filters = Filters(**{
        name: (getattr(form, name).data or "") if not getattr(form, name).errors else ""
        for name in ("player", "game", "status")
    })
    page = sessions_page(filters, max(1, whole_number(request.args.get("page"), 1)))
    # the filters carried into the page links (empty ones left out)
    kept = {k: v for k, v in (("player", filters.player), ("game", filters.game), ("status", filters.status)) if v}
    return render_template(
        "history/sessions.html", form=form, page=page, filters=filters, kept=kept,
        game_name=game_name, players=known_players(),
    )


def _scored_hands(table: Table) -> list[tuple]:
    """Each stored hand of the table with the engine's body for it ({} for hands the engine did not score)."""
    hands = table.hands
    return list(zip(hands, (table.body.get("hands") or []) + [{}] * len(hands)))


@bp.route("/s/<token>/review")
def review(token: str):
    """A session hand by hand: every player's cards, scores and running totals, a chart, and figures."""
    table = Table.open(token, need="view")
    gs, access = table.with_hands(), table.access
    body = table.body
    # the engine's body gives the target (None in Michigan, which has none)
    chart = score_chart(running_totals(body), body.get("target"))
    return render_template(
        "history/review.html", gs=gs, access=access, token=token, body=body, chart=chart,
        figures=session_figures(gs, body), game=game_name(gs.game), confirm=ConfirmForm(),
        scored_hands=_scored_hands(table),
    )


@bp.route("/s/<token>/print")
def print_sheet(token: str):
    """A score sheet to print: the hands' scores and running totals, the totals and the result."""
    table = Table.open(token, need="view")
    gs = table.with_hands()
    return render_template(
        "history/print.html", gs=gs, token=token, body=table.body, game=game_name(gs.game),
        scored_hands=_scored_hands(table),
        printed=datetime.now(UTC),
    )


def _download_name(table: Table, ext: str) -> str:
    """The name a download of the table's game is saved under: the game, the day it began and its number."""
    gs = table.game
    return f"scorekeeper-{gs.game}-{gs.created_at:%Y-%m-%d}-{gs.id}.{ext}"


@bp.route("/s/<token>/export.json")
def export_json(token: str):
    """The session as JSON: the POST /api/v1/score body plus metadata (no links: the file may be shared)."""
    table = Table.open(token, need="view")
    return Response(
        to_json(export_session(table.with_hands())),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{_download_name(table, "json")}"'},
    )


@bp.route("/s/<token>/export.csv")
def export_csv_file(token: str):
    """The session as CSV: one row per hand and player."""
    table = Table.open(token, need="view")
    return Response(
        # a byte-order mark so spreadsheet programs read names with accents correctly
        "\ufeff" + export_csv(table.with_hands(), table.body),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{_download_name(table, "csv")}"'},
    )


@bp.route("/s/<token>/rematch", methods=["POST"])
def rematch(token: str):
    """Start a new session with the same game, options and players, in the same seats."""
    gs = Table.open(token, need="edit").with_hands()
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        new = service.create_session(gs.game, dict(gs.options or {}), gs.playing_names)
    except ValueError as exc:
        db.session.rollback()
        flash(f"The rematch could not be started: {exc}")
        return redirect(url_for("history.review", token=token))
    flash(f"Rematch started: {game_name(new.game)} with {', '.join(new.player_names)}. Deal the first hand!")
    return redirect(url_for("sessions.show", token=new.edit_token))


@bp.route("/s/<token>/archive", methods=["GET", "POST"])
def archive(token: str):
    """Archive a session (hidden from the lists, kept in records and backups), or bring it back."""
    gs = Table.open(token, need="edit").with_hands()
    form = ConfirmForm()
    if form.validate_on_submit():
        gs.archived = form.action.data != "restore"
        db.session.commit()
        if gs.archived:
            flash("The game was archived: it is kept, but no longer listed. Find it under Sessions → Archived.")
        else:
            flash("The game is back in the lists.")
        return redirect(url_for("history.review", token=token))
    return render_template("history/confirm.html", gs=gs, token=token, form=form, game=game_name(gs.game),
                           kind="restore" if gs.archived else "archive")


@bp.route("/s/<token>/delete", methods=["GET", "POST"])
def delete(token: str):
    """Delete a session and all its hands for good, after confirming."""
    gs = Table.open(token, need="edit").with_hands()
    form = ConfirmForm()
    if form.validate_on_submit() and form.action.data == "delete":
        name, session_id = game_name(gs.game), gs.id
        db.session.delete(gs)
        db.session.commit()
        cache().forget(session_id)
        flash(f"The {name} game was deleted.")
        return redirect(url_for("history.sessions" if is_host() else "sessions.index"))
    return render_template("history/confirm.html", gs=gs, token=token, form=form, game=game_name(gs.game),
                           kind="delete")


@bp.route("/players")
@host_only
def players():
    """Everyone who has played, with how many sessions, and each game's ratings, highest first."""
    table = ratings_table()
    rated = [(game, table.by_game(game)) for game in sorted(table.games(), key=lambda g: game_name(g).lower())]
    return render_template("history/players.html", players=all_players(), rated=rated, game_name=game_name)


@bp.route("/players/<path:name>")
@host_only
def player(name: str):
    """A player's record: ratings and their chart, rival, nemesis and best partner; sessions played and won per game,
    win rate, average hand, head to head."""
    found = service.find_player(name)
    if found is not None:
        record = player_record(found)
    else:
        # a partner rated through a side entered under one name (Canasta's "Ann & Cy") has no seat of their own
        rated_as = rated_name(name)
        if rated_as is None:
            abort(404, f"Nobody called {name} has played here yet.")
        record = PlayerRecord(name=rated_as, games=[], head_to_head=[], sessions=[])
    return render_template("history/player.html", record=record, game_name=game_name,
                           rated=player_ratings(record.name, game_name))


@bp.route("/sessions/backup.json")
@host_only
def backup():
    """Every session with its links, as `scorekeeper export --all` writes it: keep it somewhere safe."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d")
    return Response(
        to_json(export_all()),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="scorekeeper-backup-{stamp}.json"'},
    )


def allow_large_imports() -> None:
    """Let the import page take a backup up to its limit (beyond the app-wide MAX_CONTENT_LENGTH).

    Registered in create_app before CSRF protection, which reads the form (and so the
    whole upload) before any view runs: raising the limit in the view would be too late.
    """
    if request.endpoint == "history.import_file":
        limit = current_app.config.get("HISTORY_IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
        # room for the form's other fields and the multipart boundaries around the file
        request.max_content_length = limit + 64 * 1024


@bp.route("/sessions/import", methods=["GET", "POST"])
@host_only
def import_file():
    """Restore a JSON export (one session or a full backup); a file that fails a check writes nothing."""
    limit = current_app.config.get("HISTORY_IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
    form = ImportForm()
    error = None
    if form.validate_on_submit():
        # one byte more than allowed is enough to know the file is too large
        raw = form.file.data.read(limit + 1)
        try:
            result = import_text(raw, max_bytes=limit)
        except ImportRefused as exc:
            db.session.rollback()
            error = f"Nothing was imported. {exc}"
        except ImportStopped as exc:
            error = str(exc)
        else:
            flash(result.summary())
            if len(result.edit_tokens) == 1:
                return redirect(url_for("history.review", token=result.edit_tokens[0]))
            return redirect(url_for("history.sessions"))
    status = 422 if request.method == "POST" else 200
    return render_template("history/import.html", form=form, error=error, limit_mb=max(1, limit // (1024 * 1024))), status
