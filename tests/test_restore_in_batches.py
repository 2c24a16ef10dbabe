"""A large backup restores in short batches: phones keep saving meanwhile, the command line shows
progress, and a restore the database stops part-way is finished by importing the file again."""

from __future__ import annotations

import html
import json
import secrets
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.history import backup
from scorekeeper.history.backup import ImportStopped, export_all, import_text
from scorekeeper.models import GameSession
from tests.conftest import Table
from tests.test_backup_roundtrip import cli, everything, fresh_app, upload
from tests.test_history_games import SAMPLES, store_sample


def big_backup(databases, tmp_path: Path, sessions: int) -> Path:
    """A backup file of `sessions` copies of a four-hand 500 Rum game, each with links of its own."""
    with databases.app("source").app_context():
        store_sample(SAMPLES["rummy500"])
        [one] = export_all()["sessions"]
    copies = []
    for _ in range(sessions):
        copy = json.loads(json.dumps(one))
        copy["metadata"]["edit_token"] = secrets.token_urlsafe(32)
        copy["metadata"]["view_token"] = secrets.token_urlsafe(32)
        copies.append(copy)
    path = tmp_path / "big-backup.json"
    path.write_text(json.dumps({"format": "scorekeeper-backup", "format_version": 1, "sessions": copies}))
    return path


def batches_of(sessions: int, monkeypatch) -> None:
    """Batches of exactly `sessions` sessions, however long each takes on this machine."""
    monkeypatch.setattr(backup, "BATCH_SESSIONS", sessions)
    monkeypatch.setattr(backup, "BATCH_SECONDS", float("inf"))


def disk_fills_at(session: int, monkeypatch):
    """Make the database fail while writing the `session`th session of a restore; returns the real writer."""
    real_write, written = backup._write, [0]

    def failing_write(r, known):
        written[0] += 1
        if written[0] == session:
            raise OSError("disk full")
        return real_write(r, known)

    monkeypatch.setattr(backup, "_write", failing_write)
    return real_write


def sessions_in(app) -> int:
    """How many sessions the app's database holds."""
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameSession))


def test_a_large_backup_restores_in_batches_with_progress_on_the_command_line(app, databases, tmp_path, monkeypatch):
    path = big_backup(databases, tmp_path, 1_200)
    batches_of(100, monkeypatch)
    result = cli(databases.url("restored"), "import", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "Restored 1,200 sessions."
    progress = [line for line in lines if line.startswith("Restoring: ")]
    assert progress[-1] == "Restoring: 1,200 of 1,200 sessions written"
    assert 2 <= len(progress) <= 10, "progress comes in steps, neither silent nor one line per batch"
    assert sessions_in(fresh_app(databases, "restored")) == 1_200


def test_each_batch_is_committed_before_the_next_is_written(app, databases, tmp_path, monkeypatch):
    path = big_backup(databases, tmp_path, 450)
    batches_of(100, monkeypatch)
    seen: list[tuple[int, int]] = []
    other = databases.app("test")  # its own connections, as another phone's request has

    def progress(done: int, total: int) -> None:
        # another connection (another phone's request) already sees every session of the batches written
        seen.append((done, sessions_in(other)))

    with app.app_context():
        result = import_text(path.read_bytes(), max_bytes=10**9, progress=progress)
    assert len(result.edit_tokens) == 450
    assert seen == [(100, 100), (200, 200), (300, 300), (400, 400), (450, 450)]


def test_phones_keep_saving_while_a_large_backup_is_restored(databases, tmp_path, monkeypatch):
    path = big_backup(databases, tmp_path, 1_000)
    # a phone's save waits at most PATIENCE s here for another transaction (5 s in the app): a restore holding the
    # database for its whole length would make these saves fail, since the restore lasts longer (asserted below).
    # Not 1 s: on a loaded machine a batch and the pause after it have once stretched past a second.
    patience = 2.0
    quick = {"pool_pre_ping": True, "connect_args": {"timeout": patience}} if databases.url().startswith("sqlite") else {}
    phones = databases.app("test", WTF_CSRF_ENABLED=False, SQLALCHEMY_ENGINE_OPTIONS=quick)
    restoring_app = databases.app("test")
    table = Table(phones.test_client(), phones)
    table.start("rummy500", ["Ann", "Ben"])
    started, finished = threading.Event(), threading.Event()
    failures: list[BaseException] = []

    lasted: list[float] = []

    def restore() -> None:
        began = time.monotonic()
        try:
            with restoring_app.app_context():
                import_text(path.read_bytes(), max_bytes=10**9)
        except BaseException as exc:  # noqa: BLE001 - reported by the test below
            failures.append(exc)
        finally:
            lasted.append(time.monotonic() - began)
            started.set()
            finished.set()

    real_write = backup._write

    def writing(r, known):
        started.set()  # the restore is writing: the phones save from now on
        return real_write(r, known)

    monkeypatch.setattr(backup, "_write", writing)
    thread = threading.Thread(target=restore)
    thread.start()
    statuses = []
    try:
        started.wait(60)
        while not finished.is_set():
            statuses.append(table.play({"went_out": "Ann", "points": {"Ann": 10, "Ben": -5}}).status_code)
            time.sleep(0.1)  # a table saves a hand now and then, not hundreds a second
    finally:
        thread.join(120)
    assert not failures
    if quick:
        assert lasted[0] > patience, "the restore must outlast a save's patience, or the test proves nothing"
    assert statuses and set(statuses) == {302}, f"{len(statuses)} saves while restoring: {statuses}"
    assert len(table.hand_ids()) == len(statuses)
    assert sessions_in(restoring_app) == 1_001


def test_a_restore_the_database_stops_part_way_keeps_what_it_wrote_and_finishes_when_run_again(
    app, databases, tmp_path, monkeypatch
):
    path = big_backup(databases, tmp_path, 300)
    batches_of(100, monkeypatch)
    real_write = disk_fills_at(150, monkeypatch)
    restored = fresh_app(databases, "restored")
    with restored.app_context(), pytest.raises(ImportStopped) as stopped:
        import_text(path.read_bytes(), max_bytes=10**9)
    message = str(stopped.value)
    assert message.startswith("Restored 100 of 300 sessions, then stopped: the database failed (OSError).")
    assert "Import the same file again to restore the rest" in message
    assert sessions_in(restored) == 100

    monkeypatch.setattr(backup, "_write", real_write)
    result = cli(databases.url("restored"), "import", str(path))
    assert result.exit_code == 0, result.output
    assert "Restored 200 sessions. 100 already here (the same game) left as they are." in result.output
    assert sessions_in(restored) == 300
    assert len({s["edit_token"] for s in everything(restored)}) == 300


def test_the_command_line_says_how_far_a_stopped_restore_got(app, databases, tmp_path, monkeypatch):
    path = big_backup(databases, tmp_path, 250)
    batches_of(100, monkeypatch)
    disk_fills_at(201, monkeypatch)
    result = cli(databases.url("restored"), "import", str(path))
    assert result.exit_code == 1
    assert "error: Restored 200 of 250 sessions, then stopped: the database failed (OSError)." in result.output
    assert "nothing was imported" not in result.output


def test_the_import_page_says_how_far_a_stopped_restore_got(databases, tmp_path, client, monkeypatch):
    path = big_backup(databases, tmp_path, 250)
    batches_of(100, monkeypatch)
    disk_fills_at(201, monkeypatch)
    response = upload(client, path.read_bytes())
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert "Restored 200 of 250 sessions, then stopped: the database failed (OSError)." in page
    assert "Import the same file again to restore the rest" in page
    assert "Nothing was imported" not in page
