"""Scoring a session hand by hand (engine.Scoring) answers exactly what scoring it whole does."""

from __future__ import annotations

import copy

import pytest

from scorekeeper.engine import RulesError, Scoring, score_session
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
