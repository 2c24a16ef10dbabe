"""The meld checker page through the test client: what a player sees for a meld or a lay-off.

Every figure and reason on the page comes from the engine; these tests check
the page shows them, in the words and numbers a player at the table expects.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import engine


@dataclass
class Verdict:
    """One verdict box as the page shows it."""

    legal: str  # "true", "false" or "error"
    kind: str
    points: int | None
    readings: list[str]  # each reading's cards as they stand for natural cards, "9H 10H JH"
    wilds: list[list[tuple[str, str]]]  # per reading: (wild card, what it stands for) as shown
    reason: str
    text: str


def _box(page: str, box_id: str) -> str:
    start = page.index(f'id="{box_id}"')
    end = page.index("</fieldset>", start)
    return page[start:end]


# a wild card's chip (templates/_card_chips.html): the wild card and the card it stands for, as shown
_WILD = re.compile(r'<span class="card-chip wild"><span aria-hidden="true"><span class="[^"]*">([^<]*)</span>'
                   r'<span class="as"> as </span><span class="[^"]*">([^<]*)</span>')
_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _notation(chip: str) -> str:
    return chip if chip == "JK" else chip[:-1] + _SUITS[chip[-1]]


def verdict(page: str, box_id: str = "meld-verdict") -> Verdict | None:
    """The verdict in the box `box_id` of a checker page, or None when it is empty."""
    box = _box(page, box_id)
    head = re.search(r'class="verdict[^"]*" data-legal="([^"]*)"(?:\s+data-kind="([^"]*)"\s+data-points="(-?\d+)")?', box)
    if not head:
        return None
    readings = [html.unescape(r) for r in re.findall(r'<li class="reading" data-represents="([^"]*)"', box)]
    wilds = [
        [(_notation(a), _notation(b)) for a, b in _WILD.findall(item)]
        for item in box.split('<li class="reading"')[1:]
    ]
    reason = re.search(r'<p class="reason">(.*?)</p>', box, re.S)
    return Verdict(
        legal=head.group(1),
        kind=head.group(2) or "",
        points=int(head.group(3)) if head.group(3) else None,
        readings=readings,
        wilds=wilds,
        reason=html.unescape(reason.group(1).strip()) if reason else "",
        text=html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box))),
    )


def ask(client, **params: str) -> str:
    """GET the checker with these query parameters (as the form submits them); returns the page."""
    response = client.get("/check", query_string=params, follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def share_link(page: str) -> str:
    """The URL the page offers for sharing this check."""
    found = re.search(r'<a id="share-link" href="([^"]*)"', page)
    assert found, "the page offers no share link"
    return html.unescape(found.group(1))


# the page itself --------------------------------------------------------------


def test_checker_page_opens_with_every_control_labelled(client):
    page = ask(client)
    for field in ("game", "cards", "meld", "added", "decks", "jokers", "card_values", "ace_points"):
        assert re.search(rf'<label for="{field}"', page), f"{field} has no label"
        assert re.search(rf'id="{field}"', page)
    assert 'class="card-picker"' in page
    assert verdict(page) is None


def test_checker_offers_every_game(client):
    page = ask(client)
    for game in [known.id for known in engine.VARIANTS]:
        assert f'<option value="{game}"' in page or f'<option selected value="{game}"' in page


def test_checker_form_is_a_get_form_so_its_url_carries_the_question(client):
    page = ask(client)
    assert re.search(r'<form method="get" action="/check"', page)


def test_wild_rank_is_asked_only_in_5000_rummy(client):
    assert 'name="wild_rank"' in ask(client, game="rummy5000")
    assert 'name="wild_rank"' not in ask(client, game="rummy500")


def test_options_shown_are_those_of_the_chosen_game(client):
    gin = ask(client, game="gin")
    assert 'name="jokers"' not in gin and 'name="decks"' not in gin
    oklahoma = ask(client, game="oklahoma")
    assert 'name="jokers"' in oklahoma and 'name="card_values"' not in oklahoma


def test_game_page_links_to_the_rules_of_the_chosen_game(client):
    assert 'href="/rules/oklahoma"' in ask(client, game="oklahoma")


# 500 Rum ----------------------------------------------------------------------


def test_rummy500_run_with_a_joker_is_legal_and_scores_30(client):
    found = verdict(ask(client, game="rummy500", cards="7H 8H JK"))
    assert (found.legal, found.kind, found.points) == ("true", "run", 30)
    assert found.readings[0] == "7H 8H 9H"
    assert found.wilds[0] == [("JK", "9H")]
    assert "worth 30 points in 500 Rum" in found.text


def test_rummy500_meld_with_a_gap_is_illegal_with_the_gap_named(client):
    found = verdict(ask(client, game="rummy500", cards="9H 10H QH"))
    assert found.legal == "false"
    assert found.reason == "there is a gap between 10 and Q"
    assert "Not a meld in 500 Rum" in found.text


def test_rummy500_two_jokers_list_every_reading_with_what_each_joker_stands_for(client):
    found = verdict(ask(client, game="rummy500", cards="9H JK JK"))
    assert found.kind == "set"
    assert found.readings == ["9H 9S 9D", "9H 10H JH", "7H 8H 9H", "8H 9H 10H"]
    assert found.wilds[1] == [("JK", "10H"), ("JK", "JH")]
    assert found.wilds[2] == [("JK", "7H"), ("JK", "8H")]
    assert "4 ways to read it" in found.text


def test_rummy500_without_jokers_refuses_a_joker(client):
    found = verdict(ask(client, game="rummy500", jokers="0", cards="7H 8H JK"))
    assert found.legal == "false"
    assert "without jokers" in found.reason


def test_rummy500_low_ace_scores_1_in_a_run_and_15_above_the_king(client):
    assert verdict(ask(client, game="rummy500", cards="AS 2S 3S")).points == 6
    assert verdict(ask(client, game="rummy500", cards="QS KS AS")).points == 35


def test_rummy500_5_10_15_values_change_the_points(client):
    assert verdict(ask(client, game="rummy500", card_values="5-10-15", cards="7H 8H 9H")).points == 15


def test_one_deck_cannot_hold_the_same_card_twice_but_two_decks_can(client):
    one = verdict(ask(client, game="rummy500", cards="6H 6H 6S"))
    assert one.legal == "false" and one.reason == "6H appears twice in this meld, but one deck has only one"
    two = verdict(ask(client, game="rummy500", decks="2", cards="6H 6H 6S"))
    # with two decks the cards exist, but a 500 Rum set still needs different suits
    assert two.legal == "false" and two.reason == "a set needs different suits: 6H appears twice"


# Gin --------------------------------------------------------------------------


def test_gin_run_is_legal_and_scores_nothing_because_gin_melds_do_not_score(client):
    found = verdict(ask(client, game="gin", cards="5S 6S 7S"))
    assert (found.legal, found.kind, found.points) == ("true", "run", 0)
    assert "Melds and lay-offs score nothing themselves in Gin Rummy" in found.text
    assert "points" not in found.text


def test_games_whose_melds_score_say_nothing_about_melds_scoring_nothing(client):
    assert "score nothing" not in verdict(ask(client, game="rummy500", cards="5S 6S 7S")).text


def test_gin_refuses_a_high_ace_saying_aces_are_low_only(client):
    found = verdict(ask(client, game="gin", cards="QH KH AH"))
    assert found.legal == "false"
    assert found.reason == "Q-K-A puts the ace high: in Gin Rummy aces are low only"


def test_gin_refuses_a_wrap_around(client):
    assert verdict(ask(client, game="gin", cards="KH AH 2H")).reason == "K-A-2 wraps around: an ace is high or low, not both"


def test_gin_has_no_jokers_to_pick(client):
    page = ask(client, game="gin")
    assert 'data-card="JK"' not in page


# Oklahoma ---------------------------------------------------------------------


def test_oklahoma_deuce_stands_in_for_an_ace_and_scores_as_one(client):
    found = verdict(ask(client, game="oklahoma", cards="AS AH 2C"))
    assert (found.legal, found.kind, found.points) == ("true", "set", 60)
    assert found.wilds[0] == [("2C", "AD")]


def test_oklahoma_set_may_repeat_a_suit(client):
    found = verdict(ask(client, game="oklahoma", cards="7S 7S 2H"))
    assert found.legal == "true" and found.points == 15


def test_oklahoma_queen_of_spades_scores_50(client):
    assert verdict(ask(client, game="oklahoma", cards="QS QH 2C")).points == 70


def test_oklahoma_refuses_a_fifth_card_in_a_set(client):
    found = verdict(ask(client, game="oklahoma", cards="7S 7H 7D 7C 7S"))
    assert found.legal == "false"
    assert found.reason == "a set has at most 4 cards; this has 5"  # suits repeat in Oklahoma


def test_oklahoma_jokers_are_offered_only_when_the_table_plays_with_them(client):
    assert 'data-card="JK"' not in ask(client, game="oklahoma")
    with_jokers = ask(client, game="oklahoma", jokers="2", cards="9D 10D JK")
    assert 'data-card="JK"' in with_jokers
    found = verdict(with_jokers)
    assert found.legal == "true" and found.points == 120


def test_oklahoma_bad_joker_count_is_named_not_a_crash(client):
    page = ask(client, game="oklahoma", jokers="9", cards="7S 7H 7D")
    assert "option `jokers` of Oklahoma must be a whole number from 0 to 4, not 9" in html.unescape(page)


# 5000 Rummy -------------------------------------------------------------------


def test_rummy5000_wild_rank_card_stands_in_and_scores_100(client):
    found = verdict(ask(client, game="rummy5000", wild_rank="7", cards="7H 8S 9S"))
    assert (found.legal, found.kind, found.points) == ("true", "run", 110)
    assert found.wilds[0] == [("7H", "7S")]
    assert found.readings[:2] == ["7S 8S 9S", "8S 9S 10S"]


def test_rummy5000_three_wild_sevens_are_a_set_of_sevens(client):
    found = verdict(ask(client, game="rummy5000", wild_rank="7", cards="7H 7S 7D"))
    assert (found.legal, found.kind, found.points) == ("true", "set", 300)


def test_rummy5000_without_a_wild_rank_asks_for_it(client):
    found = verdict(ask(client, game="rummy5000", cards="7H 8H 9H"))
    assert found.legal == "error"
    assert "needs the hand's wild rank" in found.reason


def test_rummy5000_mixed_suits_run_is_illegal(client):
    found = verdict(ask(client, game="rummy5000", wild_rank="K", cards="7H 8S 9H"))
    assert found.legal == "false"
    assert found.reason == "a run needs one suit: 7H and 8S are mixed"


# unreadable input -------------------------------------------------------------


def test_a_token_that_is_not_a_card_is_named(client):
    found = verdict(ask(client, game="gin", cards="7H 1H 9H"))
    assert found.legal == "error"
    assert found.reason == "`1H` at position 2 is not a card: ranks are A 2-10 J Q K"


def test_an_unknown_game_is_named_and_the_page_still_works(client):
    page = html.unescape(ask(client, game="bridge", cards="7H 8H 9H"))
    assert "`bridge` is not a game we know" in page
    assert verdict(page).legal == "true"


# lay-offs ---------------------------------------------------------------------


def test_rummy500_lay_off_at_the_end_of_a_run_is_legal_and_scores_the_card_laid_off(client):
    found = verdict(ask(client, game="rummy500", meld="7H 8H 9H", added="10H"), "layoff-verdict")
    assert (found.legal, found.kind, found.points) == ("true", "run", 10)
    assert found.readings[0] == "7H 8H 9H 10H"


def test_rummy500_lay_off_keeps_what_the_joker_stood_for(client):
    # the joker was the 9H when melded, so a real 9H cannot now take its place: 10H extends it
    found = verdict(ask(client, game="rummy500", meld="7H 8H JK", added="10H"), "layoff-verdict")
    assert found.legal == "true" and found.readings[0] == "7H 8H 9H 10H"


def test_a_game_without_lay_offs_offers_no_lay_off_check(client):
    # Indian Rummy's groups are declared whole: a lay-off check there could only refuse
    page = ask(client, game="indian")
    assert "A lay-off" not in page and 'id="layoff-verdict"' not in page
    assert "A lay-off" in ask(client, game="rummy500")


def test_lay_off_leaving_a_gap_is_illegal_with_its_reason(client):
    found = verdict(ask(client, game="rummy500", meld="7H 8H 9H", added="JH"), "layoff-verdict")
    assert found.legal == "false"
    assert "gap" in found.reason


def test_gin_lay_off_onto_a_knockers_run(client):
    found = verdict(ask(client, game="gin", meld="5S 6S 7S", added="8S"), "layoff-verdict")
    assert (found.legal, found.kind) == ("true", "run")


def test_oklahoma_fourth_ace_laid_off_on_a_set(client):
    found = verdict(ask(client, game="oklahoma", meld="AS AH 2C", added="AC"), "layoff-verdict")
    assert (found.legal, found.kind, found.points) == ("true", "set", 20)


def test_oklahoma_lay_off_cannot_make_a_set_of_five(client):
    found = verdict(ask(client, game="oklahoma", meld="AS AH AD AC", added="AS"), "layoff-verdict")
    assert found.legal == "false"


def test_rummy5000_lay_off_of_a_wild_card(client):
    found = verdict(ask(client, game="rummy5000", wild_rank="2", meld="7H 8H 9H", added="2C"), "layoff-verdict")
    assert found.legal == "true" and found.points == 100


def test_lay_off_with_only_one_field_filled_says_what_is_missing(client):
    found = verdict(ask(client, game="rummy500", meld="7H 8H 9H"), "layoff-verdict")
    assert found.legal == "error" and found.reason == "Enter the cards laid off too."


def test_layoff_json_answers_like_the_meld_check(client):
    response = client.get("/check/layoff.json", query_string={"game": "rummy500", "meld": "7H 8H 9H", "added": "10H"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True and body["kind"] == "run" and body["points"] == 10


def test_layoff_json_names_a_bad_card_with_400(client):
    response = client.get("/check/layoff.json", query_string={"game": "gin", "meld": "5S 6S 7S", "added": "8X"})
    assert response.status_code == 400
    assert "8X" in response.get_json()["error"]


# the shareable URL ------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "legal"),
    [
        ({"game": "rummy500", "cards": "7H 8H JK"}, "true"),
        ({"game": "gin", "cards": "KH AH 2H"}, "false"),
        ({"game": "oklahoma", "jokers": "1", "cards": "JK 2S 5H"}, "true"),
        ({"game": "rummy5000", "wild_rank": "Q", "cards": "QC QD QH"}, "true"),
    ],
)
def test_share_link_carries_the_question_and_gives_the_same_answer(client, params, legal):
    page = ask(client, **params)
    link = share_link(page)
    parts = urlsplit(link)
    assert parts.path == "/check"
    assert {k: v[0] for k, v in parse_qs(parts.query).items()} == params
    again = client.get(link)
    assert again.status_code == 200
    assert verdict(again.get_data(as_text=True)) == verdict(page)
    assert verdict(page).legal == legal


def test_share_link_carries_the_lay_off_too(client):
    page = ask(client, game="gin", meld="5S 6S 7S", added="8S")
    query = parse_qs(urlsplit(share_link(page)).query)
    assert query["meld"] == ["5S 6S 7S"] and query["added"] == ["8S"]


def test_share_link_is_hidden_until_there_is_something_to_share(client):
    assert re.search(r'<section class="panel share-check" id="check-share" hidden>', ask(client, game="gin"))


def test_filled_in_fields_come_back_filled_in(client):
    page = ask(client, game="rummy5000", wild_rank="Q", cards="QC QD QH", meld="5S 6S 7S", added="8S")
    assert 'value="QC QD QH"' in page and 'value="5S 6S 7S"' in page and 'value="8S"' in page
    assert re.search(r'<option selected value="Q">Q</option>', page)


def test_each_other_reading_links_to_the_check_with_that_reading_pinned(client):
    page = ask(client, game="rummy500", cards="9H JK JK")
    found = verdict(page)
    links = [html.unescape(href) for href in re.findall(r'<a class="use-reading" href="([^"]*)"', page)]
    assert len(links) == len(found.readings) - 1
    pinned = client.get(links[0]).get_data(as_text=True)
    assert verdict(pinned).readings[0] == found.readings[1]


def test_lay_off_verdict_shows_how_the_meld_on_the_table_reads(client):
    page = ask(client, game="rummy500", meld="7H 8H JK", added="10H")
    box = _box(page, "layoff-verdict")
    on_table = re.search(r'<p class="table-meld">(.*?)</p>', box, re.S)
    assert on_table, "the lay-off verdict does not show the meld on the table"
    assert "On the table: run" in html.unescape(on_table.group(1))
    assert _WILD.findall(on_table.group(1)) == [("JK", "9♥")]
    assert '<span class="visually-hidden">joker as 9 of hearts</span>' in on_table.group(1)


def test_lay_off_onto_an_illegal_meld_says_the_meld_is_the_problem(client):
    found = verdict(ask(client, game="gin", meld="5S 6S 8S", added="7S"), "layoff-verdict")
    assert found.legal == "false"
    assert found.reason.startswith("the meld on the table is not legal")


def test_share_link_leaves_out_a_wild_rank_outside_5000_rummy(client):
    page = ask(client, game="gin", wild_rank="7", cards="5S 6S 7S")
    assert parse_qs(urlsplit(share_link(page)).query) == {"game": ["gin"], "cards": ["5S 6S 7S"]}


def test_share_link_keeps_options_changed_from_their_defaults(client):
    page = ask(client, game="rummy500", decks="2", jokers="2", card_values="5-10-15", cards="7H 8H 9H")
    query = parse_qs(urlsplit(share_link(page)).query)
    assert query == {"game": ["rummy500"], "decks": ["2"], "card_values": ["5-10-15"], "cards": ["7H 8H 9H"]}
    assert verdict(client.get(share_link(page)).get_data(as_text=True)).points == 15


def test_a_form_sent_without_script_lands_on_the_short_url(client):
    # a plain GET form sends every field: blanks, defaults, and the options of the game shown before
    sent = {"game": "gin", "decks": "", "jokers": "2", "card_values": "standard", "cards": " 5s 6s 7s ", "meld": "", "added": ""}
    response = client.get("/check", query_string=sent)
    assert response.status_code == 302
    assert response.headers["Location"] == "/check?game=gin&cards=5s+6s+7s"
    assert client.get(response.headers["Location"]).status_code == 200


def test_the_short_url_is_answered_without_a_redirect(client):
    for query in ({"game": "rummy5000", "wild_rank": "7", "cards": "7H 8S 9S"},
                  {"game": "rummy500", "decks": "2", "ace_points": "y", "meld": "AS 2S 3S", "added": "4S"}):
        assert client.get("/check", query_string=query).status_code == 200


def test_layoff_json_refuses_an_unknown_game_and_a_missing_field(client):
    unknown = client.get("/check/layoff.json", query_string={"game": "bridge", "meld": "5S 6S 7S", "added": "8S"})
    assert unknown.status_code == 400 and "`bridge` is not a game we know" in unknown.get_json()["error"]
    missing = client.get("/check/layoff.json", query_string={"game": "gin", "meld": "5S 6S 7S"})
    assert missing.status_code == 400 and missing.get_json()["error"] == "Enter the cards laid off too."


_TOKENS = st.sampled_from(["7H", "8h", "JK", "jk=9h", "2C=AD", "10s", "T", "Q♠", "1H", "=", ",", "*", "KH", "AS", "", "é", "\x00"])
_CARDS = st.one_of(st.text(max_size=30), st.lists(_TOKENS, max_size=8).map(" ".join))
_QUERY = st.fixed_dictionaries(
    {},
    optional={
        "game": st.one_of(st.sampled_from([*(known.id for known in engine.VARIANTS), "", "nope"]), st.text(max_size=10)),
        "cards": _CARDS,
        "meld": _CARDS,
        "added": _CARDS,
        "decks": st.sampled_from(["", "1", "2", "3", "x", "-1"]),
        "jokers": st.sampled_from(["", "0", "2", "4", "9", "y"]),
        "card_values": st.sampled_from(["", "standard", "5-10-15", "other"]),
        "ace_points": st.sampled_from(["", "y", "n"]),
        "wild_rank": st.one_of(st.sampled_from(["", "7", "A", "K", "10", "T", "0", "14"]), st.text(max_size=4)),
    },
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_QUERY)
def test_no_query_string_gives_a_server_error(client, query):
    page = client.get("/check", query_string=query)
    if any("\x00" in value for value in query.values()):
        # no game, card or option has a NUL: refused before any page reads it
        assert page.status_code == 400
        assert client.get("/check/layoff.json", query_string=query).is_json
        return
    assert page.status_code in (200, 302)
    if page.status_code == 302:
        # the short URL is answered at once, never redirected again
        assert client.get(page.headers["Location"]).status_code == 200
    layoff = client.get("/check/layoff.json", query_string=query)
    assert layoff.status_code in (200, 400)
    assert layoff.is_json


# going out ----------------------------------------------------------------------


def test_canasta_asks_whether_the_meld_is_made_going_out_and_other_games_do_not(client):
    page = ask(client, game="canasta")
    assert re.search(r'<input [^>]*id="going_out" name="going_out" type="checkbox"', page)
    assert re.search(r'<label for="going_out">', page)
    assert "black threes meld only then" in page
    assert 'name="going_out"' not in ask(client, game="rummy500")


def test_canasta_black_threes_are_legal_only_when_the_switch_says_going_out(client):
    refused = verdict(ask(client, game="canasta", cards="3S 3C 3S"))
    assert refused.legal == "false" and refused.reason == "black threes meld only when going out"
    page = ask(client, game="canasta", cards="3S 3C 3S", going_out="y")
    assert verdict(page).legal == "true"
    assert re.search(r'<input [^>]*checked [^>]*name="going_out"', page)  # the switch comes back as set
    # the answer is the engine's, as the API gives it
    api = client.post("/api/v1/melds/check", json={"game": "canasta", "cards": "3S 3C 3S", "going_out": True}).get_json()
    assert verdict(page).points == api["points"]
    # the link to share carries the switch, and a game without it drops it
    assert parse_qs(urlsplit(share_link(page)).query) == {"game": ["canasta"], "cards": ["3S 3C 3S"], "going_out": ["y"]}
    assert "going_out" not in share_link(ask(client, game="rummy500", cards="7H 8H 9H", going_out="y"))
