"""How the JSON checks a hand form asks as you type take their requests: the refusals, compression, bodies in parts."""

from __future__ import annotations

import gzip
import json

FOUR_WILD = "AH JK 3H JK 5H 6H JK 8H 9H 10H JK QH KH"
MELD = {"cards": "7H 8H 9H"}
JSON_TYPE = {"Content-Type": "application/json"}


def test_a_check_says_which_rule_or_card_is_wrong(client):
    illegal = client.post("/api/v1/melds/check", json={"cards": "7H 8H 10H"})
    assert illegal.status_code == 200 and illegal.get_json()["legal"] is False
    assert illegal.get_json()["reason"] == "there is a gap between 8 and 10"
    # (4Q is a four and a queen by rank since cards may be typed by rank alone)
    unread = client.post("/api/v1/cards/check", json={"cards": "QS 4X"})
    assert unread.status_code == 400 and "4X" in unread.get_json()["error"]
    wilds = client.post("/api/v1/melds/check", json={"cards": FOUR_WILD, "game": "contract"})
    assert wilds.status_code == 200 and wilds.get_json()["legal"] is True
    assert illegal.headers["Cache-Control"] == "no-store" and illegal.headers["Content-Security-Policy"]


def test_a_check_is_refused_plainly_for_a_wrong_method_type_host_or_size(app, client):
    assert client.get("/api/v1/melds/check").status_code == 405
    assert client.post("/api/v1/melds/check?x=1", json=MELD).status_code == 200
    not_json = client.post("/api/v1/melds/check", data=json.dumps(MELD), headers={"Content-Type": "text/plain"})
    assert not_json.status_code == 400 and "not JSON" in not_json.get_json()["error"]
    assert client.post("/api/v1/melds/check", json=MELD, headers={"Host": "rebind.example"}).status_code == 400
    app.config["MAX_CONTENT_LENGTH"] = 10
    assert client.post("/api/v1/melds/check", json=MELD).status_code == 413


def test_a_check_worth_compressing_is_compressed_and_a_short_one_is_not(app, client):
    wilds = {"cards": FOUR_WILD, "game": "contract"}
    plain = client.post("/api/v1/melds/check", json=wilds)
    assert len(plain.data) >= app.config["COMPRESS_MIN_SIZE"], "the example must be long enough to compress"
    zipped = client.post("/api/v1/melds/check", json=wilds, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.data) == plain.data
    short = client.post("/api/v1/melds/check", json=MELD, headers={"Accept-Encoding": "gzip"})
    assert short.status_code == 200 and "Content-Encoding" not in short.headers


def test_a_host_name_added_after_start_is_answered_and_one_never_added_is_not(app, client):
    from scorekeeper.security import trust_hosts

    lan = {"Host": "192.168.1.20:5000"}
    assert client.post("/api/v1/melds/check", json=MELD, headers=lan).status_code == 400
    # `serve --lan` adds the addresses it serves on once the app has started
    app.config["LAN_URLS"] = ["http://192.168.1.20:5000"]
    trust_hosts(app)
    assert client.post("/api/v1/melds/check", json=MELD, headers=lan).status_code == 200
    assert client.post("/api/v1/melds/check", json=MELD, headers={"Host": "rebind.example"}).status_code == 400


def test_a_body_sent_in_chunks_or_ended_by_the_server_is_read_and_one_cut_short_refused(client):
    meld = json.dumps(MELD)
    # chunked: whatever Content-Length says, the body is as long as the chunks
    chunked = client.post("/api/v1/melds/check", data=meld, headers=JSON_TYPE,
                          environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True,
                                             "CONTENT_LENGTH": "5"})
    assert chunked.status_code == 200 and chunked.get_json()["legal"] is True
    # gunicorn ends every body itself, where the client's Content-Length says
    ended = client.post("/api/v1/melds/check", data=meld, headers=JSON_TYPE,
                        environ_overrides={"wsgi.input_terminated": True})
    assert ended.status_code == 200 and ended.get_json()["legal"] is True
    # a client that said 100 bytes and sent fewer: a 400, not a check of half a body
    short = client.post("/api/v1/melds/check", data=meld, headers=JSON_TYPE, environ_overrides={"CONTENT_LENGTH": "100"})
    assert short.status_code == 400
