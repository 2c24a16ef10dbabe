"""POST /api/v1/gin/arrange: the best melds, deadwood and lay-offs of a gin hand (docs/api.md)."""

from __future__ import annotations

from flask import jsonify, request

from scorekeeper import engine
from scorekeeper.api import bp


@bp.post("/gin/arrange")
def gin_arrange_view():
    """Arrange {"cards": ..., "knocker_melds": [...]} optimally; 400 {"error": ...} when unreadable."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return _bad('send a JSON object such as {"cards": "7H 8H 9H ..."}')
    if "cards" not in body:
        return _bad('"cards" is missing: give the hand as "7H 8H 9H ..." or a list of card strings')
    cards = body["cards"]
    if not isinstance(cards, (str, list)):
        return _bad('"cards" must be a string like "7H 8H 9H" or a list of card strings')
    knocker_melds = body.get("knocker_melds")
    try:
        result = engine.gin_arrange(cards, knocker_melds=knocker_melds)
    except ValueError as exc:
        return _bad(str(exc))
    return jsonify(result)


def _bad(message: str):
    return jsonify({"error": message}), 400

