"""Sample sessions of every game for the history tests, and the totals they score (worked out from RULES.md).

Other history and backup tests import SAMPLES and store_sample from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper import engine
from scorekeeper.models import GameSession
from scorekeeper.tables import service
from scorekeeper.tables.table import Table


@dataclass(frozen=True)
class Sample:
    """A session as a table played it: players in seat order, options, hands, and the expected outcome."""

    game: str
    players: list[str]
    options: dict[str, Any]
    hands: list[dict[str, Any]]
    totals: dict[str, int]
    status: str
    winner: str | None


def out(who: str, players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A hand in which `who` went out."""
    return {"ended": "went_out", "went_out": who, "concealed": False, "wild_rank": None, "players": players, **extra}


def points(who: str | None, **scores: int) -> dict[str, Any]:
    """A hand entered as points."""
    if who is None:
        return {"ended": "stock_exhausted", "went_out": None, "points": scores}
    return {"ended": "went_out", "went_out": who, "points": scores}


SAMPLES: dict[str, Sample] = {
    # (michigan: every hand is a game of its own, so the session never finishes)
    # the API.md example, then Ben runs away with it: 54/-4/-15, 12/61/-20, -11/40/33, 20/60/5
    "rummy500": Sample("rummy500", ["Ann", "Ben", "Cy"], {"target": 150}, [
        out("Ann", {
            "Ann": {"melds": [["7H", "8H", "9H"], "KS KD KC"], "layoffs": [], "in_hand": []},
            "Ben": {"melds": [], "layoffs": [{"cards": ["10H"], "onto": {"player": "Ann", "meld": 0}}], "in_hand": "QS 4D"},
            "Cy": {"melds": [], "layoffs": [], "in_hand": ["AS"]},
        }),
        points("Ben", Ann=12, Ben=61, Cy=-20),
        out("Ben", {
            "Ann": {"in_hand": ["5C", "6D"]},
            "Ben": {"melds": [["AH", "2H", "3H"], ["JC", "JD", "JS"]], "layoffs": [{"cards": ["4H"], "onto": {"player": "Ben", "meld": 0}}]},
            "Cy": {"melds": [["QH", "QD", "JK"]], "in_hand": ["2S"]},
        }),
        points("Ben", Ann=20, Ben=60, Cy=5),
    ], {"Ann": 75, "Ben": 157, "Cy": 3}, "finished", "Ben"),
    "persian": Sample("persian", ["Ann", "Ben", "Cy", "Dee"], {"target": 200}, [
        out("Ann", {
            "Ann": {"melds": ["QS KS AS", "JK JK JK"]},
            "Ben": {"melds": ["5H 5D 5C"], "in_hand": "9C"},
            "Cy": {"melds": ["8D 9D 10D"], "in_hand": "2C 3C"},
            "Dee": {"in_hand": "KD JK"},
        }),
        points("Ben", Ann=10, Ben=20, Cy=5, Dee=-5),
        out("Cy", {
            "Ann": {"in_hand": "KH"},
            "Ben": {"melds": ["10C JC QC"], "in_hand": "AH"},
            "Cy": {"melds": ["7S 7H 7D 7C", "4S 5S 6S"]},
            "Dee": {"in_hand": "3D"},
        }),
    ], {"Ann & Cy": 293, "Ben & Dee": 3}, "finished", "Ann & Cy"),
    "oklahoma": Sample("oklahoma", ["Ann", "Ben"], {"target": 300}, [
        out("Ann", {
            "Ann": {"melds": ["AS AH AD", "QS QH QD", "5C 6C 2C"]},
            "Ben": {"melds": ["KC KD KH"], "in_hand": "QS 2D 9H"},
        }),
        points("Ann", Ann=30, Ben=80),
        out("Ben", {"Ann": {"in_hand": "4C"}, "Ben": {"melds": ["8H 9H 10H JH", "3S 3D 3S"]}}, concealed=True),
        out("Ann", {"Ann": {"melds": ["KS KH KD KC"]}, "Ben": {"in_hand": "AC"}}),
    ], {"Ann": 610, "Ben": 265}, "finished", "Ann"),
    "michigan": Sample("michigan", ["Ann", "Ben", "Cy"], {}, [
        out("Ann", {
            "Ann": {"melds": ["9H 10H JH"]},
            "Ben": {"melds": ["4S 5S 6S"], "in_hand": "KD"},
            "Cy": {"in_hand": "2C"},
        }),
        points("Ben", Ann=5, Ben=40, Cy=12),
    ], {"Ann": 1, "Ben": 1, "Cy": 0}, "in_progress", None),
    "rummy5000": Sample("rummy5000", ["Ann", "Ben", "Cy"], {"target": 1000}, [
        out("Ann", {
            "Ann": {"melds": ["AS AH AD", "8D 9D 7S"]},
            "Ben": {"melds": ["KH KD KC"], "in_hand": "2S 3S"},
            "Cy": {"in_hand": "7H"},
        }, wild_rank="7"),
        # even a hand entered as points names its wild rank in this game
        {**points("Cy", Ann=200, Ben=150, Cy=600), "wild_rank": "5"},
        out("Cy", {
            "Ann": {"in_hand": "AH"},
            "Ben": {"in_hand": "3D"},
            "Cy": {"melds": ["5H 6H AC", "QS QH QC"]},
        }, wild_rank="A"),
    ], {"Ann": 720, "Ben": 180, "Cy": 1045}, "finished", "Cy"),
    "basic": Sample("basic", ["Ann", "Ben"], {}, [
        out("Ann", {"Ann": {"melds": ["3H 4H 5H", "9S 9D 9C"]}, "Ben": {"in_hand": "KS QD 7C 2H"}}),
        out("Ben", {"Ann": {"in_hand": "10S 9H 8D"}, "Ben": {"melds": ["AC 2C 3C 4C", "JH JD JS"]}}, concealed=True),
        {"ended": "stock_exhausted", "went_out": None, "concealed": False, "wild_rank": None,
         "players": {"Ann": {"in_hand": "KH QH"}, "Ben": {"in_hand": "2S 3D"}}},
        points("Ann", Ann=75, Ben=0),
    ], {"Ann": 104, "Ben": 54}, "finished", "Ann"),
    "penalty": Sample("penalty", ["Ann", "Ben", "Cy"], {}, [
        out("Ann", {
            "Ann": {"melds": ["AS 2S 3S", "6D 6H 6C"]},
            "Ben": {"in_hand": "KH 10C"},
            "Cy": {"in_hand": "5S 4D"},
        }),
        points("Cy", Ann=30, Ben=50, Cy=10),
        {"ended": "stock_exhausted", "went_out": None, "concealed": False, "wild_rank": None, "players": {
            "Ann": {"melds": ["7C 8C 9C"], "in_hand": "QS JS"},
            "Ben": {"in_hand": "KD QC 9H 2D"},
            "Cy": {"in_hand": "AH"},
        }},
    ], {"Ann": 50, "Ben": 101, "Cy": 20}, "finished", "Cy"),
    "gin": Sample("gin", ["Ann", "Ben"], {}, [
        out("Ann", {
            "Ann": {"melds": ["AS 2S 3S", "7H 8H 9H", "KC KD KS"], "in_hand": "4D"},
            "Ben": {"melds": ["5C 6C 7C", "QH QD QC"], "layoffs": [{"cards": "10H", "onto": {"player": "Ann", "meld": 1}}],
                    "in_hand": "2D 3H 8S"},
        }),
        points("Ben", Ann=0, Ben=40),
        out("Ben", {
            "Ann": {"melds": ["AH 2H 3H"], "in_hand": "KS QS 9C 5S 6D 3C 2S"},
            "Ben": {"melds": ["4C 5C 6C 7C", "JS JH JD", "8D 9D 10D"]},
        }),
    ], {"Ann": 9, "Ben": 110}, "finished", "Ben"),
    # docs/rules/contract.md: three deals (two sets; a set and a run; two runs), cards left count against:
    # 0/20/30, 15/0/25, 10/10/0
    "contract": Sample("contract", ["Ann", "Ben", "Cy"], {"deals": 3}, [
        out("Ann", {
            "Ann": {"melds": ["7H 7D 7S", "9C 9D JK"]},
            "Ben": {"melds": ["KH KD KS", "QH QD QC"], "in_hand": "AH 5D"},
            "Cy": {"in_hand": "JK 10S 2C"},
        }),
        points("Ben", Ann=15, Ben=0, Cy=25),
        out("Cy", {
            "Ann": {"melds": ["5D 6D 7D 8D", "10C JC QC KC"], "layoffs": [{"cards": "7S", "onto": {"player": "Cy", "meld": 0}}],
                    "in_hand": "KD"},
            "Ben": {"in_hand": "2H 3H"},
            "Cy": {"melds": ["3S 4S 5S 6S", "9H 10H JH QH"]},
        }),
    ], {"Ann": 25, "Ben": 30, "Cy": 55}, "finished", "Ann"),
    # after docs/rules/canasta.md example 1, Ben & Dee melding three more aces in hand 1 (235) and three jacks in
    # hand 2 (625), so that every side's first meld still counts when the hands repeat at high totals
    # (tests/test_score_cache.py plays them 20 times); then points to 2000
    "canasta": Sample("canasta", ["Ann & Cy", "Ben & Dee"], {"target": 2000}, [
        out("Ann & Cy", {
            "Ann & Cy": {"melds": ["KH KS KD KC KH KS KD", "7H 7S 7D 2C JK 7C 7H", "AH AS AD"], "red_threes": 2},
            "Ben & Dee": {"melds": ["QH QS QD JK", "9H 9S 9C", "AC AC AH"], "red_threes": 1, "in_hand": "5H 8C 2D"},
        }),
        out("Ben & Dee", {
            "Ben & Dee": {"melds": ["8H 8S 8D 8C 8H 8S 2H", "4H 4S 4D", "JH JS JD"]},
            "Ann & Cy": {"red_threes": 2, "in_hand": "KH QS JK 3S"},
        }, concealed=True),
        {"ended": "went_out", "went_out": "Ann & Cy", "points": {"Ann & Cy": 1000, "Ben & Dee": 200}},
    ], {"Ann & Cy": 2050, "Ben & Dee": 1060}, "finished", "Ann & Cy"),
    # docs/rules/indian.md example 4: a pool 101 game with a first drop, a middle drop, a wrong show, eliminations
    # and a rejoin, to Ann, the last player left (`rejoin` given: the new-game form sends a checkbox left unticked as false)
    "indian": Sample("indian", ["Ann", "Ben", "Cy", "Dev"], {"format": "pool", "rejoin": True}, [
        {"wild_rank": "9", "went_out": "Ann", "players": {
            "Ann": {"melds": ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]},
            "Ben": {"melds": ["7D 8D 9D", "JS QS JK"], "in_hand": "QH 4C 3D"},
            "Cy": {"melds": ["AC AD AH"], "in_hand": "JD QD 10D 2C 3C 6H 7H 8C 9S JK"},
            "Dev": {"dropped": "first"},
        }},
        {"wild_rank": "4", "went_out": "Ben", "players": {
            "Ann": {"dropped": "middle"},
            "Ben": {"melds": ["AS 2S 3S", "5H 6H 4C 8H", "9D 9C 9H", "JD QD KD"]},
            "Cy": {"wrong_show": True},
            "Dev": {"melds": ["10S JS QS", "6D 7D 4S"], "in_hand": "KC KH 2D 3D 5C"},
        }},
        {"rejoined": ["Cy"], "points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}},
        {"points": {"Ann": 0, "Ben": 10, "Cy": 30, "Dev": 0}},  # Dev, out, is dealt nothing
    ], {"Ann": 40, "Ben": 107, "Cy": 101, "Dev": 105}, "finished", "Ann"),
    # docs/rules/rummikub.md examples 1 and 2 (someone goes out; the pool runs out, Ann and Ben tied for the lowest),
    # then points: 69/-37/-6/-26, 9/8/-4/-13, -10/30/-5/-15 over 3 rounds
    "rummikub": Sample("rummikub", ["Ann", "Ben", "Cy", "Dee"], {"rounds": 3}, [
        {"went_out": "Ann", "racks": {"Ben": ["7R", "JK"], "Cy": "3B 3B", "Dee": "12O 13O 1K"}},
        {"went_out": None, "racks": {"Ann": "2K 5B", "Ben": "4R 3O", "Cy": "10K 1R", "Dee": "9R 11B"}},
        {"points": {"Ann": -10, "Ben": 30, "Cy": -5, "Dee": -15}},
    ], {"Ann": 68, "Ben": 1, "Cy": -15, "Dee": -54}, "finished", "Ann"),
}


def store_sample(sample: Sample, hands: int | None = None, names: list[str] | None = None) -> GameSession:
    """Store a sample session through the sessions service (inside an app context), optionally its first hands only."""
    gs = service.create_session(sample.game, dict(sample.options), names or sample.players)
    for data in sample.hands[:hands]:
        service.add_hand(gs, data)
    return gs


def test_samples_cover_every_game():
    assert sorted(SAMPLES) == sorted(game.id for game in engine.VARIANTS)


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_sample_session_scores_to_its_worked_out_totals(app, game):
    sample = SAMPLES[game]
    with app.app_context():
        body = Table(store_sample(sample)).body
    assert "error" not in body
    assert (body["totals"], body["status"], body["winner"]) == (sample.totals, sample.status, sample.winner)
