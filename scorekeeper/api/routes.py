"""JSON API over the rules engine: the meld, lay-off, side and cards checks and session scoring (docs/api.md).

Views only translate: read the JSON body, call the answer of api/answers.py (which
calls the engine), send its status and object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import jsonify, request

from scorekeeper.api import answers, bp


def _answer(respond: Callable[[dict[str, Any]], answers.Answer]):
    """The request's JSON body answered by `respond`, or the 400 saying why the body cannot be read."""
    status, fields = answers.answer(respond, request.get_data(cache=True), request.is_json, request.json_module.loads)
    return jsonify(fields), status


@bp.post("/melds/check")
def check_meld():
    """Check one meld: {"game", "options", "wild_rank", "going_out", "cards"} -> legal, readings, points, reason."""
    return _answer(answers.check_meld)


@bp.post("/layoffs/check")
def check_layoff():
    """Check a lay-off: {"game", "options", "wild_rank", "meld", "cards"} -> the longer meld's check, points laid off."""
    return _answer(answers.check_layoff)


@bp.post("/declarations/check")
def check_declaration():
    """Check a whole declaration (Indian Rummy's show): {"game", "options", "wild_rank", "groups"} -> valid, answer."""
    return _answer(answers.check_declaration)


@bp.post("/melds/first/check")
def check_first_melds():
    """A player's first melds together (Rummikub's initial meld): {"game", "options", "melds"} -> points, reaches."""
    return _answer(answers.check_first_melds)


@bp.post("/counts/check")
def check_held():
    """A losing player's count where groups decide it (Indian Rummy's lives): {"groups", "in_hand", ...} -> count, lives."""
    return _answer(answers.check_held)


@bp.post("/sides/check")
def check_side():
    """A side's score for a hand as typed, where a side scores on its own (Canasta): {"entry", ...} -> score, lines."""
    return _answer(answers.check_side)


@bp.post("/cards/check")
def check_cards():
    """Read a list of cards held: {"cards"} -> {"cards": [canonical notation]}, or 400 naming the card not read."""
    return _answer(answers.check_cards)


@bp.post("/score")
def score():
    """Score a whole session: every hand's scores, running totals, status and winner."""
    return _answer(answers.score)
