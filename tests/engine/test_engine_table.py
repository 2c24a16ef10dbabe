"""Who deals each hand, and players who join late or leave, scored by the hands they are in."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, Scoring, dealer_seats, score_session


def points(went_out, seated=None, **scores):
    hand = {"ended": "went_out", "went_out": went_out, "points": scores}
    if seated is not None:
        hand["seated"] = seated
    return hand


def session(game, players, *hands, **extra):
    return score_session({"game": game, "players": players, "hands": list(hands), **extra})


# the dealer ---------------------------------------------------------------------


def test_the_deal_passes_one_seat_to_the_left_each_hand_from_seat_1():
    # four seats, nobody chosen: 1, 2, 3, 4, then seat 4 passes back to seat 1
    assert dealer_seats({}, [[1, 2, 3, 4]] * 6) == [1, 2, 3, 4, 1, 2]


def test_the_first_dealer_chosen_deals_hand_1_and_the_rest_follow():
    # seat 3 of 3 deals first, so seat 1 deals hand 2 and seat 2 hand 3
    assert dealer_seats({1: 3}, [[1, 2, 3]] * 4) == [3, 1, 2, 3]


def test_a_correction_moves_the_deal_from_that_hand_on_and_keeps_the_hands_before():
    # the table says seat 1 dealt hand 3 (not seat 3): hands 1 and 2 keep 1 and 2, hand 4 goes to seat 2
    assert dealer_seats({1: 1, 3: 1}, [[1, 2, 3]] * 4) == [1, 2, 1, 2]


def test_a_seat_not_dealt_in_is_skipped():
    # seat 2 left after hand 1: seat 1 deals hand 1, seat 3 (not 2) hand 2, seat 1 hand 3
    assert dealer_seats({}, [[1, 2, 3], [1, 3], [1, 3]]) == [1, 3, 1]
    # a late player in seat 4 takes their turn after seat 3
    assert dealer_seats({1: 2}, [[1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4]]) == [2, 3, 4]


def test_a_chosen_dealer_who_is_not_in_the_hand_passes_the_deal_to_the_next_seat():
    # seat 2 chosen for hand 1, but only seats 1 and 3 are dealt in: seat 3 deals
    assert dealer_seats({1: 2}, [[1, 3]]) == [3]


def dealers_of(body, upcoming):
    """Who deals each hand of a session body's hands, then the next: the seats the engine deals each hand."""
    scoring = Scoring.of(body)
    seats = {name: seat for seat, name in enumerate(body["players"], start=1)}
    dealt = [[seats[name] for name in players] for players in scoring.dealt_hands() + [upcoming]]
    return dealer_seats({}, dealt)


def test_a_player_out_of_a_pool_is_passed_over_for_the_deal_and_deals_again_once_dealt_back_in():
    pool = {"game": "indian", "options": {"format": "pool"}, "players": ["Ann", "Ben", "Cy", "Dev"], "hands": [
        {"points": {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 20}},
        {"points": {"Ann": 40, "Ben": 0, "Cy": 80, "Dev": 30}},  # Cy reaches 160: out
        {"points": {"Ann": 5, "Ben": 0, "Dev": 5}},
    ]}
    # everyone is still at the table, but hand 3 is not dealt to Cy: Dev deals it, then Ann hand 4
    assert Scoring.of(pool).dealt_hands()[2] == ["Ann", "Ben", "Dev"]
    assert dealers_of(pool, ["Ann", "Ben", "Dev"]) == [1, 2, 4, 1]
    # Cy dealt back in from hand 3 deals it
    pool["hands"][2] = {"rejoined": ["Cy"], "points": {"Ann": 5, "Ben": 0, "Cy": 0, "Dev": 5}}
    assert dealers_of(pool, ["Ann", "Ben", "Cy", "Dev"]) == [1, 2, 3, 4]


def test_every_player_at_the_table_is_dealt_in_where_no_pool_puts_one_out():
    body = {"game": "rummy500", "players": ["Ann", "Ben", "Cy"], "hands": [
        points("Ann", Ann=60, Ben=0, Cy=0), points("Ben", ["Ann", "Ben"], Ann=0, Ben=10)]}
    assert Scoring.of(body).dealt_hands() == [["Ann", "Ben", "Cy"], ["Ann", "Ben"]]


def test_persian_deals_by_seat_too():
    # partnerships sit 1 & 3 against 2 & 4: the deal alternates between them, seat by seat
    assert dealer_seats({1: 2}, [[1, 2, 3, 4]] * 5) == [2, 3, 4, 1, 2]


# late players and leavers -----------------------------------------------------------


def test_a_late_player_starting_at_the_lowest_total_and_a_leaver_are_scored_by_their_hands():
    body = session(
        "rummy500", ["Ann", "Ben", "Cy", "Dee"],
        # hand 1, Dee not seated yet: Ann 30, Ben 10, Cy -5
        points("Ann", ["Ann", "Ben", "Cy"], Ann=30, Ben=10, Cy=-5),
        # hand 2, Dee joins at the lowest total, Cy's -5: Ann 30, Ben 30, Cy 0, Dee -5 + 15 = 10
        points("Ben", ["Ann", "Ben", "Cy", "Dee"], Ann=0, Ben=20, Cy=5, Dee=15),
        # Ben leaves; hand 3: Ann 35, Cy 40, Dee 0, Ben stays on 30
        points("Cy", ["Ann", "Cy", "Dee"], Ann=5, Cy=40, Dee=-10),
        late_start={"Dee": "lowest"}, left=["Ben"],
    )
    assert [h["totals"] for h in body["hands"]] == [
        {"Ann": 30, "Ben": 10, "Cy": -5},
        {"Ann": 30, "Ben": 30, "Cy": 0, "Dee": 10},
        {"Ann": 35, "Ben": 30, "Cy": 40, "Dee": 0},
    ]
    # a hand's scores name only the players dealt into it
    assert body["hands"][2]["scores"] == {"Ann": 5, "Cy": 40, "Dee": -10}
    assert body["totals"] == {"Ann": 35, "Ben": 30, "Cy": 40, "Dee": 0}
    assert body["leaders"] == ["Cy"]


def test_a_late_player_starting_at_zero_has_only_their_own_hands():
    body = session(
        "rummy500", ["Ann", "Ben", "Dee"],
        points("Ann", ["Ann", "Ben"], Ann=30, Ben=-10),
        # Dee joins at 0: 0 + 15 = 15; Ann 30 + 0, Ben -10 + 20 = 10
        points("Ben", None, Ann=0, Ben=20, Dee=15),
        late_start={"Dee": "zero"},
    )
    assert body["totals"] == {"Ann": 30, "Ben": 10, "Dee": 15}


def test_a_late_player_not_dealt_in_yet_shows_the_total_they_will_start_at():
    # seated after hand 1 at the lowest total: Ben's -10 (Ann has 30)
    body = session("rummy500", ["Ann", "Ben", "Dee"], points("Ann", ["Ann", "Ben"], Ann=30, Ben=-10),
                   late_start={"Dee": "lowest"})
    assert body["totals"] == {"Ann": 30, "Ben": -10, "Dee": -10}
    assert body["hands"][0]["totals"] == {"Ann": 30, "Ben": -10}


def test_a_player_who_left_neither_leads_nor_wins_by_the_lowest_total():
    # penalty: the lowest total wins. Ben, on 5, left after hand 1; Cy reaches the 100 target in hand 2
    body = session(
        "penalty", ["Ann", "Ben", "Cy"],
        points("Ann", None, Ann=0, Ben=5, Cy=60),   # Ann 0, Ben 5, Cy 60
        points("Cy", ["Ann", "Cy"], Ann=20, Cy=45),  # Ann 20, Cy 105: Cy is past 100
        left=["Ben"],
    )
    assert body["totals"] == {"Ann": 20, "Ben": 5, "Cy": 105}
    assert body["status"] == "finished" and body["winner"] == "Ann"


def test_a_player_who_left_does_not_lead_even_on_the_highest_total():
    body = session(
        "rummy500", ["Ann", "Ben", "Cy"],
        points("Ben", None, Ann=50, Ben=80, Cy=10),       # Ann 50, Ben 80, Cy 10
        points("Ann", ["Ann", "Cy"], Ann=10, Cy=0),       # Ann 60, Cy 10; Ben left on 80
        left=["Ben"],
    )
    assert body["totals"] == {"Ann": 60, "Ben": 80, "Cy": 10}
    assert body["leaders"] == ["Ann"]


@pytest.mark.parametrize("extra, message", [
    ({"late_start": {"Dee": "first"}}, "not a player"),
    ({"late_start": {"Ann": "highest"}}, '"zero" or "lowest"'),
    ({"left": ["Ann", "Ben"]}, "somebody must still be at the table"),
])
def test_unreadable_seating_is_refused_naming_the_problem(extra, message):
    with pytest.raises(InputError, match=message):
        session("basic", ["Ann", "Ben"], **extra)


def test_a_hand_seating_too_few_players_is_refused():
    with pytest.raises(InputError, match="hand 1: .*not 1"):
        session("basic", ["Ann", "Ben"], points("Ann", ["Ann"], Ann=5))


def test_persian_partnerships_cannot_change():
    with pytest.raises(InputError, match="fixed partnerships"):
        session("persian", ["Ann", "Ben", "Cy", "Dee"], left=["Dee"])


def test_michigan_counts_hands_won_from_a_late_players_first_hand():
    body = session(
        "michigan", ["Ann", "Ben", "Cy"],
        points("Ann", ["Ann", "Ben"], Ann=10, Ben=0),          # Ann wins: Ann 1, Ben 0
        points("Cy", None, Ann=0, Ben=0, Cy=30),               # Cy, at the lowest (0), wins: 1
        late_start={"Cy": "lowest"},
    )
    assert body["totals"] == {"Ann": 1, "Ben": 0, "Cy": 1}
