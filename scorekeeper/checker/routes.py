"""The meld checker and the rules pages: no session needed, nothing stored.

The views only translate: the query string to engine calls, the engine's
answers to pages. Every verdict, reason, reading and value comes from
:mod:`scorekeeper.engine`.
"""

from __future__ import annotations

from typing import Any

from flask import abort, jsonify, redirect, render_template, request, url_for

from scorekeeper import engine
from scorekeeper.checker import bp
from scorekeeper.checker.forms import (
    DEFAULT_GAME,
    FIRST_MELDS,
    SHOW_GROUPS,
    check_form,
    chosen_game,
    first_melds,
    option_values,
    share_params,
    show_groups,
)


@bp.get("/check")
def check():
    """The meld checker: the game, its options, the cards, and what the engine says of them."""
    game = chosen_game(request.args)
    game_error = _message(engine.find_game, game) or None
    if game_error:
        game = DEFAULT_GAME
    form = check_form(game, request.args)
    params = share_params(form)
    if request.args and not game_error and request.args.to_dict(flat=False) != {k: [v] for k, v in params.items()}:
        # a form submitted without script sends every field, blanks and defaults too (and the last
        # game's options): answer from the short URL, the one worth sharing
        return redirect(url_for("checker.check", **params))
    answer = ask_engine(game, form)
    asked = form.cards.data or form.meld.data or form.added.data or show_groups(form) or first_melds(form)
    share = url_for("checker.check", **params) if asked else None
    return render_template(
        "checker/check.html",
        form=form,
        spec=engine.find_game(game),
        game_error=game_error,
        share_url=share,
        options_changed=any(name in params for name in form.option_names),
        reading_url=lambda notation: url_for("checker.check", **(params | {"cards": notation})),
        # cards are never greyed here: a meld the deck cannot hold is a question the checker answers
        deck_counts={} if answer["jokers"] else {"JK": 0},
        show_fields=SHOW_GROUPS,
        first_fields=[name for name in FIRST_MELDS if hasattr(form, name)],
        **answer,
    )


@bp.get("/check/layoff.json")
def layoff_json():
    """The lay-off check as JSON for the page's script: check_layoff's body, or 400 {"error": ...}."""
    game = chosen_game(request.args)
    unknown = _message(engine.find_game, game)
    if unknown:
        return jsonify(error=unknown), 400
    form = check_form(game, request.args)
    answer = ask_engine(game, form)
    error = answer["options_error"] or answer["layoff_error"]
    if error:
        return jsonify(error=error), 400
    if answer["layoff"] is None:
        return jsonify(error="Enter the meld on the table and the cards laid off onto it."), 400
    return jsonify(answer["layoff"])


def ask_engine(game: str, form) -> dict[str, Any]:
    """Put the form's questions to the engine: the meld, the lay-off, and what was wrong with either."""
    options = option_values(form, game)
    wild_rank = form.wild_rank.data or None
    answer: dict[str, Any] = {
        "options": options,
        "options_error": None,
        "result": None,
        "meld_error": None,
        "layoff": None,
        "layoff_error": None,
        "jokers": 0,
        "melds_score": True,
        "show": None,
        "show_error": None,
        "first": None,
        "first_error": None,
    }
    try:
        answer["jokers"] = engine.deck_counts(game, options).get("JK", 0)
        variant = engine.find_game(game)
        # a meld's points matter where they count toward an initial meld (Rummikub), though melds score nothing
        answer["melds_score"] = variant.melds_score or variant.initial_meld(variant.rules(options)) is not None
    except engine.InputError as exc:
        answer["options_error"] = str(exc)
        return answer
    if form.cards.data:
        try:
            going_out = bool(form.going_out.data) and bool(engine.find_game(game).going_out_melds)
            answer["result"] = engine.check_meld(form.cards.data, game, options, wild_rank, going_out)
        except engine.InputError as exc:
            answer["meld_error"] = str(exc)
    if form.meld.data and form.added.data:
        try:
            answer["layoff"] = engine.check_layoff(form.meld.data, form.added.data, game, options, wild_rank)
        except engine.InputError as exc:
            answer["layoff_error"] = str(exc)
    elif form.meld.data or form.added.data:
        answer["layoff_error"] = (
            "Enter the cards laid off too." if form.meld.data else "Enter the meld on the table too."
        )
    return answer | ask_declaration(game, form, options, wild_rank) | ask_first_melds(game, form, options)


def ask_first_melds(game: str, form, options: dict[str, Any]) -> dict[str, Any]:
    """Put a player's first melds to the engine (the initial meld): its answer, or why it cannot read them."""
    melds = first_melds(form)
    if not melds:
        return {}
    try:
        return {"first": engine.check_first_melds(melds, game, options)}
    except engine.InputError as exc:
        return {"first_error": str(exc)}


def ask_declaration(game: str, form, options: dict[str, Any], wild_rank: str | None) -> dict[str, Any]:
    """Put the groups of a whole declaration (Indian Rummy's show) to the engine: its answer, or why it cannot read them."""
    groups = show_groups(form)
    if not groups:
        return {}
    try:
        return {"show": engine.check_declaration(groups, game, options, wild_rank)}
    except engine.InputError as exc:
        return {"show_error": str(exc)}


def _message(call, *args: Any) -> str:
    """The engine's own words for input it cannot read."""
    try:
        call(*args)
    except engine.InputError as exc:
        return str(exc)
    return ""


@bp.get("/rules")
def rules_index():
    """Every game we keep score for, each with a one-line summary and a link to its rules."""
    return render_template("rules/index.html", games=engine.VARIANTS)


@bp.get("/rules/<game_id>")
def rules(game_id: str):
    """One game's rules: how it is played and scored, its card values, its options, how it ends."""
    try:
        spec = engine.find_game(game_id)
    except engine.UnknownGameError:
        games = ", ".join(game.id for game in engine.VARIANTS)
        abort(404, description=f"We have no rules for “{game_id}”. The games are {games}.")
    values = engine.card_values(game_id, {})
    return render_template(
        "rules/game.html",
        spec=spec,
        values=values,
        counts_against=any((row["in_hand"] or 0) < 0 for row in values),
        melds_score=any(row["melded"] is not None for row in values),
        games=engine.VARIANTS,
    )
