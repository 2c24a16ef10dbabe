"""Rummikub's properties (hypothesis), as tests/engine/test_engine_properties.py states them for the card games.

Groups and runs are made here from docs/rules/rummikub.md, an independent reading of the rules, not the engine's
checker; so are rack values.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import check_meld, score_session

COLOURS = "RBOK"
NAMES = ["Ann", "Ben", "Cy", "Dee"]


@st.composite
def natural_melds(draw) -> list[str]:
    """A group (3 or 4 tiles of one number, different colours) or a run (3 or more numbers in a row, one colour)."""
    if draw(st.booleans()):
        number = draw(st.integers(1, 13))
        colours = draw(st.permutations(COLOURS))[: draw(st.integers(3, 4))]
        return [f"{number}{colour}" for colour in colours]
    colour = draw(st.sampled_from(COLOURS))
    length = draw(st.integers(3, 13))
    start = draw(st.integers(1, 14 - length))
    return [f"{number}{colour}" for number in range(start, start + length)]


@settings(max_examples=150, deadline=None)
@given(natural_melds())
def test_a_meld_made_by_the_rules_is_legal_and_worth_its_numbers(tiles):
    body = check_meld(" ".join(tiles), game="rummikub")
    assert body["legal"], (tiles, body["reason"])
    assert body["points"] == sum(int(tile[:-1]) for tile in tiles)


@settings(max_examples=150, deadline=None)
@given(natural_melds(), st.data())
def test_a_meld_stays_legal_with_one_or_two_tiles_replaced_by_jokers(tiles, data):
    replaced = data.draw(st.sets(st.integers(0, len(tiles) - 1), min_size=1, max_size=min(2, len(tiles) - 1)))
    with_jokers = ["JK" if index in replaced else tile for index, tile in enumerate(tiles)]
    body = check_meld(" ".join(with_jokers), game="rummikub")
    assert body["legal"], (with_jokers, body["reason"])
    # the tiles it stands for are a meld too, and its points are their numbers
    stands = body["readings"][0]["represents"]
    assert check_meld(" ".join(stands), game="rummikub")["legal"]
    assert body["points"] == sum(int(tile[:-1]) for tile in stands)


RACKS = st.lists(st.sampled_from([f"{n}{c}" for n in range(1, 14) for c in COLOURS] + ["JK"]), max_size=4)


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({name: RACKS for name in NAMES}), st.sampled_from([None, *NAMES]),
       st.integers(0, 60))
def test_a_round_adds_up_to_zero_and_each_loser_pays_their_rack(racks, went_out, penalty):
    if went_out is not None:
        racks[went_out] = []
    if any(sum(1 for rack in racks.values() for tile in rack if tile == t) > 2 for rack in racks.values() for t in rack):
        return  # more than two of a tile: the engine refuses it (test_rummikub.py)
    value = {name: sum(penalty if t == "JK" else int(t[:-1]) for t in rack) for name, rack in racks.items()}
    body = score_session({"game": "rummikub", "options": {"joker_penalty": penalty}, "players": NAMES,
                          "hands": [{"went_out": went_out, "racks": racks}]})
    scores = body["hands"][0]["scores"]
    assert sum(scores.values()) == 0
    lowest = 0 if went_out is not None else min(value.values())
    for name in NAMES:
        if value[name] > lowest or (went_out is not None and name != went_out):
            assert scores[name] == lowest - value[name]
