"""Each hand's bonus lines: every point of a hand's score that is not the side's own cards, so the score adds up."""

from __future__ import annotations

import pytest

from scorekeeper.engine import PointsBonuses, points_bonuses, score_session
from tests.test_history_games import SAMPLES


def own_cards(game: str, went_out: str | None, player: dict) -> int:
    """What a player's own cards score in a hand, by RULES.md section 4 (bonuses and collected cards aside)."""
    if game in ("rummy500", "michigan", "persian", "oklahoma", "canasta"):
        return player["melded_points"] - player["in_hand_points"]
    if game == "rummy5000":
        return player["melded_points"]
    if game in ("penalty", "contract"):
        return player["in_hand_points"]
    return 0  # basic and gin: a hand's score is all cards of other hands, differences and bonuses


def lines_of(hand: dict, side: str) -> int:
    return sum(line["points"] for line in hand.get("bonus_lines", []) if line["side"] == side)


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_hand_score_is_own_cards_or_points_plus_its_bonus_lines(game):
    sample = SAMPLES[game]
    body = score_session({"game": game, "options": sample.options, "players": sample.players, "hands": sample.hands})
    teams = body.get("partnerships") or {name: [name] for name in sample.players}
    for entered, hand in zip(sample.hands, body["hands"]):
        for side, members in teams.items():
            if "points" in entered:
                base = sum(entered["points"][name] for name in members)
            elif game == "indian":  # each player's count: their cards, a drop or a wrong show
                base = sum(hand["counts"][name] for name in members)
            elif game == "rummikub":  # each rack less the lowest when the pool ran out (0 when someone went out)
                racks = {name: p["in_hand_points"] for name, p in hand["players"].items()}
                lowest = 0 if hand["went_out"] else min(racks.values())
                base = sum(lowest - racks[name] if racks[name] > lowest else 0 for name in members)
            else:
                base = sum(own_cards(game, hand["went_out"], hand["players"][name])
                           for name in members if name != hand["went_out"] or game != "penalty")
            assert hand["scores"][side] == base + lines_of(hand, side), (game, hand)


def test_persian_lists_25_for_going_out_and_50_for_the_game():
    sample = SAMPLES["persian"]
    body = score_session({"game": "persian", "options": sample.options, "players": sample.players, "hands": sample.hands})
    first, as_points, last = body["hands"]
    assert first["bonus_lines"] == [{"side": "Ann & Cy", "points": 25, "for": "going out"}]
    assert "bonus_lines" not in as_points  # plain points already hold every bonus of the hand
    assert last["bonus_lines"] == [
        {"side": "Ann & Cy", "points": 25, "for": "going out"},
        {"side": "Ann & Cy", "points": 50, "for": "winning the game"},
    ]


def test_oklahoma_lists_going_out_concealed_going_out_and_the_game():
    sample = SAMPLES["oklahoma"]
    body = score_session({"game": "oklahoma", "options": sample.options, "players": sample.players, "hands": sample.hands})
    assert body["hands"][0]["bonus_lines"] == [{"side": "Ann", "points": 100, "for": "going out"}]
    assert body["hands"][2]["bonus_lines"] == [{"side": "Ben", "points": 250, "for": "going out concealed"}]
    assert body["hands"][3]["bonus_lines"] == [
        {"side": "Ann", "points": 100, "for": "going out"},
        {"side": "Ann", "points": 200, "for": "winning the game"},
    ]


def test_gin_game_end_bonuses_are_listed_one_by_one_and_sum_to_the_bonuses():
    sample = SAMPLES["gin"]
    options = {"game_bonus": 100, "box_bonus": 25}
    body = score_session({"game": "gin", "options": options, "players": sample.players, "hands": sample.hands})
    last = body["hands"][-1]
    assert {(line["side"], line["points"], line["for"]) for line in last["bonus_lines"]} >= {
        ("Ben", 100, "winning the game"), ("Ben", 50, "2 boxes (hands won)"), ("Ann", 25, "1 box (hands won)"),
    }
    game_end = [line for line in last["bonus_lines"] if "box" in line["for"] or line["for"] == "winning the game"]
    for side, bonus in last["bonuses"].items():
        assert sum(line["points"] for line in game_end if line["side"] == side) == bonus


def test_points_bonuses_name_what_plain_points_hold_and_what_is_added():
    oklahoma = points_bonuses("oklahoma")
    assert oklahoma.include[0].startswith("+100 for going out, or +250 for going out concealed")
    assert oklahoma.added == ("+200 to the player who wins the game",)
    assert points_bonuses("gin").added == ()
    gin = points_bonuses("gin", {"game_bonus": 100, "box_bonus": 25, "big_gin_bonus": 31})
    assert gin.include == ("+25 for gin and +25 for an undercut", "+31 for big gin")
    assert gin.added == ("+100 to the winner of the game", "+25 a box for every hand won, at the end")
    assert points_bonuses("penalty") == points_bonuses("rummy500") == PointsBonuses((), ())


def test_a_game_end_bonus_the_points_form_promises_is_added_after_a_hand_of_points():
    # Oklahoma: 1010 entered as points reaches 1000; the 200 is added, as the form says
    body = score_session({"game": "oklahoma", "players": ["Ann", "Ben"],
                          "hands": [{"ended": "went_out", "went_out": "Ann", "points": {"Ann": 1010, "Ben": 0}}]})
    assert body["hands"][0]["bonus_lines"] == [{"side": "Ann", "points": 200, "for": "winning the game"}]
    assert body["totals"]["Ann"] == 1210
