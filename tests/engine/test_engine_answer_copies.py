"""Every caller gets an answer of its own: changing one never changes what a later call returns.

The engine keeps the hands it read, with each hand's details, so that a
session scored again after an edit reads only the hand that changed; these tests change every
part of an answer, the meld bodies and the lists inside them, the lay-offs,
the cards left in hand, and check that the next call answers as before,
both for a session never seen before and for one scored again.
"""

from __future__ import annotations

import copy

import pytest

from scorekeeper.engine import score_session
from scorekeeper.engine.hands import clear_memo as forget_hands


def scribble(value: object) -> None:
    """Change every dict and list inside `value`, all the way down, as a careless caller might."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                scribble(item)
            else:
                value[key] = "changed"
        value["scribbled"] = True
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, (dict, list)):
                scribble(item)
            else:
                value[index] = "changed"
        value.append("changed")


def rummy500_session() -> dict:
    """Melds with a wild card, a lay-off onto another player's meld, cards left, and a warning."""
    return {
        "game": "rummy500",
        "players": ["Ann", "Ben", "Cy"],
        "hands": [
            {"ended": "went_out", "went_out": "Ann", "players": {
                "Ann": {"melds": ["7H 8H JK", "KS KD KC"], "in_hand": []},
                "Ben": {"melds": ["4C 5C 6C"], "layoffs": [{"cards": "10H", "onto": {"player": "Ann", "meld": 0}}],
                        "in_hand": "2D 3S"},
                "Cy": {"in_hand": ["QH", "AS"]},
            }},
            {"ended": "went_out", "went_out": "Cy", "players": {"Ann": {"in_hand": "5H"}, "Ben": {"in_hand": "9D"}}},
            {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 10, "Ben": 40, "Cy": -5}},
        ],
    }


def persian_session() -> dict:
    """Partnerships, so each hand also lists the players' own scores."""
    return {
        "game": "persian",
        "players": ["Ann", "Ben", "Cy", "Dee"],
        "hands": [
            {"ended": "went_out", "went_out": "Ann", "players": {
                "Ann": {"melds": ["9H 10H JH", "5S 5D 5C 5H"], "in_hand": []},
                "Ben": {"melds": ["QS QD QC"], "in_hand": "2D"},
                "Cy": {"layoffs": [{"cards": "QH", "onto": {"player": "Ben", "meld": 0}}], "in_hand": "3C"},
                "Dee": {"in_hand": "KH"},
            }},
        ],
    }


def michigan_session() -> dict:
    """Every hand a game of its own."""
    return {
        "game": "michigan",
        "players": ["Ann", "Ben"],
        "hands": [
            {"ended": "went_out", "went_out": "Ann", "players": {
                "Ann": {"melds": ["9H 10H JH"], "in_hand": []},
                "Ben": {"melds": ["4C 4D 4S"], "in_hand": "KH"},
            }},
        ],
    }


SESSIONS = [rummy500_session, persian_session, michigan_session]


@pytest.mark.parametrize("session", SESSIONS, ids=lambda s: s.__name__)
def test_changing_a_first_answer_does_not_change_the_next(session):
    forget_hands()
    first = score_session(session())
    expected = copy.deepcopy(first)
    scribble(first)
    assert score_session(session()) == expected


@pytest.mark.parametrize("session", SESSIONS, ids=lambda s: s.__name__)
def test_changing_an_answer_scored_again_does_not_change_the_next(session):
    forget_hands()
    expected = copy.deepcopy(score_session(session()))
    for _ in range(3):  # the second answer, then those built from what the engine keeps
        again = score_session(session())
        assert again == expected
        scribble(again)
    assert score_session(session()) == expected


def test_answers_scored_again_share_no_list_or_dict():
    forget_hands()
    first = score_session(rummy500_session())
    second = score_session(rummy500_session())
    details = [(first["hands"][0]["players"]["Ann"], second["hands"][0]["players"]["Ann"])]
    details.append((first["hands"][0]["players"]["Ben"], second["hands"][0]["players"]["Ben"]))
    for one, other in details:
        assert one is not other
        for field in ("melds", "layoffs", "in_hand"):
            assert one[field] is not other[field]
        for meld, same_meld in zip(one["melds"], other["melds"]):
            assert meld is not same_meld
            assert meld["cards"] is not same_meld["cards"]
            assert meld["represents"] is not same_meld["represents"]
        for layoff, same_layoff in zip(one["layoffs"], other["layoffs"]):
            assert layoff["cards"] is not same_layoff["cards"]
            assert layoff["onto"] is not same_layoff["onto"]
