"""Pages of the table's changes: who deals, and the players (rename, seat a late player, leave).

Edit link only (load_session(need="edit")); views are thin: read the form,
let sessions.table make the change in one transaction, redirect.
"""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from scorekeeper.extensions import db
from scorekeeper.sessions import bp, table
from scorekeeper.sessions.access import load_session
from scorekeeper.sessions.table_forms import DealerForm


@bp.route("/s/<token>/dealer", methods=["POST"])
def dealer(token: str):
    """Say who deals (or dealt) the hand being entered now; the hands after it follow round the table."""
    gs, _ = load_session(token, need="edit")
    form = DealerForm().setup(table.playing_names(gs))
    if not form.validate_on_submit():
        flash("The dealer was not changed: choose a player of the next hand.")
        return redirect(url_for("sessions.show", token=token))
    try:
        now = table.choose_dealer(gs, form.dealer.data)
    except ValueError as exc:
        db.session.rollback()
        flash(f"The dealer was not changed: {exc}.")
    else:
        flash(f"{now.deals} deals hand {now.hand}; {now.next} deals next.")
    return redirect(url_for("sessions.show", token=token))
