"""`scorekeeper serve`: waitress on this computer or every interface, the LAN addresses and where the data lives."""

from __future__ import annotations

import waitress
from click.testing import CliRunner

from scorekeeper import gcsafe
from scorekeeper.cli import SERVE_THREADS, main
from scorekeeper.host.identity import host_key
from scorekeeper.share import lan
from scorekeeper.share.lan import lan_urls


def serve(monkeypatch, tmp_path, *args: str):
    """Run `scorekeeper serve ARGS` up to the point of serving; returns (output, what waitress was asked to serve)."""
    bound = {}
    # the real server would block the test; everything before it runs for real
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: bound.update(app=app, **kw))
    # a server's start keeps what it built out of the collector's walks for good: not this test process's
    monkeypatch.setattr(gcsafe, "freeze_start", lambda: bound.setdefault("frozen_before_serving", True))
    monkeypatch.setenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'serve.sqlite'}")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    return result.output, bound


def test_serve_lan_binds_every_interface_and_prints_the_lan_urls(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path, "--lan", "--port", "5055")
    assert bound["host"] == "0.0.0.0" and bound["port"] == 5055
    urls = lan_urls(5055)
    for url in urls:
        assert url in output
    app = bound["app"]
    assert app.config["LAN_URLS"] == urls
    # phones reach the app by these addresses: it answers to them, and nobody there is the host by address
    assert not app.config["LOOPBACK_IS_HOST"]
    for url in urls:
        assert url.split("//")[1].split(":")[0] in app.config["TRUSTED_HOSTS"]
    if urls:
        with app.app_context():
            key = host_key()
        assert f"{urls[0]}/host/{key}" in output
        assert "\u2588" in output or "█" in output  # its QR code, drawn in the terminal
    else:
        assert "No network address found" in output


def test_serve_lan_prints_the_first_address_as_a_qr_code(monkeypatch, tmp_path):
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.7"])
    output, _ = serve(monkeypatch, tmp_path, "--lan")
    assert "http://192.0.2.7:5000" in output
    # the address's code comes first; the host link's follows it
    lan_part = output.split("Host link")[0]
    drawn = [line for line in lan_part.splitlines() if len(line) >= 20 and set(line) <= set("█▀▄\xa0 ")]
    # a square of text characters, as wide as it is tall (each line draws two rows of modules)
    assert len({len(line) for line in drawn}) == 1
    assert len(drawn) == (len(drawn[0]) + 1) // 2


def test_serve_without_lan_stays_on_this_computer(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path)
    assert bound["host"] == "127.0.0.1"
    assert "Phones on the same network" not in output
    # only this computer reaches a loopback-only server: whoever asks is the host
    assert bound["app"].config["LOOPBACK_IS_HOST"]
    assert "/host/" not in output


def test_serve_runs_waitress_with_threads_for_a_table_of_phones(monkeypatch, tmp_path):
    _, bound = serve(monkeypatch, tmp_path)
    assert bound["threads"] == SERVE_THREADS >= 8


def test_serve_keeps_open_the_connections_of_fifty_tables_of_eight_phones(monkeypatch, tmp_path):
    _, bound = serve(monkeypatch, tmp_path)
    # each phone keeps one connection for its poll, and another while a page loads
    assert bound["connection_limit"] >= 50 * 8 * 2
    # select() watches no socket past 1023: so many connections need poll()
    assert bound["asyncore_use_poll"] is True


def test_serve_says_where_the_data_lives(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path)
    assert f"Data: {tmp_path / 'instance'}" in output
    assert f"Database: sqlite:///{tmp_path / 'serve.sqlite'}" in output


def test_data_dir_chooses_the_folder_of_the_database_and_secret_key(monkeypatch, tmp_path):
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: None)
    monkeypatch.delenv("SCOREKEEPER_INSTANCE_PATH", raising=False)
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    chosen = tmp_path / "games"
    result = CliRunner().invoke(main, ["serve", "--data-dir", str(chosen)])
    assert result.exit_code == 0, result.output
    assert f"Data: {chosen}" in result.output
    assert (chosen / "scorekeeper.sqlite").is_file() and (chosen / "secret_key").is_file()
    exported = CliRunner().invoke(main, ["export", "--all", "-", "--data-dir", str(chosen)])
    assert exported.exit_code == 0 and '"sessions": []' in exported.output


def test_database_password_is_not_printed(monkeypatch, tmp_path):
    from scorekeeper.cli import _shown_url

    assert "s3cret" not in _shown_url("postgresql+psycopg://ann:s3cret@db.example/scores")


def test_version():
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert "version 0.1.0" in result.output


def test_serving_every_interface_without_lan_still_answers_the_lan_addresses(monkeypatch, tmp_path):
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.7"])
    output, bound = serve(monkeypatch, tmp_path, "--host", "0.0.0.0")
    assert "192.0.2.7" in bound["app"].config["TRUSTED_HOSTS"]
    assert not bound["app"].config["LOOPBACK_IS_HOST"]
    assert "/host/" in output
