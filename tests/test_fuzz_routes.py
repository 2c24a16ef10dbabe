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
from tests.databases import opened
from tests.test_history_games import SAMPLES, store_sample

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "2000"))
FIELDS = [
    "players-0", "players-1", "players-2", "players-3", "opt_target", "opt_decks", "opt_jokers", "mode", "ended",
    "went_out", "concealed", "wild_rank", "idempotency_key", "expected_position", "hand_version", "part_version",
    "session_version", "hand_id", "points-0", "points-1",
    "players-0-melds-0", "players-0-melds-1", "players-1-in_hand", "players-0-layoffs-0-cards",
    "players-0-layoffs-0-onto", "action", "player", "melds-0", "in_hand", "add_meld", "knocker", "cards",
    "game", "status", "page", "v", "meld", "added", "file", "csrf_token", "submit", "house_rules", "house_rules_name",
]
WORDS = [
    "", "Ann", "Ben", "7H 8H 9H", "JK", "KS KD KC", "10s", "AS", "went_out", "stock_exhausted", "cards", "points",
    "0", "1", "-1", "2147483648", "9223372036854775808", "1e9", "nan", "y", "on", "0:0", "9:9", "x" * 300,
    "<script>alert(1)</script>", "'; DROP TABLE hand; --", "\u2665\u2660", "\u200d", "\t", "%00", "..", "/",
    "\x00", "Ann\x00", "use_rules", "save_rules",
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
        "rules_id": lambda: rng.choice([1, 2, 0, 2**31 - 1]),
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


def _post_rules() -> list[str]:
    """Every address the app takes a POST at, as its url_map has them (the API's among them)."""
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "rules", "MIGRATE_ON_START": False,
                      "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return sorted(rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ()))


@pytest.fixture(scope="module")
def table(tmp_path_factory, schema_template):
    """An app as served (CSRF on) holding a rummy500 game with a hand taken back and a gin game.

    One for the module: every request sent to it must leave it unchanged, and each test checks so.
    """
    with opened(tmp_path_factory.mktemp("forms"), schema_template) as databases:
        yield _table(databases.app("forms"))


def _table(app):
    with app.app_context():
        games = {game: store_sample(SAMPLES[game], hands=3) for game in ("rummy500", "gin")}
        db.session.commit()
        tokens = {game: gs.edit_token for game, gs in games.items()}
        hand = games["rummy500"].hands[0].id
    client = app.test_client()
    page = client.get("/new/rummy500").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    assert client.post(f"/s/{tokens['rummy500']}/undo", data={"csrf_token": csrf}).status_code == 302
    return app, client, csrf, tokens, hand


def address(rule: str, tokens: dict[str, str], hand: int) -> str:
    """The rule's address for the table's games: a gin route on the gin game, anything else on the rummy500 one."""
    token = tokens["gin" if "/gin" in rule else "rummy500"]
    values = {"token": token, "hand_id": str(hand), "game_id": "rummy500", "kind": "view", "rules_id": "1"}
    return re.sub(r"<(?:[^>:]*:)?(\w+)>", lambda found: values[found.group(1)], rule)


def stored(app) -> dict[str, list[str]]:
    """Every row of every table."""
    with app.app_context():
        return {table.name: sorted(map(repr, db.session.execute(table.select()).all()))
                for table in db.metadata.sorted_tables}


POST_RULES = _post_rules()


LIST, OBJECT = [1, 2, 3], {"dealer": ["Ann"], "player": {"seat": 0}, "hand_id": 1}


# Flask-WTF would read a JSON body as a form's fields: a list is no mapping, and an object's values are no text
# (the API reads JSON objects: only a list is wrong there)
@pytest.mark.parametrize(("rule", "body"), [
    pytest.param(rule, body, id=f"{rule}-{kind}")
    for rule in POST_RULES for kind, body in (("list", LIST), ("object", OBJECT))
    if kind == "list" or not rule.startswith("/api/")
])
def test_a_json_body_on_any_post_is_a_400_that_changes_nothing(table, rule, body):
    app, client, csrf, tokens, hand = table
    before = stored(app)
    response = client.post(address(rule, tokens, hand), json=body, headers={"X-CSRFToken": csrf})
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert stored(app) == before


def test_a_form_sent_as_json_is_told_to_send_form_fields(table):
    app, client, csrf, tokens, _ = table
    response = client.post(f"/s/{tokens['rummy500']}/dealer", json={"dealer": "Ann"}, headers={"X-CSRFToken": csrf})
    assert response.status_code == 400
    assert "takes a form&#39;s fields" in response.get_data(as_text=True)


HUGE = "9" * 5000


def test_a_5000_digit_player_on_my_hand_is_a_400_that_changes_nothing(table):
    app, client, csrf, tokens, _ = table
    before = stored(app)
    response = client.post(f"/s/{tokens['rummy500']}/my-hand", data={"player": HUGE, "csrf_token": csrf})
    assert response.status_code == 400
    assert "Choose who you are" in response.get_data(as_text=True)
    assert stored(app) == before


# each field a whole number is read from: a number past int()'s 4,300 digits, and digits int() cannot read
@pytest.mark.parametrize("value", [HUGE, "\u00b2", HUGE + ":0", "0:" + HUGE, "\u00b2:0", "0:\u00b2"],
                         ids=["huge", "superscript", "huge-seat", "huge-row", "superscript-seat", "superscript-row"])
@pytest.mark.parametrize(("method", "path", "field"), [
    ("POST", "/s/{token}/my-hand", "player"),
    ("GET", "/s/{token}/my-hand", "player"),
    ("GET", "/s/{token}/my-hand", "sent"),
    ("POST", "/s/{token}/my-hand", "layoffs-0-onto"),
    ("POST", "/s/{token}/my-hand", "part_version"),
    ("POST", "/s/{token}/my-hand", "position"),
    ("POST", "/s/{token}/hands/new", "players-0-layoffs-0-onto"),
    ("POST", "/s/{token}/hands/new", "more"),
    ("POST", "/s/{token}/hands/new", "confirm_empty"),
    ("POST", "/s/{token}/hands/new", "expected_position"),
    ("POST", "/s/{token}/hands/put-back", "hand_id"),
    ("POST", "/new/rummy500", "first_dealer"),
    ("POST", "/new/rummy500", "opt_target"),
    ("GET", "/sessions", "page"),
    ("GET", "/s/{token}/live", "v"),
    ("GET", "/s/{token}/live", "rows"),
])
def test_a_whole_number_no_int_can_read_is_refused_without_a_5xx(table, method, path, field, value):
    app, client, csrf, tokens, _ = table
    before = stored(app)
    form = {"csrf_token": csrf, "player": "0", "position": "3", "mode": "cards", "ended": "went_out",
            "went_out": "Ann", "players-0-in_hand": "", "layoffs-0-cards": "10H", "players-0-layoffs-0-cards": "10H",
            "players-0-melds-0": "7H 8H 9H", "players-0": "Ann", "players-1": "Ben"}
    if field == "more":
        value = f"melds-{value}"
    if method == "POST":
        response = client.post(path.format(token=tokens["rummy500"]), data={**form, field: value})
    else:
        response = client.get(path.format(token=tokens["rummy500"]), query_string={"player": "0", field: value})
    assert response.status_code < 500
    if method == "POST" and "/new/" not in path:
        assert stored(app) == before
