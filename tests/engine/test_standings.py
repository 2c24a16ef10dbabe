"""The standings: sides ranked as the game ranks them, ties sharing a rank, players who left last."""

from __future__ import annotations

import pytest

from scorekeeper.engine import ranked


@pytest.mark.parametrize(("lowest", "expected"), [(False, ["Ben", "Cy", "Ann"]), (True, ["Ann", "Cy", "Ben"])])
def test_the_standings_follow_the_games_own_order(lowest: bool, expected: list[str]) -> None:
    places = ranked({"Ann": 10, "Ben": 90, "Cy": 40}, lowest=lowest)
    assert [p.side for p in places] == expected
    assert [p.rank for p in places] == [1, 2, 3]


def test_a_tie_shares_its_rank_in_seat_order_and_the_next_rank_skips_past_it() -> None:
    places = ranked({"Ann": 5, "Ben": 50, "Cy": 50, "Dee": 7})
    assert [(p.rank, p.side, p.total) for p in places] == [(1, "Ben", 50), (1, "Cy", 50), (3, "Dee", 7), (4, "Ann", 5)]


def test_players_who_left_follow_the_table_unranked_even_when_their_total_is_best() -> None:
    places = ranked({"Ann": 300, "Ben": 90, "Cy": 40}, left={"Ann"})
    assert [(p.rank, p.side) for p in places] == [(1, "Ben"), (2, "Cy"), (0, "Ann")]
