"""The app's configuration as someone running it at home meets it."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app


def _fresh_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return create_app({"TESTING": True})


def test_the_database_and_secret_key_live_in_the_instance_folder(tmp_path, monkeypatch):
    app = _fresh_app(tmp_path, monkeypatch)
    instance = tmp_path / "instance"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{instance / 'scorekeeper.sqlite'}"
    assert (instance / "secret_key").read_text() == app.config["SECRET_KEY"]
    assert len(app.config["SECRET_KEY"]) >= 32
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0


def test_a_form_opened_before_a_restart_still_saves_after_it(tmp_path, monkeypatch):
    before = _fresh_app(tmp_path, monkeypatch)
    client = before.test_client()
    page = client.get("/new/rummy500").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)

    after = _fresh_app(tmp_path, monkeypatch)  # the server restarted; the browser keeps its cookie
    assert after.config["SECRET_KEY"] == before.config["SECRET_KEY"]
    restarted = after.test_client()
    for cookie in client._cookies.values():
        restarted.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
    response = restarted.post(
        "/new/rummy500",
        data={"csrf_token": token, "players-0": "Ann", "players-1": "Ben"},
    )
    assert response.status_code == 302, response.get_data(as_text=True)[:500]


def test_postgres_urls_are_read_with_psycopg_3(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/scores")
    from scorekeeper.config import database_url

    assert database_url(str(tmp_path)) == "postgresql+psycopg://u:p@db.example/scores"


def _proxied_share_page(databases, proxies: int) -> str:
    app = databases.app(
        f"proxy{proxies}", LOOPBACK_IS_HOST=False, WTF_CSRF_ENABLED=False, TRUSTED_PROXIES=proxies,
        # the names the app answers to there (see security.trusted_hosts)
        ALLOWED_HOSTS=["scores.example.org", "10.0.0.5"],
    )
    client = app.test_client()
    started = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben"})
    token = started.headers["Location"].rstrip("/").split("/")[-1]
    # the TLS proxy reached the app over plain HTTP on an internal address, and said where the phone came from
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org", "X-Forwarded-For": "198.51.100.9"}
    page = client.get(f"/s/{token}/share", base_url="http://10.0.0.5:8000", headers=headers)
    return page.get_data(as_text=True)


def test_behind_a_trusted_proxy_the_share_links_carry_the_public_address(databases):
    page = _proxied_share_page(databases, proxies=1)
    assert "https://scores.example.org/s/" in page
    assert "http://10.0.0.5:8000/s/" not in page


def test_forwarded_headers_are_ignored_unless_proxies_are_trusted(databases):
    # reached directly, anyone could send these headers: by default they change nothing
    page = _proxied_share_page(databases, proxies=0)
    assert "http://10.0.0.5:8000/s/" in page
    assert "scores.example.org" not in page


def test_an_installed_package_keeps_its_data_in_the_users_data_folder(tmp_path, monkeypatch):
    import scorekeeper

    monkeypatch.delenv("SCOREKEEPER_INSTANCE_PATH", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where platformdirs looks first on Linux
    monkeypatch.setattr(scorekeeper, "_CHECKOUT", False)
    assert scorekeeper.instance_folder() == str(tmp_path / "data" / "scorekeeper")
    monkeypatch.setattr(scorekeeper, "_CHECKOUT", True)
    assert scorekeeper.instance_folder() is None  # Flask's instance/ beside the package: the checkout's
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "chosen"))
    assert scorekeeper.instance_folder() == str(tmp_path / "chosen")
    assert scorekeeper.instance_folder(tmp_path / "given") == str(tmp_path / "given")


def test_postgresql_without_its_driver_says_what_to_install(tmp_path, monkeypatch):
    import sys

    from click.testing import CliRunner

    from scorekeeper.cli import main
    from scorekeeper.database import MissingDriver

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if `pip install .` had left the driver out
    monkeypatch.setenv("DATABASE_URL", "postgresql://scores@localhost/scores")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    with pytest.raises(MissingDriver, match=r"pip install 'scorekeeper\[postgres\]'"):
        create_app({"TESTING": True, "SECRET_KEY": "tests"})
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert "pip install 'scorekeeper[postgres]'" in result.output


def test_an_empty_secret_key_file_left_by_a_crash_is_replaced(tmp_path, monkeypatch):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text("")
    app = _fresh_app(tmp_path, monkeypatch)
    assert len(app.config["SECRET_KEY"]) >= 32
    assert (tmp_path / "instance" / "secret_key").read_text() == app.config["SECRET_KEY"]
    assert not [p for p in (tmp_path / "instance").iterdir() if p.name.startswith(".secret_key.")]


def test_a_postgresql_url_keeps_its_own_connection_options_beside_the_lock_timeout():
    from scorekeeper.database import engine_options

    options = engine_options({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://u@h/db?options=-csearch_path%3Dscores",
                              "SQLALCHEMY_ENGINE_OPTIONS": {}, "LOCK_WAIT_SECONDS": 5, "POOL_RECYCLE_SECONDS": 300})
    assert options["connect_args"]["options"] == "-csearch_path=scores -c lock_timeout=5000"
    assert options["pool_recycle"] == 300
