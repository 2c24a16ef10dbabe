"""Canasta through the web app: a session of sides, hands by cards with red threes, by points, refusals on the form."""

from __future__ import annotations

import html
import re

A, B = "Ann & Cy", "Ben & Dee"

HAND_1 = {"went_out": A, "players": {
    A: {"melds": ["KH KS KD KC KH KS KD", "7H 7S 7D 2C JK 7C 7H", "AH AS AD"], "red_threes": "2"},
    B: {"melds": ["QH QS QD JK", "9H 9S 9C"], "red_threes": "1", "in_hand": "5H 8C 2D"},
}}


def canasta_form(table, hand):
    """The hand form's fields, with each side's red threes in its count field."""
    data = table.hand_form(hand)
    for seat, name in enumerate(table.names):
        red = hand.get("players", {}).get(name, {}).get("red_threes")
        if red is not None:
            data[f"players-{seat}-counts-0"] = red
    return data


def test_a_canasta_hand_by_cards_with_red_threes_scores_as_the_rules_example(table, client):
    url = table.start("canasta", [A, B])
    form = client.get(f"{url}/hands/new").get_data(as_text=True)
    assert 'name="players-0-counts-0"' in form and "Red threes" in form
    response = client.post(f"{url}/hands/new", data=canasta_form(table, HAND_1))
    assert response.status_code == 302, response.get_data(as_text=True)
    assert table.totals() == {A: 1325, B: 175}


def test_a_too_small_first_meld_comes_back_on_the_form_with_what_was_typed(table, client):
    url = table.start("canasta", [A, B])
    client.post(f"{url}/hands/new", data=canasta_form(table, HAND_1))
    small = {"went_out": B, "players": {B: {"melds": ["8H 8S 8D 8C 8H 8S 2H"]}, A: {"melds": ["5H 5S 5D"]}}}
    response = client.post(f"{url}/hands/new", data=canasta_form(table, small))
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code in (200, 422)
    assert "Ann & Cy's melds add up to 15 points, but on 1325 a side's first meld needs at least 50" in page
    assert 'value="5H 5S 5D"' in page
    assert table.totals() == {A: 1325, B: 175}


def test_too_many_red_threes_are_marked_on_the_field(table, client):
    url = table.start("canasta", [A, B])
    hand = {"ended": "stock_exhausted", "players": {A: {"red_threes": "3"}, B: {"red_threes": "2"}}}
    page = html.unescape(client.post(f"{url}/hands/new", data=canasta_form(table, hand)).get_data(as_text=True))
    assert "5 red threes are entered, but the decks hold only 4" in page
    bad = {"ended": "stock_exhausted", "players": {A: {"red_threes": "two"}}}
    page = html.unescape(client.post(f"{url}/hands/new", data=canasta_form(table, bad)).get_data(as_text=True))
    assert "Ann & Cy's red threes: `two` is not a whole number" in page


def test_canasta_by_points_to_5000_and_the_edit_form_keeps_red_threes(table, client):
    url = table.start("canasta", [A, B])
    client.post(f"{url}/hands/new", data=canasta_form(table, HAND_1))
    [hand_id] = table.hand_ids()
    edit = client.get(f"{url}/hands/{hand_id}/edit").get_data(as_text=True)
    assert re.search(r'name="players-0-counts-0"[^>]*value="2"|value="2"[^>]*name="players-0-counts-0"', edit)
    assert table.play({"went_out": A, "points": {A: 3800, B: 100}}).status_code == 302
    assert table.status()[0] == "finished" and table.status()[1] == A


def test_a_canasta_session_of_three_sides_needs_the_table_of_three(table, client):
    response = client.post("/new/canasta", data={"players-0": "Ann", "players-1": "Ben", "players-2": "Cy"})
    assert "played by 2 sides, not 3" in html.unescape(response.get_data(as_text=True))
    table.start("canasta", ["Ann", "Ben", "Cy"], table=3)
    assert table.totals() == {"Ann": 0, "Ben": 0, "Cy": 0}


def test_the_new_canasta_form_asks_for_sides_and_the_table_options(client):
    page = html.unescape(client.get("/new/canasta").get_data(as_text=True))
    assert "Sides, in seat order (2 to 3)" in page and "Side 1" in page
    assert "People at the table" in page and "Canastas needed to go out" in page


def test_the_review_page_shows_each_sides_red_threes_and_canasta_bonuses(table, client):
    url = table.start("canasta", [A, B])
    client.post(f"{url}/hands/new", data=canasta_form(table, HAND_1))
    review = client.get(f"{url}/review")
    assert review.status_code == 200, review.status_code
    page = html.unescape(review.get_data(as_text=True))
    assert '<small data-count="red_threes">red threes: 2</small>' in page
    assert "a natural canasta of K" in page and "a mixed canasta of 7" in page


def test_the_checker_page_checks_a_canasta_meld_with_its_reason(client):
    page = html.unescape(client.get("/check", query_string={"game": "canasta", "cards": "KH KS JK JK JK"}).get_data(as_text=True))
    assert "a meld may not hold more wild cards than natural ones; this has 3 wild, 2 natural" in page
    page = html.unescape(client.get("/check", query_string={"game": "canasta", "cards": "KH KS KD KC KH KS JK"}).get_data(as_text=True))
    assert "worth 110 points in Canasta" in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))  # 6 kings 60, a joker 50


def test_each_side_sends_its_own_part_with_red_threes_and_the_saving_phone_finds_them(table, app):
    from tests.test_drafts import form_values

    table.start("canasta", ["Ann", "Ben"], table=2)
    ann, ben = app.test_client(), app.test_client()
    for seat, phone in ((1, ann), (2, ben)):
        assert phone.get(f"{table.url}/my-hand?seat={seat}").status_code == 200
    page = html.unescape(ann.get(f"{table.url}/my-hand").get_data(as_text=True))
    assert "My </span>Red threes" in page
    # black threes meld only when going out: Ann, going out, may; the check of her part knows it
    sent = ann.post(f"{table.url}/my-hand", data={
        "seat": "1", "position": "1", "went_out": "y", "counts-0": "2",
        "melds-0": "JH JS JD JC JH JS JD", "melds-1": "3S 3C 3S"})
    assert sent.status_code == 302, html.unescape(sent.get_data(as_text=True))
    refused = ben.post(f"{table.url}/my-hand", data={"seat": "2", "position": "1", "melds-0": "3S 3C 3C"})
    assert "black threes meld only when going out" in html.unescape(refused.get_data(as_text=True))
    assert ben.post(f"{table.url}/my-hand", data={
        "seat": "2", "position": "1", "counts-0": "1", "in_hand": "AH 9D"}).status_code == 302
    values = form_values(table.client.get(f"{table.url}/hands/new").get_data(as_text=True), "hand-form")
    assert (values["players-0-counts-0"], values["players-1-counts-0"]) == ("2", "1")
    assert values["players-0-melds-1"] == "3S 3C 3S"
    # Ann: 70 + 15 melded, a natural canasta 500, two red threes 200, going out 100; Ben: one red three
    # against a side that melded nothing (-100), AH 9D held (-30)
    saved = table.client.post(f"{table.url}/hands/new", data=values)
    assert saved.status_code == 302, html.unescape(saved.get_data(as_text=True))
    assert table.totals() == {"Ann": 885, "Ben": -130}


def test_the_checker_asks_how_many_people_play_canasta_since_six_play_with_three_decks(client):
    two_decks = html.unescape(client.get("/check", query_string={"game": "canasta", "cards": "9H 9H 9H 9S"}).get_data(as_text=True))
    assert "People at the table" in two_decks
    assert "9H appears three times in this meld, but 2 decks hold only 2" in two_decks
    three = html.unescape(client.get("/check", query_string={"game": "canasta", "table": "6", "cards": "9H 9H 9H 9S"}).get_data(as_text=True))
    assert "worth 40 points in Canasta" in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", three))


def test_a_partnership_goes_out_on_the_hand_form_with_the_partners_cards_left(table, client):
    url = table.start("canasta", [A, B])
    hand = {"went_out": A, "players": {A: {"melds": ["KH KS KD KC KH KS KD"], "in_hand": "QH 4C"}, B: {"in_hand": "5C"}}}
    response = client.post(f"{url}/hands/new", data=canasta_form(table, hand))
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))
    assert table.totals() == {A: 655, B: -5}


def test_a_lay_off_onto_the_sides_own_meld_counts_toward_its_canasta_on_the_form(table, client):
    url = table.start("canasta", [A, B])
    form = client.get(f"{url}/hands/new").get_data(as_text=True)
    assert 'name="players-0-layoffs-0-onto"' in form
    # the live check of the lay-off and the hand saved agree: the joker fits and scores its own 50
    check = client.post("/api/v1/layoffs/check", json={"game": "canasta", "meld": "KH KS KD KC KH KS KD", "cards": "JK"})
    assert (check.get_json()["legal"], check.get_json()["points"]) == (True, 50)
    joker = {"went_out": A, "players": {A: {"melds": ["KH KS KD KC KH KS KD"], "layoffs": [("JK", A, 0)]},
                                        B: {"in_hand": "5C"}}}
    response = client.post(f"{url}/hands/new", data=canasta_form(table, joker))
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))
    assert table.totals() == {A: 520, B: -5}  # 70 + 50, a mixed canasta 300, going out 100
    seventh = {"went_out": B, "players": {B: {"melds": ["QH QS QD QC QH QS"], "layoffs": [("QD", B, 0)]},
                                          A: {"in_hand": "5H"}}}
    response = client.post(f"{url}/hands/new", data=canasta_form(table, seventh))
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))
    assert table.totals() == {A: 515, B: -5 + 670}  # 60 + 10, a natural canasta 500, going out 100


def test_the_game_lists_say_canasta_is_played_by_people_in_sides(client):
    for url in ("/new", "/rules", "/rules/canasta"):
        page = html.unescape(client.get(url).get_data(as_text=True))
        assert "2, 3, 4 or 6 people, as 2 or 3 sides" in page, url
        assert "2–3 players" not in page.split("Canasta")[-1].split("</li>")[0]


def test_what_was_entered_shows_how_each_sides_score_adds_up(table, client):
    # issue 34: "melded 225, in hand 0" for a 1325 let nobody check it; each bonus and the sum are shown
    url = table.start("canasta", [A, B])
    client.post(f"{url}/hands/new", data=canasta_form(table, HAND_1))
    [hand_id] = table.hand_ids()
    scoreboard = html.unescape(client.get(url).get_data(as_text=True))
    fragment = html.unescape(client.get(f"{url}/entered/{hand_id}?fragment=1").get_data(as_text=True))
    for page in (scoreboard, fragment):
        flat = re.sub(r"\s+", " ", page)
        assert ("(melded 225, a natural canasta of K +500, a mixed canasta of 7 +300, 2 red threes +200,"
                " going out +100, in hand 0: 1325 in all)") in flat
        assert "(melded 110, 1 red three +100, in hand 35: 175 in all)" in flat


def test_the_checker_page_names_the_canasta_and_what_a_lay_off_does_to_it(client):
    def text(query):
        page = client.get("/check", query_string={"game": "canasta", **query}).get_data(as_text=True)
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html.unescape(page)))

    assert "A natural canasta: 500 points on top of its cards." in text({"cards": "8H 8S 8D 8C 8H 8S 8D"})
    assert "A mixed canasta: 300 points on top of its cards." in text({"cards": "8H 8S 8D 8C 8H 8S 2C"})
    assert "canasta:" not in text({"cards": "8H 8S 8D"})
    laid = text({"meld": "8H 8S 8D 8C 8H 8S 8D", "added": "2H"})
    assert "The natural canasta becomes mixed: its bonus 500 becomes 300." in laid
