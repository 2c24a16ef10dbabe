"""Benchmark: restoring a large backup while a phone keeps saving hands.

Run with ``.venv/bin/python bench/restore.py [SESSIONS]``. It writes a backup
of SESSIONS (default 20,000) four-player 500 Rum games of 20 points hands
each, restores it with ``scorekeeper import`` into an empty SQLite database
in a process of its own, and meanwhile saves a hand every 0.2 s into another
game of that database, as a phone at a table would. It prints the restore's
time and peak memory (the child's maximum resident set) and the phone's
saves: how many, how many failed, and the longest wait.
"""

from __future__ import annotations

import json
import resource
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]
HANDS = 20


def backup(sessions: int) -> dict:
    """A backup of `sessions` unfinished 500 Rum games, each with links of its own."""
    hand = {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 45, "Ben": -10, "Cy": 5, "Dee": 0}}
    body = []
    for _ in range(sessions):
        body.append({
            "game": "rummy500", "options": {"target": 10**6}, "players": PLAYERS, "hands": [hand] * HANDS,
            "metadata": {"format": "scorekeeper-session", "format_version": 1,
                         "edit_token": secrets.token_urlsafe(32), "view_token": secrets.token_urlsafe(32)},
        })
    return {"format": "scorekeeper-backup", "format_version": 1, "sessions": body}


def main(sessions: int) -> None:
    """Restore the backup while a phone saves, and print the figures."""
    folder = Path(tempfile.mkdtemp(prefix="sk-restore-bench-"))
    path = folder / "backup.json"
    path.write_text(json.dumps(backup(sessions)))
    url = f"sqlite:///{folder / 'scorekeeper.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "LOOPBACK_IS_HOST": True})
    phone = app.test_client()
    game = phone.post("/new/rummy500", data={f"players-{i}": n for i, n in enumerate(PLAYERS)}).headers["Location"]

    saves: list[tuple[int, float]] = []
    done = threading.Event()

    def save_now_and_then() -> None:
        while not done.is_set():
            form = {"idempotency_key": secrets.token_urlsafe(12), "ended": "went_out", "went_out": "Ann",
                    "mode": "points", "points-0": "10", "points-1": "-5", "points-2": "0", "points-3": "0"}
            started = time.perf_counter()
            status = phone.post(f"{game}/hands/new", data=form).status_code
            saves.append((status, time.perf_counter() - started))
            time.sleep(0.2)

    saver = threading.Thread(target=save_now_and_then)
    saver.start()
    started = time.perf_counter()
    result = subprocess.run(
        [str(Path(sys.executable).parent / "scorekeeper"), "import", str(path)],
        env={"SCOREKEEPER_SQLALCHEMY_DATABASE_URI": url, "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True,
    )
    seconds = time.perf_counter() - started
    done.set()
    saver.join()
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"backup: {sessions:,} sessions of {HANDS} hands, {path.stat().st_size / 2**20:.1f} MB")
    print(f"restore: {seconds:.1f} s, peak memory {peak_mb:.0f} MB, exit {result.returncode}: {result.stdout.strip()}")
    print(f"progress lines: {len([line for line in result.stderr.splitlines() if line.startswith('Restoring:')])}")
    failed = [s for s, _ in saves if s != 302]
    longest = max((t for _, t in saves), default=0.0)
    print(f"phone: {len(saves)} saves meanwhile, {len(failed)} failed, longest {longest * 1000:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
