"""What a table's commonest requests ask of the database, pinned: waste crept back shows here, not in a timing.

A hosted server's CPU goes mostly to the live polls, the hand saved and the scoreboards
opened (bench/capacity.py measures it); each SQL statement and each connection taken from
the pool costs CPU, and on a database server a round trip. The counts are deterministic,
unlike timings: a change that needs more must say why here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.tables import service
from scorekeeper.tables.table import Table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
_LAST_ROW = re.compile(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"')
_VERSION = re.compile(r'data-version="(\d+)"')


def hand(n: int) -> dict[str, Any]:
    """A hand of the six players: Ann goes out, everyone else holds a card."""
    others = ["KS", "QS", "JS", "9D", "8D"]
    return {"went_out": "Ann", "players": {"Ann": {"melds": [f"{n % 8 + 2}H {n % 8 + 3}H {n % 8 + 4}H"]},
                                           **{name: {"in_hand": card} for name, card in zip(NAMES[1:], others)}}}


@contextmanager
def counted(app) -> Iterator[Counter[str]]:
    """Count the SQL statements run and the connections taken from the pool while the block runs."""
    seen: Counter[str] = Counter()

    def statement(*args: Any) -> None:
        seen["statements"] += 1

    def checkout(*args: Any) -> None:
        seen["connections"] += 1

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "checkout", checkout)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "checkout", checkout)


class Phone:
    """A phone following the game, as static/js/live.js polls: its version and the last row it shows."""

    def __init__(self, client, url: str) -> None:
        self.client, self.url = client, url
        page = client.get(url).get_data(as_text=True)
        self.version = int(_VERSION.search(page).group(1))
        self.held = ".".join(_LAST_ROW.findall(page)[-1])

    def poll(self):
        return self.client.get(f"{self.url}/live?v={self.version}&rows={self.held}")


@pytest.fixture
def game(client, table):
    """A 6-player 500 Rum game of four hands, its scoreboard open on a guest's phone; (table, view link, phone)."""
    table.start("rummy500", NAMES)
    for n in range(4):
        assert table.play(hand(n)).status_code == 302
    with table.app.app_context():
        url = f"/s/{db.session.execute(select(GameSession.view_token)).scalar_one()}"
    return table, url, Phone(client, url)


def test_a_poll_that_finds_nothing_changed_is_one_lookup(app, game):
    _, _, phone = game
    with counted(app) as seen:
        assert phone.poll().status_code == 304
    # the lookup goes to the driver as compiled once, outside SQLAlchemy's execution: a connection, no statement seen
    assert seen == {"connections": 1}


def test_a_poll_after_a_hand_is_saved_reads_the_game_once(app, game):
    table, _, phone = game
    assert table.play(hand(5)).status_code == 302
    with counted(app) as seen:
        assert phone.poll().status_code == 200
    # the table's seats, players and seat changes come joined to the game's row (tables/table.py): it was 5,
    # then 4 with the seats joined
    assert seen == {"statements": 3, "connections": 2}


def test_saving_a_hand_reads_what_it_needs_once(app, game):
    table, _, _ = game
    with counted(app) as seen:
        assert table.play(hand(5)).status_code == 302
    # 13 before the seats came joined, 12 before the seat changes did, 11 while the dealer choices were read
    # with the game (the page after it reads them, to work out this version's dealers)
    assert seen == {"statements": 10, "connections": 2}


def test_a_hand_stored_without_the_tables_check_counts_the_hands_once(app, game):
    # gin's whole hands (sessions/gin_entry.py) store a hand with no Scoring checked before: add_hand checks it whole
    table, _, _ = game
    with app.app_context():
        stored = Table.find(table.token).game
        with counted(app) as seen:
            service.add_hand(stored, hand(5))
    # the hands counted, their entries read, the undone hands' place freed, the version bumped, the hand: it was 6
    # (the hands counted a second time to check the hand)
    assert seen == {"statements": 5}  # no connection of its own: the one the table was opened on


def test_opening_the_scoreboard_after_a_save_reads_the_game_once(app, client, game):
    table, url, _ = game
    assert table.play(hand(5)).status_code == 302
    with counted(app) as seen:
        assert client.get(url).status_code == 200
    # 5 before the seats came joined, 4 before the seat changes did
    assert seen == {"statements": 3, "connections": 1}


def test_the_hand_form_counts_the_hands_and_reads_the_parts_once(app, table, game):
    with counted(app) as seen:
        assert table.client.get(f"/s/{table.token}/hands/new").status_code == 200
    # the game (its seats, players and seat changes joined), the hands counted, the players' parts of the
    # next hand: it was 7, a second table for who has sent their part counting the hands and reading the
    # parts again, the seat changes read on their own, and the dealer choices, whose dealers this version's
    # scoreboard worked out already
    assert seen == {"statements": 3, "connections": 1}


def test_the_edit_links_scoreboard_after_a_save_counts_the_hands_once(app, table, game):
    assert table.play(hand(5)).status_code == 302
    with counted(app) as seen:
        assert table.client.get(table.url).status_code == 200
    # the game (2), the hands counted, the hand undone to put back, the players' parts, the last hand's
    # entry: it was 8, the hands counted again for the hand to put back and by a second table for who
    # has sent their part, and the seat changes read on their own
    assert seen == {"statements": 6, "connections": 1}
