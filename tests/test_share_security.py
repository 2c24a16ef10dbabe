"""The view link can only watch: every write route under /s/<token>/ refuses it and writes nothing."""

from __future__ import annotations

import re

import pytest
from flask import url_for
from sqlalchemy import select, text

from scorekeeper.extensions import db
from scorekeeper.models import GameSession

HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}


def snapshot(app) -> dict[str, list[tuple]]:
    """Every row of every table, to prove that nothing at all was written."""
    with app.app_context():
        return {
            table.name: sorted(map(tuple, db.session.execute(text(f'SELECT * FROM "{table.name}"')).all()), key=repr)
            for table in db.metadata.sorted_tables
        }


def write_routes(app) -> list:
    """Every URL rule under /s/<token>/ that accepts POST (or another writing method)."""
    rules = [
        rule for rule in app.url_map.iter_rules()
        if "token" in rule.arguments and rule.methods & {"POST", "PUT", "PATCH", "DELETE"}
    ]
    # the walk must find the known writers, or it proves nothing
    endpoints = {rule.endpoint for rule in rules}
    assert {"sessions.hand_new", "sessions.hand_edit", "sessions.hand_delete", "sessions.undo",
            "share.renew_link"} <= endpoints
    return rules


def route_path(app, rule, token: str, hand_id: int) -> str:
    """A concrete path of a URL rule for this session's token and hand."""
    values = {"token": token, "hand_id": hand_id, "kind": "view"}
    with app.test_request_context():
        return url_for(rule.endpoint, **{name: values.get(name, "view") for name in rule.arguments})


@pytest.fixture
def started(table, app):
    """A 500 Rum game with one hand played; returns (table, view token, the hand's id and version)."""
    table.start("rummy500", ["Ann", "Ben"])
    assert table.play(HAND).status_code == 302
    with app.app_context():
        gs = db.session.execute(select(GameSession).where(GameSession.edit_token == table.token)).scalar_one()
        return table, gs.view_token, gs.hands[-1].id, gs.hands[-1].version


def test_every_write_route_refuses_the_view_token_and_writes_nothing(started, app):
    table, view, hand_id, version = started
    # a body each writer would accept from the edit link: a valid hand, the hand it is about, its version
    body = table.hand_form(HAND) | {"hand_id": str(hand_id), "version": str(version), "submit": "Yes"}
    before = snapshot(app)
    refused = []
    for rule in write_routes(app):
        path = route_path(app, rule, view, hand_id)
        for method in sorted(rule.methods & {"POST", "PUT", "PATCH", "DELETE"}):
            response = table.client.open(path, method=method, data=body)
            assert response.status_code == 403, f"{method} {rule.rule} answered {response.status_code}"
            refused.append(rule.endpoint)
        assert snapshot(app) == before, f"{rule.rule} wrote something for the view link"
    assert len(refused) >= 5


def test_the_same_routes_accept_the_edit_token(started, app):
    # the refusal above is about the token, not a broken body: the edit link gets through
    table, view, hand_id, version = started
    response = table.client.post(f"{table.url}/undo", data={"hand_id": str(hand_id)})
    assert response.status_code == 302
    assert table.counts()[1] == 0


def test_view_link_cannot_open_the_hand_forms(started):
    table, view, hand_id, _ = started
    for path in (f"/s/{view}/hands/new", f"/s/{view}/hands/{hand_id}/edit", f"/s/{view}/hands/{hand_id}/delete",
                 f"/s/{view}/share/view/renew", f"/s/{view}/share/edit/renew"):
        assert table.client.get(path).status_code == 403, path


def test_every_write_route_refuses_a_post_without_its_csrf_token(databases):
    app = databases.app("c")
    client = app.test_client()
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/new/rummy500").get_data(as_text=True))
    created = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben", "csrf_token": csrf.group(1)})
    edit = created.headers["Location"].rsplit("/", 1)[1]
    form = client.get(f"/s/{edit}/hands/new?mode=points").get_data(as_text=True)
    fields = dict(re.findall(r'name="(csrf_token|idempotency_key)" type="hidden" value="([^"]*)"', form))
    posted = client.post(f"/s/{edit}/hands/new", data=fields | {
        "mode": "points", "ended": "went_out", "went_out": "Ann", "points-0": "40", "points-1": "-10"})
    assert posted.status_code == 302
    with app.app_context():
        hand_id = db.session.execute(select(GameSession)).scalar_one().hands[0].id
    before = snapshot(app)
    for rule in write_routes(app):
        path = route_path(app, rule, edit, hand_id)
        # another site's form: right token, valid fields, but no CSRF token
        response = client.post(path, data={"hand_id": str(hand_id), "mode": "points", "ended": "went_out",
                                           "went_out": "Ann", "points-0": "1", "points-1": "2", "version": "1"})
        assert response.status_code == 400, f"POST {rule.rule} answered {response.status_code}"
        assert snapshot(app) == before, f"{rule.rule} wrote something without a CSRF token"
    with app.app_context():
        db.engine.dispose()
