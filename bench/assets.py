"""Figures: what a phone downloads to show the scoreboard of a 20-hand game, and asks again on a repeat view.

Run with ``.venv/bin/python bench/assets.py [HANDS]``. It stores one 500 Rum
session of HANDS hands (default 20, entered with their cards) in a temporary
database, then fetches the scoreboard through the test client as a browser
does: the page, then every stylesheet, script and preloaded module it links.
It prints the bytes of each, plain and as sent compressed to a browser over
plain HTTP on the LAN (which accepts gzip and deflate) and over HTTPS (which
accepts brotli and zstd as well; the column names what was used), and how many
requests a repeat view makes: the page, plus each static file not kept for
good (``immutable``), which the browser would ask again. Targets (issue 16):
at most 40 KB transferred on the first load, one request on a repeat view.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.tables import service  # noqa: E402
from tests.test_history_games import SAMPLES  # noqa: E402

TARGET_KB = 40
# what Chromium asks for: plain HTTP (a phone on the LAN), HTTPS
ENCODINGS = {"plain": "identity", "http": "gzip, deflate", "https": "gzip, deflate, br, zstd"}
LINKED = re.compile(r'<(?:link [^>]*href|script [^>]*src)="(/static/[^"]+)"')


def store_game(hands: int) -> str:
    """Store a 500 Rum session of `hands` hands entered with cards; returns its edit token."""
    sample = SAMPLES["rummy500"]
    # a target nobody reaches, so that every hand is played
    gs = service.create_session(sample.game, {**sample.options, "target": 10**9}, sample.players)
    for n in range(hands):
        service.add_hand(gs, sample.hands[n % len(sample.hands)])
    return gs.edit_token


def first_load(client, url: str, accept: str) -> list[tuple[str, int, str, str]]:
    """(address, bytes sent, encoding, Cache-Control) of the page and every static file it links, asked with `accept`."""
    headers = {"Accept-Encoding": accept}
    plain = client.get(url).get_data(as_text=True)
    sent = []
    for address in [url, *LINKED.findall(plain)]:
        with client.get(address, headers=headers) as response:
            assert response.status_code == 200, address
            sent.append((address, len(response.data), response.headers.get("Content-Encoding", "none"),
                         response.headers.get("Cache-Control", "")))
    return sent


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite"})
        with app.app_context():
            url = f"/s/{store_game(hands)}"
        client = app.test_client()
        loads = {name: first_load(client, url, accept) for name, accept in ENCODINGS.items()}
        with app.app_context():
            db.engine.dispose()
    print(f"scoreboard of a {hands}-hand 500 Rum game, first load (target {TARGET_KB} KB transferred):")
    print(f"  {'':44s}" + "".join(f" {name:>16s}" for name in ENCODINGS))
    for index, (address, *_) in enumerate(loads["plain"]):
        label = "the page (HTML)" if index == 0 else address
        sizes = "".join(f" {loads[name][index][1] / 1024:7.1f}KB {loads[name][index][2]:>6s}" for name in ENCODINGS)
        print(f"  {label:44s}{sizes}")
    totals = "".join(f" {sum(sent[1] for sent in loads[name]) / 1024:7.1f}KB {'':6s}" for name in ENCODINGS)
    print(f"  {'total (' + str(len(loads['plain'])) + ' requests)':44s}{totals}")
    asked_again = [address for address, _, _, cache in loads["plain"][1:] if "immutable" not in cache]
    print(f"repeat view: {1 + len(asked_again)} request(s) (the page"
          + (f", and again {', '.join(asked_again)})" if asked_again else "; every static file is kept for good)"))


if __name__ == "__main__":
    main()
