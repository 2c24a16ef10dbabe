"""`scorekeeper serve` behind a reverse proxy, through the real server: nobody is the host by address, cookies follow HTTPS.

Flask's test client has no server in front of the app; waitress does, and what it
does with a proxy's headers (X-Forwarded-For, Forwarded, X-Forwarded-Proto...) decides
whether the app ever sees them. So these tests start `scorekeeper serve` on a free
loopback port and ask it over HTTP, as a proxy on this computer (Caddy, nginx) would.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.host.identity import GUEST_MESSAGE, host_key

CLI = [sys.executable, "-m", "scorekeeper.cli"]
FIXTURE = Path(__file__).parent / "fixtures" / "premigration_export.json"
# a game of that backup, by its edit link
EDIT_TOKEN = "amqKYJyAhBtIgN5hiXXxxKKO_Gmq6V-mYByd2Tz4aiM"
# what lists or reveals every game: the host's alone
HOST_PAGES = ["/sessions", "/sessions/backup.json", "/host"]
# what a proxy adds to each request it passes on (Caddy's defaults are the X-Forwarded ones)
PROXY_HEADERS = [
    {"X-Forwarded-For": "203.0.113.9"},
    {"Forwarded": "for=203.0.113.9;proto=https"},
    {"X-Forwarded-Proto": "https"},
    {"X-Forwarded-Host": "localhost"},
    {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "localhost"},
]


class Server:
    """A running `scorekeeper serve` on 127.0.0.1, asked one request at a time."""

    def __init__(self, port: int, data: Path) -> None:
        self.port = port
        self.data = data

    def ask(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, list[str]], str]:
        """GET `path` with `headers`, redirects not followed: (status, headers by lower-case name, body)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path, headers=headers or {})
            answer = connection.getresponse()
            found: dict[str, list[str]] = {}
            for name, value in answer.getheaders():
                found.setdefault(name.lower(), []).append(value)
            return answer.status, found, answer.read().decode()
        finally:
            connection.close()

    def cookies(self, path: str, headers: dict[str, str] | None = None) -> dict[str, str]:
        """The cookies the answer to `path` sets, by name: each one's Set-Cookie value."""
        _, found, _ = self.ask(path, headers)
        return {cookie.split("=", 1)[0]: cookie for cookie in found.get("set-cookie", [])}


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(**settings: str) -> dict[str, str]:
    """This process's environment without Scorekeeper's settings (the data folder decides), plus `settings`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SCOREKEEPER_") and k not in ("DATABASE_URL", "SECRET_KEY")}
    return {**env, **settings}


def serving(data: Path, log: Path, **settings: str) -> Iterator[Server]:
    """`scorekeeper serve` on loopback on the data folder `data`, with `settings` in its environment."""
    port = free_port()
    with log.open("w") as out:
        server = subprocess.Popen([*CLI, "serve", "--port", str(port), "--data-dir", str(data)],
                                  env=environment(**settings), stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, f"scorekeeper serve stopped:\n{log.read_text()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield Server(port, data)
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """A data folder holding a backup's games."""
    folder = tmp_path_factory.mktemp("data")
    subprocess.run([*CLI, "import", str(FIXTURE), "--data-dir", str(folder)], env=environment(), check=True,
                   capture_output=True)
    return folder


@pytest.fixture(scope="module")
def server(data) -> Iterator[Server]:
    """`scorekeeper serve` as `make run` starts it: loopback only, no proxy declared."""
    yield from serving(data, data / "serve.log")


@pytest.fixture(scope="module")
def declared(data) -> Iterator[Server]:
    """`scorekeeper serve` on loopback behind one declared proxy (SCOREKEEPER_TRUSTED_PROXIES=1)."""
    yield from serving(data, data / "declared.log", SCOREKEEPER_TRUSTED_PROXIES="1")


@pytest.mark.parametrize("path", HOST_PAGES)
def test_a_request_from_this_computer_with_no_proxy_is_the_hosts(server, path):
    status, _, body = server.ask(path)
    assert status == 200
    if path == "/sessions/backup.json":
        assert EDIT_TOKEN in body


@pytest.mark.parametrize("headers", PROXY_HEADERS, ids=lambda headers: "+".join(headers))
@pytest.mark.parametrize("path", HOST_PAGES)
def test_a_request_a_proxy_passed_on_is_a_guests_under_the_real_server(server, path, headers):
    status, _, body = server.ask(path, headers)
    assert status == 403
    assert GUEST_MESSAGE.split(":")[0] in body
    assert EDIT_TOKEN not in body


@pytest.mark.parametrize("path", HOST_PAGES)
def test_behind_a_declared_proxy_nobody_is_the_host_by_address(declared, path):
    # a client's own X-Forwarded-For: 127.0.0.1 names loopback, and still makes nobody the host
    for headers in ({}, {"X-Forwarded-For": "127.0.0.1"}, {"X-Forwarded-For": "203.0.113.9"}):
        assert declared.ask(path, headers)[0] == 403


def test_a_game_opened_through_a_declared_proxy_is_remembered_on_that_device(declared):
    # the device's session (which remembers the game opened) is set for the proxy's client
    headers = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    assert "session" in declared.cookies(f"/s/{EDIT_TOKEN}", headers)


def every_cookie(server: Server, headers: dict[str, str]) -> list[str]:
    """The cookies set on opening a game, the host link and a player's own part: the session, host and device cookies."""
    cookies: dict[str, str] = {}
    for path in (f"/s/{EDIT_TOKEN}", f"/host/{host_key(str(server.data))}", f"/s/{EDIT_TOKEN}/my-hand?seat=1"):
        cookies.update({f"{path} {name}": value for name, value in server.cookies(path, headers).items()})
    names = {key.split()[1] for key in cookies}
    assert {"session", "scorekeeper_host"} <= names and any(name.startswith("sk_me_") for name in names), names
    return list(cookies.values())


def test_through_a_tls_proxy_every_cookie_is_secure(declared):
    for cookie in every_cookie(declared, {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}):
        assert "; Secure" in cookie, cookie


@pytest.mark.parametrize("headers", [{}, {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "http"}],
                         ids=["plain http", "a proxy over http"])
def test_over_plain_http_cookies_are_not_secure_so_phones_on_the_lan_keep_them(declared, headers):
    for cookie in every_cookie(declared, headers):
        assert "Secure" not in cookie, cookie
