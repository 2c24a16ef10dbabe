"""The shorthand of docs/rules.md 1 in the engine: runs by range, cards by rank alone, and where a game refuses them."""

from __future__ import annotations

import pytest

from scorekeeper.engine import check_meld, score_session
from scorekeeper.engine.cards import Card, CardNotationError, format_cards, parse_cards, parse_meld_cards
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.meld_check import check_layoff


@pytest.mark.parametrize(("typed", "read"), [
    ("7-10H", "7H 8H 9H 10H"),
    ("9-qs", "9S 10S JS QS"),
    ("10-AH", "10H JH QH KH AH"),
    ("A-3d", "AD 2D 3D"),
    ("A-K♣", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
    ("t-jh", "10H JH"),
    ("K-2H", "KH AH 2H"),
    ("7-9H,JK", "7H 8H 9H JK"),
])
def test_a_range_reads_as_its_cards_upward(typed, read):
    assert format_cards(parse_cards(typed)) == read


@pytest.mark.parametrize(("typed", "why"), [
    ("10-7H", "`10-7H` at position 1 runs downward: write a range from its lowest card up, like 7-10H"),
    ("5-2H", "`5-2H` at position 1 runs downward: write a range from its lowest card up, like 2-5H"),
    ("7-7H", "`7-7H` at position 1 starts and ends at 7: a range needs two ranks, like 7-10H"),
    ("A-AH", "`A-AH` at position 1 starts and ends at A"),
    ("7-H", "`7-H` at position 1 is not a range: a range needs a rank at each end and its suit, like 7-10H"),
    ("7-30H", "`7-30H` at position 1 is not a range: 30 is not a rank (ranks are A 2-10 J Q K)"),
    ("7-10", "`7-10` at position 1 is not a range: a run needs its suit: write it like 7-10H"),
    ("7-10X", "`7-10X` at position 1 is not a range: a range ends with its suit"),
    ("8H 7-", "`7-` at position 2 is not a range"),
])
def test_an_unreadable_range_is_refused_with_the_reason(typed, why):
    with pytest.raises(CardNotationError) as refused:
        parse_cards(typed)
    assert str(refused.value).startswith(why)


@pytest.mark.parametrize(("typed", "read"), [
    ("KKK", "K K K"), ("k k k", "K K K"), ("8888888", "8 8 8 8 8 8 8"), ("Q5", "Q 5"), ("q 5", "Q 5"),
    ("T", "10"), ("1010", "10 10"), ("JK", "JK"), ("J K", "J K"), ("QJK", "Q JK"), ("K8h", "K 8H"),
    ("10s", "10S"), ("7h8h9h", "7H 8H 9H"), (["Q", "5"], "Q 5"), (["KKK"], "K K K"),
])
def test_cards_by_rank_alone_read_apart_or_together_and_jk_stays_the_joker(typed, read):
    assert format_cards(parse_cards(typed)) == read


@pytest.mark.parametrize("typed", ["JKH", "JK" * 40 + "X", "7h8hX9h"])
def test_cards_typed_together_that_do_not_read_to_the_end_are_refused_whole(typed):
    # read from the left, JK first: JKH is no jack and king of hearts, and a long run of JKs ending in a stray
    # letter is refused at once (every split of it was tried before: 80 characters held a server for hours)
    with pytest.raises(CardNotationError, match=f"`{typed}`"):
        parse_cards(typed)


def test_a_card_by_rank_alone_is_neither_a_joker_nor_any_suited_card():
    king = Card.from_notation("K")
    assert king.suitless and not king.is_joker and str(king) == "K" and king.suit == ""
    assert king not in parse_cards("KS KH KD KC JK")
    assert Card.from_notation("JK").is_joker and not Card.from_notation("JK").suitless


def test_a_wild_card_in_a_set_by_rank_stands_for_the_rank_alone():
    body = check_meld("K K JK")
    assert body["readings"][0]["represents"] == ["K", "K", "K"]
    assert check_meld(body["readings"][0]["notation"])["readings"][0]["represents"] == ["K", "K", "K"]


@pytest.mark.parametrize(("cards", "game", "options", "legal", "reason"), [
    ("KS KH K", "rummy500", {}, True, None),
    ("KS KS K", "rummy500", {"decks": 2}, False, "a set needs different suits: KS appears twice"),
    ("K K K K", "rummy500", {"decks": 2}, True, None),
    ("K K K K", "rummy500", {}, True, None),
    ("K K K K K", "rummy500", {}, False, "K appears 5 times in this meld, but one deck has only 4 kings"),
    ("7 8 9", "contract", {}, False, "a run needs its suit: 7 8 9 have none"),
    ("7C 8 9C", "indian", {}, False, "a run needs its suit: 8 has none; write it like 8C"),
    ("Q Q Q", "indian", {}, True, None),
    ("2C=Q QH QD", "oklahoma", {}, False, "Q needs its suit: in Oklahoma the queen of spades scores apart"),
    ("K K 2", "oklahoma", {}, True, None),
    ("3 3 3", "canasta", {}, False, "3 needs its suit: in Canasta a red three (3H 3D) and a black three"),
    ("KKK", "gin", {}, False, "K needs its suit: in Gin Rummy every card's suit counts"),
    ("3D 4D 7", "rummy5000", {}, True, None),
])
def test_each_game_takes_a_rank_alone_only_where_its_suit_changes_nothing(cards, game, options, legal, reason):
    body = check_meld(cards, game=game, options=options, wild_rank="9" if game == "indian" else "7")
    assert body["legal"] is legal
    if reason:
        assert reason in body["reason"]


def test_a_king_by_rank_lays_off_onto_a_set_but_no_rank_alone_onto_a_run():
    assert check_layoff("KS KH KD", "K")["legal"]
    refused = check_layoff("5H 6H 7H", "8")
    assert not refused["legal"] and refused["reason"].startswith("a run needs its suit: 8 has none")


def _hand(in_hand: object, melds: list[str] | None = None) -> dict:
    return {"game": "rummy500", "players": ["Ann", "Ben"], "hands": [{"ended": "went_out", "went_out": "Ann",
            "players": {"Ann": {"melds": melds or ["7H 8H 9H"]}, "Ben": {"in_hand": in_hand}}}]}


def test_a_king_by_rank_counts_against_the_decks_kings_across_the_whole_hand():
    with pytest.raises(RulesError, match=r"K is entered 5 times \(Ann's meld 1, Ben's cards left in hand\), "
                                         r"but one deck has only 4 kings"):
        score_session(_hand("K", ["KS KH KD KC"]))
    two_decks = _hand("K", ["KS KH KD KC"])
    two_decks["options"] = {"decks": 2}
    assert score_session(two_decks)["totals"] == {"Ann": 40, "Ben": -10}


def test_cards_left_by_rank_score_as_the_same_cards_with_suits():
    assert score_session(_hand(["Q", "5", "A"]))["totals"] == score_session(_hand(["QC", "5D", "AS"]))["totals"]


def test_a_meld_card_by_rank_alone_pins_no_suit():
    [pinned] = parse_meld_cards("2C=Q")
    assert pinned.stands_for is Card(12, "") and str(pinned) == "2C=Q"
