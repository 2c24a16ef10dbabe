"""A view link's scoreboard is compressed once per version and encoding, then sent as kept (scorekeeper/compression.py)."""

from __future__ import annotations

import gzip

import pytest
from flask_compress import flask_compress

from tests.test_live_rows import view_token

HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}
GZIP = {"Accept-Encoding": "gzip, deflate"}


@pytest.fixture
def compressions(monkeypatch) -> list[int]:
    """The length of every body Flask-Compress compresses, in order."""
    done: list[int] = []
    compress = flask_compress._compress_data
    monkeypatch.setattr(flask_compress, "_compress_data",
                        lambda app, data, algorithm: done.append(len(data)) or compress(app, data, algorithm))
    return done


@pytest.fixture
def game(table):
    table.start("rummy500", ["Ann", "Ben"])
    assert table.play(HAND).status_code == 302
    return table


def phone(app):
    """Another phone at the table (a guest on the network) with the view link."""
    guest = app.test_client()
    guest.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    return guest


def test_phones_following_a_game_get_its_scoreboard_compressed_once_per_version(app, game, compressions):
    board = f"/s/{view_token(app, game.token)}"
    first, second = phone(app).get(board, headers=GZIP), phone(app).get(board, headers=GZIP)
    assert len(compressions) == 1, "the second phone is sent the page compressed for the first"
    for answer in (first, second):
        assert answer.status_code == 200 and answer.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer.headers["Vary"] and answer.headers["ETag"].endswith(':gzip"')
    plain = phone(app).get(board)
    assert "Content-Encoding" not in plain.headers
    assert gzip.decompress(first.data) == gzip.decompress(second.data) == plain.data
    # each encoding is kept apart
    zstd = phone(app).get(board, headers={"Accept-Encoding": "zstd"})
    assert zstd.headers["Content-Encoding"] == "zstd" and len(compressions) == 2
    # a new hand is a new version: its page is compressed anew, and shows the hand
    assert game.play(HAND).status_code == 302
    after = phone(app).get(board, headers=GZIP)
    assert len(compressions) == 3
    assert after.headers["ETag"] != first.headers["ETag"]
    assert gzip.decompress(after.data) == phone(app).get(board).data != plain.data


def test_a_page_with_no_etag_is_compressed_for_each_answer(app, game, compressions):
    # the edit link's scoreboard carries the visitor's own form tokens: never kept, compressed every time
    first, second = game.client.get(game.url, headers=GZIP), game.client.get(game.url, headers=GZIP)
    assert first.headers["Content-Encoding"] == second.headers["Content-Encoding"] == "gzip"
    assert "ETag" not in first.headers and len(compressions) == 2
