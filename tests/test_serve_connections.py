"""`scorekeeper serve` keeps answering a club night: 50 tables of eight phones, each holding a connection open.

Waitress's default kept 100 connections open (about 16 tables of phones) and accepted no
more until one closed: the 17th table's phones waited for nothing. These tests start the
real server and hold its connections open as a room of phones polling would.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_behind_a_proxy import Server, serving

# 50 tables of eight phones, each with its poll's keep-alive connection
PHONES = 400
# a file every page loads; answered by the app without the database
ASSET = "/static/icons/favicon.ico"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """`scorekeeper serve` on loopback, on an empty data folder."""
    yield from serving(tmp_path, tmp_path / "serve.log")


def keep_alive(port: int) -> http.client.HTTPConnection:
    """A connection that asked for one file and stays open, as a phone's between two polls."""
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    assert ask(phone, ASSET) == 200
    return phone


def ask(connection: http.client.HTTPConnection, path: str) -> int:
    """GET `path` on the connection, the whole answer read (the connection stays open); its status."""
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.read()
    return answer.status


def test_a_request_still_answers_with_the_connections_of_fifty_tables_open(server):
    phones = [keep_alive(server.port) for _ in range(PHONES)]
    try:
        newcomer = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        phones.append(newcomer)
        started = time.monotonic()
        status = ask(newcomer, "/")
        took = time.monotonic() - started
        assert status == 200
        assert took < 2, f"the 401st phone waited {took:.2f} s"
        # the phones that were there already are still served on their own connections
        assert ask(phones[0], ASSET) == 200
        assert all(phone.sock is not None for phone in phones)
    finally:
        for phone in phones:
            phone.close()
