"""Figures of issue 16 ("Fast at any length"), measured through a real server and a real load generator.

The throughput ratios to a hello-world app are no longer the goal (issue 27): bench/capacity.py
measures what hosted tables cost; the 1,000-hand figures here still stand.

Run with ``.venv/bin/python bench/web.py [SECONDS] [ROUNDS]`` (defaults 3 and 3; 0 rounds
measures only the 1,000-hand figures).
It needs gunicorn (the test extra) and Debian's ``wrk`` (``apt-get install wrk``).

It prepares a database in a temporary instance folder: a 20-hand 500 Rum game
and a 1,000-hand one (8 players, every hand different, mostly entered by
cards: bench/engine.py's session), then starts gunicorn with 2 sync workers
twice: once serving a hello-world Flask app, once Scorekeeper. wrk (2
threads, 8 connections, SECONDS each) measures requests per second, the two
servers alternating in every round, so that whatever else the machine does
weighs on both alike; each ratio is Scorekeeper's rate over hello-world's in
the same round, and the median of ROUNDS rounds is printed beside the issue's
goal. The scoreboard is measured three times: as wrk asks, keeping no cookie
(every request a phone's first visit, given a new device cookie); sending the
cookie a phone was given at its first visit (a phone that has been here); and
that phone accepting gzip, as every browser does over plain HTTP.
The 304 poll is measured again with 1 worker each.

Then, one request at a time, the 1,000-hand figures: the scoreboard (time and
bytes), saving hand 1,000 through the form (the POST, then the page it
redirects to), and what a phone following the game downloads after that
change (its poll answered with the new version, saying which rows it shows as
static/js/live.js does; and, for comparison, without), plain and gzipped.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SECONDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3

HELLO = '''from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "Hello, World!"
'''


def store_games(instance: Path, sizes: tuple[int, ...]) -> dict[int, dict[str, str]]:
    """Store one 500 Rum game of four for each number of hands in `sizes`: its edit and view links and version."""
    sys.argv = sys.argv[:1]  # bench/engine.py reads its own arguments when imported
    import engine as bench_engine

    from scorekeeper import create_app, engine
    from scorekeeper.extensions import db
    from scorekeeper.models import GameSession, Hand, Player, Seat

    app = create_app(data_dir=instance)
    stored: dict[int, dict[str, str]] = {}
    with app.app_context():
        players: dict[str, Player] = {}
        for hands in sizes:
            body = bench_engine.session(hands, seed=hands)
            gs = GameSession(game="rummy500", options=engine.resolve_options(
                "rummy500", {"target": 10**6}, n_players=len(body["players"])))
            for seat, player in enumerate(body["players"], start=1):
                gs.seats.append(Seat(seat=seat, player=players.setdefault(player, Player(name=player))))
            for position, data in enumerate(body["hands"], start=1):
                gs.hands.append(Hand(position=position, data=data))
            db.session.add(gs)
            db.session.commit()
            stored[hands] = {"edit": gs.edit_token, "view": gs.view_token, "version": str(gs.version)}
        db.engine.dispose()
    return stored


def prepare(instance: Path) -> dict[str, str]:
    """Store the two games; returns their links and versions."""
    links: dict[str, str] = {}
    for name, game in zip(("short", "long"), store_games(instance, (20, 999)).values(), strict=True):
        links[f"{name}_edit"], links[f"{name}_view"] = game["edit"], game["view"]
        links[f"{name}_version"] = game["version"]
    return links


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn serving `app` on a free port until stopped: with `workers` sync workers, or with `options` instead."""

    def __init__(self, app: str, workers: int, cwd: Path, env: dict[str, str], options: list[str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(cwd / f"gunicorn-{self.port}.log", "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", *(["-w", str(workers)] if options is None else options),
             "-b", f"127.0.0.1:{self.port}",
             "--no-control-socket", "--log-level", "warning", app],
            cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5):
                    break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"gunicorn did not start: see {self.log.name}") from None
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.log.close()


def wrk(url: str, script: Path | None = None, headers: tuple[str, ...] = ()) -> float:
    """Requests per second wrk reaches on `url` (2 threads, 8 connections, SECONDS); non-2xx/3xx answers fail the run.

    `headers`: what every request sends besides wrk's own ("Cookie: ...", say), none by default.
    """
    command = ["wrk", "-t2", "-c8", f"-d{SECONDS}s", "--latency"]
    if script is not None:
        command += ["-s", str(script)]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx responses" in out:
        raise SystemExit(f"{url} answered errors under load:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def post_script(folder: Path, name: str, body: dict) -> Path:
    script = folder / f"{name}.lua"
    script.write_text(
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(json.dumps(body))}\n"
    )
    return script


Target = tuple[str, Path | None, tuple[str, ...]]  # the path, wrk's script (a POST) and the headers sent


def ratios(hello: Server, sk: Server, targets: dict[str, Target]) -> dict[str, list[float]]:
    """Each target's rate over hello-world's, per round, the servers alternating."""
    found: dict[str, list[float]] = {name: [] for name in targets}
    for _ in range(ROUNDS):
        for name, (path, script, headers) in targets.items():
            base = wrk(hello.url + "/")
            found[name].append(wrk(sk.url + path, script, headers) / base)
    return found


def first_visit_cookie(sk: Server, path: str) -> str:
    """The Cookie header a phone sends after its first visit to `path`: the session cookie it was given."""
    status, _, _, headers = Browser(sk.url).get(path)
    given = headers.get("Set-Cookie", "")
    if status != 200 or not given.startswith("session="):
        raise SystemExit(f"a first visit to {path} answered {status} with no session cookie")
    return given.split(";", 1)[0]


class Browser:
    """One phone: a cookie jar, redirects not followed (so that a POST and its page are timed apart)."""

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
            return None

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), self._Stay())

    def get(self, path: str, gzip_ok: bool = False) -> tuple[int, bytes, float, dict]:
        request = urllib.request.Request(self.base + path, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
        return self._send(request)

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, bytes, float, dict]:
        data = urllib.parse.urlencode(fields).encode()
        return self._send(urllib.request.Request(self.base + path, data=data))

    def _send(self, request) -> tuple[int, bytes, float, dict]:  # noqa: ANN001
        began = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as response:
                body, status, headers = response.read(), response.status, dict(response.headers)
        except urllib.error.HTTPError as answer:
            body, status, headers = answer.read(), answer.code, dict(answer.headers)
        return status, body, (time.perf_counter() - began) * 1000, headers


def long_game(sk: Server, links: dict[str, str]) -> list[tuple[str, str, str]]:
    """The 1,000-hand figures: (what, figure, goal)."""
    phone = Browser(sk.url)
    rows = []
    view = f"/s/{links['long_view']}"
    first = phone.get(view)
    times = [phone.get(view)[2] for _ in range(6)]
    rows.append(("scoreboard of 999 hands, first view (worker's cache cold)", f"{first[2]:.0f} ms", ""))
    rows.append(("scoreboard of 999 hands, again (median of 6)", f"{statistics.median(times):.0f} ms", "≤ 50 ms"))
    rows.append(("  its HTML", f"{len(first[1]) / 1000:.0f} KB", "≤ 100 KB"))
    # a phone following the game: the scoreboard it shows says which rows it holds (live.js sends it)
    follower = Browser(sk.url)
    held = re.findall(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"', follower.get(view)[1].decode())[-1]
    edit = f"/s/{links['long_edit']}"
    # the table looks at the game (on both workers, as an evening of views does: two at once, so that each
    # worker takes some), then enters the next hand
    with ThreadPoolExecutor(max_workers=2) as looks:
        list(looks.map(lambda _: phone.get(edit), range(8)))
    status, form, _, _ = phone.get(f"{edit}/hands/new?mode=points")
    text = form.decode()
    fields = dict(re.findall(r'name="(csrf_token|idempotency_key|version)"[^>]*value="([^"]*)"', text))
    fields.update({"mode": "points", "ended": "went_out", "went_out": "Ann"})
    for seat in range(8):
        fields[f"points-{seat}"] = "5"
    status, _, post_ms, headers = phone.post(f"{edit}/hands/new", fields)
    if status not in (302, 303):
        raise SystemExit(f"saving hand 1,000 answered {status}")
    page_status, _, page_ms, _ = phone.get(urllib.parse.urlsplit(headers["Location"]).path)
    rows.append(("saving hand 1,000: POST + the page after it",
                 f"{post_ms:.0f} + {page_ms:.0f} = {post_ms + page_ms:.0f} ms", "≤ 50 ms in all"))
    poll = f"/s/{links['long_view']}/live?v={links['long_version']}"
    for what, asked, goal in (("a following phone's poll after the change", f"{poll}&rows={'.'.join(held)}", "≤ 10 KB"),
                              ("  the same, from a phone that says nothing of its rows", poll, "")):
        status, plain, live_ms, _ = follower.get(asked)
        _, sent, _, headers = follower.get(asked, gzip_ok=True)
        zipped = len(sent) if headers.get("Content-Encoding") == "gzip" else len(gzip.compress(plain))
        how = "as sent" if headers.get("Content-Encoding") == "gzip" else "if gzipped: the server sent it plain"
        rows.append((what, f"{live_ms:.0f} ms, {len(plain) / 1000:.1f} KB", goal))
        rows.append((f"    gzipped ({how})", f"{zipped / 1000:.1f} KB", ""))
    return rows


def main() -> None:
    if subprocess.run(["which", "wrk"], capture_output=True).returncode:
        raise SystemExit("bench/web.py needs wrk: apt-get install wrk")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "hello.py").write_text(HELLO)
        links = prepare(folder / "instance")
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_") and k != "DATABASE_URL"}
        env.update(SCOREKEEPER_INSTANCE_PATH=str(folder / "instance"), PYTHONPATH=f"{ROOT}:{folder}")
        meld3 = post_script(folder, "meld3", {"cards": "7H 8H 9H"})
        # Contract Rummy: four jokers are legal there (500 Rum has two, and would refuse the meld at once)
        meld13 = post_script(folder, "meld13", {"game": "contract", "cards": "AH JK 3H JK 5H 6H JK 8H 9H 10H JK QH KH"})
        short = f"/s/{links['short_view']}"
        been_here = "scoreboard HTML, 20 hands, a phone that has been here"
        gzipped = f"{been_here}, gzip"
        goals = {"scoreboard HTML, 20 hands": 0.4, been_here: 0.4, gzipped: 0.4, "live poll, nothing changed (304)": 0.8,
                 "meld check API, 3 cards": 0.8, "meld check API, 13 cards, 4 wild": 0.8}
        servers = [Server("hello:app", 2, folder, env), Server("scorekeeper:create_app()", 2, folder, env)]
        try:
            # wrk keeps no cookies: every request of the first row is a first visit (a new device cookie
            # signed each time); the second sends what a phone was given at its first visit, as it would after;
            # the third also accepts gzip, as a browser does (the answer is then compressed: kept compressed)
            cookie = f"Cookie: {first_visit_cookie(servers[1], short)}"
            targets: dict[str, Target] = {
                "scoreboard HTML, 20 hands": (short, None, ()),
                been_here: (short, None, (cookie,)),
                gzipped: (short, None, (cookie, "Accept-Encoding: gzip, deflate")),
                "live poll, nothing changed (304)": (f"{short}/live?v={links['short_version']}", None, ()),
                "meld check API, 3 cards": ("/api/v1/melds/check", meld3, ()),
                "meld check API, 13 cards, 4 wild": ("/api/v1/melds/check", meld13, ()),
            }
            found = ratios(*servers, targets) if ROUNDS else {}
            long_rows = long_game(servers[1], links)
        finally:
            for server in servers:
                server.stop()
        one: dict[str, list[float]] = {}
        if ROUNDS:
            servers = [Server("hello:app", 1, folder, env), Server("scorekeeper:create_app()", 1, folder, env)]
            try:
                one = ratios(*servers, {"live poll, nothing changed (304), 1 worker": targets["live poll, nothing changed (304)"]})
            finally:
                for server in servers:
                    server.stop()
    print(f"throughput over a hello-world Flask app's, gunicorn sync workers, wrk -t2 -c8 -d{SECONDS}s,"
          f" median of {ROUNDS} alternating rounds:")
    for name, values in {**found, **one}.items():
        goal = goals.get(name.replace(", 1 worker", ""), 0.8)
        median = statistics.median(values)
        verdict = "meets" if median >= goal else "MISSES"
        shown = ", ".join(f"{v:.2f}" for v in values)
        print(f"  {name:54s} {median:5.2f}×  (rounds {shown})  goal ≥ {goal}×: {verdict}")
    print("the 1,000-hand 8-player game, one request at a time:")
    for what, figure, goal in long_rows:
        print(f"  {what:62s} {figure:>22s}  {goal}")


if __name__ == "__main__":
    main()
