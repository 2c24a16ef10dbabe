"""Whatever the app stores, its backup restores: long games, big points, any name the form takes, big files.

The property test drives the new-session form and the hand service with
random sessions; whatever they accept, exported then imported into an empty
database, exports the same again.
"""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select
from werkzeug.test import encode_multipart

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.history.backup import export_all, import_text
from scorekeeper.limits import MAX_NAME, MAX_POINTS
from scorekeeper.models import DraftPart, GameSession, Hand, Player, Seat
from scorekeeper.tables import service


def app_on(databases, name: str, **config):
    """An app on the test's database `name`; CSRF off unless `config` turns it on."""
    return databases.app(name, **{"WTF_CSRF_ENABLED": False, **config})


def comparable(body: dict) -> dict:
    """An export without the moment it was made."""
    body = json.loads(json.dumps(body))
    body.pop("exported_at")
    for session in body["sessions"]:
        session["metadata"].pop("exported_at")
    return body


def round_trip(source, target) -> tuple[dict, dict]:
    """The source's full backup, and the backup of the target after restoring it there."""
    exported = source.test_client().get("/sessions/backup.json")
    assert exported.status_code == 200
    with target.app_context():
        import_text(exported.data, max_bytes=1 << 30)
        again = export_all()
    return comparable(exported.get_json()), comparable(again)


def empty(app) -> None:
    with app.app_context():
        for model in (DraftPart, Hand, Seat, GameSession, Player):
            db.session.execute(delete(model))
        db.session.commit()


def start(client, game: str, names: list[str]):
    """Post the new-session form; the response."""
    return client.post(f"/new/{game}", data={f"players-{i}": name for i, name in enumerate(names)})


def test_a_game_of_1200_hands_with_a_hand_of_2_000_000_points_restores(app, databases):
    with app.app_context():
        gs = service.create_session("michigan", {}, ["Ann", "Ben", "Cy"])
        # stored directly, as 1,200 saves through the service would (each re-scores the whole game)
        for position in range(1, 1201):
            gs.hands.append(Hand(position=position, data={"ended": "went_out", "went_out": "Ben",
                                                          "points": {"Ann": position, "Ben": 0, "Cy": 7}}))
        db.session.commit()
        # and one more through the service, as the points form saves it: the app takes it
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 0, "Ben": 2_000_000, "Cy": 3}})
        assert len(gs.hands) == 1201
    target = app_on(databases, "restored")
    before, after = round_trip(app, target)
    assert after == before
    assert len(after["sessions"][0]["hands"]) == 1201


def test_names_the_new_session_form_takes_restore(app, client, databases):
    names = ["👩\u200d👧 Mum", "Zero\u200bWidth", "Tab\there", "Émile"]
    assert start(client, "rummy500", names).status_code == 302
    target = app_on(databases, "restored")
    before, after = round_trip(app, target)
    assert after == before and after["sessions"][0]["players"] == names


def test_a_name_no_database_can_keep_is_refused_by_the_form(client):
    response = start(client, "rummy500", ["Ann", "Be\x00n"])
    # no keyboard types a NUL: it is refused before any form reads it (see security.py)
    assert response.status_code == 400
    assert "NUL character" in response.get_data(as_text=True)


def test_updated_at_and_version_survive_a_round_trip(app, client, databases):
    assert start(client, "basic", ["Ann", "Ben"]).status_code == 302
    with app.app_context():
        gs = db.session.execute(select(GameSession)).scalar_one()
        for ben in (5, 7, 9):
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 0, "Ben": ben}})
        service.delete_hand(gs.hands[0])
        version, updated = gs.version, gs.updated_at
    assert version == 5
    target = app_on(databases, "restored")
    before, after = round_trip(app, target)
    assert after == before
    with target.app_context():
        restored = db.session.execute(select(GameSession)).scalar_one()
        assert restored.version == version
        assert restored.updated_at == updated.replace(microsecond=0)


def test_the_import_page_takes_a_backup_larger_than_2_mb_with_csrf_on(app, databases):
    with app.app_context():
        gs = service.create_session("basic", {}, ["Ann", "Ben"])
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 0, "Ben": 10}})
        link = gs.edit_token
    backup = app.test_client().get("/sessions/backup.json").data
    # JSON allows any amount of whitespace: a 3 MB file, as years of games make
    big = backup.rstrip() + b" " * (3 * 1024 * 1024) + b"\n"
    target = app_on(databases, "restored", WTF_CSRF_ENABLED=True)
    client = target.test_client()
    page = client.get("/sessions/import").get_data(as_text=True)
    assert "16 MB" in page
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    # encoded here, in memory: the test client would spool a body this size to a temporary file
    boundary, body = encode_multipart({"csrf_token": token, "file": _file(big)})
    response = client.post("/sessions/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 302, re.findall(r"(?s)<main.*?</main>", response.get_data(as_text=True))
    with target.app_context():
        assert db.session.execute(select(GameSession.edit_token)).scalar_one() == link


def _file(raw: bytes):
    import io

    from werkzeug.datastructures import FileStorage

    return FileStorage(io.BytesIO(raw), filename="backup.json", content_type="application/json")


# names from the whole of Unicode, as far as the form takes them (it strips whitespace around them)
names = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=MAX_NAME + 2)
points = st.integers(-MAX_POINTS, MAX_POINTS)


@st.composite
def sessions(draw):
    """A game, its players, some hands entered as points, and whether it was archived."""
    spec = draw(st.sampled_from(engine.VARIANTS))
    game = spec.id
    count = draw(st.integers(spec.min_players, spec.max_players))
    players = draw(st.lists(names, min_size=count, max_size=count))
    hands = draw(st.lists(st.tuples(st.integers(0, count), st.lists(points, min_size=count, max_size=count)),
                          max_size=4))
    return game, players, hands, draw(st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sessions())
def test_whatever_the_forms_and_api_accept_exports_and_restores_the_same(app, databases, session):
    game, players, hands, archived = session
    target = app_on(databases, "restored")
    empty(app)
    empty(target)
    response = start(app.test_client(), game, players)
    assume(response.status_code == 302)  # the form refused it: nothing to restore
    with app.app_context():
        gs = db.session.execute(select(GameSession)).scalar_one()
        names = gs.player_names
        for went_out, scores in hands:
            data = {"ended": "went_out", "went_out": names[went_out], "points": dict(zip(names, scores))} \
                if went_out < len(names) else {"ended": "stock_exhausted", "went_out": None,
                                               "points": dict(zip(names, scores))}
            if game == "rummy5000":
                data["wild_rank"] = "7"
            try:
                service.add_hand(gs, data)
            except ValueError:
                db.session.rollback()  # a hand the rules refuse is not stored: skip it
        gs.archived = archived
        db.session.commit()
    before, after = round_trip(app, target)
    assert after == before
    with target.app_context():
        db.engine.dispose()
