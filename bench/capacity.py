"""What hosted tables cost: CPU per table-minute in-process, then latencies through a real server (issue 27).

Run with ``.venv/bin/python bench/capacity.py`` (add ``--help`` for the options).

A table is six phones around a 6-player 500 Rum game that already has 20
hands entered by cards. Two minutes of it are:

- every phone polling the live scoreboard every 2.5 s (288 polls), as
  static/js/live.js does: saying its version and the last row it shows,
  accepting gzip; after the hand is saved, each phone's next poll is
  answered with the news (the new rows), the others with a 304;
- one hand saved through the hand form, entered by cards: the form opened,
  the POST with its CSRF token and idempotency key as a browser sends them,
  and the page it leads to;
- 20 checks as the hand is typed (the JSON meld, lay-off and cards checks the
  hand form asks, one per pause in typing);
- 2 scoreboards opened.

A table-minute is half of that. Only public URLs are asked, so the bench
measures the app however it answers them.

In-process (always): the app is called as a WSGI server calls it, one
request at a time, and this process's CPU time is counted around each call
(requests are built and answers read outside it), with the CPU the
PostgreSQL server's processes spent meanwhile when it runs on this machine
(read from /proc: a server elsewhere is said to be left out). What falls
between two calls is counted too, on lines of its own: the garbage
collector's runs there (gcsafe defers a full collection to a moment when no
answer is being made, which in a server is the table's cost all the same),
and the PostgreSQL server's CPU outside the calls. These come now and then (a
full collection every few rounds, some 60 ms), so their figure is the mean of
the rounds, where each kind of request keeps its best round. Each kind of request is
timed over several rounds of two minutes, and its best round kept, so other
work on a shared machine skews it less; the game grows by one hand a round.
Beside it, the same number of requests to a hello-world Flask app: the
framework's floor. The database is SQLite in a temporary folder, PostgreSQL
when DATABASE_URL is set (a database the bench may add games to, again at
each run: its players are found by name), or a throwaway PostgreSQL cluster
with ``--postgres``. The last line printed is
``tables per core: N`` (60,000 / CPU ms per table-minute).

With ``--server``, first: gunicorn on PostgreSQL (DATABASE_URL, or a throwaway
cluster as tests/run_postgres.sh starts, fsync on), with README's settings
(``-c python:scorekeeper.gunicorn_config``; ``--gunicorn '-w 2'`` for 2 sync
workers, say), ``--tables`` tables (default 300) on loopback for ``--seconds``
(default 60). The load comes from wrk (Debian's package), which must use at
most 0.2 core: bench/wrk/polls.lua is every phone, one keep-alive connection
each, polling 2.5 s after each answer with its version and last row as
live.js does, and taking the news (gzip undone) when a hand was saved;
bench/wrk/asks.lua is every table's checks and scoreboards opened, at their
rate of two minutes. The saves, which need a fresh form and its CSRF token,
come from this process (one per table every two minutes, at any moment of
them, so that a run of any length asks them at that rate; the form opened 16
s before, the POST and the page it leads to), its CPU counted with wrk's as the
generator's. Each run prints the rate answered beside the rate asked, the CPU
each side used (the app server, PostgreSQL, wrk, the saves), p50/p95/p99 of
polls, of checks and scoreboards and of saves, and the errors (wrk's socket
errors and timeouts past 30 s, any answer not the one a browser expects, news
that no phone of its table could take, a phone not showing a save made two
polls before the end), and whether it met the goals: p95 poll ≤ 50 ms, p95
save ≤ 250 ms, 0 errors. Then it searches, the server and its phones' state
kept from run to run: up by half again while runs meet the goals (to
``--max-tables``, default 1000), then halving the gap to the fewest tables that
missed them, until it is within a tenth, and prints ``most tables: N``
(``--once``: the one run at ``--tables``, to compare settings side by side). Then a
second gunicorn (another host: its own processes and caches) on the same
database, a table's phones spread over both: a save on one must be seen by
every phone on the other at its next poll. The exit status is 1 when the first
run had errors or the two hosts disagreed.

Measured 2026-11-27 on the shared 2-core machine, busy (load 2-6), ``--rounds 3``, two runs
each, CPU ms per table-minute (the hello-world floor of the same run in brackets: how busy
it was). Before the pool stopped pinging each connection and the save and changed poll
stopped repeating queries (main at 90f276a): SQLite 56.5 [17.4] and 76.1 [17.7]; PostgreSQL
122.9 [23.9] and 140.1 [18.1], its 141 unchanged polls 53.4 and 66.5. After: SQLite 97.0
[25.5] and 103.1 [18.4] (noise: the checks, unchanged, cost 50% more than before); PostgreSQL
140.8 [28.5] and 123.4 [19.8], its unchanged polls 36.6 and 32.6. Timings on this machine
vary by a third between runs; what a request asks of the database does not (statements,
connections: tests/test_statement_counts.py; an unchanged poll is 1 round trip to
PostgreSQL, it was 4).

Measured 2026-11-28 on the same machine (load 4-5), ``--rounds 7``, once the bench counted
what it left out (issue 34): SQLite 38.7 ms per table-minute, 5.3 of them the collector's
runs between requests (main at 440793e, which left them out: 31.8); PostgreSQL on a cluster
of this machine, two runs in a row on one database, 67.1 and 61.2, of which its server 11.4
and 10.2 (17%; a quieter run: 50.6, of which 7.8), its CPU between requests under 0.1 ms
(main: 40.6 without the server, and its second run stopped on UniqueViolation
player_name_key).

Measured 2026-11-28 (main at c4b1691, issue 37's "today"), load average 0.1-1.7, ``--rounds 7``,
two runs each: SQLite 32.3 and 30.7 ms per table-minute against the hello-world floor's 7.0 and
7.2 (4.6 and 4.3 times); PostgreSQL on a cluster of this machine 63.9 and 53.6, of which its
server 12.9 and 7.1, against 6.8 and 7.2 (9.4 and 7.4 times). With ``--server`` (the load from
wrk, 30 s runs, load average 1-3): README's settings (2 gthread workers of 4 threads, keep-alive
30 s, deferred accept, backlog 4096) met the goals at 300 tables (p95 poll 29.1 ms, save 105.6 ms;
the app server 0.62 core, PostgreSQL 0.09, wrk 0.13, the saves 0.03) and up to 337 (356 missed:
p95 poll 63.7 ms); 2 sync workers behind the same listening socket up to 281 (23.6 and 51.4 ms; the
app 0.43 core, wrk 0.18: a new connection every poll), missing them at 300 (153.4 and 297.7 ms).
Without deferred accept, 2 sync workers answered a poll in 1.3 s (p95) at 2 tables; with gunicorn's
backlog of 2048, 300 tables' 2,100 connections waiting for their first request overflowed it. Runs
before the saves came at any moment of their two minutes (they came from the 16th second) asked
fewer saves than the tables' rate in 30 s runs, and found more tables: 506 and 450.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import getpass
import gzip
import importlib
import json
import math
import os
import random
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorekeeper import engine  # noqa: E402


def _bench(name: str) -> Any:
    """Another script of bench/, imported: they read their own command line when imported, so they see none."""
    argv, sys.argv = sys.argv, sys.argv[:1]
    try:
        return importlib.import_module(name)
    finally:
        sys.argv = argv


bench_engine = _bench("engine")  # its realistic hands, dealt from two decks
inprocess = _bench("inprocess")  # calling a WSGI app as a server does
web = _bench("web")  # gunicorn on a free port

GAME = "rummy500"
PLAYERS = bench_engine.PLAYERS[:6]
OPTIONS = engine.resolve_options(GAME, {"target": 10**6}, n_players=len(PLAYERS))
HISTORY = 20  # hands entered before the bench starts
POLL_SECONDS = 2.5
WINDOW = 120.0  # seconds of a table that the figures are for: two minutes
POLLS_PER_PHONE = int(WINDOW / POLL_SECONDS)
CHECKS = 20
SCOREBOARDS = 2
# what Chromium accepts over plain HTTP
ACCEPT_ENCODING = "gzip, deflate"
BASE = "http://127.0.0.1:8000"
GOAL_TABLES_PER_CORE = 2000
GOAL_POLL_P95_MS, GOAL_SAVE_P95_MS = 50.0, 250.0
TIMEOUT = 30.0

SAVE, NEWS, UNCHANGED, BOARD, CHECK = "save", "news", "unchanged", "board", "check"
COLLECTOR, DATABASE_BETWEEN = "collector", "database between"
REQUESTS = {
    SAVE: "hand saved: its form, the POST and the page after",
    NEWS: "polls answered with the news",
    UNCHANGED: "polls, nothing changed (304)",
    BOARD: "scoreboards opened",
    CHECK: "checks as the hand is typed",
}
# CPU the table costs outside any request: the garbage collector's runs between two requests (gcsafe defers a full
# collection to a moment when no answer is being made), and PostgreSQL's own processes (its WAL writer, say)
BETWEEN = {
    COLLECTOR: "the garbage collector, between requests",
    DATABASE_BETWEEN: "PostgreSQL's server, between requests",
}
KINDS = {**REQUESTS, **BETWEEN}


# the game -------------------------------------------------------------------------------


def legal_hands(seed: int) -> Iterator[dict[str, Any]]:
    """Hands of PLAYERS entered by cards that the rules accept, with something entered for every player.

    bench/engine.py deals them from two decks with four jokers; the game has two, so the
    hands the rules refuse are skipped (as the hand form would refuse them), and so are
    those leaving a player empty (the form would first ask whether to save them at 0).
    """
    rng = random.Random(seed)
    while True:
        hand = bench_engine.deal_hand(rng, PLAYERS)
        if hand.get("ended") != "went_out" or engine.unentered_players(hand, PLAYERS, GAME):
            continue
        try:
            engine.score_session({"game": GAME, "options": OPTIONS, "players": PLAYERS, "hands": [hand]})
        except ValueError:
            continue
        yield hand


def store_games(app, count: int, history: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Store `count` games of PLAYERS with the hands `history`; their (edit token, view token)."""
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import GameSession, Hand, Player, Seat

    with app.app_context():
        # a database the bench ran on before holds them already (player names are unique)
        known = {player.name: player for player in
                 db.session.execute(select(Player).where(Player.name.in_(PLAYERS))).scalars()}
        players = [known.get(name) or Player(name=name) for name in PLAYERS]
        games = []
        for _ in range(count):
            gs = GameSession(game=GAME, options=OPTIONS)
            for seat, player in enumerate(players, start=1):
                gs.seats.append(Seat(seat=seat, player=player))
            for position, data in enumerate(history, start=1):
                gs.hands.append(Hand(position=position, data=data))
            games.append(gs)
        db.session.add_all(games)
        db.session.commit()
        tokens = [(gs.edit_token, gs.view_token) for gs in games]
        db.engine.dispose()
    return tokens


# a phone, whatever carries its requests -----------------------------------------------------

_LAST_ROW = re.compile(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"')
_VERSION = re.compile(r'id="live-status"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="live-status"')


@dataclass
class Phone:
    """One phone at the table: its cookies, the link it follows, and what its scoreboard shows."""

    token: str
    cookies: dict[str, str] = field(default_factory=dict)
    version: int = 0
    held: str = ""  # "<hand>.<key>" of the last row its scoreboard shows, as live.js sends it

    def headers(self, **more: str) -> dict[str, str]:
        """What the browser sends with every request: its cookies and the encodings it reads."""
        sent = {"Accept-Encoding": ACCEPT_ENCODING, **more}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        return sent

    def took(self, headers: list[tuple[str, str]]) -> None:
        """Keep the cookies an answer set, as a browser does."""
        for name, value in headers:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]

    def poll_path(self) -> str:
        """The live poll as live.js asks it."""
        rows = f"&rows={quote(self.held)}" if self.held else ""
        return f"/s/{self.token}/live?v={self.version}{rows}"

    def saw_page(self, html: str) -> None:
        """A scoreboard page loaded: its version and its last row."""
        found = _VERSION.search(html)
        if found is None:
            raise SystemExit("a scoreboard page has no live status: the bench no longer knows how it polls")
        self.version = int(found.group(1) or found.group(2))
        self._rows_in(html)

    def saw_news(self, body: str) -> int:
        """A poll answered with news: the new version (kept) and the rows it brought."""
        news = json.loads(body)
        self.version = news["version"]
        self._rows_in(news["rows"]["html"] if news.get("rows") else news["html"])
        return self.version

    def _rows_in(self, html: str) -> None:
        rows = _LAST_ROW.findall(html)
        if rows:
            self.held = ".".join(rows[-1])


class _Inputs(HTMLParser):
    """The hidden inputs of a page, by name."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "input" and named.get("type") == "hidden" and named.get("name"):
            self.found[named["name"] or ""] = named.get("value") or ""


def hand_form_post(form_html: str, hand: dict[str, Any]) -> dict[str, str]:
    """What a browser posts from the hand form (`form_html`) once `hand` is typed into it.

    The form's hidden fields (CSRF token, idempotency key, expected position) as the page
    gave them; one field per meld, lay-off and cards left, as hand-form.js adds rows.
    """
    parser = _Inputs()
    parser.feed(form_html)
    fields = dict(parser.found)
    if "csrf_token" not in fields or "idempotency_key" not in fields:
        raise SystemExit("the hand form has no CSRF token or idempotency key: the bench no longer knows how to save")
    fields.update(ended="went_out", went_out=hand["went_out"])
    for seat, name in enumerate(PLAYERS):
        entry = hand["players"][name]
        for row, meld in enumerate(entry["melds"]):
            fields[f"players-{seat}-melds-{row}"] = meld
        for row, layoff in enumerate(entry["layoffs"]):
            onto = layoff["onto"]
            fields[f"players-{seat}-layoffs-{row}-cards"] = layoff["cards"]
            fields[f"players-{seat}-layoffs-{row}-onto"] = f"{PLAYERS.index(onto['player'])}:{onto['meld']}"
        fields[f"players-{seat}-in_hand"] = " ".join(entry["in_hand"])
    return fields


def checks_typed(hand: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The CHECKS checks the hand form asks as `hand` is typed: (path, JSON body), as static/js/meld-check.js sends.

    A check follows each pause in typing: a meld's first three cards, then the whole of it;
    a lay-off onto its meld; the cards left in a hand.
    """
    table = {"game": GAME, "options": OPTIONS, "wild_rank": None}
    asked: list[tuple[str, dict[str, Any]]] = []
    for name in PLAYERS:
        entry = hand["players"][name]
        for meld in entry["melds"]:
            cards = meld.split()
            if len(cards) > 3:
                asked.append(("/api/v1/melds/check", {**table, "going_out": False, "cards": " ".join(cards[:3])}))
            asked.append(("/api/v1/melds/check", {**table, "going_out": False, "cards": meld}))
        for layoff in entry["layoffs"]:
            onto = hand["players"][layoff["onto"]["player"]]["melds"][layoff["onto"]["meld"]]
            asked.append(("/api/v1/layoffs/check", {**table, "meld": onto, "cards": layoff["cards"]}))
        if entry["in_hand"]:
            asked.append(("/api/v1/cards/check", {"cards": " ".join(entry["in_hand"])}))
    # a hand with fewer fields is typed with more pauses: its checks are asked again
    return [asked[i % len(asked)] for i in range(CHECKS)]


def decoded(headers: list[tuple[str, str]], body: bytes) -> str:
    """An answer's text, uncompressed as the browser does."""
    encoding = next((value for name, value in headers if name.lower() == "content-encoding"), "")
    if encoding == "gzip":
        body = gzip.decompress(body)
    elif encoding == "deflate":
        import zlib

        body = zlib.decompress(body)
    return body.decode()


def location(headers: list[tuple[str, str]]) -> str:
    """The path a redirect leads to."""
    found = next((value for name, value in headers if name.lower() == "location"), "")
    return urlsplit(found).path


# in-process -------------------------------------------------------------------------------


class DatabaseCpu:
    """The CPU a PostgreSQL server on this machine spends: its processes' run time, read from /proc (ns precise)."""

    def __init__(self, postmaster: int) -> None:
        self.postmaster = postmaster
        self.pids: list[int] = []
        # each process's run time when last read: one that ended keeps what it ran, so the sum never goes back
        # (a backend of another client closing mid-request made a request's share negative)
        self._ran: dict[int, int] = {}
        self.watch()

    @classmethod
    def of(cls, app) -> DatabaseCpu | None:
        """The server of the app's PostgreSQL database when it runs here (its processes readable), else None."""
        from sqlalchemy import text

        from scorekeeper.extensions import db

        with app.app_context():
            if db.engine.dialect.name != "postgresql":
                return None
            with db.engine.connect() as connection:
                backend = connection.execute(text("SELECT pg_backend_pid()")).scalar_one()
        try:
            # each connection's backend is a child of the server's postmaster
            postmaster = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
            Path(f"/proc/{postmaster}/schedstat").read_text()
        except (OSError, ValueError, IndexError):
            return None  # another machine's server, or one this process may not look at
        return cls(postmaster)

    def watch(self) -> None:
        """Follow the server's processes as they are now: the postmaster and its children (backends, writers)."""
        children = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == self.postmaster:
                        children.append(int(entry.name))
                except (OSError, ValueError, IndexError):
                    continue  # gone meanwhile
        self.pids = [self.postmaster, *children]

    def seconds(self) -> float:
        """CPU seconds the processes followed have run so far (one that ended meanwhile counts what it ran)."""
        for pid in self.pids:
            try:
                self._ran[pid] = int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue  # ended: its last reading stands
        return sum(self._ran.values()) / 1e9


class Cpu(float):
    """CPU seconds a request cost, `database` of them the database server's."""

    database: float

    def __new__(cls, seconds: float, database: float = 0.0) -> Cpu:
        made = super().__new__(cls, seconds)
        made.database = database
        return made


class InProcess:
    """Requests to a WSGI app in this process, each one's CPU time counted (the request built and read outside it).

    A request's CPU is this process's, plus PostgreSQL's server's meanwhile when it runs on this machine
    (`database`). What falls between requests is counted per round too (between()): the garbage
    collector's runs outside any request, and the server's CPU outside them.
    """

    def __init__(self, app, database: DatabaseCpu | None = None) -> None:
        from werkzeug.test import EnvironBuilder

        self.app = app
        self.builder = EnvironBuilder
        self.database = database
        self.spent: Counter[str] = Counter()
        self.by_database: Counter[str] = Counter()
        self.count: Counter[str] = Counter()
        self._in_request = False
        self._collecting: tuple[float, bool] | None = None
        self._collector_between = 0.0
        self._database_from = 0.0
        gc.callbacks.append(self._collection)

    def close(self) -> None:
        """Stop watching the collector."""
        gc.callbacks.remove(self._collection)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        # runs in the thread that collects (gcsafe's collector thread on 3.11): its own CPU is the collection's
        if phase == "start":
            self._collecting = (time.thread_time(), self._in_request)
        elif self._collecting is not None:
            began, in_request = self._collecting
            self._collecting = None
            if not in_request:  # one during a request is in that request's CPU time already
                self._collector_between += time.thread_time() - began

    def send(self, phone: Phone, method: str, path: str, **body: Any) -> tuple[int, list[tuple[str, str]], str, float]:
        """Status, headers, text and CPU seconds of `app` answering the request; `body`: form= or json=."""
        path, _, query = path.partition("?")
        environ = self.builder(path=path, query_string=query, method=method, base_url=BASE,
                               headers=phone.headers(), data=body.get("form"), json=body.get("json")).get_environ()
        database = self.database.seconds() if self.database else 0.0
        self._in_request = True
        began = time.process_time()
        status, headers, raw = inprocess.answer(self.app, environ)
        spent = time.process_time() - began
        self._in_request = False
        database = (self.database.seconds() - database) if self.database else 0.0
        phone.took(headers)
        return int(status[:3]), headers, decoded(headers, raw), Cpu(spent + database, database)

    def tally(self, kind: str, spent: float) -> None:
        self.spent[kind] += spent
        self.by_database[kind] += getattr(spent, "database", 0.0)
        self.count[kind] += 1

    def begin_round(self) -> None:
        """Start counting a round: nothing spent yet, nothing between requests."""
        self.spent.clear()
        self.by_database.clear()
        self.count.clear()
        self._collector_between = 0.0
        if self.database:
            self.database.watch()  # the backends the pool opened since
            self._database_from = self.database.seconds()

    def between(self) -> None:
        """End a round: count what was spent between its requests (the collector's, the database server's)."""
        self.spent[COLLECTOR] = self._collector_between
        if self.database:
            outside = self.database.seconds() - self._database_from - sum(self.by_database.values())
            self.spent[DATABASE_BETWEEN] = self.by_database[DATABASE_BETWEEN] = max(outside, 0.0)

def expect(status: int, wanted: tuple[int, ...], what: str) -> None:
    if status not in wanted:
        raise SystemExit(f"{what} answered {status}, not {' or '.join(map(str, wanted))}")


def two_minutes(client: InProcess, phones: list[Phone], edit: str, hand: dict[str, Any]) -> None:
    """Two minutes of one table, in the order they happen; `phones[0]` enters `hand` on the edit link `edit`."""
    events: list[tuple[float, str, int]] = []
    for p in range(len(phones)):
        events += [(p * 0.4 + POLL_SECONDS * k, "poll", p) for k in range(POLLS_PER_PHONE)]
    events += [(45.0 + 0.7 * i, "check", i) for i in range(CHECKS)]
    events += [(44.0, "form", 0), (60.0, "save", 0), (20.0, "board", 1), (90.0, "board", 2)]
    checks = checks_typed(hand)
    form_html = ""
    saved_version = 0
    for _, what, who in sorted(events):
        phone = phones[who] if what != "check" else phones[0]
        if what == "poll":
            status, _, text, spent = client.send(phone, "GET", phone.poll_path())
            expect(status, (200, 304), "a live poll")
            client.tally(NEWS if status == 200 else UNCHANGED, spent)
            if status == 200 and phone.saw_news(text) != saved_version:
                raise SystemExit("a poll brought news other than the hand saved")
        elif what == "check":
            path, asked = checks[who]
            status, _, _, spent = client.send(phone, "POST", path, json=asked)
            expect(status, (200,), f"the check {path}")
            client.tally(CHECK, spent)
        elif what == "board":
            status, _, text, spent = client.send(phone, "GET", f"/s/{phone.token}")
            expect(status, (200,), "a scoreboard")
            phone.saw_page(text)
            client.tally(BOARD, spent)
        elif what == "form":
            status, _, form_html, spent = client.send(phone, "GET", f"/s/{edit}/hands/new")
            expect(status, (200,), "the hand form")
            client.tally(SAVE, spent)
        else:
            status, headers, text, spent = client.send(phone, "POST", f"/s/{edit}/hands/new",
                                                       form=hand_form_post(form_html, hand))
            if status not in (302, 303):
                raise SystemExit(f"saving the hand answered {status}: {text[:2000]}")
            status, _, page, more = client.send(phone, "GET", location(headers))
            expect(status, (200,), "the page after the save")
            client.tally(SAVE, spent)
            client.tally(SAVE, more)
            # the scorer's own scoreboard waits for the news at its next poll, as every other phone's
            saved_version = page_version(page)
    if client.count[NEWS] != len(phones):
        raise SystemExit(f"{client.count[NEWS]} polls of {len(phones)} phones brought the news of the hand saved")


def page_version(html: str) -> int:
    """The version of the game a page shows."""
    probe = Phone("")
    probe.saw_page(html)
    return probe.version


def in_process(rounds: int, database: str | None) -> int:
    """Print what a table-minute costs in CPU, by kind, beside a hello-world app's floor; the tables per core.

    `database`: the app's database URL, or None for its own choice (DATABASE_URL, else SQLite).
    """
    from scorekeeper import create_app, server_started

    hands = legal_hands(seed=27)
    history = [next(hands) for _ in range(HISTORY)]
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": database} if database else None, data_dir=Path(tmp) / "instance")
        # as a server's process starts (scorekeeper serve, gunicorn's hook)
        server_started()
        kind_of_database = "SQLite" if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite") else "PostgreSQL"
        [(edit, view)] = store_games(app, 1, history)
        database = DatabaseCpu.of(app)
        client = InProcess(app, database)
        phones = [Phone(edit)] + [Phone(view) for _ in PLAYERS[1:]]
        for phone in phones:
            # each phone has its scoreboard open already (not counted)
            phone.saw_page(client.send(phone, "GET", f"/s/{phone.token}")[2])
        # each kind's best round, and the database server's part of it
        best: dict[str, float] = {}
        best_database: dict[str, float] = {}
        for done in range(rounds + 1):
            client.begin_round()
            two_minutes(client, phones, edit, next(hands))
            client.between()
            if not done:
                continue  # the first round warms the app up: templates compiled, caches filled
            for kind in REQUESTS:
                if client.spent[kind] < best.get(kind, float("inf")):
                    best[kind], best_database[kind] = client.spent[kind], client.by_database[kind]
            for kind in BETWEEN:
                # not noise but a cost that comes now and then (a full collection every few rounds): the mean
                best[kind] = best.get(kind, 0.0) + client.spent[kind] / rounds
                best_database[kind] = best_database.get(kind, 0.0) + client.by_database[kind] / rounds
        counts = dict(client.count)
        client.close()
        with app.app_context():
            from scorekeeper.extensions import db

            db.engine.dispose()
    requests = sum(counts.values())
    floor = hello_world(requests, rounds)
    total = sum(best.values())
    per_minute = total / 2 * 1000
    tables = int(60_000 / per_minute)
    print(f"CPU per table-minute, in-process on {kind_of_database}: a 6-player 500 Rum game of {HISTORY} hands and more,"
          f" best of {rounds} rounds of two minutes, per kind (between requests: their mean):")
    print(f"  {'':52s} {'requests':>8s} {'CPU ms':>7s} {'share':>6s}")
    for kind, label in KINDS.items():
        if kind == DATABASE_BETWEEN and database is None:
            continue
        asked = f"{counts.get(kind, 0) / 2:8.1f}" if kind in REQUESTS else f"{'':8s}"
        print(f"  {label:52s} {asked} {best[kind] / 2 * 1000:7.1f} {best[kind] / total:6.0%}")
    print(f"  {'in all':52s} {requests / 2:8.1f} {per_minute:7.1f}")
    if database is not None:
        server = sum(best_database.values())
        print(f"  {'of which PostgreSQL' + chr(39) + 's server (its processes on this machine)':52s} {'':8s}"
              f" {server / 2 * 1000:7.1f} {server / total:6.0%}")
    elif kind_of_database == "PostgreSQL":
        print("  PostgreSQL's server runs on another machine: its CPU is not counted")
    print(f"  {'a hello-world Flask app, as many requests':52s} {requests / 2:8.1f} {floor / 2 * 1000:7.1f}"
          f"   (the framework's floor: {int(60_000 / (floor / 2 * 1000)):,} tables per core)")
    verdict = "MET" if tables >= GOAL_TABLES_PER_CORE else "MISSED"
    print(f"goal: at least {GOAL_TABLES_PER_CORE:,} tables per core (≤ {60_000 / GOAL_TABLES_PER_CORE:.0f} ms per"
          f" table-minute): {verdict}")
    print(f"tables per core: {tables}")
    return tables


def hello_world(requests: int, rounds: int) -> float:
    """CPU seconds of a hello-world Flask app answering `requests` requests, sent as InProcess sends them; best of `rounds`."""
    from flask import Flask

    hello = Flask("hello")
    hello.add_url_rule("/", "hello", lambda: "Hello, World!")
    client = InProcess(hello)
    phone = Phone("")
    best = float("inf")
    for done in range(rounds + 1):
        client.begin_round()
        spent = sum(client.send(phone, "GET", "/")[3] for _ in range(requests))
        client.between()
        if done:
            # the floor counts its collections between requests too, as the app's figure does
            best = min(best, spent + client.spent[COLLECTOR])
    client.close()
    return best



# through a real server -------------------------------------------------------------------


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary folder (unix socket only) for as long as the block runs; its URL.

    As tests/run_postgres.sh starts one, but with fsync on: saves are timed.
    """
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise SystemExit("--server needs DATABASE_URL or Debian's postgresql (make test-setup installs it)")
    bin_dir = found[-1].parent
    # PostgreSQL refuses to run as root: the cluster then belongs to the postgres user
    owner = "postgres" if os.geteuid() == 0 else getpass.getuser()
    as_owner = ["runuser", "-u", owner, "--"] if os.geteuid() == 0 else []
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pg."))
    folder.chmod(0o755)
    if os.geteuid() == 0:
        shutil.chown(folder, owner)
    data = folder / "data"
    try:
        subprocess.run([*as_owner, str(bin_dir / "initdb"), "-D", str(data), "-U", owner, "-A", "trust", "-E", "UTF8",
                        "--locale=C.UTF-8"], check=True, capture_output=True)
        subprocess.run([*as_owner, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
                        "-t", "60", "start", "-o", f"-c listen_addresses='' -c unix_socket_directories='{folder}'"],
                       check=True, capture_output=True)
        yield f"postgresql+psycopg://{owner}@/postgres?host={folder}"
    finally:
        subprocess.run([*as_owner, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


class Failed(Exception):
    """A request not answered as a browser expects."""


async def fetch(port: int, phone: Phone, method: str, path: str, *, form: dict[str, str] | None = None,
                json_body: Any = None) -> tuple[int, list[tuple[str, str]], str, float]:
    """Status, headers, text and milliseconds of one request to 127.0.0.1:`port`, on a connection of its own."""
    headers = phone.headers()
    body = b""
    if form is not None:
        body, headers["Content-Type"] = urlencode(form).encode(), "application/x-www-form-urlencoded"
    elif json_body is not None:
        body, headers["Content-Type"] = json.dumps(json_body).encode(), "application/json"
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
            *(f"{name}: {value}" for name, value in headers.items())]
    if method == "POST":
        head.append(f"Content-Length: {len(body)}")
    began = time.perf_counter()

    async def exchange() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
            return await reader.read()
        finally:
            writer.close()

    try:
        raw = await asyncio.wait_for(exchange(), TIMEOUT)
    except (TimeoutError, OSError) as error:
        raise Failed(f"{method} {path.split('?')[0]}: {error!r}") from None
    millis = (time.perf_counter() - began) * 1000
    top, _, payload = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/"):
        raise Failed(f"{method} {path.split('?')[0]}: no answer")
    answered = [(name, value) for name, _, value in (line.partition(": ") for line in lines[1:])]
    if any(name.lower() == "transfer-encoding" for name, _ in answered):
        payload = _unchunked(payload)
    phone.took(answered)
    return int(lines[0].split()[1]), answered, decoded(answered, payload), millis


def _unchunked(payload: bytes) -> bytes:
    parts = []
    while payload:
        size, _, payload = payload.partition(b"\r\n")
        length = int(size.split(b";")[0], 16)
        if not length:
            break
        parts.append(payload[:length])
        payload = payload[length + 2:]
    return b"".join(parts)


_TOKEN = re.compile(r"/s/[^/ ?]+")
WRK_SCRIPTS = ROOT / "bench" / "wrk"
# what a host gets by following README's "Hosting it"; --gunicorn replaces it (say '-w 2' for 2 sync workers)
GUNICORN_DEFAULT = "-c python:scorekeeper.gunicorn_config"
GOAL_GENERATOR_CORES = 0.2
# a phone must have the news of a save made this long before the run ended (two polls and a margin)
NEWS_WITHIN = 2 * POLL_SECONDS + 1.0
# the search stops once the most tables that met the goals and the fewest that missed are this close
SEARCH_RESOLUTION = 0.1


def cpu_seconds(root: int | None) -> float:
    """CPU seconds used so far by process `root` and its descendants (Linux's /proc), NaN when unknown.

    A descendant that ended counts too, in its parent's figure for its children waited for (PostgreSQL's
    backends end with their connections, gunicorn's workers when restarted): the sum never goes back.
    """
    if root is None:
        return float("nan")
    parents, spent = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            parents[int(entry.name)] = int(fields[1])
            spent[int(entry.name)] = sum(map(int, fields[11:15]))  # utime, stime, cutime, cstime
    family, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sum(spent.get(pid, 0) for pid in family) / os.sysconf("SC_CLK_TCK")


def postmaster_pid(url: str) -> int | None:
    """The PostgreSQL server's process when it runs here from a folder named by the URL (a throwaway cluster)."""
    folder = parse_qs(urlsplit(url).query).get("host", [""])[0]
    try:
        return int((Path(folder) / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class Table:
    """One table under load: its links, its phones (polled by wrk), the scorer saving its hands (this process)."""

    number: int
    edit: str
    view: str
    rng: random.Random
    phones: list[Phone] = field(default_factory=list)
    scorer: Phone = field(init=False)  # the edit phone's browser as the hand form sees it (its CSRF cookie)
    saved: list[tuple[float, int]] = field(default_factory=list)  # (monotonic time answered, version) of saves

    def __post_init__(self) -> None:
        self.phones = [Phone(self.edit)] + [Phone(self.view) for _ in PLAYERS[1:]]
        self.scorer = Phone(self.edit)
        # once every two minutes, at any moment of them: a run of any length asks saves at the tables' rate
        self.save_at = self.rng.uniform(0, WINDOW)

    def asks(self, hand: dict[str, Any]) -> list[tuple[str, str, str, str]]:
        """Its checks and scoreboards of two minutes, as wrk's asks.lua reads them: (method, path, cookie, body)."""
        asked = [("POST", path, self.scorer.headers().get("Cookie", ""), json.dumps(body))
                 for path, body in checks_typed(hand)]
        board = self.phones[1]
        return asked + [("GET", f"/s/{board.token}", board.headers().get("Cookie", ""), "")] * SCOREBOARDS

    async def save_hands(self, port: int, hands: Iterator[dict[str, Any]], started: float, seconds: float,
                         step: Step) -> None:
        """The scorer opening the hand form and saving a hand, once every two minutes of the run."""
        for at in (self.save_at + k * WINDOW for k in range(int(seconds // WINDOW) + 1)):
            if at >= seconds:
                return
            # the form opened 16 s before (at the start, for a save in the first 16 s)
            await asyncio.sleep(max(0.0, started + at - 16 - time.monotonic()))
            form = await step.ask("hand form", (200,), port, self.scorer, "GET", f"/s/{self.edit}/hands/new")
            await asyncio.sleep(max(0.0, started + at - time.monotonic()))
            posted = form and await step.ask("save: POST", (302, 303), port, self.scorer, "POST",
                                             f"/s/{self.edit}/hands/new", form=hand_form_post(form[2], next(hands)))
            page = posted and await step.ask("save: the page after", (200,), port, self.scorer, "GET",
                                             location(posted[1]))
            if page:
                self.saved.append((time.monotonic(), page_version(page[2])))
                step.saves.append(posted[3] + page[3])

    def missed(self, before: float) -> int:
        """How many of its phones do not show its last save answered before monotonic time `before`."""
        versions = [version for answered, version in self.saved if answered < before]
        return sum(phone.version < max(versions) for phone in self.phones) if versions else 0


@dataclass
class Step:
    """What the tables saw in one run at `tables` tables: wrk's figures, the saves', errors and CPU."""

    tables: int
    seconds: float
    polls: dict[str, float] = field(default_factory=dict)
    asks: dict[str, float] = field(default_factory=dict)
    saves: list[float] = field(default_factory=list)  # ms: the POST and the page after
    asked: Counter[str] = field(default_factory=Counter)  # this process's requests, by kind
    errors: Counter[str] = field(default_factory=Counter)
    cpu: dict[str, float] = field(default_factory=dict)

    async def ask(self, kind: str, wanted: tuple[int, ...], port: int, phone: Phone, method: str, path: str,
                  **body: Any) -> tuple[int, list[tuple[str, str]], str, float] | None:
        """One request of the scorer's; None (an error counted) when not answered with one of `wanted`."""
        self.asked[kind] += 1
        try:
            status, headers, text, millis = await fetch(port, phone, method, path, **body)
        except Failed as failed:
            self.errors[_TOKEN.sub("/s/<token>", str(failed))] += 1
            return None
        if status not in wanted:
            self.errors[f"{method} {_TOKEN.sub('/s/<token>', path.split('?')[0])} answered {status}"] += 1
            return None
        return status, headers, text, millis

    def count_wrk_errors(self, what: str, found: dict[str, float], unexpected: str) -> None:
        """wrk's socket errors and the answers its script did not expect, as errors of `what`."""
        for name in ("connect", "read", "write", "timeout"):
            if found.get(name):
                self.errors[f"{what}: wrk's {name} errors"] += int(found[name])
        if found.get("unexpected"):
            self.errors[f"{what}: {unexpected}"] += int(found["unexpected"])
        if found.get("unplaced"):
            self.errors[f"{what}: news the bench could not give to a phone of its table"] += int(found["unplaced"])

    @property
    def poll_p95(self) -> float:
        return self.polls.get("p95", float("inf"))

    @property
    def save_p95(self) -> float:
        return p95(self.saves)

    @property
    def generator_cores(self) -> float:
        return (self.cpu["wrk"] + self.cpu["the saves (this process)"]) / self.seconds

    def met(self) -> bool:
        """The goals: p95 poll and save within theirs, no error."""
        return self.poll_p95 <= GOAL_POLL_P95_MS and self.save_p95 <= GOAL_SAVE_P95_MS and not self.errors


def wrk_result(out: str, name: str) -> dict[str, float]:
    """The figures a wrk script of bench/wrk printed on its line "<name>: {...}"; empty when it printed none."""
    for line in out.splitlines():
        if line.startswith(f"{name}: "):
            return json.loads(line[len(name) + 2:])
    return {}


def wrk_command(script: str, port: int, connections: int, seconds: float, *args: str) -> list[str]:
    """wrk running bench/wrk/`script` against 127.0.0.1:`port` on one thread, its script given `args`."""
    return ["wrk", "-t1", f"-c{max(connections, 1)}", f"-d{round(seconds)}s", "--timeout", f"{TIMEOUT:.0f}s",
            "-s", str(WRK_SCRIPTS / script), f"http://127.0.0.1:{port}", "--", *args]


def phone_lines(tables: list[Table]) -> list[str]:
    """Every phone of `tables` as polls.lua reads and writes them."""
    return ["\t".join((str(table.number), phone.token, str(phone.version), phone.held,
                       phone.headers().get("Cookie", "")))
            for table in tables for phone in table.phones]


def take_phone_lines(tables: list[Table], lines: list[str]) -> None:
    """The phones as polls.lua left them (in phone_lines' order): their versions and last rows."""
    phones = [phone for table in tables for phone in table.phones]
    if len(lines) != len(phones):
        raise SystemExit(f"wrk's polls.lua gave back {len(lines)} phones of {len(phones)}")
    for phone, line in zip(phones, lines, strict=True):
        _, token, version, held, _ = line.split("\t")
        if token != phone.token:
            raise SystemExit("wrk's polls.lua gave the phones back in another order")
        phone.version, phone.held = int(version), held


async def open_pages(port: int, tables: list[Table]) -> None:
    """The scoreboard each phone of `tables` shows, loaded once (not timed) by those that have none yet."""
    limit = asyncio.Semaphore(4)

    async def load(table: Table) -> None:
        async with limit:
            for token in (table.edit, table.view):
                page = Phone(token)
                status, _, text, _ = await fetch(port, page, "GET", f"/s/{token}")
                if status != 200:
                    raise SystemExit(f"a scoreboard answered {status} before the run")
                for phone in table.phones:
                    if phone.token == token:
                        phone.saw_page(text)
                        phone.cookies = dict(page.cookies)

    await asyncio.gather(*(load(table) for table in tables if not table.phones[0].version))


async def load_step(port: int, tables: list[Table], hands: Iterator[dict[str, Any]], seconds: float,
                    folder: Path) -> Step:
    """`tables` for `seconds`: wrk polls and asks, this process saves; the figures and errors (CPU not yet)."""
    step = Step(len(tables), seconds)
    (folder / "phones.tsv").write_text("\n".join(phone_lines(tables)) + "\n")
    asks = [table.asks(next(hands)) for table in tables]
    # each table's requests in turn, so that every table asks at its own rate
    (folder / "asks.tsv").write_text("".join("\t".join(ask) + "\n" for i in range(len(asks[0]))
                                             for ask in (asked[i] for asked in asks)))
    pause = WINDOW * 1000 / len(asks[0])
    commands = {
        "polls": wrk_command("polls.lua", port, len(tables) * len(PLAYERS), seconds, str(folder / "phones.tsv"),
                             str(int(POLL_SECONDS * 1000)), str(folder / "phones-after.tsv")),
        "asks": wrk_command("asks.lua", port, len(tables), seconds, str(folder / "asks.tsv"), f"{pause:.0f}",
                            str(len(tables))),
    }
    started = time.monotonic()
    runs = [await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE,
                                                 stderr=asyncio.subprocess.PIPE) for command in commands.values()]
    saving = [asyncio.create_task(table.save_hands(port, hands, started, seconds, step)) for table in tables]
    outputs = [await run.communicate() for run in runs]
    await asyncio.gather(*saving)
    for (name, command), run, (out, err) in zip(commands.items(), runs, outputs, strict=True):
        found = wrk_result(out.decode(), name)
        if run.returncode or not found:
            raise SystemExit(f"{' '.join(command)} failed ({run.returncode}):\n{out.decode()}{err.decode()}")
        setattr(step, name, found)
    step.count_wrk_errors("polls", step.polls, "answers neither 200 nor 304")
    step.count_wrk_errors("checks and scoreboards", step.asks, "answers other than 200")
    take_phone_lines(tables, (folder / "phones-after.tsv").read_text().splitlines())
    missed = sum(table.missed(started + seconds - NEWS_WITHIN) for table in tables)
    if missed:
        step.errors[f"phones that did not show a save made {NEWS_WITHIN:.0f} s or more before the end"] += missed
    return step


def measured_step(server, tables: list[Table], hands: Iterator[dict[str, Any]], seconds: float,
                  postmaster: int | None, folder: Path) -> Step:
    """One run at len(`tables`) tables, with the CPU each side used: the app server, PostgreSQL, the generator."""
    asyncio.run(open_pages(server.port, tables))  # before the clock and the CPU count start
    processes = {"the app server": server.process.pid, "PostgreSQL": postmaster}
    before = {name: cpu_seconds(pid) for name, pid in processes.items()}
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    mine = time.process_time()
    step = asyncio.run(load_step(server.port, tables, hands, seconds, folder))
    step.cpu["the saves (this process)"] = time.process_time() - mine
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # wrk's processes, once ended (gunicorn and PostgreSQL, still running, are not counted here)
    step.cpu["wrk"] = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    step.cpu.update({name: cpu_seconds(pid) - before[name] for name, pid in processes.items()})
    return step


def percentiles(values: list[float]) -> str:
    """p50, p95 and p99 of `values` (ms), as printed."""
    if len(values) < 2:
        return "too few to tell" if not values else f"one: {values[0]:.0f} ms"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {cuts[49]:6.1f}  p95 {cuts[94]:6.1f}  p99 {cuts[98]:6.1f} ms"


def p95(values: list[float]) -> float:
    """The 95th percentile of `values`; infinite when there are too few to tell (a run must show its saves)."""
    return statistics.quantiles(values, n=100, method="inclusive")[94] if len(values) > 1 else float("inf")


def print_step(step: Step) -> None:
    """A run's figures: rates, CPU by side, latencies by kind, errors, and whether it met the goals."""
    asked = step.tables * (len(PLAYERS) * POLLS_PER_PHONE + 3 + CHECKS + SCOREBOARDS) / WINDOW
    answered = step.polls["requests"] + step.asks["requests"] + sum(step.asked.values())
    print(f"{step.tables} tables ({step.tables * len(PLAYERS)} phones) for {step.seconds:.0f} s:"
          f" {answered / step.seconds:.0f} requests answered a second (two minutes of every table ask {asked:.0f});"
          f" load average {os.getloadavg()[0]:.1f}")
    print("  CPU: " + ", ".join(f"{name} {spent / step.seconds:.2f} core" for name, spent in step.cpu.items()
                                if spent == spent))
    print(f"    the app server's CPU per request answered: {step.cpu['the app server'] * 1000 / max(answered, 1):.2f} ms")
    generator = "within" if step.generator_cores <= GOAL_GENERATOR_CORES else "OVER"
    print(f"    the load generator (wrk and the saves): {step.generator_cores:.3f} core, {generator} the"
          f" {GOAL_GENERATOR_CORES} core it may use")
    polls, asks = step.polls, step.asks
    print(f"  {'polls (wrk)':32s} {polls['requests']:6.0f}  p50 {polls['p50']:6.1f}  p95 {polls['p95']:6.1f}"
          f"  p99 {polls['p99']:6.1f} ms  ({polls['news']:.0f} with the news, {polls['unchanged']:.0f} unchanged)")
    print(f"  {'checks and scoreboards (wrk)':32s} {asks['requests']:6.0f}  p50 {asks['p50']:6.1f}"
          f"  p95 {asks['p95']:6.1f}  p99 {asks['p99']:6.1f} ms")
    print(f"  {'save (POST and the page after)':32s} {len(step.saves):6d}  {percentiles(step.saves)}")
    print(f"  errors: {sum(step.errors.values())}"
          + "".join(f"\n    {e} ×{n}" for e, n in step.errors.most_common(5)))
    # a run too short for two saves cannot tell whether saves meet their goal: it does not meet it
    saves = f"{step.save_p95:.1f} ms" if len(step.saves) > 1 else "too few saves to tell"
    print(f"  p95 poll {step.poll_p95:.1f} ms (goal ≤ {GOAL_POLL_P95_MS:.0f}), p95 save {saves}"
          f" (goal ≤ {GOAL_SAVE_P95_MS:.0f}), {sum(step.errors.values())} errors: {'MET' if step.met() else 'MISSED'}")


def next_count(results: dict[int, bool], cap: int) -> int | None:
    """The next number of tables the search tries, given those tried (True: met the goals); None when done.

    Up by half as many again while every try met them (to `cap`), then halving the gap between the
    most that met them and the fewest that missed, until it is within SEARCH_RESOLUTION of the former.
    """
    met = max((tables for tables, ok in results.items() if ok), default=0)
    missed = min((tables for tables, ok in results.items() if not ok and tables > met), default=None)
    if missed is None:
        return None if met >= cap else min(cap, math.ceil(met * 1.5))
    if missed - met <= max(1, SEARCH_RESOLUTION * met):
        return None
    return (met + missed) // 2


def most_tables(results: dict[int, bool]) -> int:
    """The most tables that met the goals, with every smaller number tried meeting them too (0 when none did)."""
    missed = min((tables for tables, ok in results.items() if not ok), default=math.inf)
    return max((tables for tables, ok in results.items() if ok and tables < missed), default=0)


def two_hosts(hosts: list, table: Table) -> bool:
    """A table's phones spread over two app servers: a save on either is seen by every phone on the other at its next poll."""
    async def run() -> bool:
        ports = [hosts[0].port, hosts[1].port]
        # three phones on each host, each with its scoreboard open; the first of each may enter hands
        phones = {port: [Phone(table.edit), Phone(table.view), Phone(table.view)] for port in ports}
        step = Step(0, 0.0)
        for port, held in phones.items():
            for phone in held:
                phone.saw_page((await fetch(port, phone, "GET", f"/s/{phone.token}"))[2])
                await step.ask("poll", (304,), port, phone, "GET", phone.poll_path())
        passed = True
        hands = legal_hands(seed=271)
        for saver, other in (ports, ports[::-1]):
            scorer = phones[saver][0]
            form = await step.ask("form", (200,), saver, scorer, "GET", f"/s/{table.edit}/hands/new")
            posted = form and await step.ask("save", (302, 303), saver, scorer, "POST", f"/s/{table.edit}/hands/new",
                                             form=hand_form_post(form[2], next(hands)))
            page = posted and await step.ask("page", (200,), saver, scorer, "GET", location(posted[1]))
            saved = page_version(page[2]) if page else -1
            seen = 0
            for phone in phones[other]:
                answer = await step.ask("poll", (200, 304), other, phone, "GET", phone.poll_path())
                if answer is not None and answer[0] == 200 and phone.saw_news(answer[2]) == saved:
                    seen += 1
            names = {ports[0]: "A", ports[1]: "B"}
            ok = seen == len(phones[other]) and not step.errors
            print(f"two app servers on one PostgreSQL: a save on host {names[saver]} seen by {seen} of"
                  f" {len(phones[other])} phones on host {names[other]} at their next poll: {'pass' if ok else 'FAIL'}")
            passed &= ok
        for error in step.errors:
            print(f"  {error}")
        return passed

    return asyncio.run(run())


def served(first: int, cap: int, seconds: float, database: str | None, gunicorn: str, once: bool = False) -> bool:
    """The real-server section: runs from `first` tables, searching the most that meet the goals (up to `cap`;
    `once`: no search), then two hosts on one database; True when the run at `first` tables had no error and
    both hosts agreed.

    `database`: a PostgreSQL URL, or None for DATABASE_URL; `gunicorn`: its options (shell words).
    """
    from scorekeeper import create_app

    if shutil.which("wrk") is None:
        raise SystemExit("--server needs wrk: apt-get install wrk (make test-setup installs it)")
    # every phone is a connection of wrk's and of the server's: allow as many files as the system lets them
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    hands = legal_hands(seed=300)
    history = [next(hands) for _ in range(HISTORY)]
    options = shlex.split(gunicorn)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        instance = folder / "instance"
        app = create_app({"SQLALCHEMY_DATABASE_URI": database} if database else None, data_dir=instance)
        url = app.config["SQLALCHEMY_DATABASE_URI"]
        if url.startswith("sqlite"):
            raise SystemExit("--server runs on PostgreSQL: set DATABASE_URL, or leave it unset for a throwaway cluster")
        rng = random.Random(27)
        tables: list[Table] = []
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k != "DATABASE_URL"}
        env.update(DATABASE_URL=url, SCOREKEEPER_INSTANCE_PATH=str(instance), PYTHONPATH=str(ROOT))
        print(f"through gunicorn {gunicorn} on PostgreSQL, on loopback, this machine's {os.cpu_count()} cores"
              f" shared with the load: phones polling through wrk, saves from this process")
        hosts = [web.Server("scorekeeper:create_app()", 0, folder, env, options)]
        results: dict[int, bool] = {}
        correct = True
        try:
            count: int | None = first
            while count is not None:
                for edit, view in store_games(app, max(0, count + 1 - len(tables)), history):
                    tables.append(Table(len(tables), edit, view, random.Random(rng.random())))
                step = measured_step(hosts[0], tables[:count], hands, seconds, postmaster_pid(url), folder)
                print_step(step)
                if count == first:
                    correct = not step.errors
                results[count] = step.met()
                count = None if once else next_count(results, cap)
            print(f"the most tables meeting the goals (p95 poll ≤ {GOAL_POLL_P95_MS:.0f} ms, p95 save ≤"
                  f" {GOAL_SAVE_P95_MS:.0f} ms, 0 errors), tried: "
                  + ", ".join(f"{n} {'met' if ok else 'missed'}" for n, ok in sorted(results.items())))
            hosts.append(web.Server("scorekeeper:create_app()", 0, folder, env, options))
            correct &= two_hosts(hosts, tables[-1])
        finally:
            for host in hosts:
                host.stop()
        print(f"most tables: {most_tables(results)}")
    return correct


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the sections asked for; the in-process figures last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="in-process rounds of two minutes (default 7)")
    parser.add_argument("--postgres", action="store_true",
                        help="in-process on PostgreSQL: DATABASE_URL, or a throwaway cluster when it is unset")
    parser.add_argument("--server", action="store_true",
                        help="first, the real-server section (gunicorn on PostgreSQL, the load from wrk)")
    parser.add_argument("--tables", type=int, default=300,
                        help="tables of the first run with --server, where the search starts (default 300)")
    parser.add_argument("--max-tables", type=int, default=1000,
                        help="the most tables the search tries (default 1000; --tables for none)")
    parser.add_argument("--once", action="store_true", help="with --server, one run at --tables: no search")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of each run with --server (default 60)")
    parser.add_argument("--gunicorn", default=GUNICORN_DEFAULT,
                        help=f"gunicorn's options with --server (default '{GUNICORN_DEFAULT}', README's;"
                             " '-w 2' is 2 sync workers)")
    args = parser.parse_args(argv)
    # bounded: the bench stops by itself, and asks no more of the machine than a hosted server's evening
    if not (1 <= args.rounds <= 100 and 1 <= args.tables <= args.max_tables <= 2000 and 5 <= args.seconds <= 600):
        parser.error("--rounds 1-100, --tables 1-2000 and at most --max-tables (2000 at most), --seconds 5-600")
    with contextlib.ExitStack() as stack:
        postgres: str | None = None
        if (args.server or args.postgres) and not os.environ.get("DATABASE_URL"):
            postgres = stack.enter_context(throwaway_postgres())
        cap = args.tables if args.once else args.max_tables
        correct = served(args.tables, cap, args.seconds, postgres, args.gunicorn, args.once) if args.server else True
        in_process(args.rounds, postgres if args.postgres else None)
    if not correct:
        sys.exit(1)  # an error under load, or a save one host did not show: a fault, not a figure


if __name__ == "__main__":
    main()
