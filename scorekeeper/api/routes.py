"""JSON API over the rules engine: the meld check and session scoring (docs/api.md).

Views only translate: read the JSON body, call the engine, answer 200 with
its body, 400 when the input cannot be read, 422 when it breaks the rules.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request

from scorekeeper import engine
from scorekeeper.api import bp


def _json_body() -> tuple[dict[str, Any] | None, Any]:
    """The request's JSON object, or the 400 answer saying why there is none."""
    try:
        body = request.json_module.loads(request.get_data(cache=True)) if request.is_json else None
    except ValueError as exc:
        # say why it could not be read (bad syntax, nested too deeply), not only that it could not
        return None, (jsonify(error=f"the request body is not readable JSON: {exc}"), 400)
    if body is None:
        return None, (jsonify(error="the request body is not JSON: send a JSON object with Content-Type application/json"), 400)
    if not isinstance(body, dict):
        return None, (jsonify(error="the request body must be a JSON object"), 400)
    return body, None


def _refused(exc: ValueError):
    """The engine's error as JSON: 422 for a rule broken, 400 for anything else it could not read."""
    status = 422 if isinstance(exc, engine.RulesError) else 400
    fields = exc.response() if isinstance(exc, (engine.InputError, engine.RulesError)) else {"error": str(exc)}
    return jsonify(fields), status


@bp.post("/melds/check")
def check_meld():
    """Check one meld: {"game", "options", "wild_rank", "going_out", "cards"} -> legal, readings, points, reason."""
    body, refusal = _json_body()
    if body is None:
        return refusal
    if "cards" not in body:
        return jsonify(error='"cards" is missing: give the meld as "7H 8H 9H" or a list of card strings'), 400
    try:
        result = engine.check_meld(
            body["cards"],
            game=body.get("game") or "rummy500",
            options=body.get("options"),
            wild_rank=body.get("wild_rank"),
            going_out=body.get("going_out") is True,
        )
    except ValueError as exc:
        return _refused(exc)
    return jsonify(result)


@bp.post("/layoffs/check")
def check_layoff():
    """Check a lay-off: {"game", "options", "wild_rank", "meld", "cards"} -> the longer meld's check, points laid off."""
    body, refusal = _json_body()
    if body is None:
        return refusal
    missing = [name for name in ("meld", "cards") if name not in body]
    if missing:
        return jsonify(error=f'"{missing[0]}" is missing: give the meld on the table and the cards laid off onto it'), 400
    try:
        result = engine.check_layoff(
            body["meld"], body["cards"], game=body.get("game") or "rummy500",
            options=body.get("options"), wild_rank=body.get("wild_rank"),
        )
    except ValueError as exc:
        return _refused(exc)
    return jsonify(result)


@bp.post("/cards/check")
def check_cards():
    """Read a list of cards held: {"cards"} -> {"cards": [canonical notation]}, or 400 naming the card not read."""
    body, refusal = _json_body()
    if body is None:
        return refusal
    if "cards" not in body:
        return jsonify(error='"cards" is missing: give the cards as "QS 4D" or a list of card strings'), 400
    try:
        return jsonify(engine.read_card_list(body["cards"]))
    except ValueError as exc:
        return _refused(exc)


@bp.post("/score")
def score():
    """Score a whole session: every hand's scores, running totals, status and winner."""
    body, refusal = _json_body()
    if body is None:
        return refusal
    try:
        result = engine.score_session(body)
    except ValueError as exc:
        return _refused(exc)
    return jsonify(result)
