"""The JSON API's answers as functions of the request body: (status, JSON object), no Flask.

The Flask views (api/routes.py, api/gin_routes.py) send these. 200 carries the
engine's result, 400 says why the input cannot be read, 422 which rule it breaks
(docs/api.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper import engine

Answer = tuple[int, dict[str, Any]]
NOT_JSON = "the request body is not JSON: send a JSON object with Content-Type application/json"


def answer(respond: Callable[[dict[str, Any]], Answer], raw: bytes, is_json: bool,
           loads: Callable[[bytes], Any]) -> Answer:
    """`respond`'s answer to the body's JSON object, or the 400 saying why the body holds none.

    >>> import json
    >>> answer(check_cards, b'{"cards": "QS 4D"}', True, json.loads)
    (200, {'cards': ['QS', '4D']})
    >>> answer(check_cards, b'[1]', True, json.loads)
    (400, {'error': 'the request body must be a JSON object'})
    """
    if not is_json:
        return 400, {"error": NOT_JSON}
    try:
        body = loads(raw)
    except ValueError as exc:
        # say why it could not be read (bad syntax, nested too deeply), not only that it could not
        return 400, {"error": f"the request body is not readable JSON: {exc}"}
    if body is None:
        return 400, {"error": NOT_JSON}
    if not isinstance(body, dict):
        return 400, {"error": "the request body must be a JSON object"}
    return respond(body)


def refused(exc: ValueError) -> Answer:
    """The engine's error as an answer: 422 for a rule broken, 400 for anything else it could not read."""
    status = 422 if isinstance(exc, engine.RulesError) else 400
    fields = exc.response() if isinstance(exc, (engine.InputError, engine.RulesError)) else {"error": str(exc)}
    return status, fields


def _missing(body: dict[str, Any], names: tuple[str, ...], advice: str) -> Answer | None:
    absent = [name for name in names if name not in body]
    return (400, {"error": f'"{absent[0]}" is missing: {advice}'}) if absent else None


def check_meld(body: dict[str, Any]) -> Answer:
    """{"game", "options", "wild_rank", "going_out", "cards"} -> legal, readings, points, reason."""
    missing = _missing(body, ("cards",), 'give the meld as "7H 8H 9H" or a list of card strings')
    if missing:
        return missing
    try:
        return 200, engine.check_meld(
            body["cards"],
            game=body.get("game") or "rummy500",
            options=body.get("options"),
            wild_rank=body.get("wild_rank"),
            going_out=body.get("going_out") is True,
        )
    except ValueError as exc:
        return refused(exc)


def check_layoff(body: dict[str, Any]) -> Answer:
    """{"game", "options", "wild_rank", "meld", "cards"} -> the longer meld's check, points laid off."""
    missing = _missing(body, ("meld", "cards"), "give the meld on the table and the cards laid off onto it")
    if missing:
        return missing
    try:
        return 200, engine.check_layoff(
            body["meld"], body["cards"], game=body.get("game") or "rummy500",
            options=body.get("options"), wild_rank=body.get("wild_rank"),
        )
    except ValueError as exc:
        return refused(exc)


def check_declaration(body: dict[str, Any]) -> Answer:
    """{"game", "options", "wild_rank", "groups"} -> valid, answer ("valid show" or the first reason), each group."""
    missing = _missing(body, ("groups",), 'give the declaration\'s groups, like ["2H 3H 4H", "KD KH KS"]')
    if missing:
        return missing
    try:
        return 200, engine.check_declaration(
            body["groups"], game=body.get("game") or "indian", options=body.get("options"), wild_rank=body.get("wild_rank"),
        )
    except ValueError as exc:
        return refused(exc)


def check_first_melds(body: dict[str, Any]) -> Answer:
    """{"game", "options", "melds"} -> each meld's check, their points summed, whether they reach the initial meld."""
    missing = _missing(body, ("melds",), 'give the first melds, like ["10R 11R 12R", "JK 7B 7K"]')
    if missing:
        return missing
    try:
        return 200, engine.check_first_melds(body["melds"], game=body.get("game") or "rummikub", options=body.get("options"))
    except ValueError as exc:
        return refused(exc)


def check_held(body: dict[str, Any]) -> Answer:
    """{"game", "options", "wild_rank", "groups", "in_hand"} -> a losing player's count, its cap, and which cards count."""
    missing = _missing(body, ("groups",), 'give the player\'s groups, like ["2H 3H 4H", "KD KH KS"] ([] for none)')
    if missing:
        return missing
    try:
        return 200, engine.check_held(
            body["groups"], body.get("in_hand") or "", game=body.get("game") or "indian",
            options=body.get("options"), wild_rank=body.get("wild_rank"),
        )
    except ValueError as exc:
        return refused(exc)


def check_side(body: dict[str, Any]) -> Answer:
    """{"game", "options", "name", "went_out", "concealed", "entry"} -> a side's score for the hand, its lines, or why not."""
    missing = _missing(body, ("entry",), 'give the side\'s cards, like {"melds": ["KH KS KD"], "in_hand": "5C"}')
    if missing:
        return missing
    try:
        return 200, engine.check_side(
            body["entry"], game=body.get("game") or "canasta", options=body.get("options"),
            went_out=body.get("went_out") is True, concealed=body.get("concealed") is True,
            name=body.get("name") or "this side",
        )
    except ValueError as exc:
        return refused(exc)


def check_cards(body: dict[str, Any]) -> Answer:
    """{"cards", "game", "options", "wild_rank"} -> {"cards": [canonical notation], "points" with a game}, or 400."""
    missing = _missing(body, ("cards",), 'give the cards as "QS 4D" or a list of card strings')
    if missing:
        return missing
    try:
        return 200, engine.read_card_list(
            body["cards"], game=body.get("game"), options=body.get("options"), wild_rank=body.get("wild_rank"),
        )
    except ValueError as exc:
        return refused(exc)


def score(body: dict[str, Any]) -> Answer:
    """A whole session -> every hand's scores, running totals, status and winner."""
    try:
        return 200, engine.score_session(body)
    except ValueError as exc:
        return refused(exc)

