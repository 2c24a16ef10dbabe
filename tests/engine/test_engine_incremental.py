"""Scoring a session hand by hand (engine.Scoring) answers exactly what scoring it whole does."""

from __future__ import annotations

import copy

import pytest

from scorekeeper.engine import InputError, RulesError, Scoring, score_session
from tests.test_history_games import SAMPLES


def _hand_by_hand(body: dict) -> list[dict]:
    scoring = Scoring(body)
    answers = [scoring.answer()]
    for raw in body["hands"]:
        scoring = scoring.with_hand(raw)
        answers.append(scoring.answer())
    return answers


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_prefix_of_every_sample_game_scores_the_same_hand_by_hand(game):
    sample = SAMPLES[game]
    # played on past the end too: hands after the winning one are scored differently
    hands = sample.hands + sample.hands[:2]
    body = {"game": sample.game, "options": sample.options, "players": sample.players, "hands": hands}
    answers = _hand_by_hand(body)
    for count, answer in enumerate(answers):
        assert answer == score_session({**body, "hands": hands[:count]}), f"{game}, {count} hands"
    assert answers[len(sample.hands)]["status"] == ("in_progress" if game == "michigan" else "finished")


def test_a_refused_hand_leaves_the_scoring_as_it_was():
    sample = SAMPLES["rummy500"]
    body = {"game": sample.game, "options": sample.options, "players": sample.players, "hands": []}
    scoring = Scoring(body).with_hand(sample.hands[0])
    before = copy.deepcopy(scoring.answer())
    bad = {"ended": "went_out", "went_out": "Ann", "players": {"Ann": {"melds": ["7H 9S KD"]}}}
    with pytest.raises(RulesError) as refused:
        scoring.with_hand(bad)
    assert refused.value.hand == 2
    assert scoring.answer() == before
    # and two different next hands do not see each other
    one, other = scoring.with_hand(sample.hands[1]), scoring.with_hand(sample.hands[2])
    assert one.answer()["hands"][1] != other.answer()["hands"][1] or sample.hands[1] == sample.hands[2]
    assert scoring.answer() == before


def _points(went_out, seated=None, **scores):
    hand = {"ended": "went_out", "went_out": went_out, "points": scores}
    if seated is not None:
        hand["seated"] = seated
    return hand


# late players (at the lowest total or at zero), a leaver, a player not dealt in yet, and a table that
# changes only from a later hand on (nobody late nor gone by the session's own fields)
SEATED = {
    "late at the lowest, and a leaver": {
        "game": "rummy500", "players": ["Ann", "Ben", "Cy", "Dee"],
        "late_start": {"Dee": "lowest"}, "left": ["Ben"],
        "hands": [
            _points("Ann", ["Ann", "Ben", "Cy"], Ann=30, Ben=10, Cy=-5),
            _points("Ben", ["Ann", "Ben", "Cy", "Dee"], Ann=0, Ben=20, Cy=5, Dee=15),
            _points("Cy", ["Ann", "Cy", "Dee"], Ann=5, Cy=40, Dee=-10),
            _points("Dee", ["Ann", "Cy", "Dee"], Ann=400, Cy=5, Dee=90),
            _points("Ann", ["Ann", "Cy", "Dee"], Ann=20, Cy=5, Dee=0),
        ],
    },
    "late at zero, not dealt in yet": {
        "game": "rummy500", "players": ["Ann", "Ben", "Dee"], "late_start": {"Dee": "zero"},
        "hands": [_points("Ann", ["Ann", "Ben"], Ann=30, Ben=-10), _points("Ann", ["Ann", "Ben"], Ann=5, Ben=5),
                  _points("Ben", None, Ann=0, Ben=20, Dee=15)],
    },
    "the table changes from hand 3 on": {
        "game": "penalty", "players": ["Ann", "Ben", "Cy"],
        "hands": [_points("Ann", None, Ann=0, Ben=5, Cy=60), _points("Ben", None, Ann=10, Ben=0, Cy=20),
                  _points("Cy", ["Ann", "Cy"], Ann=20, Cy=0), _points("Ann", ["Ann", "Cy"], Ann=0, Cy=45)],
    },
    "michigan, late and gone": {
        "game": "michigan", "players": ["Ann", "Ben", "Cy"], "late_start": {"Cy": "lowest"}, "left": ["Ann"],
        "hands": [_points("Ann", ["Ann", "Ben"], Ann=10, Ben=0), _points("Cy", None, Ann=0, Ben=0, Cy=30),
                  _points("Ben", ["Ben", "Cy"], Ben=20, Cy=5)],
    },
}


@pytest.mark.parametrize("name", sorted(SEATED))
def test_every_prefix_scores_the_same_hand_by_hand_with_late_players_and_leavers(name):
    body = SEATED[name]
    answers = _hand_by_hand(body)
    for count, answer in enumerate(answers):
        assert answer == score_session({**body, "hands": body["hands"][:count]}), f"{name}, {count} hands"
    # and a Scoring that was scored whole goes on hand by hand the same
    assert Scoring.of({**body, "hands": body["hands"][:2]}).with_hand(body["hands"][2]).answer() == answers[3]


def test_a_session_with_a_late_player_and_a_leaver_whose_hands_are_entered_by_cards():
    sample = SAMPLES["rummy500"]
    players = [*sample.players, "Zed"]
    hands = [dict(raw, seated=list(sample.players)) for raw in sample.hands[:2]]
    body = {"game": sample.game, "options": {**sample.options, "target": 10**6}, "players": players,
            "late_start": {"Zed": "lowest"}, "left": [sample.players[0]], "hands": hands}
    answers = _hand_by_hand(body)
    for count, answer in enumerate(answers):
        assert answer == score_session({**body, "hands": hands[:count]})
    assert "Zed" in answers[-1]["totals"] and "Zed" not in answers[-1]["hands"][-1]["totals"]


def test_a_hand_refused_for_its_players_leaves_the_scoring_as_it_was():
    body = {"game": "persian", "players": ["Ann", "Ben", "Cy", "Dee"], "hands": []}
    scoring = Scoring(body)
    with pytest.raises(InputError, match="fixed partnerships"):
        scoring.with_hand(_points("Ann", ["Ann", "Ben", "Cy"], Ann=10, Ben=0, Cy=0))
    with pytest.raises(InputError, match="hand 1: .*not 1"):
        Scoring({"game": "basic", "players": ["Ann", "Ben"]}).with_hand(_points("Ann", ["Ann"], Ann=5))
    assert scoring.answer() == score_session(body)
