"""The house rules page: every game's saved sets, to start a game from or delete (the host's and co-hosts')."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for

from scorekeeper.extensions import db
from scorekeeper.history import bp
from scorekeeper.history.forms import ConfirmForm
from scorekeeper.host.identity import host_only
from scorekeeper.models import HouseRules
from scorekeeper.tables import house_rules
from scorekeeper.tables.games import game_spec

# Rematch (a won game's banner, the review page) offers the game's sets by name
bp.add_app_template_global(house_rules.sets_for, "house_rules_for")


@bp.route("/house-rules")
@host_only
def house_rules_list():
    """Every saved set of house rules, by game, with its options in words."""
    shown = []
    for rules in house_rules.every_set():
        spec = game_spec(rules.game)
        if spec is not None:
            shown.append((spec, rules, house_rules.described(spec, rules.options)))
    return render_template("history/house_rules.html", shown=shown, confirm=ConfirmForm())


@bp.route("/house-rules/<int(max=2147483647):rules_id>/delete", methods=["POST"])
@host_only
def house_rules_delete(rules_id: int):
    """Delete a set (games started from it keep their options)."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    rules = db.session.get(HouseRules, rules_id)
    if rules is None:
        abort(404, "These house rules were already deleted.")
    name = rules.name
    house_rules.delete(rules)
    flash(f"The house rules “{name}” were deleted.")
    return redirect(url_for("history.house_rules_list"))
