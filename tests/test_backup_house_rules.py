"""A backup keeps the group's house rules and a restore brings them back; a hostile set refuses the whole file
and writes nothing (issue 38)."""

from __future__ import annotations

import copy
import html
import io
import json
import re

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.history.backup import export_all
from scorekeeper.models import GameSession, HouseRules
from scorekeeper.tables import house_rules
from tests.test_history_games import SAMPLES, store_sample


def upload(client, raw: bytes):
    return client.post("/sessions/import", data={"file": (io.BytesIO(raw), "backup.json")},
                       content_type="multipart/form-data")


def kept(app) -> list[tuple[str, str, dict]]:
    with app.app_context():
        return [(r.game, r.name, r.options) for r in db.session.execute(
            select(HouseRules).order_by(HouseRules.game, HouseRules.name)).scalars()]


def counts(app) -> tuple[int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count()).select_from(GameSession)),
                db.session.scalar(select(func.count()).select_from(HouseRules)))


@pytest.fixture
def backup(app) -> dict:
    """A backup of a database holding a game and two sets of house rules."""
    with app.app_context():
        store_sample(SAMPLES["gin"])
        house_rules.save("rummy500", "Grandma's 500", {"target": 300, "ace_points": 1})
        house_rules.save("gin", "Quick gin", {"target": 50})
        return export_all()


def test_a_backup_keeps_house_rules_and_a_restore_brings_them_back(app, databases, backup):
    assert [(r["game"], r["name"]) for r in backup["house_rules"]] == [("gin", "Quick gin"), ("rummy500", "Grandma's 500")]
    fresh = databases.app("restored", WTF_CSRF_ENABLED=False)
    response = upload(fresh.test_client(), json.dumps(backup).encode())
    assert response.status_code == 302
    assert kept(fresh) == kept(app)
    # importing the same backup again adds nothing
    again = upload(fresh.test_client(), json.dumps(backup).encode())
    assert again.status_code == 302
    assert kept(fresh) == kept(app) and counts(fresh) == (1, 2)


def test_a_restore_says_how_many_sets_it_added(app, databases, backup):
    fresh = databases.app("restored", WTF_CSRF_ENABLED=False)
    with fresh.app_context():
        house_rules.save("gin", "quick GIN", {"target": 75})
    client = fresh.test_client()
    upload(client, json.dumps(backup).encode())
    flashed = client.get("/sessions").get_data(as_text=True)
    assert "Restored 1 session. Restored 1 set of house rules (1 already here kept as saved)." in flashed
    # the set already here under that name (whatever its case) is kept as it was saved here
    assert ("gin", "quick GIN", {**kept(fresh)[0][2], "target": 75}) in kept(fresh)


HOSTILE = {
    "not a list": ({"rummy500": {}}, "`house_rules` must be a list"),
    "unknown game": ([{"game": "bridge", "name": "X", "options": {}}], "unknown game 'bridge'"),
    "an option the game lacks": ([{"game": "gin", "name": "X", "options": {"decks": 2}}], "has no option `decks`"),
    "a bad value": ([{"game": "rummy500", "name": "X", "options": {"target": 0}}], "House rules 1 (rummy500: 'X')"),
    "a huge number": ([{"game": "rummy500", "name": "X", "options": {"target": 10**40}}], "more than 2,147,483,647"),
    "a blank name": ([{"game": "gin", "name": " ", "options": {}}], "The name is blank"),
    "a name too long": ([{"game": "gin", "name": "x" * 300, "options": {}}], "House rules 1"),
    "a name not text": ([{"game": "gin", "name": ["x"], "options": {}}], "the name must be text"),
    "extra keys": ([{"game": "gin", "name": "X", "options": {}, "sql": "DROP"}], "and nothing else"),
    "twice": ([{"game": "gin", "name": "X"}, {"game": "gin", "name": "x"}], "in the file twice"),
    "too many": ([{"game": "gin", "name": f"n{i}"} for i in range(1001)], "at most 1,000"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_set_of_house_rules_refuses_the_file_and_writes_nothing(app, databases, backup, case):
    rules, message = HOSTILE[case]
    fresh = databases.app("restored", WTF_CSRF_ENABLED=False)
    hostile = copy.deepcopy(backup) | {"house_rules": rules}
    response = upload(fresh.test_client(), json.dumps(hostile).encode())
    text = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Nothing was imported." in text and message in html.unescape(text)
    assert counts(fresh) == (0, 0)


def test_a_restore_never_gives_a_game_more_sets_than_a_host_may_save(app, databases, backup):
    # the new-game page keeps 50 sets a game; a file adding 120 more (or 49 to the 2 kept) is refused whole
    fresh = databases.app("restored", WTF_CSRF_ENABLED=False)
    with fresh.app_context():
        house_rules.save("gin", "Ours", {"target": 60})
        house_rules.save("gin", "Theirs", {"target": 70})
    many = copy.deepcopy(backup) | {"house_rules": [{"game": "gin", "name": f"n{i}"} for i in range(49)]}
    response = upload(fresh.test_client(), json.dumps(many).encode())
    assert response.status_code == 422
    assert "adds 49 sets of house rules for gin to the 2 kept here" in html.unescape(response.get_data(as_text=True))
    assert counts(fresh) == (0, 2)


def test_a_null_option_in_a_restored_set_is_the_games_default_not_the_word_none(app, databases, backup, client):
    fresh = databases.app("restored", WTF_CSRF_ENABLED=False)
    loose = copy.deepcopy(backup) | {"house_rules": [
        {"game": "rummikub", "name": "Open-ended", "options": {"rounds": None, "joker_penalty": 25}}]}
    assert upload(fresh.test_client(), json.dumps(loose).encode()).status_code == 302
    assert kept(fresh) == [("rummikub", "Open-ended", {"joker_penalty": 25})]
    with fresh.app_context():
        [rules] = house_rules.sets_for("rummikub")
        rules_id = rules.id
    page = fresh.test_client().get(f"/new/rummikub?house_rules={rules_id}").get_data(as_text=True)
    assert re.search(r'id="opt_rounds"[^>]*value=""|value=""[^>]*id="opt_rounds"', page) and 'value="None"' not in page
