"""Indian Rummy through the hand form: one tap for a drop or a wrong show, the show and the losers' counts,
refusals next to the player with everything typed kept, and the live count's answers from the engine."""

from __future__ import annotations

import html
import re

NAMES = ["Ann", "Ben", "Cy", "Dee"]
SHOW = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]  # 9s wild: a valid show


def text(response):
    return html.unescape(response.get_data(as_text=True))


def test_the_form_offers_one_tap_drops_and_a_wrong_show_with_what_each_costs_at_this_pool(table, client):
    url = table.start("indian", NAMES, format="pool", pool=201)
    page = text(client.get(f"{url}/hands/new"))
    assert 'name="players-1-state"' in page
    for words in ("Played", "Dropped (first) · 25", "Dropped (middle) · 50", "Wrong show · 80"):
        assert words in page
    assert "Cut joker" in page and "Every card of this rank is wild; A for a printed joker." in page
    assert "Ann's </span>group 1" in page and "ungrouped cards" in page and "Another lay-off" not in page


def test_a_first_drop_a_middle_drop_and_a_wrong_show_score_their_penalties(table, client):
    url = table.start("indian", NAMES, format="pool", pool=101)
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW},
        # cards typed for Ben before the tap are not asked: he dropped first
        "Ben": {"state": "first_drop", "melds": ["5D 6D 7D"], "in_hand": "KS"},
        "Cy": {"state": "middle_drop"}, "Dee": {"state": "wrong_show"}}}
    response = client.post(f"{url}/hands/new", data=table.hand_form(hand))
    assert response.status_code == 302, text(response)
    assert table.totals() == {"Ann": 0, "Ben": 20, "Cy": 40, "Dee": 80}


def test_a_valid_show_scores_each_losers_count_by_their_lives_capped_at_80(table, client):
    table.start("indian", ["Ann", "Ben", "Cy"])
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW},
        # both lives: only KD QC count, 20
        "Ben": {"melds": ["4S 5S 6S", "7D 8D 9H"], "in_hand": "KC QD 9S"},
        # no pure sequence: every card counts, 101, capped at 80
        "Cy": {"melds": ["KD KH KS"], "in_hand": "QC QD JH 10D 10S 8S 7S 4S 2C"}}}
    response = table.client.post(f"{table.url}/hands/new", data=table.hand_form(hand))
    assert response.status_code == 302, text(response)
    assert table.totals() == {"Ann": 0, "Ben": 20, "Cy": 80}


def test_an_invalid_show_comes_back_next_to_the_declarer_naming_the_group_with_everything_typed(table, client):
    url = table.start("indian", NAMES)
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": ["2H 3H 4H", "4H 5H 7H", "KD KH KS", "10C JC QC KC"]},
        "Ben": {"state": "middle_drop"}, "Cy": {"melds": ["4S 5S 6S"], "in_hand": "KC QD"},
        "Dee": {"state": "wrong_show"}}}
    response = client.post(f"{url}/hands/new", data=table.hand_form(hand))
    assert response.status_code == 422
    page = text(response)
    # marked on Ann's group 2 itself
    assert re.search(r'id="players-0-melds-1-errors">\s*<li>Ann\'s group 2 \(4H 5H 7H\) is not legal: 4H 5H 7H is not a'
                     r' sequence: there is a gap between 5 and 7', page), page
    for value in ('value="2H 3H 4H"', 'value="4H 5H 7H"', 'value="10C JC QC KC"', 'value="4S 5S 6S"', 'value="KC QD"'):
        assert value in page
    assert re.search(r'name="players-1-state"[^>]*value="middle_drop"[^>]*checked|checked[^>]*name="players-1-state"[^>]*value="middle_drop"',
                     page) or re.search(r'<input checked id="players-1-state-2" name="players-1-state" type="radio" value="middle_drop">', page), page
    assert 'value="wrong_show"' in page and table.totals() == dict.fromkeys(NAMES, 0)


def test_every_bad_group_of_a_refused_hand_is_named_a_group_as_the_form_labels_it(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": ["2H 3H 4H", "KS AS 2S", "7H 7H 7S", "10C JC QC KC"]}, "Ben": {"state": "middle_drop"},
        "Cy": {"melds": ["4S 5S 6S"], "in_hand": "KC QD"}}}
    page = text(client.post(f"{url}/hands/new", data=table.hand_form(hand)))
    assert re.search(r'id="players-0-melds-1-errors">\s*<li>Ann\'s group 2 \(KS AS 2S\) is not legal: KS AS 2S is not a'
                     r' sequence: K-A-2 wraps around', page), page
    assert re.search(r'id="players-0-melds-2-errors">\s*<li>Ann\'s group 3 \(7H 7H 7S\) is not legal: 7H 7H 7S is not a'
                     r' set: a set needs different suits: 7H appears twice', page), page
    assert "s meld " not in page and 'value="KS AS 2S"' in page and 'value="7H 7H 7S"' in page


def test_a_show_without_a_pure_sequence_is_refused_naming_the_player(table, client):
    url = table.start("indian", ["Ann", "Ben"])
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": ["2H 3H 9C", "6S 7S 9D", "KD KH KS", "10C JC QC 9H"]}, "Ben": {"in_hand": "KC QD"}}}
    page = text(client.post(f"{url}/hands/new", data=table.hand_form(hand)))
    assert "Ann's show is not valid: no pure sequence" in page
    assert 'value="2H 3H 9C"' in page and 'value="KC QD"' in page


def test_a_form_sent_back_for_a_missing_cut_joker_keeps_every_choice_and_card(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    hand = {"went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"state": "first_drop"}, "Cy": {"melds": ["4S 5S 6S"], "in_hand": "KC"}}}
    response = client.post(f"{url}/hands/new", data=table.hand_form(hand))
    page = text(response)
    assert response.status_code == 422
    assert "Choose the cut joker. Every card of this rank is wild; A for a printed joker." in page
    assert all(f'value="{group}"' in page for group in SHOW) and 'value="4S 5S 6S"' in page
    assert re.search(r'<input checked[^>]*value="first_drop"', page)


def test_the_edit_form_shows_each_players_drop_or_wrong_show_as_chosen(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    hand = {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"state": "wrong_show"}, "Cy": {"state": "middle_drop"}}}
    assert client.post(f"{url}/hands/new", data=table.hand_form(hand)).status_code == 302
    [hand_id] = table.hand_ids()
    page = text(client.get(f"{url}/hands/{hand_id}/edit"))
    assert re.search(r'<input checked id="players-1-state-3"[^>]*value="wrong_show"', page), page
    assert re.search(r'<input checked id="players-2-state-2"[^>]*value="middle_drop"', page)
    assert re.search(r'<input checked id="players-0-state-0"[^>]*value=""', page)


def test_a_deal_ended_by_drops_needs_nobody_to_declare(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"], format="deals", deals=2)
    page = text(client.get(f"{url}/hands/new"))
    assert "Nobody declared: the others dropped or showed wrongly" in page and "Who declared" in page
    hand = {"ended": "stock_exhausted", "wild_rank": "5", "players": {"Ben": {"state": "first_drop"}, "Cy": {"state": "wrong_show"}}}
    response = client.post(f"{url}/hands/new", data=table.hand_form(hand))
    assert response.status_code == 302, text(response)
    # deals: Ann, left alone, takes the others' counts
    assert table.totals() == {"Ann": 100, "Ben": -20, "Cy": -80}


def test_a_deal_ended_by_drops_and_a_wrong_show_is_saved_without_the_cut_joker(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    # no cards were entered: the cut joker checks nothing, so the form does not ask it
    hand = {"ended": "stock_exhausted", "players": {"Ben": {"state": "middle_drop"}, "Cy": {"state": "wrong_show"}}}
    response = client.post(f"{url}/hands/new", data=table.hand_form(hand))
    assert response.status_code == 302, text(response)
    assert table.totals() == {"Ann": 0, "Ben": 40, "Cy": 80}
    # fixed later, still without it
    [hand_id] = table.hand_ids()
    hand["players"]["Ben"]["state"] = "first_drop"
    assert table.edit(hand_id, hand, 1).status_code == 302
    assert table.totals() == {"Ann": 0, "Ben": 20, "Cy": 80}


def test_a_fix_that_enters_cards_without_the_cut_joker_is_sent_back_asking_it(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    hand = {"ended": "stock_exhausted", "players": {"Ben": {"state": "middle_drop"}, "Cy": {"state": "wrong_show"}}}
    assert client.post(f"{url}/hands/new", data=table.hand_form(hand)).status_code == 302
    [hand_id] = table.hand_ids()
    fixed = {"went_out": "Ann", "players": {"Ann": {"melds": SHOW}, "Ben": {"state": "middle_drop"},
                                            "Cy": {"in_hand": "KC QD"}}}
    response = table.edit(hand_id, fixed, 1)
    page = text(response)
    assert response.status_code == 422
    assert "Choose the cut joker. Every card of this rank is wild; A for a printed joker." in page
    assert all(f'value="{group}"' in page for group in SHOW) and 'value="KC QD"' in page
    assert table.totals() == {"Ann": 0, "Ben": 40, "Cy": 80}


def test_the_counts_check_answers_which_cards_count_and_the_cap(client):
    both = client.post("/api/v1/counts/check", json={
        "game": "indian", "wild_rank": "9", "groups": ["4S 5S 6S", "7D 8D 9H"], "in_hand": "KC QD 9S"}).get_json()
    assert (both["count"], both["lives"], both["capped"]) == (20, "both lives: only ungrouped cards count", False)
    none = client.post("/api/v1/counts/check", json={
        "wild_rank": "9", "groups": ["KD KH KS"], "in_hand": "QC QD JH 10D 10S 8S 7S 4S 2C"}).get_json()
    assert (none["count"], none["counted"], none["capped"], none["cap"]) == (80, 101, True, 80)
    assert none["lives"] == "no pure sequence: every card counts"
    bad = client.post("/api/v1/counts/check", json={"wild_rank": "9", "groups": ["4H 5H 7H"]}).get_json()
    assert bad["count"] is None and bad["reason"].startswith("group 1: 4H 5H 7H is not a sequence")
    refused = client.post("/api/v1/counts/check", json={"game": "rummy500", "groups": []})
    assert refused.status_code == 400 and "counts the cards left in a hand alone" in refused.get_json()["error"]


def _scoreboard_parts(page):
    """The hands table's rows and the latest hand's summary, apart (each text without its tags)."""
    rows = page.split('<tbody>', 1)[1].split('</tbody>', 1)[0]
    summary = page.split('class="hand-summary"', 1)[1].split('</div>', 1)[0]
    return [html.unescape(re.sub(r"<[^>]+>", " ", part)) for part in (rows, summary)]


def test_a_points_deal_shows_what_the_declarer_collects_and_each_players_state_in_the_games_words(table, client):
    url = table.start("indian", NAMES)
    response = table.play({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"state": "first_drop"}, "Cy": {"state": "middle_drop"},
        "Dee": {"state": "wrong_show"}}})
    assert response.status_code == 302, text(response)
    rows, summary = _scoreboard_parts(text(client.get(url)))
    # the figure the table settles a points deal on: 20 + 40 + 80
    assert "Ann collects 140" in " ".join(rows.split())
    summary = " ".join(summary.split())
    assert "Ann declared" in summary and "went out" not in summary and "no melds" not in summary
    for words in ("Ben : dropped (first)", "Cy : dropped (middle)", "Dee : wrong show"):
        assert words in summary, summary


def test_a_pool_deal_says_nothing_is_collected(table, client):
    url = table.start("indian", NAMES, format="pool")
    table.play({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"state": "first_drop"}, "Cy": {"state": "middle_drop"},
        "Dee": {"state": "wrong_show"}}})
    assert "collects" not in text(client.get(url))


def test_a_deal_nobody_declared_shows_the_one_left_collecting_and_an_earlier_hands_page_says_who_dropped(table, client):
    url = table.start("indian", ["Ann", "Ben", "Cy"])
    table.play({"wild_rank": "9", "ended": "stock_exhausted", "players": {
        "Ann": {"melds": ["KD KH KS"], "in_hand": "2C"}, "Ben": {"state": "first_drop"}, "Cy": {"state": "wrong_show"}}})
    table.play({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"state": "middle_drop"}, "Cy": {"state": "first_drop"}}})
    rows, _ = _scoreboard_parts(text(client.get(url)))
    assert "Ann collects 100" in " ".join(rows.split()) and "Ann collects 60" in " ".join(rows.split())
    first = table.hand_ids()[0]
    for page in (client.get(f"{url}/entered/{first}?fragment=1"),
                 client.get(f"{url}/entered/{first}")):
        words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text(page))).split())
        assert "Ben : dropped (first)" in words and "Cy : wrong show" in words, words


def _option_groups(page):
    """Each group of the new-game form's options that matter only with a choice: its legend and its fields."""
    found = re.findall(r'<fieldset class="option-group" data-only-with="opt_format" data-only-value="(\w+)"'
                       r'[^>]*>\s*<legend>([^<]*)</legend>(.*?)</fieldset>', page, re.S)
    return {value: (legend, re.findall(r'name="(opt_\w+)"', fields)) for value, legend, fields in found}


def test_the_new_game_form_groups_the_pool_and_deals_options_under_their_format(client):
    page = text(client.get("/new/indian"))
    assert _option_groups(page) == {
        "deals": ("Only when Format is deals", ["opt_deals"]),
        "pool": ("Only when Format is pool", ["opt_pool", "opt_rejoin"]),
    }
    # the options of every format stay outside the groups
    assert page.count('name="opt_first_drop"') == 1 and 'js/option-groups' in page


def test_a_points_game_started_with_a_pool_of_201_still_costs_20_and_40_for_drops(table, client):
    url = table.start("indian", NAMES, format="points", pool=201)
    page = text(client.get(f"{url}/hands/new"))
    assert "Dropped (first) · 20" in page and "Dropped (middle) · 40" in page


def _options_shown(page):
    """The options a page lists for its game, label -> value, from its Options panel."""
    panel = re.search(r'<section class="panel options">(.*?)</section>', page, re.S)
    assert panel, "no Options panel"
    return dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", panel.group(1)))


def test_a_deals_or_points_game_lists_only_the_options_that_apply_to_it(table, client):
    for options, left_out in (({"format": "deals", "deals": 3}, {"Pool", "Rejoining"}),
                              ({"format": "points"}, {"Pool", "Rejoining", "Deals"})):
        url = table.start("indian", NAMES, **options)
        for where in ("", "/review"):
            shown = _options_shown(text(client.get(f"{url}{where}")))
            assert not left_out & set(shown), (options, where, shown)
            assert shown["Format"] == options["format"] and shown["Wrong show"] == "80", (options, where)
    url = table.start("indian", NAMES, format="pool", pool=201, rejoin=True)
    for where in ("", "/review"):
        shown = _options_shown(text(client.get(f"{url}{where}")))
        assert (shown["Pool"], shown["Rejoining"]) == ("201", "on") and "Deals" not in shown, where
    # the rules page lists every option, saying which matter only with a format
    rules = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text(client.get("/rules/indian")))).split())
    assert "Pool games: a total at or above it is out. Only when Format is pool." in rules


# who declared, asked first; the declarer's four groups; a refused show recorded as a wrong show -------------


def test_the_card_form_asks_who_declared_above_the_players(table, client):
    url = table.start("indian", NAMES)
    page = text(client.get(f"{url}/hands/new"))
    asked, first_group = page.index('name="went_out"'), page.index('name="players-0-melds-0"')
    assert page.index('name="wild_rank"') < asked < first_group
    # every other game asks who went out first too (issue 35): it decides what the players are asked
    url = table.start("rummy500", ["Ann", "Ben"])
    page = text(client.get(f"{url}/hands/new"))
    assert page.index('name="went_out"') < page.index('name="players-0-melds-0"')


def test_the_declarer_is_given_four_group_rows_the_others_two(table, client):
    url = table.start("indian", NAMES)
    hand = {"wild_rank": "9", "went_out": "Ben", "players": {"Ben": {"melds": ["2H 3H 4H"]}}}
    # without script, "Another group" for Cy posts the form: the page comes back with Ben, who declared, on four rows
    page = text(client.post(f"{url}/hands/new", data=table.hand_form(hand) | {"more": "melds-2"}))
    rows = {seat: len(re.findall(rf'name="players-{seat}-melds-\d+"', page)) for seat in range(4)}
    assert rows == {0: 2, 1: 4, 2: 3, 3: 2}
    assert 'value="2H 3H 4H"' in page


NO_PURE = ["2H 3H 9C", "6S 7S 9D", "KD KH KS", "10C JC QC 9H"]  # 9s wild: no pure sequence


def test_a_refused_show_offers_in_one_tap_to_be_the_declarers_wrong_show_and_two_players_save_it(table, client):
    url = table.start("indian", ["Ann", "Ben"])
    form = table.hand_form({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": NO_PURE}, "Ben": {"melds": ["4D 5D 6D"], "in_hand": "KC QD"}}})
    refused = client.post(f"{url}/hands/new", data=form)
    assert refused.status_code == 422
    page = text(refused)
    assert "Ann's show is not valid: no pure sequence" in page
    assert re.search(r'<button[^>]*name="refused_show" value="0"[^>]*>Record it as Ann\'s wrong show · 80</button>', page)
    # the tap sends the form as typed: at two players a wrong show ends the deal, Ben scoring 0
    saved = client.post(f"{url}/hands/new", data=form | {"refused_show": "0"})
    assert saved.status_code == 302, text(saved)
    assert table.totals() == {"Ann": 80, "Ben": 0}


def test_a_refused_show_tapped_at_four_players_keeps_everything_typed_and_asks_who_declared_after_it(table, client):
    url = table.start("indian", NAMES)
    form = table.hand_form({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": NO_PURE}, "Ben": {"state": "first_drop"}, "Cy": {"melds": ["4S 5S 6S"], "in_hand": "KC QD"},
        "Dee": {"in_hand": "2C 3C"}}})
    page = text(client.post(f"{url}/hands/new", data=form | {"refused_show": "0"}))
    assert "Ann's wrong show is marked on the form; Ann's cards stay typed but are not saved." in page
    assert "nobody declared" in page
    assert re.search(r'<input checked id="players-0-state-\d" name="players-0-state" type="radio" value="wrong_show">', page)
    for value in [*NO_PURE, "4S 5S 6S", "KC QD", "2C 3C"]:
        assert f'value="{value}"' in page
    assert table.totals() == dict.fromkeys(NAMES, 0)


def test_no_offer_when_the_refusal_is_not_about_the_declarers_show(table, client):
    url = table.start("indian", ["Ann", "Ben"])
    form = table.hand_form({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"melds": ["4H 5H 7H"], "in_hand": "KC"}}})
    page = text(client.post(f"{url}/hands/new", data=form))
    assert "4H 5H 7H is not a sequence" in page and 'name="refused_show"' not in page


def test_fixing_a_hand_into_a_refused_show_offers_the_wrong_show_too(table, client):
    url = table.start("indian", ["Ann", "Ben"])
    table.play({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": SHOW}, "Ben": {"melds": ["4D 5D 6D"], "in_hand": "2C 3D"}}})
    assert table.totals() == {"Ann": 0, "Ben": 20}  # one pure sequence, no second: every card counts
    [hand_id] = table.hand_ids()
    fixed = table.hand_form({"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": NO_PURE}, "Ben": {"melds": ["4D 5D 6D"], "in_hand": "KC QD"}}}) | {"hand_version": "1"}
    page = text(client.post(f"{url}/hands/{hand_id}/edit", data=fixed))
    assert "Record it as Ann's wrong show · 80" in page
    saved = client.post(f"{url}/hands/{hand_id}/edit", data=fixed | {"refused_show": "0"})
    assert saved.status_code == 302, text(saved)
    assert table.totals() == {"Ann": 80, "Ben": 0}
