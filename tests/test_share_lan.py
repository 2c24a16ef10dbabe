"""`scorekeeper serve --lan`: binds every interface and prints the addresses phones can open."""

from __future__ import annotations

import flask
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.host.identity import host_key
from scorekeeper.share.lan import lan_urls


def serve(monkeypatch, tmp_path, *args: str):
    """Run `scorekeeper serve ARGS` up to the point of serving; returns (output, the host and port it would bind)."""
    bound = {}
    # the real server would block the test; everything before it runs for real
    monkeypatch.setattr(flask.Flask, "run", lambda app, host, port, **kw: bound.update(host=host, port=port, app=app))
    monkeypatch.setenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'serve.sqlite'}")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
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


def test_serve_without_lan_stays_on_this_computer(monkeypatch, tmp_path):
    output, bound = serve(monkeypatch, tmp_path)
    assert bound["host"] == "127.0.0.1"
    assert "Phones on the same network" not in output
    # only this computer reaches a loopback-only server: whoever asks is the host
    assert bound["app"].config["LOOPBACK_IS_HOST"]
    assert "/host/" not in output

