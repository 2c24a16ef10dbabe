"""Indian Rummy's properties: a count never passes the cap, a deal's scores sum to zero, a pool ends with one left."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import score_session
from scorekeeper.engine.cards import RANKS, SUITS, Card
from tests.engine.test_indian import ANN_SHOW

SHOWN = {str(card) for group in ANN_SHOW for card in group.split()}
# the cards of one deck Ann's show leaves, and its joker
LEFT = sorted({str(Card(rank, suit)) for suit in SUITS for rank in RANKS} - SHOWN) + ["JK"]
STATES = st.sampled_from([{"dropped": "first"}, {"dropped": "middle"}, {"wrong_show": True}, None])


def hand_with(ben: dict, cy: dict | None = None) -> dict:
    players = {"Ann": {"melds": ANN_SHOW}, "Ben": ben}
    if cy is not None:
        players["Cy"] = cy
    return {"wild_rank": "9", "went_out": "Ann", "players": players}


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.sampled_from(LEFT), min_size=1, max_size=13, unique=True), cap=st.integers(0, 120))
def test_a_loser_never_counts_more_than_the_cap(cards, cap):
    body = score_session({"game": "indian", "players": ["Ann", "Ben"], "options": {"max_count": cap, "decks": 1},
                          "hands": [hand_with({"in_hand": cards})]})
    assert 0 <= body["hands"][0]["scores"]["Ben"] <= cap


@settings(max_examples=60, deadline=None)
@given(ben=st.lists(st.sampled_from(LEFT), min_size=1, max_size=6, unique=True), ben_state=STATES, cy_state=STATES)
def test_in_deals_the_scores_of_a_hand_sum_to_zero(ben, ben_state, cy_state):
    cy_cards = [card for card in LEFT if card not in ben][:5]
    hand = hand_with(ben_state or {"in_hand": ben}, cy_state or {"in_hand": cy_cards})
    body = score_session({"game": "indian", "players": ["Ann", "Ben", "Cy"], "options": {"format": "deals"},
                          "hands": [hand]})
    assert sum(body["hands"][0]["scores"].values()) == 0


@settings(max_examples=60, deadline=None)
@given(pool=st.sampled_from([101, 201]), draws=st.lists(st.integers(0, 80), min_size=60, max_size=60))
def test_a_pool_game_with_one_player_left_is_finished(pool, draws):
    names = ["Ann", "Ben", "Cy"]
    totals = dict.fromkeys(names, 0)
    hands: list[dict] = []
    draw = iter(draws)
    while sum(1 for total in totals.values() if total < pool) > 1 and len(hands) < 19:
        still = [name for name in names if totals[name] < pool]
        points = {name: (next(draw) if name != still[0] else 0) if name in still else 0 for name in names}
        for name in names:
            totals[name] += points[name]
        hands.append({"points": points})
    body = score_session({"game": "indian", "players": names, "options": {"format": "pool", "pool": pool}, "hands": hands})
    left = [name for name in names if body["totals"][name] < pool]
    assert body["eliminated"] == [name for name in names if name not in left]
    if len(left) == 1:
        assert (body["status"], body["winner"]) == ("finished", left[0])
    else:
        assert body["status"] == "in_progress"
