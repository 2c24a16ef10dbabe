"""Canasta (docs/rules/canasta.md): the meld rules with their reasons, the worked examples, the options, properties."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine import InputError, RulesError, check_layoff, check_meld, check_side, score_session
from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.games.canasta import canasta_value, first_meld_minimum

A, B = "Ann & Cy", "Ben & Dee"


def session(hands, players=(A, B), **options):
    return score_session({"game": "canasta", "options": options, "players": list(players), "hands": hands})


def lines(hand_body):
    return [(line["side"], line["points"], line["for"]) for line in hand_body.get("bonus_lines", [])]


# melds -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("9H 10H JH", "Canasta has no runs: a meld is cards of one rank, but 9H and 10H differ"),
        ("KH JK JK", "a meld needs at least 2 natural cards; this has 1"),
        ("KH KS KD 2C JK JK 2H", "a canasta needs at least 4 natural cards; this has 3"),
        ("KH KS KD KC JK JK 2C 2D", "a meld has at most 3 wild cards; this has 4"),
        ("KH KS JK JK JK", "a meld may not hold more wild cards than natural ones; this has 3 wild, 2 natural"),
        ("3S 3C 3S", "black threes meld only when going out"),
        ("3H 3D 3H", "red threes are not melded: lay 3H out apart and enter it as a red three"),
        ("KH KS JK=3S", "threes are not wild and red threes are not melded: no wild card stands for a three"),
        ("KH KS", "a meld needs at least 3 cards; this has 2"),
    ],
)
def test_an_illegal_canasta_meld_says_which_rule_it_breaks(cards, reason):
    body = check_meld(cards, game="canasta")
    assert (body["legal"], body["reason"]) == (False, reason)


def test_black_threes_meld_when_going_out_but_never_with_a_wild_card():
    assert check_meld("3S 3C 3S", game="canasta", going_out=True)["points"] == 15
    refused = check_meld("3S 3C JK", game="canasta", going_out=True)
    assert refused["reason"] == "black threes meld only by themselves, without wild cards"


def test_a_canasta_meld_scores_each_card_at_its_own_value_and_may_repeat_suits():
    body = check_meld("KH KS KD KC 2C JK JK", game="canasta")
    assert (body["legal"], body["kind"], body["points"]) == (True, "set", 40 + 20 + 100)
    assert body["readings"][0]["represents"] == ["KH", "KS", "KD", "KC", "KS", "KH", "KD"]
    assert check_meld("KH KH KS KS KD KD KC KC JK", game="canasta")["legal"]


def test_a_meld_check_of_canasta_in_the_api_and_on_the_command_line(client):
    answer = client.post("/api/v1/melds/check", json={"game": "canasta", "cards": "3S 3C 3S", "going_out": True})
    assert answer.status_code == 200 and answer.get_json()["legal"] is True
    answer = client.post("/api/v1/melds/check", json={"game": "canasta", "cards": "3S 3C 3S"})
    assert answer.get_json()["reason"] == "black threes meld only when going out"
    result = CliRunner().invoke(main, ["meld", "--game", "canasta", "9H", "10H", "JH"])
    assert result.exit_code == 1 and "Canasta has no runs" in json.loads(result.output)["reason"]
    result = CliRunner().invoke(main, ["meld", "--game", "canasta", "--going-out", "3S", "3C", "3S"])
    assert result.exit_code == 0 and json.loads(result.output)["points"] == 15


@pytest.mark.parametrize(
    ("cards", "canasta", "bonus"),
    [
        ("8H 8S 8D 8C 8H 8S 8D", "natural", 500),
        ("8H 8S 8D 8C 8H 8S 2C", "mixed", 300),
        ("8H 8S 8D", None, 0),
        ("9H 10H JH", None, 0),  # no meld at all
    ],
)
def test_the_meld_check_names_the_canasta_in_the_engine_api_and_command_line(client, cards, canasta, bonus):
    # issue 34: seven eights are "a natural canasta of 8s: 70 + 500", not just a set of 70
    assert (check_meld(cards, game="canasta")["canasta"], check_meld(cards, game="canasta")["canasta_bonus"]) == (canasta, bonus)
    answer = client.post("/api/v1/melds/check", json={"game": "canasta", "cards": cards}).get_json()
    assert (answer["canasta"], answer["canasta_bonus"]) == (canasta, bonus)
    printed = json.loads(CliRunner().invoke(main, ["meld", "--game", "canasta", *cards.split()]).output)
    assert (printed["canasta"], printed["canasta_bonus"]) == (canasta, bonus)


def test_only_a_game_with_canastas_answers_canasta():
    # as `group` is only Indian Rummy's: an answer holds the fields its game has (docs/api.md)
    assert "canasta" not in check_meld("8H 8S 8D 8C 8H 8S 8D", game="rummy500")
    assert "canasta" not in check_layoff("8H 8S 8D", "8C", game="rummy500")


def test_a_wild_card_laid_off_onto_a_natural_canasta_shows_as_itself_and_makes_it_mixed():
    # issue 34: 2H onto seven eights was shown as 8C and nothing said the 500 became 300
    body = check_layoff("8H 8S 8D 8C 8H 8S 8D", "2H", game="canasta")
    assert body["legal"] and body["points"] == 20
    assert body["cards_on_table"] == ["8H", "8S", "8D", "8C", "8H", "8S", "8D", "2H"]
    assert (body["meld"]["canasta"], body["meld"]["canasta_bonus"]) == ("natural", 500)
    assert (body["canasta"], body["canasta_bonus"]) == ("mixed", 300)
    refused = check_layoff("8H 8S 8D", "9H", game="canasta")
    assert (refused["legal"], refused["canasta"], refused["cards_on_table"]) == (False, None, [])


def test_card_values_and_the_first_meld_minimum_follow_the_tables_of_the_rules():
    values = {text: canasta_value(card) for text, card in zip("JK 2C AS KH 8D 7C 4S 3S".split(),
                                                               parse_cards("JK 2C AS KH 8D 7C 4S 3S"))}
    assert values == {"JK": 50, "2C": 20, "AS": 20, "KH": 10, "8D": 10, "7C": 5, "4S": 5, "3S": 5}
    assert [first_meld_minimum(t) for t in (-5, 0, 1495, 1500, 2995, 3000, 9000)] == [15, 50, 50, 90, 90, 120, 120]


# the worked examples of docs/rules/canasta.md ---------------------------------------

HAND_1 = {"went_out": A, "players": {
    A: {"melds": ["KH KS KD KC KH KS KD", "7H 7S 7D 2C JK 7C 7H", "AH AS AD"], "red_threes": 2},
    B: {"melds": ["QH QS QD JK", "9H 9S 9C"], "red_threes": 1, "in_hand": "5H 8C 2D"},
}}
HAND_2 = {"went_out": B, "concealed": True, "players": {
    B: {"melds": ["8H 8S 8D 8C 8H 8S 2H", "4H 4S 4D"]},
    A: {"red_threes": 2, "in_hand": "KH QS JK 3S"},
}}


def test_example_1_four_people_natural_and_mixed_canastas_red_threes_and_going_out_concealed():
    body = session([HAND_1, HAND_2])
    first, second = body["hands"]
    assert first["scores"] == {A: 1325, B: 175}
    assert lines(first) == [
        (A, 500, "a natural canasta of K"), (A, 300, "a mixed canasta of 7"), (A, 200, "2 red threes"),
        (B, 100, "1 red three"), (A, 100, "going out"),
    ]
    assert first["players"][A]["red_threes"] == 2 and first["players"][A]["melded_points"] == 225
    assert second["scores"] == {A: -275, B: 595}
    assert (A, -200, "2 red threes, against a side that melded nothing") in lines(second)
    assert (B, 200, "going out concealed") in lines(second)
    assert body["totals"] == {A: 1050, B: 770} and body["status"] == "in_progress"


def test_example_1_a_first_meld_below_the_minimum_for_the_sides_total_is_refused():
    too_small = {"went_out": B, "players": {B: {"melds": ["8H 8S 8D 8C 8H 8S 2H"]}, A: {"melds": ["5H 5S 5D"]}}}
    with pytest.raises(RulesError) as refused:
        session([HAND_1, too_small])
    assert str(refused.value) == (
        "hand 2: Ann & Cy's melds add up to 15 points, but on 1325 a side's first meld needs at least 50:"
        " the first meld was too small"
    )
    assert (refused.value.player, refused.value.field) == (A, "melds")


def test_example_2_two_players_need_two_canastas_to_go_out_and_black_threes_meld_going_out():
    one = {"went_out": "Ann", "players": {"Ann": {"melds": ["JH JS JD JC JH JS JD"]}}}
    with pytest.raises(RulesError, match="Ann went out with 1 canasta, but a side needs 2 canastas to go out"):
        session([one], players=("Ann", "Ben"), table=2, canastas_to_go_out=2)
    hand = {"went_out": "Ann", "players": {
        "Ann": {"melds": ["JH JS JD JC JH JS JD", "6H 6S 6D 6C 6H 2S JK", "3S 3C 3S"], "red_threes": 4},
        "Ben": {"in_hand": "AH AS 9D 4C"},
    }}
    body = session([hand], players=("Ann", "Ben"), table=2, canastas_to_go_out=2)
    assert body["hands"][0]["scores"] == {"Ann": 1880, "Ben": -55}
    assert ("Ann", 800, "all 4 red threes") in lines(body["hands"][0])


def test_example_3_six_people_in_three_sides_play_three_decks_and_all_six_red_threes_double():
    sides = ["Ann & Dee", "Ben & Eve", "Cy & Fay"]
    hand = {"went_out": sides[0], "players": {
        sides[0]: {"melds": ["9H 9H 9H 9S 9S 9D 9C"], "red_threes": 6},
        sides[1]: {"melds": ["KH KS JK"], "in_hand": "2C"},
        sides[2]: {"in_hand": "JK 5S"},
    }}
    low = {"went_out": sides[0], "players": {
        sides[0]: {"melds": ["QH QS QD QC QH QS QD", "AH AS AD"]}, sides[2]: {"melds": ["4H 4S 4D"]},
    }}
    body = session([hand, low], players=sides, table=6)
    assert body["hands"][0]["scores"] == {sides[0]: 1870, sides[1]: 50, sides[2]: -55}
    assert body["hands"][1]["scores"][sides[2]] == 15


def test_example_4_the_first_side_to_5000_wins_and_a_tie_on_top_plays_another_hand():
    body = session([{"went_out": A, "points": {A: 5100, B: 4000}}])
    assert (body["status"], body["winner"]) == ("finished", A)
    tied = session([{"went_out": A, "points": {A: 5050, B: 5050}}])
    assert tied["status"] == "in_progress" and "another hand" in tied["reason"]


# the other rules of a hand ------------------------------------------------------------


def test_going_out_without_a_canasta_is_refused():
    hand = {"went_out": A, "players": {A: {"melds": ["KH KS KD"]}}}
    with pytest.raises(RulesError, match="Ann & Cy went out with no canasta, but a side needs a canasta to go out"):
        session([hand])


def test_a_side_builds_one_meld_of_each_rank():
    hand = {"ended": "stock_exhausted", "players": {A: {"melds": ["KH KS KD", "KC KH KS"]}}}
    with pytest.raises(RulesError, match="Ann & Cy's melds 1 and 2 are both of K"):
        session([hand])


def test_black_threes_melded_by_a_side_that_did_not_go_out_are_refused():
    hand = {"went_out": A, "players": {A: {"melds": ["KH KS KD KC KH KS KD"]}, B: {"melds": ["3S 3C 3S", "AH AS AD"]}}}
    with pytest.raises(RulesError, match="Ben & Dee's meld 1 .* black threes meld only when going out"):
        session([hand])


def test_red_threes_are_counted_not_held_and_never_more_than_the_decks_hold():
    held = {"ended": "stock_exhausted", "players": {A: {"in_hand": "3H 5S"}}}
    with pytest.raises(RulesError, match="3H is never kept in hand: enter it as one of Ann & Cy's red threes"):
        session([held])
    many = {"ended": "stock_exhausted", "players": {A: {"red_threes": 3}, B: {"red_threes": 2}}}
    with pytest.raises(RulesError, match="5 red threes are entered, but the decks hold only 4"):
        session([many])
    with pytest.raises(InputError, match="Ann & Cy's red threes must be a whole number from 0 to 6, not '2'"):
        session([{"ended": "stock_exhausted", "players": {A: {"red_threes": "2"}}}])


def test_the_number_of_sides_must_suit_the_people_at_the_table():
    with pytest.raises(InputError, match="Canasta with 4 people at the table is played by 2 sides, not 3"):
        session([], players=("Ann", "Ben", "Cy"))
    assert session([], players=("Ann", "Ben", "Cy"), table=3)["totals"] == {"Ann": 0, "Ben": 0, "Cy": 0}


# partners, and lay-offs onto a side's own melds (issue 26) --------------------------------

PARTNER_HOLDS = {"game": "canasta", "players": [A, B], "hands": [{"went_out": A, "players": {
    A: {"melds": ["KH KS KD KC KH KS KD"], "in_hand": "QH 4C"}, B: {"in_hand": "5C"},
}}]}


def test_a_partnership_that_went_out_keeps_the_partners_cards_in_the_engine_api_and_command_line(client):
    # 70 + 500 + 100, less the partner's QH 4C (15); Ben & Dee hold 5C
    assert score_session(PARTNER_HOLDS)["totals"] == {A: 655, B: -5}
    answer = client.post("/api/v1/score", json=PARTNER_HOLDS)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["totals"] == {A: 655, B: -5}
    assert answer.get_json()["hands"][0]["players"][A]["in_hand_points"] == 15
    result = CliRunner().invoke(main, ["score", "-"], input=json.dumps(PARTNER_HOLDS))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["totals"] == {A: 655, B: -5}


def test_six_people_in_sides_of_two_or_three_keep_the_partners_cards_too():
    hand = {"went_out": "Ann & Cy & Eve", "players": {
        "Ann & Cy & Eve": {"melds": ["KH KS KD KC KH KS KD"], "in_hand": "JK"},
        "Ben & Dee & Fay": {"in_hand": "5C"},
    }}
    body = session([hand], players=("Ann & Cy & Eve", "Ben & Dee & Fay"), table=6)
    assert body["totals"] == {"Ann & Cy & Eve": 620, "Ben & Dee & Fay": -5}


@pytest.mark.parametrize(("table", "players"), [(2, ("Ann", "Ben")), (3, ("Ann", "Ben", "Cy"))])
def test_a_player_alone_who_went_out_has_no_cards_left(table, players):
    hand = {"went_out": "Ann", "players": {"Ann": {"melds": ["KH KS KD KC KH KS KD"], "in_hand": "QH"}}}
    with pytest.raises(RulesError, match="Ann went out, so no cards are left in Ann's hand, but QH are entered"):
        session([hand], players=players, table=table)


def own_layoff(melds, cards, **extra):
    return {"went_out": A, "players": {
        A: {"melds": melds, "layoffs": [{"cards": cards, "onto": {"player": A, "meld": 0}}], **extra},
        B: {"in_hand": "5C"},
    }}


def test_a_joker_laid_off_onto_a_natural_canasta_makes_it_mixed():
    body = session([own_layoff(["KH KS KD KC KH KS KD"], "JK")])
    hand = body["hands"][0]
    assert body["totals"] == {A: 70 + 50 + 300 + 100, B: -5}
    assert (A, 300, "a mixed canasta of K") in lines(hand)
    assert not any("natural" in label for _, _, label in lines(hand))
    # the meld as it lies on the table: the joker is part of it, not a lay-off apart
    shown = hand["players"][A]
    assert shown["melds"][0]["notation"] == "KH KS KD KC KH KS KD JK=KC" and shown["layoffs"] == []
    assert shown["melded_points"] == 120


def test_a_seventh_king_laid_off_onto_six_makes_a_natural_canasta_to_go_out_with():
    body = session([own_layoff(["KH KS KD KC KH KS"], "KD")])
    assert body["totals"] == {A: 70 + 500 + 100, B: -5}
    assert (A, 500, "a natural canasta of K") in lines(body["hands"][0])


@pytest.mark.parametrize(
    ("meld", "laid_off"),
    [
        ("KH KS KD KC KH KS KD", "JK"),
        ("KH KS KD KC KH KS", "KD"),
        ("KH KS KD", "KC KH 2S KS"),
        ("7H 7S 7D 2C", "JK 7C 7H"),
    ],
)
def test_a_meld_with_its_own_lay_offs_scores_as_the_same_meld_entered_whole(meld, laid_off):
    extra = {"melds": ["AH AS AD AC AH AS AD"]}
    split = session([own_layoff([meld, *extra["melds"]], laid_off)])
    whole = session([{"went_out": A, "players": {
        A: {"melds": [f"{meld} {laid_off}", *extra["melds"]]}, B: {"in_hand": "5C"},
    }}])
    assert split["totals"] == whole["totals"]
    assert lines(split["hands"][0]) == lines(whole["hands"][0])


def test_a_lay_off_that_gives_the_meld_a_fourth_wild_card_is_refused():
    with pytest.raises(RulesError, match="a meld has at most 3 wild cards"):
        session([own_layoff(["KH KS KD KC KH 2S 2C JK"], "JK")])


# properties ----------------------------------------------------------------------------

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"


@st.composite
def canasta_melds(draw) -> list[str]:
    # two decks: each natural card twice at most, and no more cards than a rank has in them
    rank = draw(st.sampled_from(RANKS))
    natural = draw(st.integers(2, 8))
    cards = [rank + suit for suit in draw(st.permutations(SUITS * 2))[:natural]]
    for _ in range(draw(st.integers(0, min(3, 8 - natural)))):
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(["JK", "2C", "2H"])))
    return cards


@given(canasta_melds())
@settings(max_examples=300, deadline=None)
def test_every_canasta_reading_stays_legal_with_its_wild_cards_replaced_and_scores_its_cards(cards):
    body = check_meld(cards, game="canasta")
    if not body["legal"]:
        return
    assert body["points"] == sum(canasta_value(card) for card in parse_cards(cards))
    for reading in body["readings"]:
        natural = check_meld(reading["represents"], game="canasta")
        assert natural["legal"], (cards, reading, natural["reason"])
        assert natural["kind"] == reading["kind"] == "set"


def test_a_sides_live_score_is_the_whole_score_save_stores_bonuses_and_all(client):
    # issue 34: the form showed the melds less the hand (+105) for a hand saved as 505
    entry = {"melds": ["KH KS KD KC KH KS KD"], "layoffs": [{"cards": "JK", "meld": 0}], "in_hand": "QH 4C"}
    body = check_side(entry, game="canasta", went_out=True, name=A)
    saved = session([own_layoff(["KH KS KD KC KH KS KD"], "JK", in_hand="QH 4C")])["hands"][0]["scores"][A]
    assert body["score"] == saved == 505
    assert [(line["for"], line["points"]) for line in body["lines"]] == [
        ("melded", 120), ("a mixed canasta of K", 300), ("going out", 100), ("in hand", -15)]
    answer = client.post("/api/v1/sides/check", json={"game": "canasta", "name": A, "went_out": True, "entry": entry})
    assert answer.status_code == 200 and answer.get_json()["score"] == 505


def test_a_sides_live_score_counts_red_threes_and_going_out_concealed():
    # docs/rules/canasta.md example 1, hand 2: Ben & Dee go out concealed, Ann & Cy melded nothing
    concealed = check_side({"melds": ["8H 8S 8D 8C 8H 8S 2H", "4H 4S 4D"]}, went_out=True, concealed=True)
    assert concealed["score"] == 595
    against = check_side({"red_threes": 2, "in_hand": "KH QS JK 3S"})
    assert against["score"] == -275
    assert ("2 red threes, against a side that melded nothing", -200) in [(x["for"], x["points"]) for x in against["lines"]]


def test_a_side_save_would_refuse_has_no_live_score_but_the_reason():
    body = check_side({"melds": ["KH KS KD KC KH KS"]}, went_out=True, name=A)
    assert body == {"score": None, "lines": [],
                    "reason": f"{A} went out with no canasta, but a side needs a canasta to go out"}


def test_the_side_check_is_only_for_games_where_a_side_scores_on_its_own(client):
    with pytest.raises(InputError, match="depends on the other players' cards"):
        check_side({}, game="rummy500")
    answer = client.post("/api/v1/sides/check", json={"game": "canasta", "entry": {"melds": ["KH 1S KD"]}})
    assert answer.status_code == 400 and "`1S` at position 2 is not a card" in answer.get_json()["error"]
    assert client.post("/api/v1/sides/check", json={"game": "canasta"}).status_code == 400


def test_live_side_checks_leave_the_memo_of_hands_read_to_the_sessions_played():
    from scorekeeper.engine import hands

    before = len(hands._READ)
    for cards in ("KH KS KD", "KH KS KD KC", "KH KS KD KC KH"):
        check_side({"melds": [cards]})
    assert len(hands._READ) == before
