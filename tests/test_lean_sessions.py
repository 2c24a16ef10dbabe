"""The app's session cookies (scorekeeper/lean.py) are Flask's own, byte for byte: only made with less work."""

from __future__ import annotations

from datetime import UTC, datetime

import flask
import pytest
from flask.sessions import SecureCookieSessionInterface
from markupsafe import Markup

from scorekeeper.lean import SessionCookies, SessionInterface

SESSIONS = [
    {"_permanent": True, "day": 739945, "games": ["KIr0tlZ3SY-9TqFCHVv0LQcQu_8U85PXuKRvLCQ-uw0", "abc"]},
    {"csrf_token": "3dc6e8731a594097ebc459877f75c01f172b3cb7", "games": [], "name": "Zoë ♦", "ratio": 0.5, "x": None},
    # what only the tagged serializer can carry: flashes are tuples; bytes, Markup, dates; a dict looking like a tag
    {"_flashes": [("message", "Hand 3 saved.")], "raw": b"\x00\xff", "html": Markup("<b>Ann</b>"),
     "when": datetime(2026, 11, 25, 12, 0, tzinfo=UTC), "looks_tagged": {" t": [1, 2]}},
    {"nested": {"deep": [{"a": 1}, [True, False, -3]], "empty": {}}},
]


@pytest.fixture
def frozen(monkeypatch):
    """Cookies signed at one fixed second, so that two of the same data are the same bytes."""
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: 1_790_000_000)


@pytest.mark.parametrize("data", SESSIONS)
def test_a_session_cookie_is_the_one_flask_writes(app, frozen, data):
    with app.test_request_context():
        ours = app.session_interface.get_signing_serializer(app).dumps(data)
        flasks = SecureCookieSessionInterface().get_signing_serializer(app).dumps(data)
    assert isinstance(app.session_interface, SessionInterface)
    assert ours == flasks


@pytest.mark.parametrize("data", SESSIONS)
def test_a_cookie_flask_wrote_reads_back_the_same(app, data):
    with app.test_request_context():
        cookie = SecureCookieSessionInterface().get_signing_serializer(app).dumps(data)
        assert app.session_interface.get_signing_serializer(app).loads(cookie) == data


def test_a_cookie_signed_with_another_key_is_refused_and_a_fallback_key_still_reads(app, frozen):
    data = SESSIONS[0]
    with app.test_request_context():
        cookie = SecureCookieSessionInterface().get_signing_serializer(app).dumps(data)
    old_key = app.secret_key
    app.secret_key = "a new key " + old_key
    with app.test_request_context():
        assert app.session_interface.get_signing_serializer(app).loads_unsafe(cookie)[0] is False
    app.config["SECRET_KEY_FALLBACKS"] = [old_key]
    with app.test_request_context():
        assert app.session_interface.get_signing_serializer(app).loads(cookie) == data


def test_a_guest_device_cookie_from_the_client_is_read_back(app, client):
    with client.session_transaction() as session:
        session.update(SESSIONS[0])
    with client.session_transaction() as session:
        assert dict(session) == SESSIONS[0]


def opened(app, interface, cookie: str | None):
    """What `interface` makes of a request carrying the session cookie `cookie`."""
    headers = {"Cookie": f"session={cookie}"} if cookie else {}
    with app.test_request_context(headers=headers) as context:
        return interface.open_session(app, context.request)


def test_a_cookie_read_again_is_the_session_flask_reads_and_a_fresh_one(app, frozen):
    with app.test_request_context():
        cookie = SecureCookieSessionInterface().get_signing_serializer(app).dumps(SESSIONS[2])
    first = opened(app, app.session_interface, cookie)
    assert dict(first) == dict(opened(app, SecureCookieSessionInterface(), cookie)) == SESSIONS[2]
    first["_flashes"].append(("message", "changed by the first request"))  # as flash() does, in place
    again = opened(app, app.session_interface, cookie)
    assert dict(again) == SESSIONS[2] and again is not first


@pytest.mark.parametrize("moved", [-5, 0, 3600, 3601])
def test_a_cookie_read_before_is_still_refused_once_too_old_as_flask_refuses_it(app, monkeypatch, moved):
    app.permanent_session_lifetime = 3600
    signed_at = 1_790_000_000
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: signed_at)
    with app.test_request_context():
        cookie = app.session_interface.get_signing_serializer(app).dumps(SESSIONS[0])
    assert dict(opened(app, app.session_interface, cookie)) == SESSIONS[0]  # checked, and remembered
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: signed_at + moved)
    flasks = dict(opened(app, SecureCookieSessionInterface(), cookie))
    assert dict(opened(app, app.session_interface, cookie)) == flasks
    assert flasks == (SESSIONS[0] if 0 <= moved <= 3600 else {})


def test_a_cookie_is_checked_again_under_a_new_key_and_a_forged_one_never_reads(app, frozen):
    with app.test_request_context():
        cookie = app.session_interface.get_signing_serializer(app).dumps(SESSIONS[0])
    assert dict(opened(app, app.session_interface, cookie)) == SESSIONS[0]
    payload, stamp, signature = cookie.rsplit(".", 2)
    forged = f"{payload}.{stamp}.{'A' * len(signature)}"
    assert dict(opened(app, app.session_interface, forged)) == {}
    app.secret_key = "a new key " + app.secret_key
    assert dict(opened(app, app.session_interface, cookie)) == {}, "the old key's cookie is refused"


def without_expiry(cookies: list[str]) -> list[str]:
    """Set-Cookie values with their Expires (now + the lifetime, to the second) left out."""
    return ["; ".join(part for part in cookie.split("; ") if not part.startswith("Expires=")) for cookie in cookies]


SAVED = {
    "a new device's session": lambda session: session.update(SESSIONS[0]),
    "a session changed, not permanent": lambda session: session.update(SESSIONS[1]),
    "a session read and left alone": lambda session: session.get("games"),
    "a session emptied (its cookie deleted)": lambda session: session.clear(),
    "a session with what only tags can carry": lambda session: session.update(SESSIONS[2]),
}


@pytest.mark.parametrize("config", [{}, {"SESSION_COOKIE_DOMAIN": "scores.example", "SESSION_COOKIE_SECURE": True,
                                         "SESSION_COOKIE_PARTITIONED": True, "SESSION_COOKIE_SAMESITE": "None",
                                         "SESSION_REFRESH_EACH_REQUEST": True, "SESSION_COOKIE_PATH": "/games"}])
@pytest.mark.parametrize("case", list(SAVED))
def test_the_cookies_caught_for_a_finished_answer_are_those_flask_sets_on_a_response(app, frozen, config, case):
    app.config.update(config)
    held = {"csrf_token": "3dc6", "_permanent": True}
    cookie = SecureCookieSessionInterface().get_signing_serializer(app).dumps(held)
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}):
        session = app.session_interface.open_session(app, flask.request)
        SAVED[case](session)
        response = app.response_class()
        SecureCookieSessionInterface().save_session(app, session, response)
        caught = SessionCookies.saved(app, session)
    assert without_expiry(caught) == without_expiry(response.headers.getlist("Set-Cookie"))
    assert [("Expires=" in c) for c in caught] == [("Expires=" in c) for c in response.headers.getlist("Set-Cookie")]
    assert (caught != []) == (case != "a session read and left alone" or bool(config)), "refreshed only if configured"
