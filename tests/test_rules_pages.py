"""The rules pages: one per game, with the engine's own card values and options (one source of truth)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import engine

GAMES = tuple(game.id for game in engine.VARIANTS)


def page(client, url: str) -> str:
    """The page at `url`, which must answer 200."""
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def section(text: str, section_id: str) -> str:
    """The HTML of one <section> of a page."""
    found = re.search(rf'<section[^>]* id="{section_id}">(.*?)</section>', text, re.S)
    assert found, f"no section {section_id}"
    return found.group(1)


def words(fragment: str) -> str:
    """The text a reader sees in an HTML fragment."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def values_table(text: str) -> list[tuple[str, str, str]]:
    """The card values table as (card, melded, in hand) rows, blanks where a value does not apply."""
    rows = re.findall(r'<tr data-card="([^"]*)" data-melded="([^"]*)" data-in-hand="([^"]*)">', text)
    return [tuple(html.unescape(cell) for cell in row) for row in rows]


def test_rules_index_lists_all_ten_games_with_their_summaries(client):
    text = page(client, "/rules")
    for game in GAMES:
        spec = engine.find_game(game)
        assert f'href="/rules/{game}"' in text
        assert html.escape(spec.summary, quote=False) in text or spec.summary in html.unescape(text)
    assert len(GAMES) == 12


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_values_table_is_the_engines_own_values(client, game):
    shown = values_table(page(client, f"/rules/{game}"))
    expected = [
        (row["card"], "" if row["melded"] is None else str(row["melded"]), "" if row["in_hand"] is None else str(row["in_hand"]))
        for row in engine.card_values(game, {})
    ]
    assert shown == expected
    assert len(shown) >= 13  # every rank at least


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_lists_every_option_with_its_default(client, game):
    options = section(page(client, f"/rules/{game}"), "options")
    for option in engine.find_game(game).options:
        block = re.search(rf'data-option="{option.name}">(.*?)</div>', options, re.S)
        assert block, f"option {option.name} is not listed"
        shown = words(block.group(1))
        assert option.label in shown
        default = re.search(r"Default: (.*?)\.", shown).group(1).strip()
        if isinstance(option.default, bool):
            assert default == ("on" if option.default else "off")
        elif option.default is not None:
            assert default == str(option.default)
        assert option.described() in shown


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_explains_play_scoring_and_ending_in_words(client, game):
    text = page(client, f"/rules/{game}")
    for part in ("played", "scored", "ending"):
        assert len(words(section(text, part)).split()) > 15, f"{part} says too little"


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_links_to_checking_a_meld_in_that_game(client, game):
    text = page(client, f"/rules/{game}")
    assert f'href="/check?game={game}"' in text
    checker = page(client, f"/check?game={game}")
    assert re.search(rf'<option selected value="{game}"', checker)


def test_rummy500_rules_show_the_low_ace_and_the_joker_values(client):
    rows = {card: (melded, in_hand) for card, melded, in_hand in values_table(page(client, "/rules/rummy500"))}
    assert rows["A"] == ("15", "-15")
    assert rows["A low in a run (A-2-3)"] == ("1", "")
    assert rows["JK"] == ("15", "-15")


def test_oklahoma_rules_show_the_queen_of_spades(client):
    rows = {card: (melded, in_hand) for card, melded, in_hand in values_table(page(client, "/rules/oklahoma"))}
    assert rows["Q♠"] == ("50", "-100")


def test_gin_rules_say_melds_score_nothing(client):
    text = words(section(page(client, "/rules/gin"), "values"))
    assert "Melds score nothing in themselves" in text


def test_tie_rules_are_stated_where_ties_can_happen(client):
    assert "another hand" in words(section(page(client, "/rules/rummy500"), "ending"))
    assert "lowest" in words(section(page(client, "/rules/penalty"), "ending"))
    assert "share" in words(section(page(client, "/rules/michigan"), "ending"))
    assert "share the game" in words(section(page(client, "/rules/contract"), "ending"))


def test_contract_rules_list_the_seven_contracts_and_charge_cards_left(client):
    text = page(client, "/rules/contract")
    played = words(section(text, "played"))
    assert "runs are four or more" in played
    for contract in ("two sets of three", "two runs of four", "three runs of four, going out with no discard"):
        assert contract in played
    rows = {card: (melded, in_hand) for card, melded, in_hand in values_table(text)}
    assert rows["A"] == ("", "15") and rows["9"] == ("", "5") and rows["K"] == ("", "10") and rows["JK"] == ("", "15")


def test_unknown_game_rules_is_a_404_page_naming_the_games(client):
    response = client.get("/rules/bridge")
    assert response.status_code == 404
    text = words(response.get_data(as_text=True))
    assert "We have no rules for “bridge”" in text
    assert "rummy500" in text and "gin" in text


def test_session_page_links_to_the_rules_of_its_game(table):
    table.start("oklahoma", ["Ann", "Ben"])
    assert 'href="/rules/oklahoma"' in table.page()


def test_hand_form_links_to_the_rules_and_the_checker(table, client):
    url = table.start("rummy5000", ["Ann", "Ben", "Cy"])
    text = page(client, f"{url}/hands/new")
    assert 'href="/rules/rummy5000"' in text
    assert 'href="/check?game=rummy5000"' in text
