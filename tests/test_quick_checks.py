"""The JSON checks answered before Flask (scorekeeper/api/quick_checks.py): the same answers the routes give."""

from __future__ import annotations

import gzip
import json

import pytest
from werkzeug.test import Client

from scorekeeper.api.quick_checks import QuickChecks
from tests.shortcuts import count_handed_on, wsgi_layer

FOUR_WILD = "AH JK 3H JK 5H 6H JK 8H 9H 10H JK QH KH"
# (address, body) pairs covering the answers a check gives: legal, illegal, unreadable (400)
ASKED = [
    ("/api/v1/melds/check", {"cards": "7H 8H 9H"}),
    ("/api/v1/melds/check", {"cards": FOUR_WILD, "game": "contract"}),
    ("/api/v1/melds/check", {"cards": "7H 8H 10H"}),
    ("/api/v1/melds/check", {"cards": "7H 8H 9X"}),
    ("/api/v1/melds/check", {"cards": "QH QD 2C", "game": "oklahoma"}),
    ("/api/v1/melds/check", {"cards": "7H 8H 9H", "game": "kalooki"}),
    ("/api/v1/melds/check", {"cards": "7H 8H 9H", "game": "rummy5000"}),
    ("/api/v1/melds/check", {"cards": "3S 3C 3S", "game": "canasta", "going_out": True}),
    ("/api/v1/melds/check", {"game": "rummy500"}),
    ("/api/v1/layoffs/check", {"meld": "7H 8H 9H", "cards": "10H"}),
    ("/api/v1/layoffs/check", {"meld": "7H 8H 9H", "cards": "KS"}),
    ("/api/v1/layoffs/check", {"meld": "7H 8H 9H"}),
    ("/api/v1/cards/check", {"cards": "QS 4D"}),
    ("/api/v1/cards/check", {"cards": "QS 4Q"}),
    ("/api/v1/cards/check", {"cards": 7}),
]


def quick(app) -> QuickChecks:
    """The app's check shortcut: the layer the live poll's shortcut hands everything else to."""
    return wsgi_layer(app, QuickChecks)


def by_flask(app) -> Client:
    """A client of the app without the check shortcut: what the routes themselves answer."""
    return Client(getattr(quick(app), "flask", quick(app).wsgi_app), app.response_class)


@pytest.fixture
def counted(app, monkeypatch) -> list[str]:
    """The addresses the shortcut handed on to Flask, in order."""
    return count_handed_on(quick(app), monkeypatch)


@pytest.mark.parametrize(("path", "body"), ASKED)
def test_each_check_is_answered_before_flask_exactly_as_its_route_answers(app, client, counted, path, body):
    flask_answer = by_flask(app).post(path, json=body)
    answer = client.post(path, json=body)
    assert counted == [], "a plain check never reaches Flask"
    assert answer.status_code == flask_answer.status_code
    assert answer.data == flask_answer.data
    assert list(answer.headers.items()) == list(flask_answer.headers.items()), "the same headers in the same order"
    assert answer.headers["Cache-Control"] == "no-store" and answer.headers["Content-Security-Policy"]


def test_the_shortcut_says_which_rule_or_card_is_wrong(client):
    illegal = client.post("/api/v1/melds/check", json={"cards": "7H 8H 10H"})
    assert illegal.status_code == 200 and illegal.get_json()["legal"] is False
    assert illegal.get_json()["reason"] == "there is a gap between 8 and 10"
    unread = client.post("/api/v1/cards/check", json={"cards": "QS 4Q"})
    assert unread.status_code == 400 and "4Q" in unread.get_json()["error"]
    wilds = client.post("/api/v1/melds/check", json={"cards": FOUR_WILD, "game": "contract"})
    assert wilds.status_code == 200 and wilds.get_json()["legal"] is True


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"null", b"[" * 100_000])
def test_an_unreadable_body_gets_the_routes_400_from_the_shortcut(app, client, counted, raw):
    headers = {"Content-Type": "application/json"}
    flask_answer = by_flask(app).post("/api/v1/melds/check", data=raw, headers=headers)
    answer = client.post("/api/v1/melds/check", data=raw, headers=headers)
    assert counted == []
    assert answer.status_code == flask_answer.status_code == 400
    assert answer.data == flask_answer.data
    assert "error" in answer.get_json()


def test_anything_but_a_plain_check_goes_on_to_the_app(app, client, counted):
    meld = {"cards": "7H 8H 9H"}
    assert client.get("/api/v1/melds/check").status_code == 405
    assert client.post("/api/v1/melds/check?x=1", json=meld).status_code == 200
    not_json = client.post("/api/v1/melds/check", data=json.dumps(meld), headers={"Content-Type": "text/plain"})
    assert not_json.status_code == 400 and "not JSON" in not_json.get_json()["error"]
    # the app's refusals stand: a Host it does not answer to, a body over the size limit
    assert client.post("/api/v1/melds/check", json=meld, headers={"Host": "rebind.example"}).status_code == 400
    app.config["MAX_CONTENT_LENGTH"] = 10
    assert client.post("/api/v1/melds/check", json=meld).status_code == 413
    assert counted == ["/api/v1/melds/check"] * 5


def test_an_answer_worth_compressing_is_compressed_by_the_app(app, client, counted):
    wilds = {"cards": FOUR_WILD, "game": "contract"}
    plain = client.post("/api/v1/melds/check", json=wilds)
    assert len(plain.data) >= app.config["COMPRESS_MIN_SIZE"], "the example must be long enough to compress"
    assert counted == []
    zipped = client.post("/api/v1/melds/check", json=wilds, headers={"Accept-Encoding": "gzip"})
    assert counted == ["/api/v1/melds/check"]
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.data) == plain.data
    # a short answer is not compressed by the app either: the shortcut sends it to a browser as it is
    short = client.post("/api/v1/melds/check", json={"cards": "7H 8H 9H"}, headers={"Accept-Encoding": "gzip"})
    assert counted == ["/api/v1/melds/check"] and "Content-Encoding" not in short.headers


def test_a_failure_inside_the_shortcut_is_answered_by_the_app(app, client, counted, monkeypatch):
    from scorekeeper.api import answers

    calls = []

    def fails_once(body):
        calls.append(body)
        if len(calls) == 1:
            raise RuntimeError("a bug")
        return 200, {"cards": ["QS"]}

    monkeypatch.setitem(quick(app).checks, "/api/v1/cards/check", fails_once)
    monkeypatch.setattr(answers, "check_cards", fails_once)
    answer = client.post("/api/v1/cards/check", json={"cards": "QS"})
    # the app read the same body again and answered it
    assert counted == ["/api/v1/cards/check"] and calls == [{"cards": "QS"}] * 2
    assert answer.status_code == 200 and answer.get_json() == {"cards": ["QS"]}


def test_a_host_name_added_after_start_is_answered_and_one_never_added_is_not(app, client, counted):
    from scorekeeper.security import trust_hosts

    meld = {"cards": "7H 8H 9H"}
    lan = {"Host": "192.168.1.20:5000"}
    assert client.post("/api/v1/melds/check", json=meld, headers=lan).status_code == 400
    # `serve --lan` adds the addresses it serves on once the app has started
    app.config["LAN_URLS"] = ["http://192.168.1.20:5000"]
    trust_hosts(app)
    counted.clear()
    assert client.post("/api/v1/melds/check", json=meld, headers=lan).status_code == 200
    assert counted == [], "the shortcut answers the newly trusted address itself"
    assert client.post("/api/v1/melds/check", json=meld, headers={"Host": "rebind.example"}).status_code == 400
    assert counted == ["/api/v1/melds/check"]


def test_in_debug_mode_the_shortcut_writes_the_json_as_flask_does_indented(app, client, counted):
    app.debug = True
    meld = {"cards": "7H 8H 9H"}
    flask_answer = by_flask(app).post("/api/v1/melds/check", json=meld)
    answer = client.post("/api/v1/melds/check", json=meld)
    assert counted == [] and answer.data == flask_answer.data and b'\n  "cards"' in answer.data


def test_a_body_sent_in_chunks_or_cut_short_is_read_by_the_app(app, client, counted):
    meld = json.dumps({"cards": "7H 8H 9H"})
    # chunked: whatever Content-Length says, the body is as long as the chunks
    chunked = client.post("/api/v1/melds/check", data=meld, headers={"Content-Type": "application/json"},
                          environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True,
                                             "CONTENT_LENGTH": "5"})
    assert chunked.status_code == 200 and chunked.get_json()["legal"] is True
    # a client that said 100 bytes and sent fewer: the app's own answer that it could not read the request
    short = client.post("/api/v1/melds/check", data=meld, headers={"Content-Type": "application/json"},
                        environ_overrides={"CONTENT_LENGTH": "100"})
    flask_short = by_flask(app).post("/api/v1/melds/check", data=meld, headers={"Content-Type": "application/json"},
                                     environ_overrides={"CONTENT_LENGTH": "100"})
    assert short.status_code == flask_short.status_code == 400 and short.data == flask_short.data
    assert counted == ["/api/v1/melds/check"] * 2, "both went on to the app"


def test_a_body_the_server_ends_itself_is_answered_before_flask_unless_longer_than_said(app, client, counted):
    meld = json.dumps({"cards": "7H 8H 9H"})
    json_type = {"Content-Type": "application/json"}
    # gunicorn says so of every request: the body ends where the client's Content-Length says
    ended = client.post("/api/v1/melds/check", data=meld, headers=json_type,
                        environ_overrides={"wsgi.input_terminated": True})
    assert ended.status_code == 200 and ended.get_json()["legal"] is True and counted == []
    # a stream that goes on past Content-Length: the app reads it to its end, and so answers another body
    longer = f"{meld}   "
    asked = {"wsgi.input_terminated": True, "CONTENT_LENGTH": "3"}
    answer = client.post("/api/v1/melds/check", data=longer, headers=json_type, environ_overrides=asked)
    flask_answer = by_flask(app).post("/api/v1/melds/check", data=longer, headers=json_type, environ_overrides=asked)
    assert answer.status_code == flask_answer.status_code == 200 and answer.data == flask_answer.data
    assert answer.get_json()["legal"] is True and counted == ["/api/v1/melds/check"]
