"""Benchmark: the players page, with its ratings, on 2,000 finished games in a temporary database (issue 38).

Run with ``.venv/bin/python bench/ratings.py [GAMES]``. It stores GAMES (default
2,000) finished games of Basic Rummy, each two or three hands entered as points,
among a group of twelve players, three or four at a table, then times GET
/players in this process through the test client:

- the first request of a fresh process (every game read and scored, every match
  rated): shown, not judged;
- the page again (ratings cached under the data's version): the target, under 200 ms;
- the page right after one hand was saved to one game (a new data version: that
  game is read again and every match rated again);
- a player's page (their chart, rival, nemesis, partner), warm.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from history import timed  # noqa: E402  (bench/history.py)
from sqlalchemy import select  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.history.ratings import ratings_table  # noqa: E402
from scorekeeper.models import GameSession, Hand, Player, Seat  # noqa: E402
from scorekeeper.tables import service  # noqa: E402
from scorekeeper.tables.standings_cache import cache  # noqa: E402

TARGET_MS = 200.0
GROUP = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]


def populate(count: int, rng: random.Random) -> None:
    """Store `count` finished Basic Rummy games (target 150): a winner on 150 or more, the others below."""
    players = {name: Player(name=name) for name in GROUP}
    start = datetime(2020, 1, 1)
    for number in range(count):
        names = rng.sample(GROUP, rng.choice([3, 4]))
        winner = rng.choice(names)
        hands = [{"ended": "went_out", "went_out": names[0], "points": {n: rng.choice([0, 10, 20, 40]) for n in names}}
                 for _ in range(rng.choice([1, 2]))]
        before = {n: sum(h["points"][n] for h in hands) for n in names}
        hands.append({"ended": "went_out", "went_out": winner,
                      "points": {n: (160 - before[n] if n == winner else rng.choice([0, 5, 30])) for n in names}})
        moment = start + timedelta(hours=5 * number)
        gs = GameSession(game="basic", options={"target": 150, "jokers": 0}, created_at=moment, updated_at=moment)
        for seat, name in enumerate(names, start=1):
            gs.seats.append(Seat(seat=seat, player=players[name]))
        for position, data in enumerate(hands, start=1):
            gs.hands.append(Hand(position=position, data=data, created_at=moment + timedelta(minutes=20 * position)))
        db.session.add(gs)
    db.session.commit()


def after_a_change(app, client, repeat: int = 5) -> list[float]:
    """Milliseconds for GET /players right after a hand was saved to one game (a new version of the data)."""
    times = []
    with app.app_context():
        ids = list(db.session.execute(select(GameSession.id)).scalars())
    for number in range(repeat):
        with app.app_context():
            gs = db.session.get(GameSession, ids[number])
            gs.touch()  # as saving a hand does: the game's version, and so the data's, moves on
            db.session.commit()
        times += timed(client, "/players")
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(38)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({
            "TESTING": True, "SECRET_KEY": "bench", "LOOPBACK_IS_HOST": True,  # the players pages are the host's
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite",
        })
        with app.app_context():
            began = time.perf_counter()
            populate(count, rng)
            print(f"stored {count} finished games in {time.perf_counter() - began:.1f} s")
        client = app.test_client()
        cold = timed(client, "/players")
        with app.app_context():
            rated = len(ratings_table().matches)
            assert rated == count, f"{rated} of {count} games rated"
            assert service.find_player("Ann") is not None
        warm = timed(client, "/players", repeat=20)
        changed = after_a_change(app, client)
        player = timed(client, "/players/Ann", repeat=10)
        with app.app_context():
            cache().__init__()
            db.engine.dispose()
    print(f"players page with {count} finished games, {len(GROUP)} players (target {TARGET_MS:.0f} ms warm):")
    rows = [
        ("first request of the process (reads and rates every game)", cold),
        ("again (ratings cached per data version)", warm),
        ("right after a hand saved to one game (rated again)", changed),
        ("a player's page (chart, rival, nemesis, partner), warm", player),
    ]
    for label, times in rows:
        print(f"  {label:58s} median {statistics.median(times):7.1f} ms  max {max(times):7.1f} ms  ({len(times)} runs)")
    median = statistics.median(warm)
    verdict = "meets" if median < TARGET_MS else "MISSES"
    print(f"players page warm {median:.1f} ms: {verdict} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
