"""Meld legality, readings and points, game by game (RULES.md sections 2 and 4)."""

import pytest

from scorekeeper.engine import InputError, check_layoff, check_meld


@pytest.mark.parametrize(
    ("cards", "game", "kind", "points"),
    [
        ("9H 10H JH", "rummy500", "run", 29),
        ("7H 8H JK", "rummy500", "run", 30),
        ("AH 2H 3H", "rummy500", "run", 6),
        ("QH KH AH", "rummy500", "run", 35),
        ("AS AH AD", "rummy500", "set", 45),
        ("AH 2H 3H", "rummy500", "run", 6),
        ("4S 4H 4D 4C", "persian", "set", 32),
        ("JK JK JK", "persian", "set", 60),
        ("QH KH AH", "persian", "run", 35),
        ("2H 2S 2D", "oklahoma", "set", 15),
        ("2C=QS QH QD", "oklahoma", "set", 70),
        ("6H 6H 6S", "oklahoma", "set", 15),
        ("7H 8H 9H", "basic", "run", 0),
        ("KS KH KD", "penalty", "set", 0),
    ],
)
def test_legal_meld_scores_what_the_game_pays(cards, game, kind, points):
    body = check_meld(cards, game=game)
    assert (body["legal"], body["kind"], body["points"]) == (True, kind, points)


def test_five_ten_fifteen_values_count_low_cards_as_five():
    assert check_meld("7H 8H 9H", options={"card_values": "5-10-15"})["points"] == 15
    assert check_meld("AH 2H 3H", options={"card_values": "5-10-15"})["points"] == 15


def test_trapapps_ace_points_make_every_ace_one():
    assert check_meld("AS AH AD", options={"ace_points": 1})["points"] == 3


def test_wild_sevens_are_a_set_of_sevens_in_5000_rummy():
    body = check_meld("7H 7S 7D", game="rummy5000", wild_rank="7")
    assert (body["legal"], body["kind"], body["points"]) == (True, "set", 300)


def test_wild_aces_score_200_in_5000_rummy():
    assert check_meld("AH AS 5D", game="rummy5000", wild_rank="A")["points"] == 400 + 5


def test_5000_rummy_needs_the_wild_rank():
    with pytest.raises(InputError, match="wild rank"):
        check_meld("7H 8H 9H", game="rummy5000")


def test_oklahoma_deuce_scores_the_card_it_stands_for():
    # the deuce stands for the 8: K J 10 9 8 are worth 10 each in a meld
    assert check_meld("6H 7H 2C", game="oklahoma")["points"] == 5 + 5 + 10


def test_oklahoma_wild_card_is_the_queen_of_spades_only_when_said():
    assert check_meld("2C QH QD", game="oklahoma")["readings"][0]["represents"] == ["QC", "QH", "QD"]


@pytest.mark.parametrize(
    ("cards", "represents"),
    [
        ("6H 7H JK", ["6H", "7H", "8H"]),
        ("JK 6H 7H", ["5H", "6H", "7H"]),
        ("7H JK 9H", ["7H", "8H", "9H"]),
        ("9H 8H JK", ["7H", "8H", "9H"]),
        ("JK=5H 6H 7H", ["5H", "6H", "7H"]),
    ],
)
def test_a_wild_card_in_a_run_stands_where_it_was_entered(cards, represents):
    assert check_meld(cards)["readings"][0]["represents"] == represents


def test_an_ambiguous_meld_lists_every_reading_set_first():
    readings = check_meld("9H JK JK")["readings"]
    assert [(r["kind"], r["represents"]) for r in readings] == [
        ("set", ["9H", "9S", "9D"]),
        ("run", ["9H", "10H", "JH"]),
        ("run", ["7H", "8H", "9H"]),
        ("run", ["8H", "9H", "10H"]),
    ]


def test_joker_in_a_full_set_has_no_card_to_stand_for():
    assert check_meld("KS KH KD KC JK")["reason"] == "a set has at most 4 cards, one of each suit; this has 5"


@pytest.mark.parametrize(
    ("cards", "game", "options", "reason"),
    [
        ("7H 8H", "rummy500", {}, "a meld needs at least 3 cards; this has 2"),
        ("7H 8S 9H", "rummy500", {}, "a run needs one suit: 7H and 8S are mixed"),
        ("9H 10H QH", "rummy500", {}, "there is a gap between 10 and Q"),
        ("KH AH 2H", "rummy500", {}, "K-A-2 wraps around: an ace is high or low, not both"),
        ("QH KH JK 2H", "rummy500", {}, "Q-K-A-2 wraps around: an ace is high or low, not both"),
        ("6H 6H 6S", "rummy500", {"decks": 2}, "a set needs different suits: 6H appears twice"),
        ("6H 6H 6S", "rummy500", {}, "6H appears twice in this meld, but one deck has only one"),
        ("QH KH AH", "basic", {}, "Q-K-A puts the ace high: in Basic Rummy aces are low only"),
        ("AH 2H 3H", "persian", {}, "A-2-3 puts the ace low: in Persian Rummy aces are high only"),
        ("JK JK 9H", "persian", {}, "in Persian Rummy jokers are not wild: they meld only with each other, as a set of 3 or 4 jokers"),
        ("JK 2C JK", "oklahoma", {"jokers": 2}, "a meld needs at least one natural card; JK 2C JK are all wild"),
        ("JK JK 7H", "gin", {}, "JK: Gin Rummy is played here without jokers"),
        ("7H=8H 8H 9H", "rummy500", {}, "7H is not wild in 500 Rum, so it cannot stand for 8H"),
        ("3H 5H 9H JK", "rummy500", {}, "there are gaps between 3 and 5 and between 5 and 9: 4 cards are missing and 1 wild card cannot fill them"),
    ],
)
def test_illegal_meld_says_why(cards, game, options, reason):
    body = check_meld(cards, game=game, options=options)
    assert (body["legal"], body["kind"], body["points"], body["readings"]) == (False, None, 0, [])
    assert body["reason"] == reason


@pytest.mark.parametrize(
    ("cards", "options", "reason"),
    [
        # one rank: the set's reason first, though the run's (7H twice) is true too
        ("7H 7S 7H", {"decks": 2}, "a set needs different suits: 7H appears twice"),
        # one suit: the run's reason first
        ("7H 7H 8H", {"decks": 2}, "7H appears twice; a run holds each rank once"),
        # no rank repeats: the run's reason first
        ("7H 8S 10D", {}, "a run needs one suit: 7H and 8S are mixed"),
        ("7H 7S 9D", {}, "neither a set nor a run: a set needs one rank: 7H and 9D differ,"
         " and a run needs one suit: 7H and 7S are mixed"),
    ],
)
def test_illegal_meld_gives_the_reason_of_the_nearer_kind_first(cards, options, reason):
    assert check_meld(cards, game="rummy500", options=options)["reason"] == reason


def test_oklahoma_deuces_played_as_twos_are_a_set():
    body = check_meld("2H 2S 2D", game="oklahoma")
    assert body["readings"][0]["represents"] == ["2H", "2S", "2D"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: check_meld("7H 1H 9H"), "`1H` at position 2 is not a card"),
        (lambda: check_meld("7H 8H 9H", game="bridge"), "`bridge` is not a game we know"),
        (lambda: check_meld("7H 8H 9H", options={"decks": 3}), "option `decks` of 500 Rum must be 1 or 2, not 3"),
        (lambda: check_meld("7H 8H 9H", options={"knock_limit": 3}), "500 Rum has no option `knock_limit`"),
    ],
)
def test_unreadable_input_is_an_input_error(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_cards_may_be_a_list_and_come_back_canonical():
    body = check_meld(["7h", "8♥", "jk=9h"])
    assert body["cards"] == ["7H", "8H", "JK=9H"]
    assert body["legal"]


@pytest.mark.parametrize(
    ("cards", "options", "offered"),
    [
        # one deuce: an ordinary queen first (used unless written), then the Q♠ it may have been played as
        ("QH QD 2C", {}, [("QH QD 2C=QC", 30), ("QH QD 2C=QS", 70)]),
        ("QH QD QC 2C", {}, [("QH QD QC 2C=QH", 40), ("QH QD QC 2C=QS", 80)]),
        # two deuces: one or both as the Q♠ (two decks hold two)
        ("QH 2C 2D", {}, [("QH 2C=QD 2D=QC", 30), ("QH 2C=QS 2D=QC", 70), ("QH 2C=QS 2D=QS", 110)]),
        # both Q♠ already in the meld: no deuce can be a third
        ("QS QS QH 2C", {}, [("QS QS QH 2C=QD", 120)]),
        # a joker scores 100 whatever it stands for: only the deuce is offered as the Q♠
        ("QH JK 2C", {"jokers": 2}, [("QH JK=QD 2C=QC", 120), ("QH JK=QD 2C=QS", 160)]),
        # written as the Q♠, it is the Q♠ and nothing else
        ("QH QD 2C=QS", {}, [("QH QD 2C=QS", 70)]),
    ],
)
def test_oklahoma_set_of_queens_offers_each_deuce_as_the_queen_of_spades(cards, options, offered):
    sets = [r for r in check_meld(cards, "oklahoma", options)["readings"] if r["kind"] == "set"]
    assert [(r["notation"], r["points"]) for r in sets] == offered


def test_the_queen_of_spades_reading_entered_again_is_that_reading():
    offered = check_meld("QH QD 2C", "oklahoma")["readings"][1]
    again = check_meld(offered["notation"], "oklahoma")
    assert (again["readings"][0]["represents"], again["points"]) == (offered["represents"], 70)


def test_oklahoma_wild_card_in_a_set_of_queens_is_an_ordinary_queen_unless_written_as_the_queen_of_spades():
    # suits repeat in Oklahoma: beside Q♥ Q♦ Q♣ a deuce is one more ordinary queen (10), not the Q♠ (50)
    body = check_meld("QH QD QC 2C", "oklahoma")
    assert body["points"] == 40
    assert "QS" not in body["readings"][0]["notation"]
    assert check_meld("QH QD QC 2C=QS", "oklahoma")["points"] == 80
    # in a run the deuce's place fixes it: J♠ 2 K♠ holds the Q♠
    assert check_meld("JS 2C KS", "oklahoma")["readings"][0]["represents"] == ["JS", "QS", "KS"]


@pytest.mark.parametrize(("game", "wild_rank"), [("oklahoma", None), ("rummy5000", "K")])
def test_set_size_reason_does_not_ask_for_one_of_each_suit_where_suits_repeat(game, wild_rank):
    body = check_meld("6H 6H 6S 6D 6C", game, options={"decks": 2} if game == "rummy5000" else None, wild_rank=wild_rank)
    assert body["reason"] == "a set has at most 4 cards; this has 5"
    assert check_meld("KH KS KD KC JK", options={"decks": 2})["reason"].startswith(
        "a set has at most 4 cards, one of each suit"
    )


def test_oklahoma_deuce_standing_for_itself_is_written_plainly_when_that_still_picks_the_reading():
    body = check_layoff("2C 2D 2H", "2S", "oklahoma")
    assert body["readings"][0]["notation"] == "2C 2D 2H 2S"
    assert body["points"] == 5
    # where the plain deuce would be read another way, the pin stays
    for reading in check_meld("2C=2C 2D 3C", "oklahoma")["readings"]:
        again = check_meld(reading["notation"], "oklahoma")
        assert again["readings"][0]["represents"] == reading["represents"]
