"""Many games in progress, then the pages that list them asked for again and again in one process.

This is the shape that crashed the whole server on CPython 3.11 ("Segmentation
fault ... Garbage-collecting", see docs/gc-crash.md): run in a process of its
own so that a crash fails its test instead of killing the test run.

Run: python tests/scripts/home_walk.py DATABASE_URL populate SESSIONS
     python tests/scripts/home_walk.py DATABASE_URL walk ROUNDS
The walk prints one line per page asked for ("GET / 200") and exits 0 when every page answered 200.
"""

import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sqlalchemy import select  # noqa: E402

from scorekeeper import create_app, engine  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import GameSession, Hand, Player, Seat  # noqa: E402
from tests.test_history_games import SAMPLES  # noqa: E402

HANDS = 20


def populate(count: int) -> None:
    """Store `count` 500 Rum games in progress, each HANDS hands long, played by the same players."""
    sample = SAMPLES["rummy500"]
    options = engine.resolve_options("rummy500", {"target": 10**6}, n_players=len(sample.players))
    players = {name: Player(name=name) for name in sample.players}
    start = datetime(2026, 1, 1)
    for i in range(count):
        gs = GameSession(game="rummy500", options=options, created_at=start + timedelta(minutes=i),
                         updated_at=start + timedelta(minutes=i))
        for seat, name in enumerate(sample.players, start=1):
            gs.seats.append(Seat(seat=seat, player=players[name]))
        for position in range(1, HANDS + 1):
            gs.hands.append(Hand(position=position, data=sample.hands[position % len(sample.hands)]))
        db.session.add(gs)
    db.session.commit()


def main() -> int:
    database, action, number = sys.argv[1], sys.argv[2], int(sys.argv[3])
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "walk", "LOOPBACK_IS_HOST": True})
    if action == "populate":
        with app.app_context():
            populate(number)
        return 0
    with app.app_context():
        tokens = db.session.execute(select(GameSession.edit_token).order_by(GameSession.id).limit(5)).scalars().all()
    urls = ["/", "/", "/sessions", "/sessions?page=2", "/sessions?status=in_progress", "/players", "/players/Ann",
            "/sessions/backup.json"]
    urls += [f"/s/{token}" for token in tokens] + [f"/s/{token}/review" for token in tokens]
    client = app.test_client()
    failed = 0
    for _ in range(number):
        for url in urls:
            status = client.get(url).status_code
            print("GET", url, status, flush=True)
            failed += status != 200
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
