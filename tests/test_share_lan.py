"""`scorekeeper serve --lan`: binds every interface and prints the addresses phones can open."""

from __future__ import annotations

import flask
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.share.lan import lan_urls


def serve(monkeypatch, tmp_path, *args: str):
    """Run `scorekeeper serve ARGS` up to the point of serving; returns (output, the host and port it would bind)."""
    bound = {}
    # the real server would block the test; everything before it runs for real
    monkeypatch.setattr(flask.Flask, "run", lambda app, host, port, **kw: bound.update(host=host, port=port, app=app))
    monkeypatch.setenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'serve.sqlite'}")
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    return result.output, bound


def test_serve_lan_binds_every_interface_and_prints_the_lan_urls(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path, "--lan", "--port", "5055")
    assert bound["host"] == "0.0.0.0" and bound["port"] == 5055
    urls = lan_urls(5055)
    for url in urls:
        assert url in output
    assert bound["app"].config["LAN_URLS"] == urls
    if not urls:
        assert "No network address found" in output


def test_serve_without_lan_stays_on_this_computer(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path)
    assert bound["host"] == "127.0.0.1"
    assert "Phones on the same network" not in output

