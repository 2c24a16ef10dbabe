"""Thousands of random requests over every route: forms, uploads, JSON and query strings, as host and as guest,
with and without tokens and CSRF. None may answer 5xx.

The run's seed is printed when it fails (set FUZZ_SEED to replay it); FUZZ_REQUESTS sets how many are sent.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import time

import pytest

from scorekeeper.extensions import db
from tests.test_history_games import SAMPLES, store_sample

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "2000"))
FIELDS = [
    "players-0", "players-1", "players-2", "players-3", "opt_target", "opt_decks", "opt_jokers", "mode", "ended",
    "went_out", "concealed", "wild_rank", "idempotency_key", "expected_position", "hand_version", "part_version",
    "session_version", "hand_id", "points-0", "points-1",
    "players-0-melds-0", "players-0-melds-1", "players-1-in_hand", "players-0-layoffs-0-cards",
    "players-0-layoffs-0-onto", "action", "player", "melds-0", "in_hand", "add_meld", "knocker", "cards",
    "game", "status", "page", "v", "meld", "added", "file", "csrf_token",
]
WORDS = [
    "", "Ann", "Ben", "7H 8H 9H", "JK", "KS KD KC", "10s", "AS", "went_out", "stock_exhausted", "cards", "points",
    "0", "1", "-1", "2147483648", "9223372036854775808", "1e9", "nan", "y", "on", "0:0", "9:9", "x" * 300,
    "<script>alert(1)</script>", "'; DROP TABLE hand; --", "\u2665\u2660", "\u200d", "\t", "%00", "..", "/",
    "\x00", "Ann\x00",
]


def text(rng: random.Random) -> str:
    """A value a form or query might carry: a known word, a random string, or both."""
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(WORDS)
    if roll < 0.9:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0xA0, 0x2FFF)]))
                       for _ in range(rng.randrange(0, 12)))
    return rng.choice(WORDS) + " " + rng.choice(WORDS)


def json_value(rng: random.Random, depth: int = 0):
    """A random JSON value, sometimes shaped like the API's bodies."""
    roll = rng.random()
    if depth > 3 or roll < 0.35:
        return rng.choice([None, True, 0, -5, 10**20, 1.5, text(rng)])
    if roll < 0.55:
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    keys = ["game", "options", "cards", "players", "hands", "ended", "went_out", "points", "melds", "layoffs",
            "in_hand", "onto", "wild_rank", "knocker_melds", "target", text(rng)]
    return {rng.choice(keys): json_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


@pytest.fixture
def fuzz_app(databases):
    """An app with CSRF on (as served), two games stored, and the values to aim at."""
    app = databases.app("fuzz", SECRET_KEY="fuzz")
    with app.app_context():
        targets = {"tokens": [], "hands": []}
        for game in ("rummy500", "gin"):
            gs = store_sample(SAMPLES[game], hands=2)
            db.session.commit()
            targets["tokens"] += [gs.edit_token, gs.view_token]
            targets["hands"] += [h.id for h in gs.hands]
    return app, targets


def test_no_random_request_to_any_route_answers_5xx(fuzz_app):
    app, targets = fuzz_app
    seed = int(os.environ.get("FUZZ_SEED", time.time_ns() % 2**32))
    rng = random.Random(seed)
    host = app.test_client()
    guest = app.test_client()
    guest.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    page = host.get("/new/rummy500").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"]
    values = {
        "hand_id": lambda: rng.choice([*targets["hands"], 0, 1, 2**31 - 1, 2**31, 10**20]),
        "token": lambda: rng.choice([*targets["tokens"], "nope", text(rng) or "x"]),
        "kind": lambda: rng.choice(["view", "edit", "other"]),
        "game_id": lambda: rng.choice([*SAMPLES, "nope", text(rng) or "x"]),
        "name": lambda: rng.choice(["Ann", "Ben", "nobody", text(rng) or "x"]),
        "key": lambda: rng.choice(["wrong", text(rng) or "x"]),
    }
    failures = []
    for number in range(REQUESTS):
        rule = rng.choice(rules)
        methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
        method = rng.choice(methods)
        path = rule.rule
        for argument in rule.arguments:
            value = str(values[argument]()).replace("/", "%2F").replace("?", "%3F").replace("#", "%23")
            path = re.sub(rf"<[^>]*\b{argument}>", lambda _, value=value: value, path)
        client = rng.choice([host, guest])
        query = {rng.choice(FIELDS): text(rng) for _ in range(rng.randrange(0, 3))}
        kwargs = {"query_string": query}
        if rng.random() < 0.05:
            # a name the app does not answer to (DNS rebinding), or no name it can read
            kwargs["headers"] = {"Host": rng.choice(["evil.example", "evil.example:5000", "[::1]:5000", "a b"])}
        if method == "POST":
            shape = rng.choice(["form", "form", "multipart", "json", "raw", "none"])
            form = {rng.choice(FIELDS): text(rng) for _ in range(rng.randrange(0, 8))}
            if rng.random() < 0.6:
                form["csrf_token"] = csrf
            if shape == "form":
                kwargs["data"] = form
            elif shape == "multipart":
                form["file"] = (io.BytesIO(json.dumps(json_value(rng)).encode()), "export.json")
                kwargs["data"] = form
                kwargs["content_type"] = "multipart/form-data"
            elif shape == "json":
                kwargs["json"] = json_value(rng)
            elif shape == "raw":
                kwargs["data"] = rng.choice([b"{", b"\xff\xfe", b"[" * 5000, b"null", text(rng).encode()])
                kwargs["content_type"] = rng.choice(["application/json", "text/plain", "application/x-www-form-urlencoded"])
        response = client.open(path, method=method, **kwargs)
        response.close()
        if response.status_code >= 500:
            failures.append(f"#{number} {method} {path} {kwargs!r:.300} -> {response.status_code}")
    assert not failures, f"seed {seed}: " + "\n".join(failures[:20])
