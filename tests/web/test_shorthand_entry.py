"""Hands typed with the shorthand on the hand form (runs by range, cards by rank alone, cards typed together) save
and score exactly as the same hands typed in full, in every family of games; where a game reads a card's suit, the
shorthand is refused at its field with the reason and everything typed kept (docs/rules.md 1)."""

from __future__ import annotations

import html

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from tests.test_drafts import form_values

CANASTA_A, CANASTA_B = "Ann & Cy", "Ben & Dee"
INDIAN_SHOW_FULL = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]


def stored_hands(table) -> list[dict]:
    """The hands of the table's session as stored, in order."""
    with table.app.app_context():
        sessions = db.session.execute(select(GameSession)).scalars().all()
        [session] = [s for s in sessions if s.edit_token == table.token]
        return [h.data for h in session.hands]


def saved_totals(table, game: str, names: list[str], hand: dict, counts: dict[str, str] | None = None,
                 **options) -> dict[str, int]:
    """Start a game, post one hand on the hand form (with each seat's counts, such as red threes), return the totals."""
    table.start(game, names, **options)
    data = table.hand_form(hand)
    for seat, value in (counts or {}).items():
        data[f"players-{seat}-counts-0"] = value
    response = table.client.post(f"{table.url}/hands/new", data=data)
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))
    return table.totals()


# (game, players, options, counts, the hand typed in full, the same hand in shorthand)
SAME_HANDS = [
    pytest.param("rummy500", ["Ann", "Ben", "Cy"], {}, None,
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H 10H", "KS KD KC"]},
                                                 "Ben": {"in_hand": "QC 5D"}, "Cy": {"in_hand": "AS 7C"}}},
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["7-10H", "KKK"]},
                                                 "Ben": {"in_hand": "Q5"}, "Cy": {"in_hand": "A 7"}}},
                 id="500 Rum"),
    pytest.param("persian", ["Ann", "Ben", "Cy", "Dee"], {}, None,
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["AS AH AD AC", "9S 10S JS QS KS"]},
                                                 "Ben": {"in_hand": "QC 5D JK"}, "Cy": {"in_hand": "4C"},
                                                 "Dee": {"in_hand": "6D 6H"}}},
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["AAAA", "9-KS"]}, "Ben": {"in_hand": "Q 5 JK"},
                                                 "Cy": {"in_hand": "4"}, "Dee": {"in_hand": "66"}}},
                 id="Persian"),
    pytest.param("oklahoma", ["Ann", "Ben"], {}, None,
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["KS KD KC 2C", "QS QH QD"]},
                                                 "Ben": {"in_hand": "QS 5D 2H"}}},
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["KKK2", "QS QH QD"]},
                                                 "Ben": {"in_hand": "QS 5 2"}}},
                 id="Oklahoma, its queens with their suits"),
    pytest.param("rummy5000", ["Ann", "Ben"], {}, None,
                 {"wild_rank": "7", "went_out": "Ann", "players": {"Ann": {"melds": ["9S 9D 9C", "3D 4D 5D 7S"]},
                                                                    "Ben": {"in_hand": "KS 7C"}}},
                 {"wild_rank": "7", "went_out": "Ann", "players": {"Ann": {"melds": ["999", "3-5D 7"]},
                                                                    "Ben": {"in_hand": "K7"}}},
                 id="5000 Rummy, a wild seven by rank"),
    pytest.param("canasta", [CANASTA_A, CANASTA_B], {}, {"0": "2", "1": "1"},
                 {"went_out": CANASTA_A, "players": {
                     CANASTA_A: {"melds": ["KH KS KD KC KH KS KD", "7H 7S 7D 2C JK 7C 7H", "AH AS AD"]},
                     CANASTA_B: {"melds": ["QH QS QD JK", "9H 9S 9C"], "in_hand": "5H 8C 2D"}}},
                 {"went_out": CANASTA_A, "players": {
                     CANASTA_A: {"melds": ["KKKKKKK", "777 2 JK 77", "AAA"]},
                     CANASTA_B: {"melds": ["QQQ JK", "999"], "in_hand": "582"}}},
                 id="Canasta"),
    pytest.param("indian", ["Ann", "Ben", "Cy"], {}, None,
                 {"wild_rank": "9", "went_out": "Ann", "players": {
                     "Ann": {"melds": INDIAN_SHOW_FULL},
                     "Ben": {"melds": ["4S 5S 6S", "7D 8D 9H"], "in_hand": "KC QD 9S"},
                     "Cy": {"melds": ["KD KH KS"], "in_hand": "QC QD JH 10D 10S 8S 7S 4S 2C"}}},
                 {"wild_rank": "9", "went_out": "Ann", "players": {
                     "Ann": {"melds": ["2-4H", "6S 7S 9C", "KKK", "10-KC"]},
                     "Ben": {"melds": ["4-6S", "7D 8D 9"], "in_hand": "KQ9"}, "Cy": {"melds": ["K K K"], "in_hand": "QQJ 10 10 874 2"}}},
                 id="Indian Rummy, runs by range and suits only in them"),
    pytest.param("contract", ["Ann", "Ben", "Cy"], {"deals": 3, "joker_points": 50}, None,
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 7D 7S", "9C 9D JK"]},
                                                 "Ben": {"melds": ["KH KD KS", "QH QD QC"], "in_hand": "AH 5D"},
                                                 "Cy": {"in_hand": "JK 10S 2C"}}},
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["777", "99JK"]},
                                                 "Ben": {"melds": ["KKK", "Q Q Q"], "in_hand": "A5"},
                                                 "Cy": {"in_hand": "JK 10 2"}}},
                 id="Contract Rummy"),
    pytest.param("gin", ["Ann", "Ben"], {}, None,
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["AS 2S 3S", "7H 8H 9H 10H", "5C 6C 7C"]},
                                                 "Ben": {"in_hand": "KH 3C 5D 9S JS QD 4D 9C 2H 6S"}}},
                 {"went_out": "Ann", "players": {"Ann": {"melds": ["A-3S", "7-10H", "5-7C"]},
                                                 "Ben": {"in_hand": "KH3C5D9SJSQD4D9C2H6S"}}},
                 id="Gin Rummy, by range and typed together"),
]


@pytest.mark.parametrize(("game", "names", "options", "counts", "full", "short"), SAME_HANDS)
def test_a_hand_in_shorthand_saves_and_scores_as_the_same_hand_typed_in_full(table, client, app, game, names,
                                                                             options, counts, full, short):
    in_full = saved_totals(table, game, names, full, counts, **options)
    shorthand = saved_totals(table, game, names, short, counts, **options)
    assert shorthand == in_full


def test_a_rank_alone_is_stored_and_shown_without_a_suit(table):
    table.start("rummy500", ["Ann", "Ben"])
    response = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["KKK", "7-9H"]}, "Ben": {"in_hand": "Q5"}}})
    assert response.status_code == 302
    [hand] = stored_hands(table)
    assert hand["players"]["Ann"]["melds"] == [["K", "K", "K"], ["7H", "8H", "9H"]]
    assert hand["players"]["Ben"]["in_hand"] == ["Q", "5"]
    assert table.totals() == {"Ann": 30 + 24, "Ben": -15}
    # the hands table draws a king without a suit, and says it so
    page = table.page()
    assert '<span class="card-chip suitless"><span aria-hidden="true">K</span><span class="visually-hidden">king</span>' in page


@pytest.mark.parametrize(("game", "names", "field", "typed", "reason"), [
    ("rummy500", ["Ann", "Ben"], "melds", "7 8 9", "a run needs its suit: 7 8 9 have none"),
    ("oklahoma", ["Ann", "Ben"], "in_hand", "Q 5", "Q needs its suit: in Oklahoma the queen of spades scores apart"),
    ("oklahoma", ["Ann", "Ben"], "melds", "QQQ", "Q needs its suit: in Oklahoma the queen of spades scores apart"),
    ("canasta", [CANASTA_A, CANASTA_B], "in_hand", "3 5", "3 needs its suit: in Canasta a red three (3H 3D)"),
    ("gin", ["Ann", "Ben"], "melds", "KKK", "K needs its suit: in Gin Rummy every card's suit counts"),
    ("rummy500", ["Ann", "Ben"], "melds", "10-7H", "`10-7H` at position 1 runs downward: write a range from its lowest card up, like 7-10H"),
    ("rummy500", ["Ann", "Ben"], "melds", "7-H", "`7-H` at position 1 is not a range"),
    ("rummy500", ["Ann", "Ben"], "in_hand", "7-30H", "`7-30H` at position 1 is not a range: 30 is not a rank"),
])
def test_shorthand_the_game_cannot_read_is_refused_at_its_field_with_everything_typed_kept(
    table, game, names, field, typed, reason,
):
    table.start(game, names)
    before = table.counts()
    other = names[1]
    part = {"melds": [typed]} if field == "melds" else {"in_hand": typed}
    hand = {"ended": "stock_exhausted", "players": {names[0]: {"melds": ["KH KS KD"]}, other: part}}
    response = table.play(hand)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code in (200, 422)
    assert reason in page
    assert table.counts() == before
    values = form_values(response.get_data(as_text=True), "hand-form")
    name = "players-1-melds-0" if field == "melds" else "players-1-in_hand"
    assert values[name] == typed and values["players-0-melds-0"] == "KH KS KD"


def test_a_fifth_king_in_a_one_deck_game_is_refused_counting_a_king_by_rank(table):
    table.start("rummy500", ["Ann", "Ben"])
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["KS KH KD KC"]}, "Ben": {"in_hand": "K"}}})
    page = html.unescape(response.get_data(as_text=True))
    assert "K is entered 5 times (Ann's meld 1, Ben's cards left in hand), but one deck has only 4 kings" in page
    assert table.counts() == before


def test_the_card_hint_offers_a_range_and_a_rank_alone_only_where_the_game_takes_one(table):
    table.start("rummy500", ["Ann", "Ben"])
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert "<code>7-9h</code>" in page and "<code>K K K</code> where suits change nothing" in page
    table.start("gin", ["Ann", "Ben"])
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert "<code>7-9h</code>" in page and "<code>K K K</code>" not in page


def test_gin_whole_hands_by_range_work_out_as_typed_in_full_and_a_rank_alone_is_refused(table):
    from tests.test_gin_entry import GinTable, text

    table.start("gin", ["Ann", "Ben"])
    gin = GinTable(table)
    full = text(gin.work("AS 2S 3S 7H 7D 7C 9C 10C JC 2D", "4S 5S KH KD KS 8C QC 3H 5D 9D"))
    short = text(gin.work("A-3S 7H7D7C 9-JC 2D", "4-5S KHKDKS 8C QC 3H 5D 9D"))
    assert "Knock: Ann knocked with 2 and Ben has 17 after lay-offs. Ann scores 15, Ben 0." in full
    assert "Knock: Ann knocked with 2 and Ben has 17 after lay-offs. Ann scores 15, Ben 0." in short
    refused = text(gin.work("A-3S 7 7D 7C 9-JC 2D", "4-5S KHKDKS 8C QC 3H 5D 9D"))
    assert "`7` at position 4 needs its suit: in Gin Rummy every card's suit counts" in refused
    assert 'value="A-3S 7 7D 7C 9-JC 2D"' in refused
