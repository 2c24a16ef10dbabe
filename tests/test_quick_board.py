"""A guest's view-link scoreboard answered before Flask (scorekeeper/sessions/quick_board.py), as the view answers it."""

from __future__ import annotations

import gzip
import time
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from werkzeug.http import parse_date
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.test import Client

from scorekeeper import security
from scorekeeper.compression import compress
from scorekeeper.extensions import db
from scorekeeper.history.routes import allow_large_imports
from scorekeeper.history.scores import cache
from scorekeeper.host.identity import HOST_COOKIE, host_cookie_value
from scorekeeper.models import GameSession, utcnow
from scorekeeper.sessions import quick_board
from scorekeeper.sessions.quick_board import Finished, FinishedAnswers, QuickBoard, hooks_known
from tests.shortcuts import count_handed_on, wsgi_layer
from tests.test_history_games import SAMPLES, store_sample

LAN = {"REMOTE_ADDR": "192.168.1.50"}  # a phone on the Wi-Fi: a guest


def shortcut(app) -> QuickBoard:
    """The app's scoreboard shortcut, the innermost of its WSGI layers."""
    return wsgi_layer(app, QuickBoard)


@pytest.fixture
def links(app) -> dict[str, str]:
    """Two 500 Rum games with hands: the first's view and edit links, and the second's view link."""
    return games_of(app)


def games_of(app) -> dict[str, str]:
    """Two 500 Rum games with hands stored in `app`: the first's view and edit links, the second's view link."""
    with app.app_context():
        first, second = (store_sample(SAMPLES["rummy500"], hands=2) for _ in range(2))
        db.session.commit()
        return {"view": first.view_token, "edit": first.edit_token, "other": second.view_token}


@pytest.fixture
def handed(app, monkeypatch) -> list[str]:
    """The addresses the shortcut handed on to Flask, in order."""
    return count_handed_on(shortcut(app), monkeypatch)


def by_flask(app) -> Client:
    """A client of the app without the scoreboard shortcut: what the view itself answers (see `handed`)."""
    return Client(shortcut(app).flask, app.response_class, use_cookies=False)


def by_app(app) -> Client:
    """A client of the whole app, shortcut and all, keeping no cookies (each request says its own)."""
    return Client(app, app.response_class, use_cookies=False)


def session_cookie(app, **held: Any) -> str:
    """A Cookie header of a session holding `held`, signed as the app signs it."""
    with app.app_context():
        value = app.session_interface.get_signing_serializer(app).dumps(held)
    return f"session={value}"


def comparable(app, answer) -> tuple[Any, ...]:
    """An answer as a phone reads it: status, body and headers, the session cookie by what it holds.

    The cookie's signature, its time and Expires, and the Date header change from one
    second to the next: two answers a moment apart are compared without them (see same_answer).
    """
    headers = []
    for name, value in answer.headers.items():
        if name == "Date":
            continue
        if name == "Set-Cookie":
            pairs = [part.strip() for part in value.split(";")]
            cookie_name, _, signed = pairs[0].partition("=")
            with app.app_context():
                held = app.session_interface.get_signing_serializer(app).loads(signed)
            value = (cookie_name, held, [p for p in pairs[1:] if not p.startswith("Expires=")])
        headers.append((name, value))
    return answer.status_code, answer.data, headers


def expiry(answer) -> datetime | None:
    """When the answer's session cookie expires, if it sets one."""
    found = [part.strip()[len("Expires="):] for part in answer.headers.get("Set-Cookie", "").split(";")
             if part.strip().startswith("Expires=")]
    return parse_date(found[0]) if found else None


def same_answer(app, answer, flask_answer) -> None:
    """Assert that two answers are the same to a phone (see comparable), the cookie's expiry to within 5 s."""
    assert comparable(app, answer) == comparable(app, flask_answer)
    assert [name for name, _ in answer.headers] == [name for name, _ in flask_answer.headers], "in the same order"
    ends = expiry(answer), expiry(flask_answer)
    assert ends == (None, None) or abs(ends[0] - ends[1]) <= timedelta(seconds=5)


def ask_both(app, path: str, headers: dict[str, str], environ: dict[str, str] | None = None):
    """The app's answer to a request and the view's own, the view asked first (so that it builds what it keeps)."""
    environ = {**LAN, **(environ or {})}
    by_flask(app).get(path, environ_base=environ)  # the page built
    by_flask(app).get(path, headers=headers, environ_base=environ)  # and compressed, if this client asks so
    flask_answer = by_flask(app).get(path, headers=headers, environ_base=environ)
    return by_app(app).get(path, headers=headers, environ_base=environ), flask_answer


def stored_game(view_token: str) -> GameSession:
    """The game a view link opens, as stored (in an app context)."""
    return db.session.execute(select(GameSession).where(GameSession.view_token == view_token)).scalar_one()


def etag_of(app, token: str) -> str:
    return by_flask(app).get(f"/s/{token}", environ_base=LAN).headers["ETag"].strip('"')


def today() -> int:
    return utcnow().date().toordinal()


# requests a guest's phone makes: each answered by the shortcut exactly as the view answers it
ANSWERED = {
    "a first visit (the device remembers the game)": lambda app, links: {},
    "a phone that has been here today": lambda app, links: {
        "Cookie": session_cookie(app, games=[links["view"]], day=today(), _permanent=True)},
    "a phone whose last game was another": lambda app, links: {
        "Cookie": session_cookie(app, games=[links["other"], links["view"]], day=today(), _permanent=True)},
    "a phone last here yesterday (its cookie renewed)": lambda app, links: {
        "Cookie": session_cookie(app, games=[links["view"]], day=today() - 1, _permanent=True)},
    "a cookie the app did not sign": lambda app, links: {"Cookie": "session=forged.value.here"},
    "a browser holding this version": lambda app, links: {"If-None-Match": f'"{etag_of(app, links["view"])}"'},
    "a browser holding its gzip": lambda app, links: {"If-None-Match": f'"{etag_of(app, links["view"])}:gzip"'},
    "a browser holding any version": lambda app, links: {"If-None-Match": "*"},
    "a browser holding its gzip, weakly (Flask-Compress's own 304)": lambda app, links: {
        "If-None-Match": f'W/"{etag_of(app, links["view"])}:gzip"', "Accept-Encoding": "gzip"},
    "a browser holding an older version": lambda app, links: {"If-None-Match": '"older", W/"weak"'},
    "gzip": lambda app, links: {"Accept-Encoding": "gzip, deflate"},
    "brotli": lambda app, links: {"Accept-Encoding": "gzip, deflate, br"},
    "zstd": lambda app, links: {"Accept-Encoding": "gzip, deflate, br, zstd"},
    "gzip refused": lambda app, links: {"Accept-Encoding": "gzip;q=0"},
    "any encoding": lambda app, links: {"Accept-Encoding": "*"},
    "gzip, having been here": lambda app, links: {
        "Accept-Encoding": "gzip", "Cookie": session_cookie(app, games=[links["view"]], day=today(), _permanent=True)},
}


@pytest.mark.parametrize("case", list(ANSWERED))
def test_a_guests_scoreboard_is_answered_before_flask_exactly_as_the_view_answers(app, links, handed, case):
    headers = ANSWERED[case](app, links)
    answer, flask_answer = ask_both(app, f"/s/{links['view']}", headers)
    assert handed == [], "a kept page for a guest never reaches Flask"
    assert answer.status_code in (200, 304)
    same_answer(app, answer, flask_answer)
    if answer.status_code == 200:
        page = gzip.decompress(answer.data) if answer.headers.get("Content-Encoding") == "gzip" else answer.data
        assert b"Read-only link" in page or answer.headers.get("Content-Encoding") in ("br", "zstd")


def test_every_guest_after_the_first_gets_the_finished_answer_with_a_cookie_of_its_own(app, links, handed, monkeypatch):
    finishing = []
    finish = quick_board.kept_view_answer
    monkeypatch.setattr(quick_board, "kept_view_answer", lambda *args: finishing.append(args) or finish(*args))
    for asked in range(2):
        finishing.clear()
        # in each round, phones whose requests differ by their cookie alone follow one another: the first
        # visit finishes the answer, the phones after it (been here, another game, yesterday, forged) are given it
        for headers_of in ANSWERED.values():
            answer, flask_answer = ask_both(app, f"/s/{links['view']}", headers_of(app, links))
            same_answer(app, answer, flask_answer)
        assert handed == []
        if asked == 0:
            assert 0 < len(finishing) < len(ANSWERED), "finished once for the phones that differ by their cookie"
        else:
            assert finishing == [], "every answer was finished in the first round"


def test_finished_answers_are_kept_within_their_bound_the_least_recently_used_dropped_first():
    kept = FinishedAnswers(max_bytes=300)  # two of these answers (132 bytes each with their shapes)
    answer = [Finished("200 OK", (("Content-Length", "100"),), bytes(100)) for _ in range(3)]
    shapes = [("etag", "/s/abc", name, None) for name in ("first", "second", "third")]
    kept.put(shapes[0], answer[0])
    kept.put(shapes[1], answer[1])
    assert kept.get(shapes[0]) is answer[0]  # now the most recently used
    kept.put(shapes[2], answer[2])
    assert [kept.get(shape) for shape in shapes] == [answer[0], None, answer[2]]
    kept.put(("etag", "/s/abc", None, None), Finished("200 OK", (), bytes(500)))
    assert kept.get(("etag", "/s/abc", None, None)) is None and kept.get(shapes[2]) is answer[2]


def test_a_shapes_headers_count_against_the_bound_as_the_client_chose_them():
    kept = FinishedAnswers(max_bytes=400)
    not_modified = Finished("304 NOT MODIFIED", (("ETag", '"etag"'),), b"")
    # a guest may send a long If-None-Match that still names the version (a 304): kept, it weighs its length
    kept.put(("etag", "/s/abc", None, '"etag", "' + "x" * 500 + '"'), not_modified)
    kept.put(("etag", "/s/abc", None, '"etag"'), not_modified)
    assert kept.get(("etag", "/s/abc", None, '"etag", "' + "x" * 500 + '"')) is None
    assert kept.get(("etag", "/s/abc", None, '"etag"')) is not_modified


def test_a_finished_answer_is_dated_when_it_is_sent_not_when_it_was_finished(app, links, handed):
    gzipped = {"Accept-Encoding": "gzip"}  # Flask-Compress's conditional answer is dated (werkzeug's make_conditional)
    first, _ = ask_both(app, f"/s/{links['view']}", gzipped)
    time.sleep(1.1)
    again = by_app(app).get(f"/s/{links['view']}", headers=gzipped, environ_base=LAN)
    flask_answer = by_flask(app).get(f"/s/{links['view']}", headers=gzipped, environ_base=LAN)
    assert handed == [] and first.headers.getlist("Date") and again.headers.getlist("Date")
    assert parse_date(again.headers["Date"]) > parse_date(first.headers["Date"])
    assert abs(parse_date(again.headers["Date"]) - parse_date(flask_answer.headers["Date"])) <= timedelta(seconds=1)
    assert [name for name, _ in again.headers] == [name for name, _ in flask_answer.headers]


def test_the_shortcuts_first_visit_remembers_the_game_on_the_guests_device(app, links, handed):
    other_phone = app.test_client()
    other_phone.environ_base.update(LAN)
    assert other_phone.get(f"/s/{links['view']}").status_code == 200  # builds the page
    phone = app.test_client()
    phone.environ_base.update(LAN)
    handed.clear()
    opened = phone.get(f"/s/{links['view']}")
    assert handed == [] and opened.status_code == 200
    home = phone.get("/").get_data(as_text=True)
    assert f"/s/{links['view']}" in home and f"/s/{links['other']}" not in home


def test_a_new_hand_gives_the_shortcut_the_new_version(app, links, handed):
    phone = app.test_client()
    phone.environ_base.update(LAN)
    before = phone.get(f"/s/{links['view']}")
    with app.app_context():
        gs = stored_game(links["view"])
        gs.version += 1  # as saving a hand does, with the hand
        db.session.commit()
    handed.clear()
    built = phone.get(f"/s/{links['view']}", headers={"If-None-Match": before.headers["ETag"]})
    assert built.status_code == 200 and built.headers["ETag"] != before.headers["ETag"]
    assert handed == [f"/s/{links['view']}"], "the new version's page is built by the view"
    again = phone.get(f"/s/{links['view']}", headers={"If-None-Match": built.headers["ETag"]})
    assert again.status_code == 304 and handed == [f"/s/{links['view']}"]


# requests the shortcut leaves to the app: (path, headers, environ) from the links
HANDED_ON = {
    "the host, by the loopback rule": lambda app, links: (f"/s/{links['view']}", {}, {"REMOTE_ADDR": "127.0.0.1"}),
    "a host cookie": lambda app, links: (f"/s/{links['view']}", {"Cookie": f"{HOST_COOKIE}={host_cookie(app)}"}, {}),
    "a message to show": lambda app, links: (f"/s/{links['view']}", {
        "Cookie": session_cookie(app, _flashes=[("message", "Hand 3 saved.")])}, {}),
    "an edit link": lambda app, links: (f"/s/{links['edit']}", {}, {}),
    "no such game": lambda app, links: ("/s/no-such-link", {}, {}),
    "a query": lambda app, links: (f"/s/{links['view']}?x=1", {}, {}),
    "a range": lambda app, links: (f"/s/{links['view']}", {"Range": "bytes=0-99"}, {}),
    "an If-Modified-Since": lambda app, links: (f"/s/{links['view']}", {
        "If-Modified-Since": "Wed, 25 Nov 2026 10:00:00 GMT"}, {}),
    "a Host the app does not answer": lambda app, links: (f"/s/{links['view']}", {"Host": "evil.example"}, {}),
    "a page of the game": lambda app, links: (f"/s/{links['view']}/review", {}, {}),
}


def host_cookie(app) -> str:
    with app.test_request_context():
        return host_cookie_value()


@pytest.mark.parametrize("case", list(HANDED_ON))
def test_anything_else_goes_on_to_the_app_which_answers_as_always(app, links, handed, case):
    path, headers, environ = HANDED_ON[case](app, links)
    answer, flask_answer = ask_both(app, path, headers, environ)
    assert handed == [path.partition("?")[0]]
    same_answer(app, answer, flask_answer)


@pytest.mark.parametrize("case", ["a first visit (the device remembers the game)", "a phone that has been here today",
                                  "a browser holding this version", "gzip"])
def test_on_a_served_app_with_csrf_and_no_loopback_host_the_shortcut_answers_as_the_view(databases, monkeypatch, case):
    served = databases.app("served", LOOPBACK_IS_HOST=False, WTF_CSRF_ENABLED=True)  # `scorekeeper serve --lan`
    served_links = games_of(served)
    handed = count_handed_on(shortcut(served), monkeypatch)
    headers = ANSWERED[case](served, served_links)
    answer, flask_answer = ask_both(served, f"/s/{served_links['view']}", headers, {"REMOTE_ADDR": "127.0.0.1"})
    assert handed == [] and answer.status_code in (200, 304)
    same_answer(served, answer, flask_answer)


@pytest.mark.parametrize("config", [{"COMPRESS_REGISTER": False}, {"COMPRESS_MIMETYPES": []},
                                    {"WTF_CSRF_METHODS": ["GET", "POST"]}])
def test_an_app_whose_hooks_the_shortcut_does_not_know_answers_alone(databases, monkeypatch, config):
    unusual = databases.app("unusual", **config)
    unusual_links = games_of(unusual)
    handed = count_handed_on(shortcut(unusual), monkeypatch)
    path = f"/s/{unusual_links['view']}"
    answer, flask_answer = ask_both(unusual, path, {})
    assert handed == [path] and answer.status_code in (200, 400)
    same_answer(unusual, answer, flask_answer)


def test_behind_a_proxy_the_shortcut_reads_what_the_proxy_fix_rewrote(databases, monkeypatch):
    proxied = databases.app("proxied", TRUSTED_PROXIES=1, ALLOWED_HOSTS="scores.example")
    proxied_links = games_of(proxied)
    handed = count_handed_on(shortcut(proxied), monkeypatch)
    fix = proxied.wsgi_app
    assert isinstance(fix, ProxyFix)
    # the view behind the same proxy fix, without the shortcut
    alone = Client(ProxyFix(shortcut(proxied).flask, x_for=fix.x_for, x_proto=fix.x_proto, x_host=fix.x_host,
                            x_port=fix.x_port, x_prefix=fix.x_prefix), proxied.response_class, use_cookies=False)
    path = f"/s/{proxied_links['view']}"
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "scores.example", "X-Forwarded-Proto": "https"}
    alone.get(path, headers=forwarded)  # the page built, for this address
    flask_answer = alone.get(path, headers=forwarded)
    answer = by_app(proxied).get(path, headers=forwarded)
    # the page was built and kept under the address the proxy fix gave (https://scores.example/): read without
    # it, the shortcut would look for another page and hand the request on
    assert handed == [] and answer.status_code == 200
    same_answer(proxied, answer, flask_answer)


def test_a_head_request_goes_on_to_the_app(app, links, handed):
    by_flask(app).get(f"/s/{links['view']}", environ_base=LAN)
    assert by_app(app).head(f"/s/{links['view']}", environ_base=LAN).status_code == 200
    assert handed == [f"/s/{links['view']}"]


def test_a_failure_inside_the_shortcut_leaves_the_answer_to_the_app(app, links, handed, monkeypatch):
    by_flask(app).get(f"/s/{links['view']}", environ_base=LAN)

    def broken(*args):
        raise RuntimeError("a bug in the shortcut")

    monkeypatch.setattr("scorekeeper.sessions.quick_board.kept_view_answer", broken)
    logged = []
    monkeypatch.setattr(app.logger, "exception", lambda *args: logged.append(args[0] % args[1:]))
    answer = by_app(app).get(f"/s/{links['view']}", environ_base=LAN)
    assert answer.status_code == 200 and b"Read-only link" in answer.data
    assert handed == [f"/s/{links['view']}"]
    assert logged == [f"The scoreboard's shortcut failed on /s/{links['view']}; the app answers"]


def test_the_shortcut_does_the_work_of_every_hook_the_app_has(app):
    # quick_board.py does what these hooks do for a scoreboard request (or they have nothing to do for it):
    # a hook added to the app must be weighed there, and this list changed with it
    before = [f.__qualname__ for f in app.before_request_funcs[None]]
    assert before == [allow_large_imports.__qualname__, "CSRFProtect.init_app.<locals>.csrf_protect",
                      security._refuse_nul.__qualname__]
    assert app.after_request_funcs == {None: [compress.after_request, security._headers]}
    assert set(app.before_request_funcs) == {None} and not app.url_value_preprocessors
    assert not app.teardown_request_funcs
    assert hooks_known(app)


def test_a_guest_opening_a_view_link_is_given_no_csrf_token(databases):
    # a view link's page has no form: building it (CSRF on, as served) must not put a token into the
    # guest's cookie, which every later answer would then carry for nothing
    served = databases.app("served", LOOPBACK_IS_HOST=False, WTF_CSRF_ENABLED=True)
    served_links = games_of(served)
    for _ in range(2):  # one phone builds the page, the next is answered from it
        opened = by_app(served).get(f"/s/{served_links['view']}", environ_base=LAN)
        assert opened.status_code == 200
        name, held, _ = dict(comparable(served, opened)[2])["Set-Cookie"]
        assert name == "session" and held == {"_permanent": True, "day": today(), "games": [served_links["view"]]}


def test_a_browser_holding_the_version_gets_its_304_from_the_shortcut_even_before_the_page_is_built_again(
        app, links, handed):
    # a restarted server keeps no page, but a phone revalidating what it holds needs none: the view's 304
    etag = by_flask(app).get(f"/s/{links['view']}", environ_base=LAN).headers["ETag"]
    with app.app_context():
        game_id = stored_game(links["view"]).id
        cache().forget(game_id)
    flask_answer = by_flask(app).get(f"/s/{links['view']}", headers={"If-None-Match": etag}, environ_base=LAN)
    with app.app_context():
        cache().forget(game_id)
    answer = by_app(app).get(f"/s/{links['view']}", headers={"If-None-Match": etag}, environ_base=LAN)
    assert handed == [] and answer.status_code == flask_answer.status_code == 304
    same_answer(app, answer, flask_answer)
