"""A full game of every game id, played through the forms, totals checked after every hand.

Expected figures are worked out by hand from shared/RULES.md in the comments.
"""

from __future__ import annotations


def saved(response) -> None:
    assert response.status_code == 302, response.get_data(as_text=True)


def test_rummy500_game_played_to_a_winner(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"], target=150)
    # the API.md example: Ann 7+8+9 + 3x10 = 54; Ben lays off 10H (10) and holds Q+4 = -4; Cy holds an ace = -15
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h 8h 9h", "KS KD KC"]},
        "Ben": {"layoffs": [("10H", "Ann", 0)], "in_hand": "QS 4D"},
        "Cy": {"in_hand": "AS"},
    }}))
    assert table.totals() == {"Ann": 54, "Ben": -4, "Cy": -15}
    assert table.status() == ("in_progress", "")

    saved(table.play({"went_out": "Ben", "points": {"Ann": "12", "Ben": "61", "Cy": "-20"}}))
    assert table.totals() == {"Ann": 66, "Ben": 57, "Cy": -35}

    # Ben: low-ace run 1+2+3 and three jacks 30, plus 4H laid off on his own run = 40;
    # Ann holds 5+6 = -11; Cy: queens with a joker 10+10+15 = 35, holds a 2 = 33
    saved(table.play({"went_out": "Ben", "players": {
        "Ann": {"in_hand": "5C 6D"},
        "Ben": {"melds": ["AH 2H 3H", "JC JD JS"], "layoffs": [("4H", "Ben", 0)]},
        "Cy": {"melds": ["QH QD JK"], "in_hand": "2S"},
    }}))
    assert table.totals() == {"Ann": 55, "Ben": 97, "Cy": -2}
    assert table.status()[0] == "in_progress"

    # a sum typed as the players add up their cards
    saved(table.play({"went_out": "Ben", "points": {"Ann": "12+8", "Ben": "30+20+10", "Cy": "5"}}))
    assert table.totals() == {"Ann": 75, "Ben": 157, "Cy": 3}
    assert table.status() == ("finished", "Ben")
    assert "Ben wins" in table.page()


def test_persian_game_scored_per_partnership(table):
    table.start("persian", ["Ann", "Ben", "Cy", "Dee"], target=200)
    # Ann: Q K A of spades 10+10+15 and three jokers 3x20 = 95; Cy 8+9+10 - 5 = 22; going out +25
    # -> Ann & Cy 142. Ben 15 - 9 = 6, Dee holds K and a joker -30 -> Ben & Dee -24
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["QS KS AS", "JK JK JK"]},
        "Ben": {"melds": ["5H 5D 5C"], "in_hand": "9C"},
        "Cy": {"melds": ["8D 9D 10D"], "in_hand": "2C 3C"},
        "Dee": {"in_hand": "KD JK"},
    }}))
    assert table.totals() == {"Ann & Cy": 142, "Ben & Dee": -24}
    # each player's part is shown under the partnership's figures
    page = table.page()
    assert "(melded 95, in hand 0)" in page and "(melded 0, in hand 30)" in page

    saved(table.play({"went_out": "Ben", "points": {"Ann": "10", "Ben": "20", "Cy": "5", "Dee": "-5"}}))
    assert table.totals() == {"Ann & Cy": 157, "Ben & Dee": -9}
    assert table.status()[0] == "in_progress"

    # Cy melds four sevens at once, doubled 2x28 = 56, and 4-5-6 of spades 15, goes out +25; Ann holds K -10
    # -> Ann & Cy +86 = 243, at or above 200: they win and get +50 = 293.
    # Ben 10+10+10 - 15 = 15, Dee -3 -> Ben & Dee +12 = 3
    saved(table.play({"went_out": "Cy", "players": {
        "Ann": {"in_hand": "KH"},
        "Ben": {"melds": ["10C JC QC"], "in_hand": "AH"},
        "Cy": {"melds": ["7S 7H 7D 7C", "4S 5S 6S"]},
        "Dee": {"in_hand": "3D"},
    }}))
    assert table.totals() == {"Ann & Cy": 293, "Ben & Dee": 3}
    assert table.status() == ("finished", "Ann & Cy")


def test_oklahoma_game_with_wild_deuces_and_concealed_bonus(table):
    table.start("oklahoma", ["Ann", "Ben"], target=300)
    # Ann: aces 3x20 = 60; Q♠ 50 + Q♥ + Q♦ = 70; 5-6 of clubs with a deuce for the 7 = 3x5 = 15; out +100 -> 245
    # Ben: kings 30; holds Q♠ -100, a deuce -20, 9 -10 -> -100
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["AS AH AD", "QS QH QD", "5C 6C 2C"]},
        "Ben": {"melds": ["KC KD KH"], "in_hand": "QS 2D 9H"},
    }}))
    assert table.totals() == {"Ann": 245, "Ben": -100}

    saved(table.play({"went_out": "Ann", "points": {"Ann": "30", "Ben": "80"}}))
    assert table.totals() == {"Ann": 275, "Ben": -20}

    # Ben goes out concealed: 8-J of hearts 4x10 = 40 and threes (suits may repeat) 3x5 = 15, +250 -> 305
    # Ann holds a 4: -5. Ben's 285 counts as 35 toward the target (the 250 bonus does not count)
    saved(table.play({"went_out": "Ben", "concealed": True, "players": {
        "Ann": {"in_hand": "4C"},
        "Ben": {"melds": ["8H 9H 10H JH", "3S 3D 3S"]},
    }}))
    assert table.totals() == {"Ann": 270, "Ben": 285}
    assert table.status()[0] == "in_progress"

    # Ann: four kings 40 + 100 for going out = 140 -> 410, reaches 300 and wins +200 -> 610; Ben holds an ace -20
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["KS KH KD KC"]},
        "Ben": {"in_hand": "AC"},
    }}))
    assert table.totals() == {"Ann": 610, "Ben": 265}
    assert table.status() == ("finished", "Ann")


def test_michigan_counts_hands_won(table):
    table.start("michigan", ["Ann", "Ben", "Cy"])
    # Ann: 9-10-J scores 29 (the seed's example); Ben 4+5+6 - 10 = 5; Cy -2: Ann wins the hand
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["9H 10H JH"]},
        "Ben": {"melds": ["4S 5S 6S"], "in_hand": "KD"},
        "Cy": {"in_hand": "2C"},
    }}))
    assert table.totals() == {"Ann": 1, "Ben": 0, "Cy": 0}
    assert "Won by Ann" in table.page()

    saved(table.play({"went_out": "Ben", "points": {"Ann": "5", "Ben": "40", "Cy": "12"}}))
    assert table.totals() == {"Ann": 1, "Ben": 1, "Cy": 0}
    # every hand is a finished game of its own; the session itself never ends
    page = table.page()
    assert 'id="hand-1" data-hand-status="finished" data-hand-winner="Ann"' in page
    assert 'id="hand-2" data-hand-status="finished" data-hand-winner="Ben"' in page
    assert "Won by Ben" in page


def test_rummy5000_game_with_a_wild_rank_each_hand(table):
    table.start("rummy5000", ["Ann", "Ben", "Cy"], target=1000)
    # sevens wild: Ann melds three aces 3x100 = 300 and 8-9 of diamonds with 7S for the 10: 5+5+100 = 110;
    # going out she also scores the cards left in hands: Ben 2+3 -> 5+5, Cy a wild seven 100 -> 520.
    # Ben's kings score 30; nobody loses points for cards left in hand
    saved(table.play({"went_out": "Ann", "wild_rank": "7", "players": {
        "Ann": {"melds": ["AS AH AD", "8D 9D 7S"]},
        "Ben": {"melds": ["KH KD KC"], "in_hand": "2S 3S"},
        "Cy": {"in_hand": "7H"},
    }}))
    assert table.totals() == {"Ann": 520, "Ben": 30, "Cy": 0}

    saved(table.play({"went_out": "Cy", "points": {"Ann": "200", "Ben": "150", "Cy": "600"}}))
    assert table.totals() == {"Ann": 720, "Ben": 180, "Cy": 600}
    assert table.status()[0] == "in_progress"

    # aces wild (200 each): Cy melds 5-6 of hearts with AC for the 7 = 5+5+200 and queens 30 = 240;
    # going out she scores Ann's wild ace 200 and Ben's 3 (5) -> 445, total 1045
    saved(table.play({"went_out": "Cy", "wild_rank": "A", "players": {
        "Ann": {"in_hand": "AH"},
        "Ben": {"in_hand": "3D"},
        "Cy": {"melds": ["5H 6H AC", "QS QH QC"]},
    }}))
    assert table.totals() == {"Ann": 720, "Ben": 180, "Cy": 1045}
    assert table.status() == ("finished", "Cy")


def test_basic_rummy_winner_takes_all(table):
    table.start("basic", ["Ann", "Ben"])
    # Ann goes out and scores Ben's cards: K Q 7 2 = 29
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["3H 4H 5H", "9S 9D 9C"]},
        "Ben": {"in_hand": "KS QD 7C 2H"},
    }}))
    assert table.totals() == {"Ann": 29, "Ben": 0}

    # Ben goes rummy (concealed): Ann's 10+9+8 = 27, doubled = 54
    saved(table.play({"went_out": "Ben", "concealed": True, "players": {
        "Ann": {"in_hand": "10S 9H 8D"},
        "Ben": {"melds": ["AC 2C 3C 4C", "JH JD JS"]},
    }}))
    assert table.totals() == {"Ann": 29, "Ben": 54}

    # a stalemate scores nothing
    saved(table.play({"ended": "stock_exhausted", "players": {
        "Ann": {"in_hand": "KH QH"},
        "Ben": {"in_hand": "2S 3D"},
    }}))
    assert table.totals() == {"Ann": 29, "Ben": 54}

    # two players play to 100: Ann reaches 104 and wins
    saved(table.play({"went_out": "Ann", "points": {"Ann": "75", "Ben": "0"}}))
    assert table.totals() == {"Ann": 104, "Ben": 54}
    assert table.status() == ("finished", "Ann")


def test_penalty_rummy_lowest_total_wins(table):
    table.start("penalty", ["Ann", "Ben", "Cy"])
    # Ann goes out; Ben adds K + 10 = 20, Cy 5 + 4 = 9
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["AS 2S 3S", "6D 6H 6C"]},
        "Ben": {"in_hand": "KH 10C"},
        "Cy": {"in_hand": "5S 4D"},
    }}))
    assert table.totals() == {"Ann": 0, "Ben": 20, "Cy": 9}

    saved(table.play({"went_out": "Cy", "points": {"Ann": "30", "Ben": "50", "Cy": "10"}}))
    assert table.totals() == {"Ann": 30, "Ben": 70, "Cy": 19}
    assert table.status()[0] == "in_progress"

    # the stock runs out: everyone adds their own cards: Ann Q+J 20, Ben K+Q+9+2 31, Cy an ace 1
    saved(table.play({"ended": "stock_exhausted", "players": {
        "Ann": {"melds": ["7C 8C 9C"], "in_hand": "QS JS"},
        "Ben": {"in_hand": "KD QC 9H 2D"},
        "Cy": {"in_hand": "AH"},
    }}))
    assert table.totals() == {"Ann": 50, "Ben": 101, "Cy": 20}
    assert table.status() == ("finished", "Cy")


def test_gin_game_knock_then_gin(table):
    table.start("gin", ["Ann", "Ben"])
    # Ann knocks with 4 of deadwood; Ben lays 10H off on her 7-8-9 of hearts and keeps 2+3+8 = 13: Ann scores 9
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["AS 2S 3S", "7H 8H 9H", "KC KD KS"], "in_hand": "4D"},
        "Ben": {"melds": ["5C 6C 7C", "QH QD QC"], "layoffs": [("10H", "Ann", 1)], "in_hand": "2D 3H 8S"},
    }}))
    assert table.totals() == {"Ann": 9, "Ben": 0}

    saved(table.play({"went_out": "Ben", "points": {"Ann": "0", "Ben": "40"}}))
    assert table.totals() == {"Ann": 9, "Ben": 40}

    # Ben goes gin: 25 + Ann's deadwood 10+10+9+5+6+3+2 = 45 -> 70, total 110: Ben wins
    saved(table.play({"went_out": "Ben", "players": {
        "Ann": {"melds": ["AH 2H 3H"], "in_hand": "KS QS 9C 5S 6D 3C 2S"},
        "Ben": {"melds": ["4C 5C 6C 7C", "JS JH JD", "8D 9D 10D"]},
    }}))
    assert table.totals() == {"Ann": 9, "Ben": 110}
    assert table.status() == ("finished", "Ben")


def test_gin_game_with_big_gin_and_an_undercut(table):
    table.start("gin", ["Ann", "Ben"], big_gin_bonus=31)
    # Ann melds all 11 cards: big gin 31 + Ben's deadwood 2+3+8+9+10+10+10 = 52 -> 83
    saved(table.play({"went_out": "Ann", "big_gin": True, "players": {
        "Ann": {"melds": ["AS 2S 3S 4S", "7H 8H 9H", "KC KD KS KH"]},
        "Ben": {"melds": ["5C 6C 7C"], "in_hand": "2D 3H 8S 9D QH JD 10C"},
    }}))
    assert table.totals() == {"Ann": 83, "Ben": 0}

    # Ann knocks with 8; Ben is left with 2: an undercut, 25 + (8 - 2) = 31 for Ben
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["AH 2H 3H", "5D 6D 7D", "QC QS QD"], "in_hand": "8C"},
        "Ben": {"melds": ["9S 10S JS", "4C 4D 4H", "KH KD KC"], "in_hand": "2C"},
    }}))
    assert table.totals() == {"Ann": 83, "Ben": 31}

    saved(table.play({"went_out": "Ann", "points": {"Ann": "20", "Ben": "0"}}))
    assert table.totals() == {"Ann": 103, "Ben": 31}
    assert table.status() == ("finished", "Ann")
