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

With ``--server``, first: gunicorn with 2 sync workers (as README's "Hosting
it") on PostgreSQL (DATABASE_URL, or a throwaway cluster as
tests/run_postgres.sh starts, fsync on), ``--tables`` tables (default 300)
on loopback for ``--seconds`` (default 60), every phone a client of its own
(asyncio, one connection per request, as sync workers close each), each
table saving its hand at a random moment of its two minutes. It prints
the rate answered beside the rate asked (a server that falls behind answers
fewer), the CPU the app server, PostgreSQL and the phones used, p50/p95/p99
of polls and saves, and the count of errors (any answer not the one a
browser expects, or none within 30 s), which must be 0. Then a second
gunicorn (another host: its own processes and caches) on the same database,
a table's phones spread over both: a save on one must be seen by every
phone on the other at its next poll.

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
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
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
# the kinds of Load.times that are one request each (the save's sum is not)
ANSWERS = ("poll", "save: POST", "save: the page after", "hand form", "check", "scoreboard")


def cpu_seconds(root: int | None) -> float:
    """CPU seconds used so far by process `root` and its descendants (Linux's /proc), NaN when unknown."""
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
            spent[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime, stime
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
class Load:
    """What the simulated tables saw: milliseconds by kind, errors, and phones that missed a save at their next poll."""

    port: int
    deadline: float
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)

    async def ask(self, kind: str, wanted: tuple[int, ...], phone: Phone, method: str, path: str,
                  **body: Any) -> tuple[int, list[tuple[str, str]], str, float] | None:
        """One request, timed under `kind`; None (an error counted) when not answered with one of `wanted`."""
        try:
            status, headers, text, millis = await fetch(self.port, phone, method, path, **body)
        except Failed as failed:
            self.errors.append(_TOKEN.sub("/s/<token>", str(failed)))
            return None
        if status not in wanted:
            self.errors.append(f"{method} {_TOKEN.sub('/s/<token>', path.split('?')[0])} answered {status}")
            return None
        self.times[kind].append(millis)
        return status, headers, text, millis


@dataclass
class Table:
    """One simulated table: its links, its phones, and the hand it saves (at `save_at` seconds, when in the run)."""

    edit: str
    view: str
    hand: dict[str, Any]
    rng: random.Random
    phones: list[Phone] = field(default_factory=list)
    saved_at: float | None = None  # the monotonic time the save's POST was answered
    saved_version: int = 0

    def __post_init__(self) -> None:
        self.phones = [Phone(self.edit)] + [Phone(self.view) for _ in PLAYERS[1:]]
        self.save_at = self.rng.uniform(16, WINDOW)  # the form opens 16 s before

    async def play(self, load: Load, started: float) -> None:
        """The table's phones until the load's deadline."""
        boards = [self.rng.uniform(0, WINDOW) for _ in range(SCOREBOARDS)]
        await asyncio.gather(*(self.follow(load, phone) for phone in self.phones),
                             self.enter_hand(load, started),
                             *(self.open_board(load, self.phones[1 + i], started + at) for i, at in enumerate(boards)))

    async def follow(self, load: Load, phone: Phone) -> None:
        """A phone polling as live.js does: 2.5 s after each answer."""
        await asyncio.sleep(self.rng.uniform(0, POLL_SECONDS))
        while time.monotonic() < load.deadline:
            asked = time.monotonic()
            answer = await load.ask("poll", (200, 304), phone, "GET", phone.poll_path())
            if answer is not None and answer[0] == 200:
                load.times["poll with the news"].append(answer[3])
                phone.saw_news(answer[2])
            elif answer is not None and self.saved_at is not None and asked > self.saved_at \
                    and phone.version < self.saved_version:
                load.errors.append("a poll asked after a save answered 304: the phone missed the news")
            await asyncio.sleep(POLL_SECONDS)

    async def enter_hand(self, load: Load, started: float) -> None:
        """The scorer: opens the hand form, types (checks as typed), saves, and is shown the game."""
        if started + self.save_at >= load.deadline:
            return  # this table saves after the run
        scorer = self.phones[0]
        await asyncio.sleep(max(0.0, started + self.save_at - 16 - time.monotonic()))
        form = await load.ask("hand form", (200,), scorer, "GET", f"/s/{self.edit}/hands/new")
        if form is None:
            return
        for path, asked in checks_typed(self.hand):
            await asyncio.sleep(0.7)
            await load.ask("check", (200,), scorer, "POST", path, json_body=asked)
        await asyncio.sleep(max(0.0, started + self.save_at - time.monotonic()))
        posted = await load.ask("save: POST", (302, 303), scorer, "POST", f"/s/{self.edit}/hands/new",
                                form=hand_form_post(form[2], self.hand))
        if posted is None:
            return
        answered = time.monotonic()
        page = await load.ask("save: the page after", (200,), scorer, "GET", location(posted[1]))
        if page is None:
            return
        self.saved_version, self.saved_at = page_version(page[2]), answered
        load.times["save (POST and the page after)"].append(posted[3] + page[3])

    async def open_board(self, load: Load, phone: Phone, at: float) -> None:
        """A phone opening the scoreboard at monotonic time `at`, when in the run."""
        if at >= load.deadline:
            return
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        answer = await load.ask("scoreboard", (200,), phone, "GET", f"/s/{phone.token}")
        if answer is not None:
            phone.saw_page(answer[2])


async def open_pages(port: int, tables: list[Table]) -> None:
    """Every phone's scoreboard as its page shows it before the run (one load per link, not timed)."""
    limit = asyncio.Semaphore(4)

    async def load(table: Table) -> None:
        async with limit:
            for token in (table.edit, table.view):
                status, _, text, _ = await fetch(port, Phone(token), "GET", f"/s/{token}")
                if status != 200:
                    raise SystemExit(f"a scoreboard answered {status} before the run")
                for phone in table.phones:
                    if phone.token == token:
                        phone.saw_page(text)

    await asyncio.gather(*(load(table) for table in tables))


def percentiles(values: list[float]) -> str:
    """p50, p95 and p99 of `values` (ms), as printed."""
    if len(values) < 2:
        return "too few to tell" if not values else f"one: {values[0]:.0f} ms"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {cuts[49]:6.1f}  p95 {cuts[94]:6.1f}  p99 {cuts[98]:6.1f} ms"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[94] if len(values) > 1 else float("inf")


def under_load(server, tables: list[Table], seconds: float, postmaster: int | None) -> bool:
    """Run the tables against `server` for `seconds`, print the latencies beside the goals; True when nothing failed."""
    async def run() -> Load:
        started = time.monotonic()
        load = Load(server.port, started + seconds)
        await asyncio.gather(*(table.play(load, started) for table in tables))
        return load

    asyncio.run(open_pages(server.port, tables))  # before the clock and the CPU count start
    processes = {"the app server": server.process.pid, "PostgreSQL": postmaster}
    before = {name: cpu_seconds(pid) for name, pid in processes.items()}
    phones_before, began = time.process_time(), time.monotonic()
    load = asyncio.run(run())
    used = {name: cpu_seconds(pid) - before[name] for name, pid in processes.items()}
    used["the phones (this process)"] = time.process_time() - phones_before
    lasted = time.monotonic() - began
    polls, saves = load.times["poll"], load.times["save (POST and the page after)"]
    print(f"through gunicorn (2 sync workers) on PostgreSQL: {len(tables)} tables ({len(tables) * len(PLAYERS)} phones)"
          f" on loopback for {seconds:.0f} s, this machine's {os.cpu_count()} cores shared with the phones:")
    answered = sum(len(values) for kind, values in load.times.items() if kind in ANSWERS)
    asked = len(tables) * (len(PLAYERS) * POLLS_PER_PHONE + 3 + CHECKS + SCOREBOARDS) / WINDOW
    print(f"  requests answered: {answered / lasted:.0f} a second; two minutes of every table ask {asked:.0f} a second")
    print("  CPU used meanwhile: " + ", ".join(f"{name} {spent:.1f} s" for name, spent in used.items()
                                              if spent == spent))
    # per request answered, not per table-minute: a server that falls behind answers fewer than the tables ask
    print(f"  the app server's CPU per request answered: {used['the app server'] * 1000 / max(answered, 1):.2f} ms")
    shown = ["poll", "poll with the news", "save (POST and the page after)", "save: POST", "save: the page after",
             "hand form", "check", "scoreboard"]
    for kind in shown:
        print(f"  {kind:32s} {len(load.times[kind]):6d}  {percentiles(load.times[kind])}")
    print(f"  errors: {len(load.errors)}" + "".join(f"\n    {e} ×{n}" for e, n in Counter(load.errors).most_common(5)))
    for what, values, goal in (("poll", polls, GOAL_POLL_P95_MS), ("save", saves, GOAL_SAVE_P95_MS)):
        verdict = "MET" if p95(values) <= goal else "MISSED"
        print(f"goal at 300 tables: p95 {what} ≤ {goal:.0f} ms: {p95(values):.1f} ms  {verdict}")
    print(f"goal: 0 errors: {'MET' if not load.errors else 'MISSED'}")
    return not load.errors


def two_hosts(hosts: list, table: Table) -> bool:
    """A table's phones spread over two app servers: a save on either is seen by every phone on the other at its next poll."""
    async def run() -> bool:
        ports = [hosts[0].port, hosts[1].port]
        # three phones on each host, each with its scoreboard open; the first of each may enter hands
        phones = {port: [Phone(table.edit), Phone(table.view), Phone(table.view)] for port in ports}
        load = Load(0, 0.0)
        for port, held in phones.items():
            load.port = port
            for phone in held:
                phone.saw_page((await fetch(port, phone, "GET", f"/s/{phone.token}"))[2])
                await load.ask("poll", (304,), phone, "GET", phone.poll_path())
        passed = True
        hands = legal_hands(seed=271)
        for saver, other in (ports, ports[::-1]):
            load.port = saver
            scorer = phones[saver][0]
            form = await load.ask("form", (200,), scorer, "GET", f"/s/{table.edit}/hands/new")
            posted = form and await load.ask("save", (302, 303), scorer, "POST", f"/s/{table.edit}/hands/new",
                                             form=hand_form_post(form[2], next(hands)))
            page = posted and await load.ask("page", (200,), scorer, "GET", location(posted[1]))
            saved = page_version(page[2]) if page else -1
            load.port = other
            seen = 0
            for phone in phones[other]:
                answer = await load.ask("poll", (200, 304), phone, "GET", phone.poll_path())
                if answer is not None and answer[0] == 200 and phone.saw_news(answer[2]) == saved:
                    seen += 1
            names = {ports[0]: "A", ports[1]: "B"}
            ok = seen == len(phones[other]) and not load.errors
            print(f"two app servers on one PostgreSQL: a save on host {names[saver]} seen by {seen} of"
                  f" {len(phones[other])} phones on host {names[other]} at their next poll: {'pass' if ok else 'FAIL'}")
            passed &= ok
        for error in load.errors:
            print(f"  {error}")
        return passed

    return asyncio.run(run())


def served(count: int, seconds: float, database: str | None) -> bool:
    """The real-server section: `count` tables under load, then two hosts on one database; True when nothing failed.

    `database`: a PostgreSQL URL, or None for DATABASE_URL.
    """
    from scorekeeper import create_app

    # every phone is a connection of this process: allow as many files as the system lets it
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    hands = legal_hands(seed=300)
    history = [next(hands) for _ in range(HISTORY)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        instance = folder / "instance"
        app = create_app({"SQLALCHEMY_DATABASE_URI": database} if database else None, data_dir=instance)
        url = app.config["SQLALCHEMY_DATABASE_URI"]
        if url.startswith("sqlite"):
            raise SystemExit("--server runs on PostgreSQL: set DATABASE_URL, or leave it unset for a throwaway cluster")
        tokens = store_games(app, count + 1, history)
        rng = random.Random(27)
        tables = [Table(edit, view, next(hands), random.Random(rng.random())) for edit, view in tokens]
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k != "DATABASE_URL"}
        env.update(DATABASE_URL=url, SCOREKEEPER_INSTANCE_PATH=str(instance), PYTHONPATH=str(ROOT))
        hosts = [web.Server("scorekeeper:create_app()", 2, folder, env)]
        try:
            correct = under_load(hosts[0], tables[:count], seconds, postmaster_pid(url))
            hosts.append(web.Server("scorekeeper:create_app()", 2, folder, env))
            correct &= two_hosts(hosts, tables[count])
        finally:
            for host in hosts:
                host.stop()
    return correct


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the sections asked for; the in-process figures last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="in-process rounds of two minutes (default 7)")
    parser.add_argument("--postgres", action="store_true",
                        help="in-process on PostgreSQL: DATABASE_URL, or a throwaway cluster when it is unset")
    parser.add_argument("--server", action="store_true", help="first, the real-server section (PostgreSQL)")
    parser.add_argument("--tables", type=int, default=300, help="tables under load with --server (default 300)")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of load with --server (default 60)")
    args = parser.parse_args(argv)
    # bounded: the bench stops by itself, and asks no more of the machine than a hosted server's evening
    if not (1 <= args.rounds <= 100 and 1 <= args.tables <= 2000 and 5 <= args.seconds <= 600):
        parser.error("--rounds 1-100, --tables 1-2000, --seconds 5-600")
    with contextlib.ExitStack() as stack:
        postgres: str | None = None
        if (args.server or args.postgres) and not os.environ.get("DATABASE_URL"):
            postgres = stack.enter_context(throwaway_postgres())
        correct = served(args.tables, args.seconds, postgres) if args.server else True
        in_process(args.rounds, postgres if args.postgres else None)
    if not correct:
        sys.exit(1)  # an error under load, or a save one host did not show: a fault, not a figure


if __name__ == "__main__":
    main()
