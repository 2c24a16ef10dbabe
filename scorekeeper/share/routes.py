"""Sharing a session: the Share panel (QR codes, links, renewing them) and live updates for every phone.

Live updates are plain polling: a page asks ``/s/<token>/live?v=<version>``
every few seconds and gets 304 with no body while nothing changed, or the
new version with the scoreboard fragment to swap in (or, when it says which
rows it holds, the fragment without rows and the rows it lacks) and the other
parts of the page that changed with it. Polling keeps the
server a plain WSGI app (no websockets) and costs one indexed lookup per ask.
"""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, flash, redirect, render_template, request, url_for

from scorekeeper.limits import whole_number
from scorekeeper.scoreboard.board import scoreboard
from scorekeeper.scoreboard.fragments import scoreboard_html, standings_html
from scorekeeper.scoreboard.live_rows import rows_since
from scorekeeper.sessions.page_parts import page_parts
from scorekeeper.share import bp
from scorekeeper.share.forms import RenewForm
from scorekeeper.tables.access import current
from scorekeeper.tables.links import KINDS, base_is_loopback, public_base
from scorekeeper.tables.standings_cache import ScoreCache, cache
from scorekeeper.tables.table import Table


@bp.app_template_global()
def share_panel(table: Table, links: bool = True) -> dict[str, Any]:
    """What the Share panel shows this visitor of the table: the links its link may pass on, and whether phones can reach them.

    Without `links`, only whether phones can reach them: the scoreboard fetches the links with
    their QR codes when its panel is opened (``/s/<token>/share?fragment=1``).
    """
    base = public_base()
    loopback = base_is_loopback(base)
    here = request.full_path.rstrip("?")
    # `serve --lan` records the addresses it printed, so the panel can point the laptop at one of them
    lan = [url + here for url in current_app.config.get("LAN_URLS", [])] if loopback else []
    return {
        "links": table.share_links() if links else [],
        "base": base,
        "loopback": loopback,
        "lan_urls": lan,
        "can_renew": table.access == "edit",
    }


@bp.app_template_global()
def live_settings(table: Table) -> dict[str, Any]:
    """Where and how often a page showing the table asks for changes: its link's live address, from its version."""
    return {"url": url_for("share.live", token=table.token), "version": table.game.version,
            "interval": current_app.config["LIVE_POLL_MS"]}


@bp.route("/s/<token>/share")
def panel(token: str):
    """The Share panel on a page of its own: QR codes and addresses of the links, and renewing them.

    With ``?fragment=1``, only the links' cards: what the scoreboard's Share panel shows once opened.
    """
    table = Table.open(token, need="view")
    if request.args.get("fragment"):
        return render_template("share/_links.html", share=share_panel(table), token=token)
    return render_template("share/share.html", gs=table.game, table=table, access=table.access, token=token)


@bp.route("/s/<token>/share/<kind>/renew", methods=["GET", "POST"])
def renew_link(token: str, kind: str):
    """Replace the view or edit link after confirming; the old link stops working at once."""
    table = Table.open(token, need="edit")
    if kind not in KINDS:
        abort(404, "A game has a view link and an edit link, nothing else.")
    form = RenewForm()
    if form.validate_on_submit():
        new = table.renew_link(kind)  # type: ignore[arg-type]
        if kind == "edit":
            flash("New edit link made. The old one no longer works: other phones that could edit need the new QR code.")
            # this device carries on at the new address, so it keeps its edit access
            return redirect(url_for("share.panel", token=new))
        flash("New view link made. The old one no longer works: show the new QR code to whoever should follow.")
        return redirect(url_for("share.panel", token=token))
    return render_template("share/confirm_renew.html", gs=table.game, token=token, kind=kind, form=form)


@bp.route("/s/<token>/live")
def live(token: str):
    """304 (no body) while the session is at version ``v``; else the new version, scoreboard fragment and page parts.

    A page that says which rows it shows (``rows``: the position and key of its last one) gets
    the fragment without rows and only the rows it lacks, when it can keep the others
    (scoreboard.live_rows.rows_since). The parts are the rest of the page that changes with the
    game (sessions.page_parts): with them a following phone shows what a fresh load of its page would.

    A view link's answer is built once per version of the game and what the phone holds, and
    served to every phone that asks for it (see _kept_news); an edit link's carries the
    visitor's own CSRF token, so it is built for each answer, from fragments kept per version.
    """
    seen = whole_number(request.args.get("v"), None)
    # share/quick_poll.py has looked the game up already for a poll it passed on: not asked twice
    found = request.environ[FOUND_GAME] if FOUND_GAME in request.environ else current(token)
    if seen is not None and found is not None and seen == found.version:
        # mostly answered before Flask (share/quick_poll.py), with this very answer's headers
        return not_modified()
    held = request.args.get("rows")
    kept = _kept_news(found, token, held)
    if kept is not None:
        return _news_answer(kept)
    table = Table.open(token, need="view")
    board = scoreboard(table)
    news = _news(table, board, held)
    body = current_app.json.response(news).get_data()
    if table.access == "view" and _keeps(held, news.get("rows")):
        cache().put_page(board["entry"], _news_name(token, held), body)
    return _news_answer(body)


# where share/quick_poll.py leaves the game it found for a live poll it passes on to Flask (tables.access.current's
# row, or None for no game), under a key no request header can set: those are HTTP_*
FOUND_GAME = "scorekeeper.live_game"


def _news(table: Table, board: dict[str, Any], held: str | None) -> dict[str, Any]:
    """What a phone holding the rows `held` (None: no rows said) is sent of this version: the live poll's JSON."""
    news = {"version": table.game.version, "hands": board["count"], "dealer": board["dealers"].as_json()}
    rows = rows_since(board, table.access, table.token, held) if held else None
    # the standings come first on the page, and with the scoreboard in one piece of HTML (static/js/live.js)
    standings = standings_html(table, board)
    if rows is None:
        news["html"] = standings + scoreboard_html(table, board)
    else:
        news.update(html=standings + scoreboard_html(table, board, rows=False), rows=rows)
    news["parts"] = page_parts(table, board, rows)
    return news


def _news_name(token: str, held: str | None) -> str:
    """The name a view link's live answer is kept under with its version: the link and the rows the phone holds.

    Nothing else of the request goes into it: every fragment of it is the same for host and
    guest, at any address (each is kept per version and link already: scoreboard.fragments.built).
    """
    return f"live {token} {held}"


def _keeps(held: str | None, rows: dict[str, Any] | None) -> bool:
    """Whether the answer to a phone holding `held` is kept: when it said no rows, or holds a row of this version.

    A phone whose last row this version does not show (an undo, a hand fixed) or that sent
    anything else gets an answer built for it alone: a version keeps at most one answer per
    row it shows, whatever phones send.
    """
    return held is None or (rows is not None and held == f"{rows['after']}.{rows['key']}")


def _kept_news(found: Any, token: str, held: str | None) -> bytes | None:
    """The live answer kept for this view link, version and rows held (see _news_name), or None to build it.

    `found`: tables.access.current's row of the game the link opens (None: no game).
    """
    if found is None or found.edit_token == token:
        return None
    entry = cache().entry(ScoreCache.key(found.id, found.created_at, found.version))
    page = None if entry is None else entry.pages.get(_news_name(token, held))
    return page if isinstance(page, bytes) else None


def _news_answer(body: bytes) -> Any:
    """The live poll's answer with news: the JSON `body`, kept by no cache (every answer is news about now)."""
    response = current_app.response_class(body, mimetype=current_app.json.mimetype)
    response.headers["Cache-Control"] = "no-store"
    return response


def not_modified() -> Any:
    """The live poll's answer while nothing changed: 304, no body, kept by no cache."""
    response = current_app.response_class(status=304)
    response.headers["Cache-Control"] = "no-store"
    return response
