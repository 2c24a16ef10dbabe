"""The meld checker and the rules pages: no session needed, nothing stored.

The views only translate: the query string to engine calls, the engine's
answers to pages. Every verdict, reason, reading and value comes from
:mod:`scorekeeper.engine`.
"""

from __future__ import annotations

from typing import Any

from flask import abort, jsonify, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

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
    game, game_error = _known_game(request.args)
    form = check_form(game, request.args)
    params = share_params(form)
    if not game_error and _longer_than_shared(request.args, params):
        # a form submitted without script sends every field, blanks and defaults too (and the last
        # game's options): answer from the short URL, the one worth sharing
        return redirect(url_for("checker.check", **params))
    answer = ask_engine(game, form)
    return render_template(
        "checker/check.html",
        form=form,
        spec=engine.find_game(game),
        game_error=game_error,
        share_url=url_for("checker.check", **params) if _asks_anything(form) else None,
        options_changed=any(name in params for name in form.option_names),
        reading_url=lambda notation: url_for("checker.check", **(params | {"cards": notation})),
        # cards are never greyed here: a meld the deck cannot hold is a question the checker answers
        deck_counts={} if answer["jokers"] else {"JK": 0},
        show_fields=SHOW_GROUPS,
        first_fields=[name for name in FIRST_MELDS if hasattr(form, name)],
        **answer,
    )


def _known_game(args: MultiDict[str, str]) -> tuple[str, str | None]:
    """The game asked for and None, or the default game and why the one asked for is not known."""
    game = chosen_game(args)
    game_error = _message(engine.find_game, game) or None
    return (DEFAULT_GAME, game_error) if game_error else (game, None)


def _longer_than_shared(args: MultiDict[str, str], params: dict[str, str]) -> bool:
    """Whether the query string says more than the short URL would (blank fields, defaults, other games' options)."""
    return bool(args) and args.to_dict(flat=False) != {name: [value] for name, value in params.items()}


def _asks_anything(form) -> bool:
    """Whether the form puts any question to the engine, so that a link to the answer is worth sharing."""
    return bool(form.cards.data or form.meld.data or form.added.data or show_groups(form) or first_melds(form))


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
        answer["melds_score"] = _meld_points_matter(game, options)
    except engine.InputError as exc:
        answer["options_error"] = str(exc)
        return answer
    return (
        answer
        | ask_meld(game, form, options, wild_rank)
        | ask_layoff(game, form, options, wild_rank)
        | ask_declaration(game, form, options, wild_rank)
        | ask_first_melds(game, form, options)
    )


def _meld_points_matter(game: str, options: dict[str, Any]) -> bool:
    """Whether a meld's points are worth showing in this game with these options."""
    variant = engine.find_game(game)
    # a meld's points matter where they count toward an initial meld (Rummikub), though melds score nothing
    return variant.melds_score or variant.initial_meld(variant.rules(options)) is not None


def ask_meld(game: str, form, options: dict[str, Any], wild_rank: str | None) -> dict[str, Any]:
    """Put the cards of one meld to the engine: its verdict, or why it cannot read them."""
    if not form.cards.data:
        return {}
    try:
        going_out = bool(form.going_out.data) and bool(engine.find_game(game).going_out_melds)
        return {"result": engine.check_meld(form.cards.data, game, options, wild_rank, going_out)}
    except engine.InputError as exc:
        return {"meld_error": str(exc)}


def ask_layoff(game: str, form, options: dict[str, Any], wild_rank: str | None) -> dict[str, Any]:
    """Put cards laid off onto a meld on the table to the engine: its answer, or what is wrong or missing."""
    meld, added = form.meld.data, form.added.data
    if meld and added:
        try:
            return {"layoff": engine.check_layoff(meld, added, game, options, wild_rank)}
        except engine.InputError as exc:
            return {"layoff_error": str(exc)}
    if meld or added:
        return {"layoff_error": "Enter the cards laid off too." if meld else "Enter the meld on the table too."}
    return {}


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
