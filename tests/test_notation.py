"""The shorthand through the command line, the JSON API, a saved session and its export (docs/rules.md 1,
docs/api.md): runs by range, cards by rank alone, and a rank-only card that stays rank-only wherever it is kept."""

from __future__ import annotations

import json

from click.testing import CliRunner
from sqlalchemy import select

from scorekeeper.cli import main
from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.test_backup_roundtrip import cli, empty_app, everything, fresh_app, snapshot, upload  # noqa: F401 - empty_app is a fixture


def meld(*args: str):
    result = CliRunner().invoke(main, ["meld", *args])
    return result.exit_code, json.loads(result.output) if result.output.startswith("{") else result.output


def session_body(in_hand: object) -> dict:
    """A 500 Rum session of one hand in which Ben holds `in_hand`."""
    return {"game": "rummy500", "players": ["Ann", "Ben"], "hands": [{"ended": "went_out", "went_out": "Ann", "players": {
        "Ann": {"melds": ["7-9H", "KKK"]}, "Ben": {"in_hand": in_hand}}}]}


def test_the_command_line_reads_a_run_by_range_as_its_four_cards():
    code, body = meld("--game", "rummy500", "7-10H")
    assert code == 0
    assert (body["kind"], body["cards"], body["points"]) == ("run", ["7H", "8H", "9H", "10H"], 34)


def test_the_command_line_reads_kings_by_rank_as_a_set_typed_together_or_apart():
    for typed in (["KKK"], ["K", "K", "K"]):
        code, body = meld("--game", "rummy500", *typed)
        assert code == 0
        assert (body["kind"], body["cards"], body["readings"][0]["represents"]) == ("set", ["K", "K", "K"], ["K", "K", "K"])


def test_seven_eights_by_rank_are_a_canasta_meld():
    code, body = meld("--game", "canasta", "8888888")
    assert code == 0
    assert body["legal"] and len(body["cards"]) == 7 and body["cards"] == ["8"] * 7


def test_a_run_by_rank_alone_exits_1_with_a_reason_naming_the_suit():
    code, body = meld("--game", "rummy500", "7", "8", "9")
    assert code == 1
    assert body["reason"] == "a run needs its suit: 7 8 9 have none; write them like 7H 8H 9H or 7-9H"


def test_a_range_read_downward_exits_2_with_how_to_write_it():
    code, output = meld("--game", "rummy500", "10-7H")
    assert code == 2
    assert "`10-7H` at position 1 runs downward: write a range from its lowest card up, like 7-10H" in output


def test_the_score_endpoint_counts_cards_by_rank_as_the_same_cards_with_suits(client):
    by_rank = client.post("/api/v1/score", json=session_body(["Q", "5"]))
    with_suits = client.post("/api/v1/score", json=session_body(["QC", "5D"]))
    assert by_rank.status_code == with_suits.status_code == 200
    assert by_rank.get_json()["totals"] == with_suits.get_json()["totals"] == {"Ann": 24 + 30, "Ben": -15}


def test_the_api_answers_a_card_by_rank_alone_without_a_suit(client):
    body = client.post("/api/v1/melds/check", json={"cards": "K K JK"}).get_json()
    assert body["cards"] == ["K", "K", "JK"]
    assert body["readings"][0]["represents"] == ["K", "K", "K"] and body["readings"][0]["notation"] == "K K JK=K"
    held = client.post("/api/v1/cards/check", json={"game": "rummy500", "cards": "Q5"}).get_json()
    assert held == {"cards": ["Q", "5"], "points": 15}


def test_the_api_refuses_a_queen_by_rank_in_oklahoma_with_why(client):
    response = client.post("/api/v1/cards/check", json={"game": "oklahoma", "cards": "Q 5"})
    assert response.status_code == 400
    assert "Q needs its suit: in Oklahoma the queen of spades scores apart" in response.get_json()["error"]


def test_a_saved_session_keeps_a_rank_alone_and_scores_it_as_the_card_with_its_suit(app, client):
    with app.app_context():
        by_rank = service.create_session("rummy500", {}, ["Ann", "Ben"])
        service.add_hand(by_rank, session_body(["Q", "5"])["hands"][0])
        with_suits = service.create_session("rummy500", {}, ["Ann", "Ben"])
        service.add_hand(with_suits, session_body(["QC", "5D"])["hands"][0])
        assert Table(by_rank).body["totals"] == Table(with_suits).body["totals"] == {"Ann": 54, "Ben": -15}
        [hand] = by_rank.hands
        assert hand.data["players"]["Ben"]["in_hand"] == ["Q", "5"]
        token = by_rank.edit_token
    review = client.get(f"/s/{token}/review").get_data(as_text=True)
    assert '<span aria-hidden="true">Q</span><span class="visually-hidden">queen</span>' in review


def test_an_export_of_a_rank_alone_reads_back_the_same(app, client, empty_app):
    with app.app_context():
        gs = service.create_session("rummy500", {}, ["Ann", "Ben"])
        service.add_hand(gs, session_body("Q 5")["hands"][0])
        before, token = snapshot(gs), gs.edit_token
    exported = client.get(f"/s/{token}/export.json")
    assert json.loads(exported.data)["hands"][0]["players"]["Ben"]["in_hand"] == "Q 5"
    assert upload(empty_app.test_client(), exported.data).status_code == 302
    with empty_app.app_context():
        [restored] = db.session.execute(select(GameSession)).scalars().all()
        assert snapshot(restored) == before


def test_a_full_backup_restores_a_rank_alone_as_it_was_kept(app, databases, tmp_path):
    with app.app_context():
        gs = service.create_session("canasta", {}, ["Ann & Cy", "Ben & Dee"])
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ann & Cy", "players": {
            "Ann & Cy": {"melds": [["K", "K", "K", "K", "K", "K", "K"], "AAA"]},
            "Ben & Dee": {"melds": ["Q Q Q Q JK"], "in_hand": ["5", "8"]}}})
    original = everything(app)
    backup = tmp_path / "backup.json"
    assert cli(databases.url("test"), "export", "--all", str(backup)).exit_code == 0
    kept = json.loads(backup.read_text())["sessions"][0]["hands"][0]["players"]
    assert kept["Ben & Dee"] == {"melds": ["Q Q Q Q JK"], "in_hand": ["5", "8"]}
    assert cli(databases.url("restored"), "import", str(backup)).exit_code == 0
    assert everything(fresh_app(databases, "restored")) == original
